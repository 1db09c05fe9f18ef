"""Plain-text hand histories: write every deal, read one back and replay it line by line.

The notation (one item per line; `#` starts a comment; blank lines are ignored)::

    trey-history 1
    game brag                          family name
    rules {"ante": 1, "max_bet": 20}   the rule options as JSON (omitted ones take defaults,
                                       or, for an option added later, its former value)
    seed 7                             seeds the shuffles the deck line does not fix
    deal 1                             starts a deal; the lines below describe its start
    dealer 4
    seat 0 100 Andy                    seat number, stack at the start, optional name
    retained 2 As Kd 3c                Brag: a blind hand kept from the last deal (four cards
                                       in four-card brag)
    carried 12                         a pot carried forward into this deal
    deck As Kd 3c ...                  optional: the pack top first
    0 bet 1                            actions: SEAT VERB [ARGUMENT]
    1 look
    ...

A file may hold several deals one after another; each deal's header must agree with the
state the deal before it left (stacks, dealer, carried pot, retained hands).

The header is checked as the deal's own actions are, each fault named on its own line: every
seat it names exists, amounts are whole and never negative, every card appears once (across
the retained hands and the deck line). A line holds at most MAX_LINE_LENGTH characters. A deal
needs no cap of its own: the actions that put no chips into the pot (a look, a pack, a discard,
a showdown's proposal and votes, a sideshow's answer, a cover with nothing left) come a few to a
seat, every other one puts chips in, and the pot gives none back before the deal ends, so the
deal's chips end it. Replaying takes time in proportion to the lines read (about 0.05 s a
thousand actions).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.engine.actions import Action, ActionParseError, IllegalActionError, parse_action
from game.engine.bounded_text import UnreadableText, load_json, quoted, shortened, whole_number
from game.engine.brag import BragGame
from game.engine.cards import Card, CardParseError, distinct_cards, format_cards, parse
from game.engine.events import Event
from game.engine.factory import create_game
from game.engine.game import Game
from game.engine.rules import Rules, RulesError, make_recorded_rules, recorded_options
from game.engine.table import PotGame

MAGIC = "trey-history 1"

MAX_LINE_LENGTH = 2_000
"""The longest line a history may hold (a deck line is about 160 characters)."""

MAX_SEED_DIGITS = 40
"""A seed may be longer than a chip amount (simulations derive seeds by multiplying)."""


class HistoryError(ValueError):
    """A history line that cannot be read or replayed; the message starts 'line N:'."""


HEADER_LINES = 4
"""The lines of a history's header (the magic line, the game, its rules, the seed)."""


def write_deal(game: Game, names: Sequence[str] = (), *, include_header: bool = True) -> str:
    """The current (or just finished) deal of `game` as history text."""
    lines: list[str] = []
    if include_header:
        lines += _header(game)
        lines.append(f"seed {game.seed}")
    lines.append(f"deal {game.deal_number}")
    lines.append(f"dealer {game.deal_dealer}")
    for seat, setup in enumerate(game.deal_start):
        name = f" {names[seat]}" if seat < len(names) and names[seat] else ""
        lines.append(f"seat {seat} {setup.stack}{name}")
    for seat, setup in enumerate(game.deal_start):
        if setup.retained:
            lines.append(f"retained {seat} {format_cards(setup.retained)}")
    if game.deal_carried:
        lines.append(f"carried {game.deal_carried}")
    loans = game.deal_loans if isinstance(game, BragGame) else {}
    for (lender, borrower), amount in loans.items():
        lines.append(f"loan {lender} {borrower} {amount}")
    lines.append(f"deck {format_cards(game.deal_deck)}")
    lines += [action.notation() for action in game.actions]
    return "\n".join(lines) + "\n"


_KEPT = 64
"""How many rule sets' header lines (and rules read from header lines) are kept."""

_HEADERS: dict[int, tuple[Rules, list[str]]] = {}
"""The game and rules lines written for a rule set, by its identity (each entry keeps its rules
alive, so the id is not reused while it lasts): a rule set is frozen, so its lines never change,
and a session writes them for every deal."""


def _header(game: Game) -> list[str]:
    """The magic, game and rules lines of `game`'s history, made once per rule set."""
    rules = game.rules
    kept = _HEADERS.get(id(rules))
    if kept is None or kept[0] is not rules:
        options = recorded_options(rules)
        lines = [MAGIC, f"game {game.family}", f"rules {json.dumps(options)}"]
        if len(_HEADERS) >= _KEPT:
            _HEADERS.clear()
        kept = _HEADERS[id(rules)] = (rules, lines)
    return kept[1]


_RULES_READ: dict[tuple[str, str], Rules] = {}
"""The rules made from a game line's family and a rules line's text (rule sets are frozen, so
games replayed from the same header share one)."""


def _recorded_rules(family: str, text: str, options: dict[str, object]) -> Rules:
    """The rules a history's game and rules lines (`text`, read as `options`) record, made once
    per family and text; RulesError as make_recorded_rules."""
    key = (family, text)
    rules = _RULES_READ.get(key)
    if rules is None:
        rules = make_recorded_rules(family, **options)
        if len(_RULES_READ) >= _KEPT:
            _RULES_READ.clear()
        _RULES_READ[key] = rules
    return rules


_ACTIONS_READ: dict[str, Action] = {}
"""Each action line read so far, to its action (an action record is frozen, so games replayed
from histories share one): a few hundred lines ('2 bet 4', '1 fold') make most histories."""

_ACTIONS_KEPT = 4_096


def _read_action(line: str) -> Action:
    """The action a line (without its comment) writes, read once per line; ActionParseError as
    parse_action."""
    action = parse_action(line)
    if len(_ACTIONS_READ) >= _ACTIONS_KEPT:
        _ACTIONS_READ.clear()
    _ACTIONS_READ[line] = action
    return action


def without_header(history: str) -> str:
    """A deal's history as `write_deal` wrote it with its header, without the header: what
    `write_deal(..., include_header=False)` writes of the same deal."""
    return history.split("\n", HEADER_LINES)[HEADER_LINES]


@dataclass
class _Deal:
    number: int
    line: int
    dealer: int | None = None
    seats: dict[int, tuple[int, str]] = field(default_factory=dict)
    retained: dict[int, str] = field(default_factory=dict)
    carried: int = 0
    deck: str | None = None
    deck_cards: tuple[Card, ...] = ()
    """The deck line's cards, read once."""
    retained_cards: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    """Each retained line's cards, read once."""
    loans: dict[tuple[int, int], int] = field(default_factory=dict)
    where: dict[str, int] = field(default_factory=dict)
    """The line of each header item: 'dealer', 'carried', 'deck', 'retained 2', 'loan 3 1'."""


@dataclass
class ReplayResult:
    """What a replayed history ends with."""

    game: Game
    names: list[str]
    deals: int

    def summary(self) -> dict[str, object]:
        """Final pots and stacks as plain data (the replay --json output)."""
        observation = self.game.observe(None)
        return {
            "game": self.game.family,
            "deals": self.deals,
            "stacks": list(self.game.stacks),
            "pots": list(observation.pots),
            "pot": observation.pot,
            "carried": observation.carried,
            "deal_over": self.game.deal_over,
            "to_act": self.game.to_act,
        }


def replay(text: str) -> ReplayResult:
    """Replay history text; raises HistoryError('line N: reason') on the first bad line."""
    family = ""
    options: dict[str, object] = {}
    options_text = "{}"
    seed = 0
    game: Game | None = None
    names: list[str] = []
    deal: _Deal | None = None
    deals = 0
    saw_magic = False
    for number, raw in enumerate(text.splitlines(), start=1):

        def fail(reason: str, at: int = number) -> HistoryError:
            return HistoryError(f"line {at}: {shortened(reason)}")

        if len(raw) > MAX_LINE_LENGTH:
            raise fail(
                f"the line is {len(raw):,} characters long; a line holds at most "
                f"{MAX_LINE_LENGTH:,} ({quoted(raw)})"
            )
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        keyword, _, rest = line.partition(" ")
        rest = rest.strip()
        try:
            if not saw_magic:
                if line != MAGIC:
                    raise fail(f"a history starts with '{MAGIC}', not {quoted(line)}")
                saw_magic = True
            elif keyword == "game":
                family = rest
            elif keyword == "rules":
                try:
                    loaded = load_json(rest or "{}", max_nesting=4)
                except UnreadableText as error:
                    raise fail(f"the rules cannot be read: {error}") from None
                if not isinstance(loaded, dict):
                    raise fail("rules must be a JSON object of options")
                options, options_text = loaded, rest or "{}"
            elif keyword == "seed":
                seed = whole_number(rest, "the seed", most_digits=MAX_SEED_DIGITS)
            elif keyword == "deal":
                deal = _Deal(whole_number(rest, "the deal number"), number)
                if deal.number < 1:
                    raise fail("deals are numbered from 1")
            elif deal is not None and deal.line > 0 and keyword in _HEADER_WORDS:
                _read_header(deal, keyword, rest, number)
            elif keyword in _HEADER_WORDS:
                raise fail(f"'{keyword}' belongs after a 'deal' line")
            else:
                action = _ACTIONS_READ.get(line)
                if action is None:
                    action = _read_action(line)
                if deal is not None and deal.line > 0:
                    game = _start(deal, family, (options_text, options), seed, game, names)
                    deals += 1
                    deal.line = 0
                if game is None:
                    raise fail("an action needs a 'deal' line (with seats) before it")
                if game.deal_over:
                    raise fail("the deal is already over; start the next with a 'deal' line")
                game.apply(action)
        except HistoryError:
            raise
        except (
            ActionParseError,
            IllegalActionError,
            CardParseError,
            RulesError,
            UnreadableText,
        ) as error:
            raise fail(str(error)) from None
        except (ValueError, TypeError, RecursionError) as error:
            raise fail(f"cannot read {quoted(line)}: {error}") from None
    if deal is not None and deal.line > 0:
        try:
            game = _start(deal, family, (options_text, options), seed, game, names)
            deals += 1
        except HistoryError:
            raise
        except (ValueError, TypeError, IllegalActionError) as error:
            raise HistoryError(f"line {deal.line}: {shortened(str(error))}") from None
    if game is None:
        raise HistoryError("line 1: the history has no deal")
    return ReplayResult(game, names, deals)


_HEADER_WORDS = ("dealer", "seat", "retained", "carried", "deck", "loan")


def _read_header(deal: _Deal, keyword: str, rest: str, number: int) -> None:
    """Read one header line into the deal; its own faults raise HistoryError on that line."""

    def fail(reason: str) -> HistoryError:
        return HistoryError(f"line {number}: {shortened(reason)}")

    words = rest.split()
    if keyword == "dealer":
        deal.dealer = _seat_number(rest, "the dealer")
        deal.where["dealer"] = number
    elif keyword == "seat":
        if len(words) < 2:
            raise fail("write 'seat NUMBER STACK [NAME]'")
        seat = _seat_number(words[0], "a seat")
        stack = whole_number(words[1], f"seat {seat}'s stack")
        if stack < 0:
            raise fail(f"seat {seat}'s stack cannot be negative ({stack})")
        if seat in deal.seats:
            raise fail(f"seat {seat} is listed twice")
        deal.seats[seat] = (stack, " ".join(words[2:]))
        deal.where[f"seat {seat}"] = number
    elif keyword == "retained":
        if not words:
            raise fail("write 'retained SEAT CARD CARD CARD'")
        seat = _seat_number(words[0], "a retained hand's seat")
        cards = parse(" ".join(words[1:]))
        if len(cards) not in (3, 4):
            raise fail(f"a retained hand is three cards, not {len(cards)} (four in four-card brag)")
        _refuse_repeats(cards, "the retained hand", fail)
        if seat in deal.retained:
            raise fail(f"seat {seat} has a retained hand listed twice")
        deal.retained[seat] = format_cards(cards)
        deal.retained_cards[seat] = cards
        deal.where[f"retained {seat}"] = number
    elif keyword == "carried":
        carried = whole_number(rest, "the carried pot")
        if carried < 0:
            raise fail(f"a carried pot cannot be negative ({carried})")
        deal.carried = carried
        deal.where["carried"] = number
    elif keyword == "deck":
        cards = parse(rest)
        _refuse_repeats(cards, "the deck", fail)
        deal.deck = rest
        deal.deck_cards = cards
        deal.where["deck"] = number
    elif keyword == "loan":
        if len(words) != 3:
            raise fail("write 'loan LENDER BORROWER AMOUNT'")
        lender = _seat_number(words[0], "the lender")
        borrower = _seat_number(words[1], "the borrower")
        amount = whole_number(words[2], "a loan")
        if amount <= 0:
            raise fail(f"a loan is a positive number of chips, not {amount}")
        if lender == borrower:
            raise fail(f"seat {lender} cannot lend to itself")
        deal.loans[(lender, borrower)] = amount
        deal.where[f"loan {lender} {borrower}"] = number


def _seat_number(text: str, what: str) -> int:
    """A seat number written in a header: a whole number, never negative."""
    seat = whole_number(text, what)
    if seat < 0:
        raise UnreadableText(f"{what} must be a seat number, not {seat}")
    return seat


def _refuse_repeats(cards: Sequence[Card], where: str, fail: Callable[[str], HistoryError]) -> None:
    """Every card appears once: raise naming the first card that repeats."""
    if distinct_cards(cards) == len(cards):
        return  # (the usual case, told without a Python call per card)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise fail(f"{card} appears twice in {where}; every card is in play once")
        seen.add(card)


def _check_header(deal: _Deal) -> None:
    """Every seat the header names exists, and no card is in two places; raises on its line."""
    count = len(deal.seats)

    def missing(seat: int, key: str, what: str) -> HistoryError:
        return HistoryError(
            f"line {deal.where[key]}: {what} names seat {seat}, but there is no seat {seat} "
            f"at this table (seats 0 to {count - 1})"
        )

    if deal.dealer is not None and deal.dealer >= count:
        raise missing(deal.dealer, "dealer", "the dealer line")
    held: dict[Card, int] = {}
    for seat, cards in deal.retained_cards.items():
        key = f"retained {seat}"
        if seat >= count:
            raise missing(seat, key, "a retained hand")
        for card in cards:
            if card in held:
                raise HistoryError(
                    f"line {deal.where[key]}: {card} is already in seat {held[card]}'s "
                    "retained hand; every card is in play once"
                )
            held[card] = seat
    for lender, borrower in deal.loans:
        key = f"loan {lender} {borrower}"
        for seat in (lender, borrower):
            if seat >= count:
                raise missing(seat, key, "the loan")
    if deal.deck and held:
        for card in deal.deck_cards:
            if card in held:
                raise HistoryError(
                    f"line {deal.where['deck']}: {card} is in seat {held[card]}'s retained "
                    "hand and cannot also be in the deck"
                )


def _start(
    deal: _Deal,
    family: str,
    options: tuple[str, dict[str, object]],
    seed: int,
    game: Game | None,
    names: list[str],
) -> Game:
    def fail(reason: str) -> HistoryError:
        return HistoryError(f"line {deal.line}: {shortened(reason)}")

    if sorted(deal.seats) != list(range(len(deal.seats))) or not deal.seats:
        raise fail("list the seats 0, 1, 2 ... with 'seat N STACK'")
    _check_header(deal)
    stacks = [deal.seats[seat][0] for seat in range(len(deal.seats))]
    dealer = deal.dealer if deal.dealer is not None else 0
    if game is None:
        if not family:
            raise fail("name the game with a 'game' line first")
        rules = _recorded_rules(family, *options)
        game = create_game(rules, stacks, seed=seed, dealer=dealer)
        names[:] = [deal.seats[seat][1] for seat in range(len(stacks))]
        _set_carry_over(game, deal)
        game.number_deals_from(deal.number)
    else:
        if list(game.stacks) != stacks:
            raise fail(
                f"the stacks {stacks} do not match {list(game.stacks)} left by the deal before"
            )
        if deal.carried != game.carried:
            raise fail(f"carried {deal.carried} does not match the deal before")
        retained = {seat: format_cards(cards) for seat, cards in game.retained_hands().items()}
        if deal.retained != retained:
            raise fail(f"the retained hands {deal.retained} do not match {retained} left before")
        if deal.loans != (game.loans if isinstance(game, BragGame) else {}):
            raise fail("the loans do not match those the deal before left")
    dealt = game.cards_dealt if isinstance(game, PotGame) else 3
    for seat, cards in deal.retained_cards.items():
        if len(cards) != dealt:
            raise HistoryError(
                f"line {deal.where[f'retained {seat}']}: a retained hand here holds the "
                f"{dealt} cards dealt, not {len(cards)}"
            )
    deck = deal.deck_cards if deal.deck else None
    game.start_deal(deck)
    if deal.dealer is not None and game.dealer != deal.dealer:
        raise fail(f"the dealer is seat {game.dealer} by rotation, not seat {deal.dealer}")
    return game


def _set_carry_over(game: Game, deal: _Deal) -> None:
    """Put a first deal's carried pot and retained hands on the table before it starts."""
    if deal.carried and isinstance(game, PotGame):
        game.carried = deal.carried
    if deal.loans:
        if not isinstance(game, BragGame):
            raise ValueError("only Brag's borrowing rule makes loans")
        game.loans.update(deal.loans)
    if deal.retained:
        if not isinstance(game, BragGame):
            raise ValueError("only Brag keeps a retained blind hand")
        for seat, cards in deal.retained_cards.items():
            game.retained[seat] = list(cards)


def _is_action_line(line: str) -> bool:
    words = line.split("#", 1)[0].split()
    return bool(words) and words[0].isdigit()


class DealStepper:
    """One deal of a history taken apart for watching it again: the game at its first card,
    the opening events and the recorded actions (which the turn loop replays)."""

    def __init__(self, text: str) -> None:
        lines = text.splitlines()
        header = [line for line in lines if not _is_action_line(line)]
        deals = [line for line in header if line.split("#", 1)[0].split()[:1] == ["deal"]]
        if len(deals) != 1:
            raise HistoryError("line 1: step through one deal at a time")
        self.game = replay("\n".join(header) + "\n").game
        self.opening: list[Event] = list(self.game.events)
        self.actions = [
            parse_action(line.split("#", 1)[0]) for line in lines if _is_action_line(line)
        ]

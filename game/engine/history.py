"""Plain-text hand histories: write every deal, read one back and replay it line by line.

The notation (one item per line; `#` starts a comment; blank lines are ignored)::

    trey-history 1
    game brag                          family name
    rules {"ante": 1, "max_bet": 20}   the rule options as JSON (omitted ones take defaults)
    seed 7                             seeds the shuffles the deck line does not fix
    deal 1                             starts a deal; the lines below describe its start
    dealer 4
    seat 0 100 Andy                    seat number, stack at the start, optional name
    retained 2 As Kd 3c                Brag: a blind hand kept from the last deal
    carried 12                         a pot carried forward into this deal
    deck As Kd 3c ...                  optional: the pack top first
    0 bet 1                            actions: SEAT VERB [ARGUMENT]
    1 look
    ...

A file may hold several deals one after another; each deal's header must agree with the
state the deal before it left (stacks, dealer, carried pot, retained hands).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, cast

from game.engine.actions import Action, ActionParseError, IllegalActionError, parse_action
from game.engine.cards import Card, CardParseError, format_cards, parse
from game.engine.events import Event
from game.engine.factory import create_game
from game.engine.game import Game
from game.engine.rules import RulesError, make_rules
from game.engine.table import SeatSetup

MAGIC = "trey-history 1"


class HistoryError(ValueError):
    """A history line that cannot be read or replayed; the message starts 'line N:'."""


class _Rules(Protocol):
    def model_dump(self, *, exclude: set[str], exclude_defaults: bool) -> dict[str, object]: ...


class Recorded(Game, Protocol):
    """A game that remembers how its current deal started and what was done in it."""

    rules: _Rules
    seed: int
    deal_start: tuple[SeatSetup, ...]
    deal_dealer: int
    deal_carried: int
    deal_deck: tuple[Card, ...]
    actions: list[Action]
    events: list[Event]

    def number_deals_from(self, number: int) -> None: ...


def write_deal(game: Game, names: Sequence[str] = (), *, include_header: bool = True) -> str:
    """The current (or just finished) deal of `game` as history text."""
    record = cast(Recorded, game)
    lines: list[str] = []
    if include_header:
        options = record.rules.model_dump(exclude={"family"}, exclude_defaults=True)
        lines += [MAGIC, f"game {game.family}", f"rules {json.dumps(options)}"]
        lines.append(f"seed {record.seed}")
    lines.append(f"deal {game.deal_number}")
    lines.append(f"dealer {record.deal_dealer}")
    for seat, setup in enumerate(record.deal_start):
        name = f" {names[seat]}" if seat < len(names) and names[seat] else ""
        lines.append(f"seat {seat} {setup.stack}{name}")
    for seat, setup in enumerate(record.deal_start):
        if setup.retained:
            lines.append(f"retained {seat} {format_cards(setup.retained)}")
    if record.deal_carried:
        lines.append(f"carried {record.deal_carried}")
    for (lender, borrower), amount in getattr(game, "deal_loans", {}).items():
        lines.append(f"loan {lender} {borrower} {amount}")
    lines.append(f"deck {format_cards(record.deal_deck)}")
    lines += [action.notation() for action in record.actions]
    return "\n".join(lines) + "\n"


@dataclass
class _Deal:
    number: int
    line: int
    dealer: int | None = None
    seats: dict[int, tuple[int, str]] = field(default_factory=dict)
    retained: dict[int, str] = field(default_factory=dict)
    carried: int = 0
    deck: str | None = None
    loans: dict[tuple[int, int], int] = field(default_factory=dict)


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
    seed = 0
    game: Game | None = None
    names: list[str] = []
    deal: _Deal | None = None
    deals = 0
    saw_magic = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue

        def fail(reason: str, at: int = number) -> HistoryError:
            return HistoryError(f"line {at}: {reason}")

        keyword, _, rest = line.partition(" ")
        rest = rest.strip()
        try:
            if not saw_magic:
                if line != MAGIC:
                    raise fail(f"a history starts with '{MAGIC}'")
                saw_magic = True
            elif keyword == "game":
                family = rest
            elif keyword == "rules":
                loaded = json.loads(rest or "{}")
                if not isinstance(loaded, dict):
                    raise fail("rules must be a JSON object of options")
                options = loaded
            elif keyword == "seed":
                seed = int(rest)
            elif keyword == "deal":
                deal = _Deal(int(rest), number)
            elif deal is not None and deal.line > 0 and keyword in _HEADER_WORDS:
                _read_header(deal, keyword, rest)
            elif keyword in _HEADER_WORDS:
                raise fail(f"'{keyword}' belongs after a 'deal' line")
            else:
                action = parse_action(line)
                if deal is not None and deal.line > 0:
                    game = _start(deal, family, options, seed, game, names)
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
            json.JSONDecodeError,
        ) as error:
            raise fail(str(error)) from None
        except ValueError as error:
            raise fail(f"cannot read '{line}': {error}") from None
    if deal is not None and deal.line > 0:
        try:
            game = _start(deal, family, options, seed, game, names)
            deals += 1
        except HistoryError:
            raise
        except (ValueError, IllegalActionError) as error:
            raise HistoryError(f"line {deal.line}: {error}") from None
    if game is None:
        raise HistoryError("line 1: the history has no deal")
    return ReplayResult(game, names, deals)


_HEADER_WORDS = ("dealer", "seat", "retained", "carried", "deck", "loan")


def _read_header(deal: _Deal, keyword: str, rest: str) -> None:
    words = rest.split()
    if keyword == "dealer":
        deal.dealer = int(rest)
    elif keyword == "seat":
        if len(words) < 2:
            raise ValueError("write 'seat NUMBER STACK [NAME]'")
        deal.seats[int(words[0])] = (int(words[1]), " ".join(words[2:]))
    elif keyword == "retained":
        seat, _, cards = rest.partition(" ")
        deal.retained[int(seat)] = cards
    elif keyword == "carried":
        deal.carried = int(rest)
    elif keyword == "deck":
        deal.deck = rest
    elif keyword == "loan":
        lender, borrower, amount = (int(word) for word in words)
        deal.loans[(lender, borrower)] = amount


def _start(
    deal: _Deal,
    family: str,
    options: dict[str, object],
    seed: int,
    game: Game | None,
    names: list[str],
) -> Game:
    def fail(reason: str) -> HistoryError:
        return HistoryError(f"line {deal.line}: {reason}")

    if sorted(deal.seats) != list(range(len(deal.seats))) or not deal.seats:
        raise fail("list the seats 0, 1, 2 ... with 'seat N STACK'")
    stacks = [deal.seats[seat][0] for seat in range(len(deal.seats))]
    dealer = deal.dealer if deal.dealer is not None else 0
    if game is None:
        if not family:
            raise fail("name the game with a 'game' line first")
        rules = make_rules(family, **options)
        game = create_game(rules, stacks, seed=seed, dealer=dealer)
        names[:] = [deal.seats[seat][1] for seat in range(len(stacks))]
        _set_carry_over(game, deal)
        cast(Recorded, game).number_deals_from(deal.number)
    else:
        if list(game.stacks) != stacks:
            raise fail(
                f"the stacks {stacks} do not match {list(game.stacks)} left by the deal before"
            )
        if deal.carried != getattr(game, "carried", 0):
            raise fail(f"carried {deal.carried} does not match the deal before")
        retained = {
            seat: format_cards(cards) for seat, cards in getattr(game, "retained", {}).items()
        }
        written = {seat: format_cards(parse(cards)) for seat, cards in deal.retained.items()}
        if written != retained:
            raise fail(f"the retained hands {written} do not match {retained} left before")
        if deal.loans != getattr(game, "loans", {}):
            raise fail("the loans do not match those the deal before left")
    deck = parse(deal.deck) if deal.deck else None
    game.start_deal(deck)
    if deal.dealer is not None and game.dealer != deal.dealer:
        raise fail(f"the dealer is seat {game.dealer} by rotation, not seat {deal.dealer}")
    return game


def _set_carry_over(game: Game, deal: _Deal) -> None:
    """Put a first deal's carried pot and retained hands on the table before it starts."""
    if deal.carried:
        game.carried = deal.carried  # type: ignore[attr-defined]
    if deal.loans:
        loans = getattr(game, "loans", None)
        if loans is None:
            raise ValueError("only Brag's borrowing rule makes loans")
        loans.update(deal.loans)
    if deal.retained:
        retained = getattr(game, "retained", None)
        if retained is None:
            raise ValueError("only Brag keeps a retained blind hand")
        for seat, cards in deal.retained.items():
            retained[seat] = list(parse(cards))


def _is_action_line(line: str) -> bool:
    words = line.split("#", 1)[0].split()
    return bool(words) and words[0].isdigit()


class DealStepper:
    """One deal of a history, replayed an action at a time (for watching it again on the table)."""

    def __init__(self, text: str) -> None:
        lines = text.splitlines()
        header = [line for line in lines if not _is_action_line(line)]
        deals = [line for line in header if line.split("#", 1)[0].split()[:1] == ["deal"]]
        if len(deals) != 1:
            raise HistoryError("line 1: step through one deal at a time")
        self.game = replay("\n".join(header) + "\n").game
        self.opening: list[Event] = list(cast(Recorded, self.game).events)
        self.actions = [
            parse_action(line.split("#", 1)[0]) for line in lines if _is_action_line(line)
        ]
        self.position = 0

    @property
    def done(self) -> bool:
        """Whether every action of the deal has been replayed."""
        return self.position >= len(self.actions)

    def step(self) -> list[Event]:
        """Replay the next action; returns its events."""
        if self.done:
            return []
        action = self.actions[self.position]
        self.position += 1
        return self.game.apply(action)

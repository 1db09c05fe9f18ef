"""The coach: for the person about to act, what their hand is, how it stands, what each choice
costs, and a suggestion with its reason in words.

`advise` is pure (no pygame) and works from the person's Observation only, so it can never use
a card they may not see. The chance to win comes from the bots' strength tables when that
module is there, else from the ranking alone: the share of all other hands this one beats,
raised to the number of opponents (an estimate: it ignores the cards the viewer holds).

In a pot game the coach weighs that chance against the price of each way to stay in, its pot
odds (a chaal of 2 into a pot of 7 wins a pot of 9, so it needs 2 / 9 = 22%), and says both
numbers; a sideshow (asked or answered) by the chance of beating one other hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.engine.actions import (
    Action,
    AnswerSideshow,
    Bet,
    Cover,
    Fold,
    LegalAction,
    Look,
    Show,
    Sideshow,
)
from game.engine.cards import Card
from game.engine.casino import Play, PostAnte
from game.engine.family import Family
from game.engine.hands import Ranking
from game.engine.observation import Observation
from game.engine.paytables import casino_should_play, queen_six_four
from game.engine.phases import Phase
from game.engine.rules import CasinoRules, Rules
from game.engine.teen_patti import sideshow_loser_rule
from game.engine.three_card_poker import Call, PostBets, TakeBank
from game.i18n import N_, _, ngettext, number
from game.ui.art.fonts import fit_text, line_height, text, text_width
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD, IVORY, tray, wrap
from game.ui.table.controls import Control
from game.ui.table.hud import Button
from game.words.hands import said_category, said_description
from game.words.said import said
from game.words.wagers import CASINO, is_banked

COACH_SIZE = (420.0, 160.0)
"""The coach's panel, drawn just above the controls tray."""


@dataclass(frozen=True)
class Advice:
    """What the coach says: a title line, facts, the costs, and a suggestion with its reason."""

    hand: str
    facts: tuple[str, ...]
    costs: str
    suggestion: str
    reason: str


def chance_to_win(cards: Sequence[Card], ranking: Ranking, opponents: int) -> tuple[float, bool]:
    """The chance these cards (three, or four played as the best three) beat `opponents`
    random hands, and whether it is exact."""
    try:
        from game.bots.strength import hand_strength

        return hand_strength(ranking, len(cards)).chance(cards, opponents), True
    except (ImportError, AttributeError, ValueError, KeyError, OSError):
        place = ranking.place(cards)
        others = place.beats + place.ties + place.loses_to
        single = (place.beats + place.ties / 2) / others
        return single ** max(1, opponents), False


def _opponents(observation: Observation) -> int:
    """Players still in against the viewer (the bank alone in Three Card Poker)."""
    if is_banked(observation.family):
        return 1
    return sum(
        1
        for view in observation.seats
        if view.seat != observation.viewer and view.playing and not view.folded
    )


def _cost(option: LegalAction) -> str:
    if option.high > option.low:
        return f"{number(option.low)}–{number(option.high)}"
    if option.low:
        return number(option.low)
    return _("nothing more") if isinstance(option.action, Fold) else _("free")


def _percent(share: float) -> str:
    """A share as a whole percentage: '33%'; a share that is not nothing but rounds to 0% is
    'under 1%', and one short of all that rounds to 100% is 'over 99%'."""
    if 0 < share < 0.005:
        return _("under 1%")
    if 0.995 <= share < 1:
        return _("over 99%")
    return f"{share:.0%}"


def _suggest_banked(
    observation: Observation,
    legal: Sequence[LegalAction],
    cards: Sequence[Card],
    rules: Rules | None,
) -> tuple[str, str]:
    kinds = {type(option.action) for option in legal}
    if TakeBank in kinds:
        return (BANK, _("the bank settles every hand on its own cards and has the edge."))
    if PostBets in kinds or PostAnte in kinds:
        main = ANTE if PostAnte in kinds else BASE
        return (main, _("Pair Plus is a side bet with a house edge: it adds risk, not value."))
    if len(cards) != 3:
        return ("", "")
    if observation.family == CASINO:
        casino = rules if isinstance(rules, CasinoRules) else CasinoRules.model_validate({})
        bonus = casino.ante_bonus
        if casino_should_play(cards, bonus):
            return (PLAY, _("by the exact odds, playing on loses less than folding the Ante."))
        return (FOLD, _("by the exact odds, folding loses less than paying to play on."))
    if queen_six_four(cards):
        return (CALL, _("queen-six-four or better: calling loses less than folding."))
    return (FOLD, _("worse than queen-six-four: folding loses less than paying to call."))


def pot_odds(cost: int, pot: int) -> float:
    """The chance a payment of `cost` into `pot` needs to break even: cost / (pot + cost), since
    a win takes the whole pot with the payment in it."""
    return cost / (pot + cost) if cost > 0 else 0.0


COVER_PRICE = N_("covering for {cost} to win a pot of {pot} needs {need}; you have {chance}.")

PRICE_SENTENCES: dict[tuple[type[Action], bool], str] = {
    (Bet, False): N_("a chaal of {cost} to win a pot of {pot} needs {need}; you have {chance}."),
    (Bet, True): N_("a bet of {cost} to win a pot of {pot} needs {need}; you have {chance}."),
    (Show, False): N_("a show for {cost} to win a pot of {pot} needs {need}; you have {chance}."),
    (Show, True): N_("seeing for {cost} to win a pot of {pot} needs {need}; you have {chance}."),
    (Cover, True): N_("covering for {cost} to win a pot of {pot} needs {need}; you have {chance}."),
    (Cover, False): N_(
        "covering for {cost} to win a pot of {pot} needs {need}; you have {chance}."
    ),
}
"""What each paid way to stay in costs, in words a newcomer follows, by (action, at Brag)."""


@dataclass(frozen=True)
class Price:
    """A paid way to stay in: its action, cost, the pot it would win, and the chance it needs."""

    option: LegalAction
    pot: int

    @property
    def cost(self) -> int:
        """The chips the cheapest form of the action costs."""
        return self.option.low

    @property
    def need(self) -> float:
        """The chance to win that makes the payment break even."""
        return pot_odds(self.cost, self.pot)

    def sentence(self, chance: float, brag: bool) -> str:
        """'a chaal of 2 to win a pot of 9 needs 22%; you have 18%.'"""
        need, have = _two_percents(self.need, chance)
        words = PRICE_SENTENCES[(type(self.option.action), brag)]
        return _(words).format(
            cost=number(self.cost), pot=number(self.pot + self.cost), need=need, chance=have
        )


def _two_percents(need: float, chance: float) -> tuple[str, str]:
    """Both shares as whole percentages, or to a tenth where whole ones would read the same."""
    if _percent(need) != _percent(chance) or need == chance:
        return _percent(need), _percent(chance)
    return f"{need:.1%}", f"{chance:.1%}"


def _prices(legal: Sequence[LegalAction], pot: int, brag: bool) -> list[Price]:
    """The paid ways to stay in, the ones that end the hand (show, cover) first."""
    order = (Show, Cover, Bet)
    return sorted(
        (
            Price(option, pot)
            for option in legal
            if (type(option.action), brag) in PRICE_SENTENCES and option.low > 0
        ),
        key=lambda price: order.index(type(price.option.action)),
    )


def _suggest_pot(
    observation: Observation,
    legal: Sequence[LegalAction],
    cards: Sequence[Card],
    ranking: Ranking,
    chance: float,
) -> tuple[str | Action, str]:
    """Continue where the chance to win meets the price of staying in (pot odds), else fold."""
    kinds = {type(option.action): option for option in legal}
    if len(cards) not in (3, 4):
        if Look in kinds:
            return (SEE_CARDS, _("know your hand before you pay more for it."))
        return ("", "")
    if AnswerSideshow in kinds:
        return _answer_sideshow(legal, cards, ranking)
    brag = observation.family == Family.BRAG
    prices = _prices(legal, observation.pot, brag)
    for price in prices:
        if chance < price.need:
            continue
        sideshow = kinds.get(Sideshow)
        if isinstance(price.option.action, Bet) and sideshow is not None and chance < 0.5:
            against_one, _exact = chance_to_win(cards, ranking, 1)
            if against_one >= 0.5:
                words = _(
                    "a sideshow costs {cost}, as the chaal does, and your hand beats one "
                    "other {one} of the time."
                ).format(cost=number(sideshow.low), one=_percent(against_one))
                return (sideshow.action, f"{words} {said(sideshow_loser_rule(ranking))}")
        return (price.option.action, price.sentence(chance, brag))
    if prices and Fold in kinds:
        cheapest = min(prices, key=lambda price: price.need)
        return (FOLD, cheapest.sentence(chance, brag))
    if not prices:
        return _suggest_free(kinds, chance, _opponents(observation))
    return (STAY_IN, _("folding is not allowed now."))


def _suggest_free(
    kinds: dict[type[Action], LegalAction], chance: float, opponents: int
) -> tuple[str, str]:
    """A choice that costs nothing (which hand to keep, a showdown to agree to): against a
    hand unseen, whose chance is a fair share of the hands in play."""
    fair = 1 / (opponents + 1)
    shares = {"chance": _percent(chance), "fair": _percent(fair)}
    if chance >= fair:
        return (
            STAY_IN,
            _("you win {chance} of the time, above a fair share of {fair}.").format(**shares),
        )
    if Fold in kinds:
        return (FOLD, _("you win only {chance}, below a fair share of {fair}.").format(**shares))
    return (STAY_IN, _("folding is not allowed now."))


def _answer_sideshow(
    legal: Sequence[LegalAction], cards: Sequence[Card], ranking: Ranking
) -> tuple[str | Action, str]:
    """Accept a sideshow where this hand beats one other at least half the time (it costs
    nothing, and the asker folds on a tie)."""
    against_one, _exact = chance_to_win(cards, ranking, 1)
    accept = against_one >= 0.5
    chosen = next(
        option.action
        for option in legal
        if isinstance(option.action, AnswerSideshow) and option.action.accept == accept
    )
    if accept:
        words = _("your hand beats one other {one} of the time: accepting is free.")
        words += " " + said(sideshow_loser_rule(ranking))
    else:
        words = _(
            "your hand beats one other only {one} of the time: refusing keeps you in for free."
        )
    return (chosen, words.format(one=_percent(against_one)))


class AdviceLater:
    """The coach's advice for the question the person was last asked, worked out the first time
    it is wanted (with the coach off, never: it takes tens of milliseconds)."""

    def __init__(self) -> None:
        self._advice: Advice | None = None
        self._advise: Callable[[], Advice] | None = None

    def asked(self, advise: Callable[[], Advice]) -> None:
        """A new question: its advice is what `advise` says, when first wanted."""
        self._advice, self._advise = None, advise

    @property
    def advice(self) -> Advice | None:
        """The advice for the last question (None before any)."""
        if self._advise is not None:
            self._advice, self._advise = self._advise(), None
        return self._advice


def advise(
    observation: Observation,
    controls: Sequence[Control],
    ranking: Ranking,
    rules: Rules | None = None,
) -> Advice:
    """The coach's advice for the viewer of `observation`, who is to act with these controls."""
    me = observation.me
    cards = [card for card in (me.hands[0] if me and me.hands else ()) if card is not None]
    legal = [control.legal for control in controls]
    opponents = _opponents(observation)
    costs = "  ·  ".join(
        _("{button}: {cost}").format(button=control.label, cost=_cost(control.legal))
        for control in controls
    )
    discard = _discard_advice(observation, controls, ranking)
    if discard is not None:
        return discard
    facts: list[str] = []
    chance = 0.0
    if len(cards) in (3, 4):
        value = ranking.evaluate(cards)
        place = ranking.place(cards)
        hand = said_description(value)
        if not value.description.startswith(value.category_name):
            hand = f"{said_category(value)}: {hand}"
        other_hands = place.beats + place.ties + place.loses_to
        better = 100 * (place.beats + place.ties / 2) / other_hands
        facts.append(
            ngettext(
                "Beats {beats} of the other {others} hand (better than {better} %)",
                "Beats {beats} of the other {others} hands (better than {better} %)",
                other_hands,
            ).format(beats=number(place.beats), others=number(other_hands), better=f"{better:.1f}")
        )
        chance, exact = chance_to_win(cards, ranking, opponents)
        facts.append(_chance_fact(observation.family, opponents, chance, exact))
    else:
        dealt = bool(me and me.hands and me.hands[0])
        hand = (
            _("Your cards are not seen yet")
            if dealt
            else _("No cards yet: they come after the bets")
        )
        if observation.phase == Phase.BANK:
            hand = _("You are offered the bank")
    suggestion: str | Action
    if is_banked(observation.family):
        suggestion, reason = _suggest_banked(observation, legal, cards, rules)
    else:
        suggestion, reason = _suggest_pot(observation, legal, cards, ranking, chance)
    return Advice(
        hand,
        tuple(facts),
        _("Costs: {costs}").format(costs=costs),
        _as_button(suggestion, controls),
        reason,
    )


def _chance_fact(family: str, opponents: int, chance: float, exact: bool) -> str:
    """'Chance to beat 2 still in: 40%', marked as an estimate without the strength tables."""
    shown = _percent(chance)
    if family == CASINO:
        fact = _("Chance to beat the dealer: {chance}").format(chance=shown)
    elif is_banked(family):
        fact = _("Chance to beat the bank: {chance}").format(chance=shown)
    else:
        fact = ngettext(
            "Chance to beat {count} still in: {chance}",
            "Chance to beat {count} still in: {chance}",
            opponents,
        ).format(count=number(opponents), chance=shown)
    return fact if exact else _("{fact} (estimate)").format(fact=fact)


def _discard_advice(
    observation: Observation, controls: Sequence[Control], ranking: Ranking
) -> Advice | None:
    """Four-card brag, a discard due: the one that keeps the best three (the bots' choice)."""
    from game.bots.reading import best_discard

    legal = [control.legal for control in controls]
    chosen = best_discard(observation, legal)
    control = next((c for c in controls if c.legal.action == chosen), None)
    me = observation.me
    if chosen is None or control is None or me is None:
        return None
    kept = [card for card in me.hands[0] if card is not None and str(card) != chosen.card]
    value = ranking.evaluate(kept)
    return Advice(
        _("Four cards: discard one face down, then bet"),
        (_("Keeping the other three plays {hand}").format(hand=said_description(value)),),
        _("Costs: discarding is free"),
        control.label,
        _("it keeps your best three; between equal hands the higher discard wins."),
    )


FOLD = N_("Fold")
BET = N_("Bet")
SHOW = N_("Show")
SEE_CARDS = N_("See cards")
CALL = N_("Call")
PLAY = N_("Play")
BANK = N_("Bank")
BASE = N_("Base")
ANTE = N_("Ante")
STAY_IN = N_("Stay in")

_SUGGESTED_ACTIONS: dict[str, type[Action]] = {
    FOLD: Fold,
    BET: Bet,
    SHOW: Show,
    SEE_CARDS: Look,
    CALL: Call,
    PLAY: Play,
    BANK: TakeBank,
    BASE: PostBets,
    ANTE: PostAnte,
}
"""A suggestion's word (English, translated where shown) to the action it means."""


def _as_button(suggestion: str | Action, controls: Sequence[Control]) -> str:
    """The suggestion in the words of the button that does it ('Pack' at Teen Patti): a word
    names a kind of action, an action its own button (a bet's whatever its amount)."""
    if isinstance(suggestion, Action):
        control = next((c for c in controls if _same_button(c.legal.action, suggestion)), None)
        return control.label if control is not None else ""
    kind = _SUGGESTED_ACTIONS.get(suggestion)
    control = next((c for c in controls if kind and type(c.legal.action) is kind), None)
    return control.label if control is not None else _(suggestion)


def _same_button(offered: Action, suggested: Action) -> bool:
    """Whether a button's action is the suggested one (any amount of the same bet)."""
    if isinstance(suggested, Bet):
        return isinstance(offered, Bet) and offered.seat == suggested.seat
    return offered == suggested


def coach_box(controls: Box) -> Box:
    """Where the coach's panel goes: right above the controls tray."""
    width, height = COACH_SIZE
    return Box(controls.right - width, controls.y - height - 6, width, height)


CoachLine = tuple[str, int, tuple[int, int, int], bool]
"""A line of the coach's panel: words, size, colour, bold."""


def coach_lines(advice: Advice, viewport: Viewport, room: float) -> list[CoachLine]:
    """The panel's lines, each item wrapped to `room` layout pixels at its drawn size."""
    items: list[CoachLine] = [(advice.hand, 15, IVORY, True)]
    items.extend((fact, 13, (214, 214, 204), False) for fact in advice.facts)
    items.append((advice.costs, 12, (190, 190, 180), False))
    if advice.suggestion:
        items.append((_("Suggestion: {move}").format(move=advice.suggestion), 14, GOLD, True))
        items.append((advice.reason[:1].upper() + advice.reason[1:], 12, IVORY, False))
    lines: list[CoachLine] = []
    for words, size, colour, bold in items:
        drawn = [words]
        if text_width(words, viewport.length(size), bold) > viewport.length(room):
            drawn = wrap(words, viewport.length(size), viewport.length(room), bold)
        lines.extend((line, size, colour, bold) for line in drawn)
    return lines


def _step(size: int, bold: bool) -> int:
    """The distance to the next line: taller where the script needs it (Devanagari)."""
    return max(size + 7, line_height(size, bold))


def draw_coach(surface: pygame.Surface, viewport: Viewport, advice: Advice, box: Box) -> None:
    """The coach's panel in `box` (taller upwards when its words need more lines): hand, facts,
    costs, suggestion and reason."""
    lines = coach_lines(advice, viewport, box.width - 24)
    height = max(box.height, 24 + sum(_step(size, bold) for _, size, _, bold in lines) + 4)
    box = Box(box.x, box.bottom - height, box.width, height)
    rect = pygame.Rect(viewport.box(box))
    surface.blit(tray(rect.size, 215), rect.topleft)
    room = viewport.length(box.width - 24)
    left = box.x + 12
    top = box.y + 8
    surface.blit(text(_("COACH"), viewport.length(11), GOLD, True), viewport.point((left, top)))
    top += 16
    for words, size, colour, bold in lines:
        label = fit_text(words, viewport.length(size), colour, room, bold)
        surface.blit(label, viewport.point((left, top)))
        top += _step(size, bold)


def coach_key(event: pygame.event.Event, buttons: Sequence[Button]) -> bool:
    """Whether the key toggles the coach: C, or Shift+C where C is one of the `buttons`'
    shortcuts (Call, Cover)."""
    if event.type != pygame.KEYDOWN or event.key != pygame.K_c:
        return False
    if event.dict.get("mod", 0) & pygame.KMOD_SHIFT:
        return True
    return not any(button.key == "c" for button in buttons)

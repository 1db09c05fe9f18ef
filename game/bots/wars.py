"""How the bots end a Teen Patti war of chaals (issue 43).

A chaal at the stake does not end a hand. Against players who chaal the minimum whatever they
hold, each round's pot odds look good, so a bot that judges one round at a time calls on with
a middling hand, and the deal runs on to the pot limit: hundreds of moves. Seen by where it
ends, such a war has every player still in paying the same each round, and the pot goes to the
best hand: staying in is worth (players x chance - 1) of every round still to come, so a hand
below a fair share (one in the number of players still in) only pays for the others' pot, and
a hand above it gains from every chip the rounds add.

So once a thinking bot has made WAR_PATIENCE seen bets in a deal against only seen players, its
chaal (or a sideshow, which costs one) becomes, where nobody raised since its last bet: a raise
to the top of the range with a hand clearly above a fair share (WAR_RAISE; any hand above it
WAR_ROUNDS chaals later); heads-up a show where the pot pays, else a fold; with three or more
still in a fold below a fair share, else the chaal or sideshow. Facing a raise the bot's own
read and minimum defence stand, and only a hand clearly above a fair share raises back. A raise
of its own goes to the top of the range. Each raise doubles the stake, so a war reaches a show,
the folds or the table's limits in a few rounds, and no hand the war would lose pays for it.

A blind war ends the same way. With no blind limit, blind players facing a seen one who keeps
calling are never made to look, and the seen one may not show a blind player: three blind
players and a seen caller at four seats bet on until a stack ran out (hard's median 75 moves a
deal, the expert's 171). A blind pot is shared by chance, so the blind bets only grow a pot that
a seen hand could fold or raise for: once a seen opponent still in has made BLIND_WAR_BETS
seen bets in the deal, and the bot as many blind ones, it looks (blind_war_over), and the war
of seen bets above ends it.
"""

from __future__ import annotations

from game.bots.reading import Situation
from game.engine.actions import Action, Bet, Fold, Sideshow
from game.engine.events import BetPlaced
from game.engine.families import Family
from game.engine.observation import Observation
from game.engine.rules import TeenPattiRules

SHOW_TIES = 0.03
"""The share of a show's chance lost to ties (the one who pays the show loses a tie)."""

WAR_PATIENCE = (3, 2)
"""Own seen bets in a Teen Patti deal after which a bot plays a war by where it ends: heads-up,
where a show ends it at once, and with three or more still in, where only folds or the table's
limits end it and every round costs more moves."""

WAR_ROUNDS = 1
"""Further own chaals in a quiet war after which every hand worth staying in raises."""

WAR_RAISE = 1.5
"""In a quiet war a hand with this many times a fair share of the pot raises (at most from the
bot's value line)."""

BLIND_WAR_BETS = 4
"""Seen bets by a seen opponent, and blind bets by the bot, in a Teen Patti deal with no blind
limit after which a blind bot looks (blind_war_over)."""


def show_pays(situation: Situation, chance: float) -> bool:
    """Whether a show is legal and worth its cost at this chance (the payer loses a tie)."""
    if not situation.has("show"):
        return False
    cost = situation.option("show").low
    return (chance - SHOW_TIES) * (situation.pot + cost) > cost


def own_seen_bets(observation: Observation) -> int:
    """How many seen bets the viewer has made this deal."""
    return sum(
        1
        for event in observation.history
        if isinstance(event, BetPlaced) and event.seat == observation.viewer and not event.blind
    )


def in_war(situation: Situation) -> bool:
    """Teen Patti, seen, against only seen players, after WAR_PATIENCE seen bets of this seat,
    with a bet still legal."""
    if situation.family != Family.TEEN_PATTI or situation.blind or not situation.opponents:
        return False
    if any(view.blind for view in situation.opponents) or not situation.has("bet"):
        return False
    return own_seen_bets(situation.observation) >= patience(situation)


def patience(situation: Situation) -> int:
    """The own seen bets after which a war is played by where it ends (WAR_PATIENCE)."""
    return WAR_PATIENCE[0] if len(situation.opponents) == 1 else WAR_PATIENCE[1]


def blind_war_over(situation: Situation) -> bool:
    """Teen Patti with no blind limit, blind, after BLIND_WAR_BETS blind bets of this seat while
    a seen opponent still in has made as many seen bets: time to look (see the module)."""
    rules = situation.observation.rules
    if not isinstance(rules, TeenPattiRules) or rules.blind_limit is not None:
        return False
    if not situation.blind or situation.blind_turns() < BLIND_WAR_BETS:
        return False
    counts = seen_bets(situation.observation)
    return any(
        not view.blind and counts.get(view.seat, 0) >= BLIND_WAR_BETS
        for view in situation.opponents
    )


def seen_bets(observation: Observation) -> dict[int, int]:
    """How many seen bets each seat has made this deal."""
    counts: dict[int, int] = {}
    for event in observation.history:
        if isinstance(event, BetPlaced) and not event.blind:
            counts[event.seat] = counts.get(event.seat, 0) + 1
    return counts


def raised_since(situation: Situation) -> bool:
    """Whether the stake has changed since this seat's last bet."""
    seat = situation.me.seat
    for event in reversed(situation.observation.history):
        if isinstance(event, BetPlaced) and event.seat == seat:
            return event.stake != situation.observation.stake
    return True


def settle_war(
    situation: Situation, action: Action, chance: float, value_from: float, tightness: float
) -> Action:
    """The action instead of a chaal or a sideshow in a war (see the module): raise, show,
    fold or chaal on, by `chance` of beating the players still in against a fair share."""
    option = situation.option("bet")
    can_raise = option.high > option.low
    if isinstance(action, Bet) and action.amount > option.low:
        return situation.bet(option.high)  # a raise into callers: the largest, the war's end
    if not isinstance(action, Bet | Sideshow):
        return action
    players = len(situation.opponents) + 1
    fair = 1 / players
    late = own_seen_bets(situation.observation) >= patience(situation) + WAR_ROUNDS
    raise_from = min(value_from, WAR_RAISE * fair) + tightness
    if raised_since(situation):
        # Facing a raise: the bot's read of it and its defence stand; a strong hand raises back.
        return situation.bet(option.high) if chance >= raise_from and can_raise else action
    if players == 2:
        if chance >= raise_from and not late and can_raise:
            return situation.bet(option.high)
        return situation.action("show") if show_pays(situation, chance) else Fold(action.seat)
    if chance < fair + tightness:
        return Fold(action.seat)
    if (chance >= raise_from or late) and can_raise:
        return situation.bet(option.high)
    return action  # a chaal, or a sideshow, by a hand worth its share

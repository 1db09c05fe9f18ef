"""Who sits at a new table: "You" and named bots (or two people for hot-seat), and a session
played by a fixed script to a lively moment for the screenshots."""

from __future__ import annotations

import random

from game.engine.actions import Bet, Fold, Look
from game.engine.rules import get_preset
from game.session import BOT_NAMES, SeatPlan, Session

HOTSEAT_NAMES = ("Asha", "Tom")
"""The two people of a hot-seat table."""

STACK = 200
"""Chips each seat starts a session with."""

SEATS = 4
"""Seats at the table."""


def seat_plans(seed: int, hotseat: bool = False, seats: int = SEATS) -> list[SeatPlan]:
    """'You' and bots with names picked by the seed; hot-seat: two people, then bots."""
    names = random.Random(seed).sample(BOT_NAMES, seats)
    if hotseat:
        people = [SeatPlan(name, True) for name in HOTSEAT_NAMES]
        return people + [SeatPlan(name, False, "easy") for name in names[: seats - 2]]
    return [SeatPlan("You", True)] + [SeatPlan(name, False, "easy") for name in names[1:seats]]


def new_session(preset: str, seed: int, hotseat: bool = False, seats: int = SEATS) -> Session:
    """A fresh session of the preset with the usual seats."""
    rules = get_preset(preset).rules()
    return Session(rules, seat_plans(seed, hotseat, seats), stack=STACK, seed=seed)


def scripted_session(preset: str, seed: int, seats: int = SEATS) -> Session:
    """A session dealt and played to a lively moment: bets, a seen player, a packed seat.

    The bots act by a fixed script (bet, look then bet, fold, bet ...) until the person's
    turn, and the person looks at their cards, so the picture shows their hand face up.
    """
    session = new_session(preset, seed, seats=seats)
    game = session.game
    session.start_deal()
    script = ("bet", "look", "fold", "bet", "look", "bet")
    for step in range(len(script) * 2):
        seat = game.to_act
        if seat is None or session.is_human(seat):
            break
        legal = {type(option.action): option for option in game.legal_actions()}
        wanted = script[step % len(script)]
        if wanted == "look" and Look in legal:
            session.submit(Look(seat))
            legal = {type(option.action): option for option in game.legal_actions()}
            wanted = "bet"
        if wanted == "bet" and Bet in legal:
            session.submit(Bet(seat, legal[Bet].low))
        elif Fold in legal:
            session.submit(Fold(seat))
    seat = game.to_act
    if seat is not None and session.is_human(seat):
        looks = [option.action for option in game.legal_actions()]
        look = next((action for action in looks if isinstance(action, Look)), None)
        if look is not None and look.hand == "only":
            session.submit(look)
    return session

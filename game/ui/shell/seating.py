"""Who sits at a new table: "You" and named bots (or two people for hot-seat), and a session
played by a fixed script to a lively moment for the screenshots."""

from __future__ import annotations

import random

from game.agents.agent import Agent, SeatKind
from game.agents.seats import PersonAgent, SeatAgent
from game.engine.actions import Action, Bet, Fold, Look
from game.engine.rules import get_preset, starting_stack
from game.session import BOT_NAMES, SeatPlan, Session

HOTSEAT_NAMES = ("Asha", "Tom")
"""The two people of a hot-seat table."""

SEATS = 4
"""Seats at the table."""


def seat_plans(seed: int, hotseat: bool = False, seats: int = SEATS) -> list[SeatPlan]:
    """'You' and bots with names picked by the seed; hot-seat: two people, then bots."""
    names = random.Random(seed).sample(BOT_NAMES, seats)
    if hotseat:
        people = [SeatPlan.person(name) for name in HOTSEAT_NAMES]
        return people + [SeatPlan.bot(name, "easy") for name in names[: seats - 2]]
    return [SeatPlan.person("You")] + [SeatPlan.bot(name, "easy") for name in names[1:seats]]


def new_session(preset: str, seed: int, hotseat: bool = False, seats: int = SEATS) -> Session:
    """A fresh session of the preset with the usual seats."""
    rules = get_preset(preset).rules()
    plans = seat_plans(seed, hotseat, seats)
    return Session(rules, plans, stack=starting_stack(rules), seed=seed)


class LivelyScript(SeatAgent):
    """The screenshot table's bots, all sharing one script: bet, look then bet, fold, bet ...
    (a move the seat may not make becomes a fold). A seat with none of those moves (a Three
    Card Poker bank or wager) is not answered, so the table waits there, a bot thinking."""

    SCRIPT = ("bet", "look", "fold", "bet", "look", "bet")

    def __init__(self) -> None:
        super().__init__(SeatKind.SCRIPT, "lively script")
        self.steps = 0
        self.looked = False

    def poll(self) -> Action | None:
        """The script's next move for the seat asked, if the seat has it."""
        observation = self.take_question()
        if observation is None:
            return None
        offers = {type(option.action): option for option in observation.legal}
        wanted = "bet" if self.looked else self.SCRIPT[self.steps % len(self.SCRIPT)]
        self.looked = False
        if wanted == "look" and Look in offers:
            self.looked = True
            return offers[Look].action
        if wanted == "bet" and Bet in offers:
            self.steps += 1
            return Bet(offers[Bet].action.seat, offers[Bet].low)
        if Fold in offers:
            self.steps += 1
            return offers[Fold].action
        return None


def scripted_session(preset: str, seed: int, seats: int = SEATS) -> Session:
    """A session dealt and played to a lively moment: bets, a seen player, a packed seat.

    The bots act by a fixed script (bet, look then bet, fold, bet ...) until the person's
    turn, and the person looks at their cards, so the picture shows their hand face up.
    """
    plans = seat_plans(seed, seats=seats)
    script = LivelyScript()
    agents: list[Agent] = [PersonAgent() if plan.human else script for plan in plans]
    rules = get_preset(preset).rules()
    session = Session(rules, plans, stack=starting_stack(rules), seed=seed, agents=agents)
    session.start_deal()
    while script.steps < len(LivelyScript.SCRIPT) * 2 and session.bot_to_act():
        if not session.step():
            break
    person = session.person_to_act()
    question = person.question if person is not None else None
    if question is not None:
        looks = [option.action for option in question.legal]
        look = next((action for action in looks if isinstance(action, Look)), None)
        if look is not None and look.hand == "only":
            session.submit(look)
    return session

"""Interactive tutorials: scripted hands on stacked decks, one step at a time.

Each tutorial is data: the table, the decks to deal, and a script of steps. A step is either the
learner's move (the action the lesson asks for, with the words that explain why and which
control to press) or another player's scripted move. `TutorialRun` plays the script against the
real engine, so every step a tutorial teaches is a legal move under the real rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.agents.agent import Agent, SeatKind
from game.agents.seats import PersonAgent, ScriptedAgent
from game.engine.actions import Action, parse_action
from game.engine.cards import parse
from game.engine.events import Event
from game.engine.rules import get_preset
from game.i18n import N_, _
from game.session import SeatPlan, Session

LEARNER = 0
"""The learner always sits at seat 0, at the bottom of the table."""


@dataclass(frozen=True)
class Step:
    """One move of the script: the learner's (with its lesson) or another player's."""

    move: str
    lesson: str = ""

    @property
    def action(self) -> Action:
        """The move as an engine action."""
        return parse_action(self.move)

    @property
    def by_learner(self) -> bool:
        """Whether the learner makes this move."""
        return self.action.seat == LEARNER


@dataclass(frozen=True)
class Deal:
    """A deal of the tutorial: its stacked deck (top first), an opening lesson and its steps."""

    deck: str
    opening: str
    steps: tuple[Step, ...]
    closing: str = ""


@dataclass(frozen=True)
class Tutorial:
    """A whole lesson: a preset, the table, and its deals."""

    name: str
    title: str
    preset: str
    names: tuple[str, ...]
    dealer: int
    deals: tuple[Deal, ...]
    stack: int = 100
    options: dict[str, object] = field(default_factory=dict)


def you(move: str, lesson: str) -> Step:
    """The learner's move (written without the seat: 'bet 2') and the lesson that asks for it."""
    return Step(f"{LEARNER} {move}", lesson)


def they(move: str) -> Step:
    """Another player's scripted move, written with its seat ('1 fold')."""
    return Step(move)


TEEN_PATTI = Tutorial(
    name="teen_patti",
    title=N_("Teen Patti: blind and seen, sideshow and show"),
    preset="teen_patti",
    names=(N_("You"), "Asha", "Ravi", "Meera"),
    dealer=3,
    deals=(
        Deal(
            # Dealt one at a time from you: you get Ks Kd 4c; Asha Qs 9h 6d; Ravi Jc 8s 3h.
            deck="Ks Qs Jc 2d Kd 9h 8s 5c 4c 6d 3h 7s",
            opening=N_("Everyone has put in the boot of 1; the stake is 1. You act first."),
            steps=(
                you(
                    "bet 1",
                    N_(
                        "You have not looked at your cards, so you play BLIND: a blind player bets "
                        "1x to 2x the stake. Press Blind to bet 1."
                    ),
                ),
                they("1 bet 1"),
                they("2 look"),
                they("2 bet 2"),
                they("3 fold"),
                you(
                    "look",
                    N_(
                        "Ravi looked and bet 2 'seen' (chaal): seen players bet 2x-4x the stake. "
                        "Now press See cards to look at yours."
                    ),
                ),
                you(
                    "bet 4",
                    N_(
                        "A pair of kings! Seen now, you bet 2x-4x the stake of 1. Raise to the "
                        "top, 4: half of a seen bet becomes the new stake, 2."
                    ),
                ),
                they("1 look"),
                they("1 bet 4"),
                they("2 bet 4"),
                you(
                    "sideshow",
                    N_(
                        "Everyone left is seen, so after betting the minimum (4) you may ask the "
                        "player who bet just before you, Ravi, for a SIDESHOW: you compare hands "
                        "privately and the lower hand folds (on a tie, the asker folds)."
                    ),
                ),
                they("2 answer yes"),
                they("1 bet 4"),
                you(
                    "show",
                    N_(
                        "Ravi's jack-high lost the sideshow and folded. With exactly two players "
                        "left you can ask for a SHOW: both seen, it costs 2x the stake. Higher "
                        "hand wins; on equal hands the player who did not pay wins."
                    ),
                ),
            ),
            closing=N_("Your pair of kings beats Asha's queen-high: the pot is yours."),
        ),
    ),
)


BRAG = Tutorial(
    name="brag",
    title=N_("3 Card Brag: blind bets, seeing, and the retained blind hand"),
    preset="brag",
    names=(N_("You"), "Asha", "Ravi"),
    dealer=2,
    deals=(
        Deal(
            # You: 7c 5d 2h (kept blind); Asha: Qs Jd 4c; Ravi: 9s 8d 3c.
            deck="7c Qs 9s 5d Jd 8d 2h 4c 3c",
            opening=N_("Everyone antes 1. In Brag the pack is not shuffled between deals."),
            steps=(
                you(
                    "bet 1",
                    N_(
                        "Play BLIND: your bets count double, so a bet of 1 is worth 2. Press Bet "
                        "to bet 1 blind."
                    ),
                ),
                they("1 look"),
                they("1 bet 2"),
                they("2 fold"),
                you(
                    "bet 1",
                    N_(
                        "Asha looked and bet 2. No equalising in Brag: every bet must be worth at "
                        "least the last one. Your blind 1 is worth 2. And she cannot see you: "
                        "'you cannot see a blind man'."
                    ),
                ),
                they("1 fold"),
            ),
            closing=N_(
                "Asha folded, but a blind player left alone does not win: the pot carries "
                "to the next deal and you KEEP your blind hand."
            ),
        ),
        Deal(
            # The deal passes to you, so Asha acts first. Asha: Ks Kh 2s; Ravi: Tc 6h 3d;
            # your new hand: Ah Ad 9c.
            deck="Ks Tc Ah Kh 6h Ad 2s 3d 9c",
            opening=N_("You now hold two hands: the new one and your old blind hand."),
            steps=(
                they("1 look"),
                they("1 bet 2"),
                they("2 fold"),
                you(
                    "look new",
                    N_(
                        "Look at ONE hand. You must then keep it (the other folds unseen) or fold "
                        "it and play the other blind. Never look at both. Press Look at new."
                    ),
                ),
                you("keep yes", N_("A pair of aces: keep it. Your old hand folds unseen.")),
                you("bet 2", N_("You play open now: bet at least Asha's 2.")),
                they("1 bet 2"),
                you(
                    "show",
                    N_(
                        "Two players left, both open: you may SEE Asha for twice the last bet, 4. "
                        "She shows first; you show only if you beat her."
                    ),
                ),
            ),
            closing=N_("Your aces beat Asha's kings: you win this pot and the carried one."),
        ),
    ),
)


THREE_CARD_POKER = Tutorial(
    name="three_card_poker",
    title=N_("Three Card Poker: the designated player and Pair Plus"),
    preset="three_card_poker",
    names=(N_("You"), "Asha", "Ravi"),
    dealer=0,
    stack=500,
    deals=(
        Deal(
            # Dealt from the bank's left: Ravi 8d 5c 3h; you Qh Qc 7s; Asha (the bank) Kd 9s 4c.
            deck="8d Qh Kd 5c Qc 9s 3h 7s 4c",
            opening=N_("One player banks the table each deal: the DESIGNATED PLAYER."),
            steps=(
                you(
                    "waive",
                    N_(
                        "You are offered the bank. Banking means paying everyone who beats you; "
                        "press Waive to pass it on this time."
                    ),
                ),
                they("1 bank"),
                they("2 post 10"),
                you(
                    "post 10 10",
                    N_(
                        "Post the Base Bet, and add PAIR PLUS: a side bet paid on a pair or better "
                        "(1, 3, 6, 30, 40 to one) — but only after a winning Call or if the bank "
                        "does not qualify."
                    ),
                ),
                they("2 fold"),
                you(
                    "call 10",
                    N_(
                        "Look at your cards: fold (losing Base and Pair Plus) or CALL, a bet equal "
                        "to the Base. The bank needs queen-high to qualify."
                    ),
                ),
            ),
            closing=N_(
                "Asha's king-high qualifies, but your pair of queens beats it: Base and Call "
                "are paid even money, and Pair Plus pays 1 to 1 for the pair."
            ),
        ),
    ),
)

TUTORIALS: dict[str, Tutorial] = {
    tutorial.name: tutorial for tutorial in (TEEN_PATTI, BRAG, THREE_CARD_POKER)
}
"""Every tutorial by name."""


class TutorialRun:
    """A tutorial being played: a real session whose other seats are scripted agents, the
    learner a person, and where the learner is in the script."""

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        rules = get_preset(tutorial.preset).rules()
        plans = [
            SeatPlan.person(name) if seat == LEARNER else SeatPlan(name, SeatKind.SCRIPT, "")
            for seat, name in enumerate(tutorial.names)
        ]
        self.scripts = {
            seat: ScriptedAgent(()) for seat in range(len(tutorial.names)) if seat != LEARNER
        }
        agents: list[Agent] = [
            self.scripts[seat] if seat in self.scripts else PersonAgent()
            for seat in range(len(tutorial.names))
        ]
        self.session = Session(
            rules, plans, stack=tutorial.stack, dealer=tutorial.dealer, agents=agents
        )
        self.deal_index = -1
        self.step_index = 0
        """How many of the current deal's steps have been played."""

    @property
    def deal(self) -> Deal | None:
        """The deal being played, or None before the first and after the last."""
        if 0 <= self.deal_index < len(self.tutorial.deals):
            return self.tutorial.deals[self.deal_index]
        return None

    @property
    def finished(self) -> bool:
        """Whether the whole script has been played."""
        return self.deal_index >= len(self.tutorial.deals) - 1 and self.deal_over_in_script()

    def deal_over_in_script(self) -> bool:
        """Whether the current deal's steps are all played."""
        deal = self.deal
        return deal is None or self.step_index >= len(deal.steps)

    def next_deal(self) -> list[Event]:
        """Deal the next stacked deal, with each scripted seat given its moves; returns the
        events up to the learner's first move."""
        self.deal_index += 1
        self.step_index = 0
        deal = self.tutorial.deals[self.deal_index]
        for step in deal.steps:
            if not step.by_learner:
                self.scripts[step.action.seat].add([step.action])
        deck = parse(deal.deck) if deal.deck else None
        events = self.session.start_deal(deck)
        return events + self.play_others()

    def expected(self) -> Step | None:
        """The learner's next move, if it is the learner's turn in the script."""
        deal = self.deal
        if deal is None or self.step_index >= len(deal.steps):
            return None
        step = deal.steps[self.step_index]
        return step if step.by_learner else None

    def play_others(self) -> list[Event]:
        """The turn loop plays the scripted seats up to the learner's next move."""
        events: list[Event] = []
        while self.session.bot_to_act():
            played = self.session.step()
            if not played:
                break
            events += played
            self.step_index += 1
        return events

    def check(self, action: Action) -> str:
        """'' if `action` is the move the lesson asks for, else a sentence saying what to do."""
        step = self.expected()
        if step is None:
            return _("Nothing to do now: watch the others play.")
        if action != step.action:
            return _("In this lesson, do this instead: {lesson}").format(lesson=_(step.lesson))
        return ""

    def submit(self, action: Action) -> list[Event]:
        """Play the learner's move (which must be the expected one), then the others'."""
        problem = self.check(action)
        if problem:
            raise ValueError(problem)
        events = self.session.submit(action)
        self.step_index += 1
        return events + self.play_others()


def walk(tutorial: Tutorial) -> Sequence[str]:
    """Play a tutorial through by its own script; returns the lessons shown, in order."""
    run = TutorialRun(tutorial)
    lessons = []
    for _deal in tutorial.deals:
        run.next_deal()
        while (step := run.expected()) is not None:
            lessons.append(step.lesson)
            run.submit(step.action)
    return lessons

"""The engine's fingerprint: one hash of everything it says, to show a speed-up changed nothing.

Plays seeded random-legal deals of every preset (`game.engine.rules.PRESETS`) at 2, 4 and 7
seats (and 1 for a family whose table seats one) and hashes, step by step: the events each
start and action return and the deal's whole event log, every legal option with the rule it
says, the answer to probe actions (the wrong seat, an amount out of range, every verb by the
seat to act: the option, or the refusal's sentence), each seat's and the spectator's
observation, and at each deal's end its written history and the stacks. Prints one sha256 per
preset and table size, and a total: run it before and after a change to the engine, and the
output must be the same.

    python tests/benchmarks/engine_fingerprint.py [--deals N]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game

from game.engine.actions import (
    Action,
    AnswerShowdown,
    AnswerSideshow,
    Bet,
    Call,
    ChooseHand,
    Cover,
    Discard,
    Fold,
    IllegalActionError,
    KeepHand,
    LegalAction,
    Look,
    Play,
    PostAnte,
    PostBets,
    ProposeShowdown,
    Show,
    Sideshow,
    Stay,
    TakeBank,
    Waive,
)
from game.engine.factory import create_game
from game.engine.families import family_info
from game.engine.game import Game
from game.engine.history import write_deal
from game.engine.rules import PRESETS, Rules, stack_choices

SEATS = (1, 2, 4, 7)
"""The table sizes played, each where the preset's family seats it."""


def probes(seat: int, count: int, legal: list[LegalAction]) -> list[Action]:
    """Actions to ask the game about at a step: by the wrong seat, a seat that does not exist,
    amounts out of range, and every verb by the seat to act."""
    other = (seat + 1) % count
    asked: list[Action] = [Fold(other), Bet(other, 1), Fold(count), Bet(seat, 10**9), Bet(seat, 0)]
    for option in legal:
        if isinstance(option.action, Bet):
            asked += [Bet(seat, option.high + 1), Bet(seat, option.low + 1)]
    asked += [Look(seat), Look(seat, "new"), Show(seat), Sideshow(seat), Cover(seat), Fold(seat)]
    asked += [AnswerSideshow(seat, True), AnswerSideshow(seat, False), KeepHand(seat, True)]
    asked += [ChooseHand(seat, "old"), Stay(seat), ProposeShowdown(seat)]
    asked += [AnswerShowdown(seat, True), Discard(seat, "7h"), TakeBank(seat), Waive(seat)]
    asked += [PostBets(seat, 10), PostBets(seat, 10, 5), Call(seat, 10), PostAnte(seat, 10)]
    asked += [PostAnte(seat, 10, 5), Play(seat, 10)]
    return asked


class Fingerprint:
    """A running sha256 of what the engine says."""

    def __init__(self) -> None:
        self.digest = hashlib.sha256()

    def add(self, *parts: object) -> None:
        """Hash each part's repr (its text for strings)."""
        for part in parts:
            self.digest.update((part if isinstance(part, str) else repr(part)).encode())
            self.digest.update(b"\x00")

    def answer(self, game: Game, action: Action) -> None:
        """Hash what the game says of `action` without doing it: its option, or its refusal."""
        try:
            option = game.verify(action)  # type: ignore[attr-defined]
        except IllegalActionError as error:
            self.add("refused", action, str(error), error.said)
            return
        self.add("allowed", action, option, str(option.rule))
        self.add("refusal", game.refusal(action))

    def state(self, game: Game, seats: int) -> None:
        """Hash the legal list with its rules, the probes' answers and every observation."""
        legal = game.legal_actions()
        for option in legal:
            self.add(option, option.rule, str(option.rule))
        seat = game.to_act if game.to_act is not None else 0
        for action in probes(seat, seats, legal):
            self.answer(game, action)
        for viewer in (None, *range(seats)):
            self.add(game.observe(viewer))


def chosen(option: LegalAction, rng: random.Random) -> Action:
    """The action of a random-legal move taking `option`: a bet of a random allowed amount."""
    action = option.action
    if isinstance(action, Bet):
        return Bet(action.seat, rng.choice(option.amounts()))
    return action


def new_game(rules: Rules, seats: int, rng: random.Random) -> Game:
    """A table of `seats` with stacks drawn from the rules' choices (short stacks too)."""
    choices = stack_choices(rules)
    stacks = [rng.choice(choices) for _ in range(seats)]
    return create_game(rules, stacks, seed=rng.randrange(10**9), dealer=rng.randrange(seats))


def fingerprint(preset: str, seats: int, deals: int) -> str:
    """The hash of `deals` seeded random-legal deals of `preset` at `seats`."""
    rules = PRESETS[preset].rules()
    rng = random.Random(f"{preset}/{seats}")
    print_ = Fingerprint()
    game = new_game(rules, seats, rng)
    for _deal in range(deals):
        if not game.can_deal():
            game = new_game(rules, seats, rng)
        print_.answer(game, Fold(0))  # between deals
        print_.add("start", game.start_deal())
        while not game.deal_over:
            print_.state(game, seats)
            legal = game.legal_actions()
            print_.add("applied", game.apply(chosen(rng.choice(legal), rng)))
        print_.state(game, seats)
        print_.add("events", game.events, "stacks", game.stacks, "history", write_deal(game))
    return print_.digest.hexdigest()


def main() -> None:
    """Print each preset's and table size's hash, and the total."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=80, help="deals per preset and size (80)")
    deals = parser.parse_args().deals
    total = hashlib.sha256()
    for preset, defined in PRESETS.items():
        allowed = family_info(defined.rules().family).seats
        for seats in SEATS:
            if seats not in allowed:
                continue
            digest = fingerprint(preset, seats, deals)
            total.update(digest.encode())
            print(f"{preset:22} {seats} seats {digest}")
    print(f"total {total.hexdigest()}")


if __name__ == "__main__":
    main()

"""A table's bots think in the table's bot thread, never on the window's: a slow bot's moves
are thought in that thread, and played once it has decided."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from game.agents.agent import SeatKind
from game.agents.background import BackgroundBot
from game.bots.base import RandomBot
from game.engine.actions import Action, LegalAction
from game.engine.observation import Observation
from game.engine.rules import make_rules
from game.session import SeatPlan, Session
from game.ui.shell.scene import SceneStack
from game.ui.table.table_scene import TableScene

THINK = 0.3
"""Seconds the slow bot takes over each move."""


class SlowBot(RandomBot):
    """A random bot that takes THINK seconds a move and notes the thread it thought in."""

    def __init__(self) -> None:
        self.threads: list[str] = []

    def choose(
        self, observation: Observation, legal: Sequence[LegalAction], rng: random.Random
    ) -> Action:
        self.threads.append(threading.current_thread().name)
        time.sleep(THINK)
        return super().choose(observation, legal, rng)


def test_a_slow_bot_thinks_off_the_window_thread() -> None:
    rules = make_rules("teen_patti")
    plans = [SeatPlan.bot("Priya", "random"), SeatPlan.bot("Oliver", "random")]
    session = Session(rules, plans, stack=200, seed=3)
    slow = SlowBot()
    for seat in range(2):
        bot = session._bot(seat)
        assert bot is not None
        bot.bot = slow
    scene = TableScene(session, speed=4.0)
    SceneStack().push(scene)
    assert all(isinstance(agent, BackgroundBot) for agent in session.agents)
    assert all(agent.kind is SeatKind.BOT for agent in session.agents)
    moves, began = 0, time.monotonic()
    while moves < 3 and time.monotonic() - began < 20:
        before = len(session.game.actions) + 100 * session.game.deal_number
        scene.update(1 / 60)
        moves += len(session.game.actions) + 100 * session.game.deal_number != before
        scene.finish_animations()
    assert moves >= 3, "the bots' moves were played"
    assert slow.threads and all(name.startswith("trey-table-bot") for name in slow.threads)


def test_a_poll_waits_for_a_thought_as_long_as_the_table_last_said() -> None:
    rules = make_rules("teen_patti")
    plans = [SeatPlan.bot("Priya", "random"), SeatPlan.bot("Oliver", "random")]
    session = Session(rules, plans, stack=200, seed=3)
    session.wait_for_thoughts(0.05)  # no bot thinks in the background yet: nothing changes
    assert not any(isinstance(agent, BackgroundBot) for agent in session.agents)
    pool = ThreadPoolExecutor(1)
    try:
        session.think_in_background(pool, patience=0.01)
        session.wait_for_thoughts(0.05)
        patiences = {agent.patience for agent in session.agents if isinstance(agent, BackgroundBot)}
        assert patiences == {0.05}
        session.stand_in(0)  # a stand-in made after waits as long too
        stand_in = session.agents[0]
        assert isinstance(stand_in, BackgroundBot) and stand_in.patience == 0.05
    finally:
        pool.shutdown()

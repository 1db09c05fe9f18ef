"""Menu screens drawn headless for the README (`--screenshot OUT.png --scene NAME`); the host
and join screens are filled in by game/ui/friends/showcase.py, loaded only for them.

The statistics, summary and load screens need something to show, so they get a session really
played by bots (seeded, every seat a bot, "You" included) and a made-up list of saves; nothing is
read from or written to the player's own folders.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.agents.agent import SeatKind
from game.agents.seats import BotAgent
from game.bots.registry import make_bot
from game.engine.family import Family
from game.engine.rules import get_preset, starting_stack
from game.records import RecordKeeper
from game.session import SeatPlan, Session, agent_for
from game.statistics import Statistics
from game.ui.menus.load_scene import AUTOSAVE_LABEL, LoadScene, SaveInfo
from game.ui.menus.statistics_scene import StatisticsScene
from game.ui.play.pause_scene import PauseScene
from game.ui.play.summary_scene import SummaryScene
from game.ui.shell.context import GameContext
from game.ui.shell.rooms import Rooms, screen, table_for
from game.ui.shell.scene import Scene
from game.ui.shell.seating import scripted_session

DEMO_DEALS = 24
"""Deals the demonstration session plays."""


def demo_session(preset: str, seed: int, deals: int = DEMO_DEALS) -> tuple[Session, RecordKeeper]:
    """A session of `preset` with 'You' and three bots, played by bots for `deals` deals;
    returns it with its records (kept in memory only: no autosave, no lifetime statistics)."""
    plans = [
        SeatPlan.person("You"),
        *(SeatPlan.bot(n, "easy") for n in ("Priya", "Oliver", "Meera")),
    ]
    # a bot stands in for 'You': the seat stays a person's in the records
    stand_in = BotAgent(make_bot("easy"), random.Random(seed), SeatKind.STAND_IN, "easy")
    agents = [stand_in, *(agent_for(plan, seat, seed) for seat, plan in enumerate(plans) if seat)]
    rules = get_preset(preset).rules()
    session = Session(rules, plans, stack=starting_stack(rules), seed=seed, agents=agents)
    tally = RecordKeeper(session, saver=None, lifetime=False)
    session.after_deal = tally
    for _ in range(deals):
        if not session.can_deal() or session.observe(0).seats[0].stack == 0:
            break
        session.start_deal()
        session.play_deal()
    return session, tally


def screen_factory(scene: str, preset: str, seed: int, context: GameContext) -> Callable[[], Scene]:
    """A function making the named screen, ready to draw."""
    rooms = Rooms(context)

    def make() -> Scene:
        if scene == "setup":
            return rooms.setup(preset)
        if scene == "settings":
            return rooms.settings()
        if scene == "friends":
            return rooms.friends()
        if scene in ("host", "join"):
            showcase = screen("friends showcase")
            shown: Callable[[str, str, GameContext], Scene] = showcase.friends_screen
            return shown(scene, preset, context)
        if scene == "rules":
            return rooms.rules(preset)
        if scene == "load":
            load = LoadScene(context)
            load.saves = [
                # save names are the player's own (letters, digits, spaces): data, not words
                SaveInfo(
                    "Friday brag", "Friday brag", Family.BRAG, 5, ("You",), 14, "2025-05-02 21:40"
                ),
                SaveInfo(
                    "autosave",
                    AUTOSAVE_LABEL,
                    Family.TEEN_PATTI,
                    4,
                    ("You",),
                    9,
                    "2025-05-03 18:02",
                ),
                SaveInfo(
                    "Muflis practice",
                    "Muflis practice",
                    Family.TEEN_PATTI,
                    3,
                    ("You",),
                    31,
                    "2025-04-28 10:15",
                ),
                SaveInfo(
                    "Casino night",
                    "Casino night",
                    Family.CASINO,
                    2,
                    ("You", "Asha"),
                    40,
                    "2025-04-20 22:51",
                ),
            ]
            load.rebuild("save:0")
            return load
        if scene == "pause":
            table = table_for(context, scripted_session(preset, seed), get_preset(preset).title)
            table.startup({})
            table.finish_animations()
            table.update(0.0)
            return PauseScene(context, table)
        _, tally = demo_session(preset, seed)
        if scene == "summary":
            return SummaryScene(context, tally)
        lifetime = Statistics()
        lifetime_presets = ("teen_patti", "brag", "three_card_poker")
        for index, name in enumerate(lifetime_presets):
            _, other = demo_session(name, seed + index, 40)
            lifetime.games[other.family] = other.records[0].model_copy()
        return StatisticsScene(context, tally=tally, lifetime=lifetime)

    return make

"""Memory soak (prints numbers, asserts nothing): 500 deals at a 7-seat all-bot table.

    .venv/bin/python tests/benchmarks/bench_soak.py [DEALS]

The table runs headless on SDL's dummy driver at the top animation speed, drawing a frame every
simulated 1/20 s like the app loop would, and prints the process's resident memory (RSS) every
50 deals. Targets: after the first 50 deals RSS grows by less than 5 MB, and stays under 160 MB.
A session that can no longer deal is replaced by a fresh one at the same seats, as "New session"
does.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always

from game.engine.rules import get_preset
from game.session import SeatPlan, Session
from game.ui.shell.scene import SceneStack
from game.ui.table.table_scene import TableScene

STEP = 1 / 20
"""Simulated seconds between drawn frames."""

TOP_SPEED = 4.0
"""The fastest animation speed the settings allow."""

NAMES = ("Priya", "Oliver", "Arjun", "Meera", "Harry", "Kabir", "Amelia")


def rss_megabytes() -> float:
    """The resident set size of this process now (Linux /proc; else the peak from getrusage)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bots_session(preset: str, seed: int) -> Session:
    """Seven bots of mixed levels."""
    levels = ("easy", "medium", "hard", "easy", "medium", "hard", "easy")
    plans = [SeatPlan.bot(name, level) for name, level in zip(NAMES, levels, strict=True)]
    return Session(get_preset(preset).rules(), plans, stack=500, seed=seed)


def main() -> None:
    """Play the deals and print RSS every 50."""
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    preset = "teen_patti"
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    seed = 1
    scene = TableScene(bots_session(preset, seed), speed=TOP_SPEED)
    SceneStack().push(scene)
    played = 0
    started = time.perf_counter()
    first: float | None = None
    print(f"deals  RSS MB   ({preset}, 7 bots, speed x{TOP_SPEED:g}, a frame per {STEP:.2f} s)")
    print(f"{0:5d}  {rss_megabytes():6.1f}")
    counted = scene.session.game.deal_number
    while played < deals:
        scene.update(STEP)
        scene.draw(screen)
        game = scene.session.game
        if game.deal_over and not scene.director.busy:
            if game.deal_number != counted:
                counted = game.deal_number
                played += 1
                if played % 50 == 0:
                    rss = rss_megabytes()
                    first = rss if first is None else first
                    print(f"{played:5d}  {rss:6.1f}  (+{rss - first:.1f} since deal 50)")
            if game.can_deal():
                scene.start_deal()
            else:
                seed += 1
                scene.replace_session(bots_session(preset, seed))
                counted = scene.session.game.deal_number
    seconds = time.perf_counter() - started
    print(f"{played} deals in {seconds:.0f} s; RSS now {rss_megabytes():.1f} MB (targets: growth")
    print("  after deal 50 < 5 MB, RSS < 160 MB)")


if __name__ == "__main__":
    main()

"""UI benchmark (prints numbers, asserts nothing): frame time, idle CPU, time to first frame.

    .venv/bin/python tests/benchmarks/bench_ui.py

1. Frame time, median and 99th percentile, of a full 7-seat table mid-animation at 1280×720 on
   SDL's dummy driver (target: p99 ≤ 4 ms).
2. CPU use of an idle table (the person's turn, nothing moving) over a few seconds of the real
   app loop (target: ≤ 3 % of one core), and of an all-bot table while a bot thinks between
   animations (target: ≤ 10 %).
3. Time from process start to the first frame of `python -m game` (target: ≤ 0.5 s).
"""

from __future__ import annotations

import os
import resource
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always

from game.engine.rules import get_preset
from game.session import SeatPlan, Session
from game.ui.shell.app import App
from game.ui.shell.scene import SceneStack
from game.ui.shell.seating import new_session
from game.ui.table.table_scene import TableScene

ROOT = Path(__file__).resolve().parents[2]
FRAME = 1 / 60


def frame_times(frames: int = 600) -> list[float]:
    """Seconds per frame (update + draw + flip) of a 7-seat table while cards and chips move."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    stack = SceneStack()
    scene = TableScene(new_session("teen_patti", 7, seats=7), speed=1.0)
    stack.push(scene)
    for _ in range(30):  # warm the caches the way the first second of play does
        scene.update(FRAME)
        scene.draw(screen)
    times: list[float] = []
    while len(times) < frames:
        if not scene.director.busy:
            scene.finish_animations()
            if scene.session.game.deal_over:
                scene.start_deal()
            elif scene.session.bot_to_act():
                scene._play(scene.session.step())
            else:
                scene.submit(scene.session.game.legal_actions()[-1].action)
        start = time.perf_counter()
        scene.update(FRAME)
        scene.draw(screen)
        pygame.display.flip()
        times.append(time.perf_counter() - start)
    return times


def idle_cpu(seconds: float = 4.0) -> float:
    """Share of one core the app loop uses while the table waits for the person."""
    app = App()
    app.open_window()
    session = new_session("teen_patti", 3)
    scene = TableScene(session)
    app.scenes.push(scene)
    scene.finish_animations()
    while session.bot_to_act():
        scene._play(session.step())
        scene.finish_animations()
    scene.update(0.0)
    assert scene.panel.visible and not scene.animating, "the person's turn, nothing moving"
    # the art of a new table is built once, on its first frame: that is start-up, not idling
    scene.draw(pygame.display.get_surface())
    stop = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGTERM))
    stop.start()  # the app turns SIGTERM into a clean quit
    before = resource.getrusage(resource.RUSAGE_SELF)
    wall = time.perf_counter()
    app.run()
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_SELF)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used / wall


def thinking_cpu(seconds: float = 4.0) -> float:
    """Share of one core while a bot thinks at an all-bot table (nothing moves: a timer)."""
    import game.ui.table.table_scene as table_module

    app = App()
    app.open_window()
    plans = [SeatPlan.bot(name, "easy") for name in ("Priya", "Oliver", "Arjun", "Meera")]
    session = Session(get_preset("teen_patti").rules(), plans, stack=200, seed=5)
    scene = TableScene(session)
    app.scenes.push(scene)
    scene.finish_animations()
    scene.draw(pygame.display.get_surface())
    saved = table_module.BOT_DELAY
    table_module.BOT_DELAY = (seconds + 5, seconds + 5)  # the bot thinks through the measurement
    stop = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGTERM))
    try:
        stop.start()
        before = resource.getrusage(resource.RUSAGE_SELF)
        wall = time.perf_counter()
        app.run()
        wall = time.perf_counter() - wall
        after = resource.getrusage(resource.RUSAGE_SELF)
    finally:
        table_module.BOT_DELAY = saved
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used / wall


_FIRST_FRAME = """
import sys, os
import game.ui.shell.app as app_module
original = app_module.App._draw
def first(self, scene):
    original(self, scene)
    print("FIRST_FRAME", flush=True)
    os._exit(0)
app_module.App._draw = first
from game.cli import main
main(["--seed", "1"])
"""


def first_frame(runs: int = 5) -> list[float]:
    """Seconds from starting `python -m game`'s code to its first frame on screen."""
    results = []
    environment = {**os.environ, "XDG_CONFIG_HOME": "/nonexistent-trey-bench"}
    for _ in range(runs):
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", _FIRST_FRAME],
            cwd=ROOT,
            env=environment,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        for line in child.stdout:
            if line.startswith("FIRST_FRAME"):
                results.append(time.perf_counter() - start)
                break
        child.wait()
    return results


def main() -> None:
    """Run the three measurements and print them."""
    times = sorted(frame_times())
    median = statistics.median(times) * 1000
    p99 = times[int(len(times) * 0.99) - 1] * 1000
    print(f"frame time, 7 seats mid-animation 1280x720: median {median:.2f} ms, p99 {p99:.2f} ms")
    print(f"  (target p99 <= 4 ms; worst {times[-1] * 1000:.2f} ms over {len(times)} frames)")
    share = idle_cpu()
    print(f"idle table CPU: {share * 100:.2f} % of one core (target <= 3 %)")
    thinking = thinking_cpu()
    print(f"all-bot table while a bot thinks: {thinking * 100:.2f} % of one core (target <= 10 %)")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("  (PYTHONDONTWRITEBYTECODE is set: every start compiles every module again)")
    starts = first_frame()
    print(
        f"process start to first frame: median {statistics.median(starts):.3f} s, "
        f"best {min(starts):.3f} s (target <= 0.5 s)"
    )


if __name__ == "__main__":
    main()

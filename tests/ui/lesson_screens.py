"""Pictures of the lessons for the README: a tutorial step (bubble and pointer) and a replay.

Run `python tests/ui/lesson_screens.py FOLDER` (on SDL's dummy driver) to write tutorial.png and
history.png; the scenes are advanced in-process, exactly as a learner's clicks would.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame

from game.teaching import tutorials
from game.teaching.tutorials import TutorialRun
from game.teaching.variant_tutorials import EVERY_TUTORIAL
from game.ui.history.replay_scene import ReplayScene
from game.ui.kit.layout import LOGICAL_SIZE
from game.ui.lessons.tutorial_scene import TutorialScene
from game.ui.shell.scene import Scene

POINTER_PEAK = 0.35
"""Seconds into the pointer's breath when it glows brightest (for a still picture)."""


def tutorial_frame(name: str = tutorials.TEEN_PATTI.name, presses: int = 3) -> TutorialScene:
    """A tutorial after `presses` presses of whatever the pointer rings."""
    scene = TutorialScene(TutorialRun(EVERY_TUTORIAL[name]))
    scene.startup({})
    for _ in range(presses):
        scene.finish_animations()
        scene.update(0.0)
        button = scene.pointed
        if button is None:
            break
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            scene.handle_event(pygame.event.Event(kind, button=1, pos=button.box.centre))
    scene.finish_animations()
    scene.update(0.0)
    scene.clock = POINTER_PEAK
    return scene


def replay_frame(name: str = tutorials.TEEN_PATTI.name, steps: int = 9) -> ReplayScene:
    """The first deal of a tutorial, replayed `steps` actions in, from the learner's seat."""
    run = TutorialRun(EVERY_TUTORIAL[name])
    run.next_deal()
    while (step := run.expected()) is not None:
        run.submit(step.action)
    scene = ReplayScene(run.session.histories[0], 0)
    scene.startup({})
    for _ in range(steps):
        scene.next_step()
    scene.finish_animations()
    scene.update(0.0)
    return scene


def save(scene: Scene, path: Path) -> Path:
    """Draw one frame of `scene` at the logical size to a PNG."""
    surface = pygame.Surface(LOGICAL_SIZE)
    scene.draw(surface)
    pygame.image.save(surface, path)
    return path


def main(folder: str) -> int:
    """Write tutorial.png and history.png into `folder`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    print(save(tutorial_frame(), target / "tutorial.png"))
    print(save(replay_frame(), target / "history.png"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))

"""Write the README's table pictures that `--screenshot --scene` does not draw.

    SDL_VIDEODRIVER=dummy XDG_CONFIG_HOME=$(mktemp -d) \\
        .venv/bin/python tests/golden/make_pictures.py [--language en|hi|tl]

writes into tests/golden/screens/ (tests/golden/screens/hi/ or tl/ with `--language hi` or `tl`,
in that language): coach.png (the coach at a Teen Patti table), winner.png (the winner moment:
the pot's chips flying to the winner, whose hand lifts, glows and is named), three_card_poker.png
(a designated-player deal settled), watching.png (a table of bots with the cards face up and the
"why that move" panel) and handoff.png (the hot-seat hand-off card). In Hindi or Tagalog it also
writes every scene of `--screenshot --scene` (SCENES, as `python -m game --screenshot OUT.png
--scene NAME --seed 3 --language hi` draws it), tutorial.png and history.png (the lessons'
pictures), so that every screen of the language has its golden picture. Look at them before
committing them.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always
sys.path.insert(1, str(Path(__file__).resolve().parents[1] / "ui"))  # the lesson pictures

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
from lesson_screens import replay_frame, tutorial_frame

from game.engine.actions import Bet, Look
from game.engine.rules import get_preset
from game.i18n import LANGUAGES, set_language
from game.session import SeatPlan, Session
from game.ui.kit.layout import POT_CHIP
from game.ui.shell.launch import SCENES, run_app
from game.ui.shell.scene import Scene, SceneStack
from game.ui.shell.seating import scripted_session
from game.ui.table.handoff import HandoffScene
from game.ui.table.table_scene import TableScene

SCREENS = Path(__file__).resolve().parent / "screens"
FOLDER = {"en": SCREENS, **{code: SCREENS / code for code in LANGUAGES if code != "en"}}
"""Where each language's pictures go."""

_chosen = {"folder": SCREENS}


def save(scene: Scene, name: str) -> None:
    """Draw the scene at 1280×720 into the language's folder as `name`."""
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    target = _chosen["folder"] / name
    pygame.image.save(surface, str(target))
    print(target)


def save_scenes(language: str) -> None:
    """Every scene of `--screenshot --scene` in `language`, and the lessons' two pictures."""
    for scene in SCENES:
        target = _chosen["folder"] / f"{scene}.png"
        arguments = argparse.Namespace(
            screenshot=str(target), scene=scene, language=language, seed=3, game=None
        )
        run_app(arguments)
        print(target)
    save(tutorial_frame(), "tutorial.png")
    save(replay_frame(), "history.png")


def played_to_the_end(preset: str, seed: int, names: tuple[str, ...]) -> TableScene:
    """A table where You and bots played one deal to its end (You stays in as long as it can)."""
    plans = [SeatPlan.person("You")] + [SeatPlan.bot(name, "medium") for name in names]
    session = Session(get_preset(preset).rules(), plans, stack=200, seed=seed)
    scene = TableScene(session)
    SceneStack().push(scene)
    while not session.game.deal_over:
        scene.finish_animations()
        scene.update(2.0)
        if session.game.to_act == 0 and not session.game.deal_over:
            legal = [option.action for option in session.game.legal_actions()]
            looks = [action for action in legal if isinstance(action, Look)]
            bets = [action for action in legal if isinstance(action, Bet)]
            scene.submit((looks or bets or legal)[0])
    scene.finish_animations()
    scene.update(0.0)
    scene.notes.clear()
    return scene


def winner_moment(preset: str, seed: int, names: tuple[str, ...]) -> TableScene:
    """A table caught as the last deal's pot flies to its winner, whose hand lifts and glows."""
    plans = [SeatPlan.person("You")] + [SeatPlan.bot(name, "medium") for name in names]
    session = Session(get_preset(preset).rules(), plans, stack=200, seed=seed)
    scene = TableScene(session)
    SceneStack().push(scene)
    frame = 1 / 60
    while not session.game.deal_over:
        if session.game.to_act == 0 and not scene.director.busy:
            legal = [option.action for option in session.game.legal_actions()]
            bets = [action for action in legal if isinstance(action, Bet)]
            looks = [action for action in legal if isinstance(action, Look)]
            scene.submit((looks or bets[-1:] or legal)[0])
        scene.update(frame)
    stage = scene.director.stage
    start: float | None = None
    for _ in range(60 * 30):  # until the pot has left the middle, about a third of its way
        flying = [sprite for sprite in stage.chips if sprite.diameter == POT_CHIP]
        if flying and start is None:
            start = flying[0].y
        if flying and start is not None and abs(flying[0].y - start) > 60:
            break
        scene.update(frame / 4)
    scene.notes.clear()
    return scene


def main() -> None:
    """Write every picture, in the language of `--language`."""
    parser = argparse.ArgumentParser(description="Write the golden table pictures.")
    parser.add_argument("--language", choices=sorted(LANGUAGES), default="en")
    language = parser.parse_args().language
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        os.environ[variable] = tempfile.mkdtemp()  # never the real user's settings or saves
    _chosen["folder"] = FOLDER[language]
    _chosen["folder"].mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    set_language(language)
    if language != "en":
        save_scenes(language)
    coached = TableScene(scripted_session("teen_patti", 3), coach=True)
    SceneStack().push(coached)
    coached.finish_animations()
    coached.update(0.0)
    coached.notes.clear()
    save(coached, "coach.png")
    save(winner_moment("teen_patti", 12, ("Priya", "Oliver", "Meera")), "winner.png")
    save(
        played_to_the_end("three_card_poker", 4, ("Priya", "Oliver", "Meera")),
        "three_card_poker.png",
    )
    plans = [
        SeatPlan.bot(name, "medium") for name in ("Priya", "Oliver", "Arjun", "Meera", "Harry")
    ]
    watched = TableScene(Session(get_preset("teen_patti").rules(), plans, stack=200, seed=9))
    SceneStack().push(watched)
    watched.watch.face_up = True
    for _ in range(40):  # a few rounds in: the pot and the bets have grown
        watched.finish_animations()
        watched.update(2.0)
    watched.finish_animations()
    watched.update(0.0)
    save(watched, "watching.png")
    hotseat = scripted_session("teen_patti", 3)
    table = TableScene(hotseat)
    SceneStack().push(table)
    save(HandoffScene(table, 1, "Tom"), "handoff.png")


if __name__ == "__main__":
    main()

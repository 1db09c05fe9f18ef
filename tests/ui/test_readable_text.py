"""No text is shrunk below the readable floor (14 px body text at 1280×720, scaled with the
window): every scene, and the table in the moments with the longest lines, drawn at 1280×720 and
at the smallest window; a text that would need shrinking further is cut and noted in
`fonts.OVERFLOWS`, which must stay empty."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.engine.rules import PRESETS
from game.i18n import _, language, set_language
from game.session import SeatPlan, Session
from game.ui.art import fonts
from game.ui.play.pause_scene import PauseScene
from game.ui.shell.app import MINIMUM_SIZE
from game.ui.shell.launch import SCENES
from game.ui.shell.rooms import new_context
from game.ui.shell.scene import Scene, SceneStack
from game.ui.shell.screens import screen_factory
from game.ui.shell.seating import new_session, scripted_session
from game.ui.table.table_scene import TableScene

WINDOWS = [(1280, 720), MINIMUM_SIZE]


PLAYED: dict[tuple[str, str, int, int, int], TableScene] = {}
"""The tables `played_table` played, by language and what was played: bots playing deals are
most of this file's time, and the same table is drawn at both window sizes (as a window resized
redraws it)."""


def played_table(preset: str, seed: int, deals: int, seats: int = 4) -> TableScene:
    """A table of bots seen from seat 0 (a bot named You takes a bot's name) after `deals` deals,
    at the end of the last one; played once for each language in force (`PLAYED`)."""
    key = (language(), preset, seed, deals, seats)
    if key not in PLAYED:
        PLAYED[key] = _play_table(preset, seed, deals, seats)
    return PLAYED[key]


def _play_table(preset: str, seed: int, deals: int, seats: int) -> TableScene:
    plans = [SeatPlan.bot("You", "medium")] + [
        SeatPlan.bot(name, "medium") for name in ("Priya", "Oliver", "Meera", "Harry", "Kabir")
    ][: seats - 1]
    session = Session(PRESETS[preset].rules(), plans, stack=300, seed=seed)
    scene = TableScene(session)
    scene.viewer = 0
    scene.bottom = 0
    SceneStack().push(scene)
    for _deal in range(deals):
        if not session.game.can_deal():
            break
        scene.start_deal()
        while True:
            scene.finish_animations()
            scene.update(5.0)
            if session.game.deal_over and not scene.director.busy:
                break
    scene.finish_animations()
    scene.update(0.0)
    return scene


def table_moments() -> dict[str, Callable[[], Scene]]:
    """Tables at moments with long lines: settlements, carried pots, coach, seven seats."""
    moments: dict[str, Callable[[], Scene]] = {}
    for preset in sorted(PRESETS):
        moments[f"table:{preset}"] = lambda preset=preset: TableScene(scripted_session(preset, 3))
        moments[f"played:{preset}"] = lambda preset=preset: played_table(preset, 7, 6)
    moments["played:seven seats"] = lambda: played_table("teen_patti", 5, 4, seats=6)
    moments["played:brag carried"] = lambda: played_table("brag", 5, 12, seats=3)

    def coached() -> Scene:
        scene = TableScene(scripted_session("teen_patti", 3), coach=True)
        return scene

    moments["coach"] = coached

    def poker_bets() -> Scene:
        """Three Card Poker, the person choosing between Base and Base + Pair Plus."""
        session = new_session("three_card_poker", 4)
        scene = TableScene(session)
        SceneStack().push(scene)
        for _step in range(40):
            scene.finish_animations()
            scene.update(2.0)
            game = session.game
            legal = [option.action for option in game.legal_actions()]
            if any(getattr(action, "pair_plus", 0) for action in legal) and game.to_act == 0:
                break
            if game.to_act == 0:
                scene.submit(legal[-1])
        return scene

    moments["three card poker bets"] = poker_bets

    def naming() -> Scene:
        pause = screen_factory("pause", "teen_patti", 3, new_context(seed=3))()
        assert isinstance(pause, PauseScene)
        pause.ask_name()
        refusal = _("a save name uses letters, digits, spaces, '-' or '_' (up to 40)")
        pause.say(_("Not saved: {problem}").format(problem=refusal))
        return pause

    moments["save dialog"] = naming
    return moments


def draw(make: Callable[[], Scene], size: tuple[int, int]) -> None:
    """Start the scene, finish its animations and draw it into a surface of `size`."""
    scene = make()
    if scene.scenes is None:
        SceneStack().push(scene)
    finish = getattr(scene, "finish_animations", None)
    if callable(finish):
        finish()
    scene.update(0.0)
    scene.draw(pygame.Surface(size))


@pytest.mark.parametrize("language", ["en", "hi", "tl"])
@pytest.mark.parametrize("size", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def test_no_text_is_shrunk_below_the_readable_floor(size: tuple[int, int], language: str) -> None:
    set_language(language)
    context = new_context(seed=3)
    makers: dict[str, Callable[[], Scene]] = {
        name: screen_factory(name, "teen_patti", 3, context) for name in SCENES if name != "table"
    }
    makers.update(table_moments())
    cut: dict[str, list[tuple[str, int, int]]] = {}
    for name, make in makers.items():
        fonts.OVERFLOWS.clear()
        draw(make, size)
        if fonts.OVERFLOWS:
            cut[name] = sorted(set(fonts.OVERFLOWS))
    report = "\n".join(
        f"{name}: {words!r} ({size} px in {width})"
        for name, lines in cut.items()
        for words, size, width in lines
    )
    assert not cut, "cut to fit:\n" + report


@pytest.mark.parametrize("language", ["en", "hi", "tl"])
@pytest.mark.parametrize("size", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_lessons_menus_fit_every_word(size: tuple[int, int], language: str) -> None:
    """Learn to play and its Variants screen: every variant's rule is written out, never cut."""
    from game.ui.lessons.lessons_scene import LessonsScene, VariantLessonsScene

    set_language(language)
    context = new_context(seed=3)
    for make in (lambda: LessonsScene(context), lambda: VariantLessonsScene(context)):
        fonts.OVERFLOWS.clear()
        draw(make, size)
        assert not fonts.OVERFLOWS, sorted(set(fonts.OVERFLOWS))


@pytest.mark.parametrize("seats", range(2, 8))
def test_notices_and_trays_sit_clear_of_every_seat(seats: int) -> None:
    from game.ui.kit.layout import table_layout
    from game.ui.table.chrome import LOG_BOX, STATUS_BOX
    from game.ui.table.notices import note_box
    from game.ui.table.table_view import banner_centre

    layout = table_layout(seats)
    things = [seat.plate for seat in layout.seats] + [seat.cards_area for seat in layout.seats]
    things += [layout.pot]
    for name, box in (("notice", note_box(8)), ("log", LOG_BOX), ("status", STATUS_BOX)):
        hit = [thing for thing in things if box.intersects(thing)]
        assert not hit, f"the {name} covers {hit}"
    words = "Meera does not qualify with High card 9-7-2"
    x = banner_centre(layout, words)[0]
    half = (fonts.font(14, True).size(words)[0] + 24) / 2
    assert x - half > layout.pack.right, "the bank's line does not sit on the pack"


def test_the_setup_lists_scroll_inside_their_panels() -> None:
    from game.engine.rules import PRESETS as ALL
    from game.ui.menus.setup_scene import GAME_PANEL, MORE_RULES, RULES_PANEL, SetupScene

    for preset in ALL:
        setup = SetupScene(new_context(seed=3), preset)
        for fold_open in (False, True):
            if fold_open:
                setup.toggle_more_rules()
                setup.rebuild()
            for item in setup.items:
                if item.ident.startswith("preset:"):
                    assert GAME_PANEL.contains((item.box.x, item.box.bottom - 1)), item.ident
                if item.ident.startswith("option:") or item.ident == MORE_RULES:
                    assert RULES_PANEL.contains((item.box.x, item.box.bottom - 1)), item.ident
    setup = SetupScene(new_context(seed=3), "teen_patti")
    setup.toggle_more_rules()
    setup.rebuild()
    rows = setup.rule_rows
    assert sorted(rows) == sorted([MORE_RULES] + [f"option:{c.field}" for c in setup.choices])
    setup.focus_on(rows[0])
    for row in rows[1:]:
        setup.move(1)
        assert setup.focused_ident == row, "Down walks every rule and the fold, scrolling"


@pytest.mark.parametrize("language", ["en", "hi", "tl"])
def test_every_presets_tagline_and_the_fold_read_without_shrinking_past_the_floor(
    language: str,
) -> None:
    from game.ui.menus.setup_scene import SetupScene

    set_language(language)
    shown: set[str] = set()
    cut: list[tuple[str, int, int]] = []
    for preset in ("teen_patti", "casino"):  # the first and the last of the list: every tile
        setup = SetupScene(new_context(seed=3), preset)
        SceneStack().push(setup)
        for fold_open in (False, True):
            if fold_open:
                setup.toggle_more_rules()
                setup.rebuild()
            for size in WINDOWS:
                fonts.OVERFLOWS.clear()
                setup.draw(pygame.Surface(size))
                cut += fonts.OVERFLOWS
        shown |= {item.ident for item in setup.items if item.ident.startswith("preset:")}
    set_language("en")
    assert shown == {f"preset:{name}" for name in PRESETS}
    assert not cut, f"cut to fit: {sorted(set(cut))}"

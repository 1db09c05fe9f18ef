"""The hand history: the list of finished deals, replaying one step by step from the person's
seat (exactly the recorded actions, nothing hidden shown), and exporting its text.
"""

from __future__ import annotations

import pygame
import pytest
from table_driving import WINDOW, press

from game.engine.history import replay
from game.engine.rules import get_preset
from game.persistence.paths import data_folder
from game.session import SeatPlan, Session
from game.teaching.tutorials import TUTORIALS, TutorialRun
from game.ui.history.history_lines import summarise
from game.ui.history.history_scene import HistoryScene, history_scene
from game.ui.history.replay_scene import ReplayScene
from game.ui.kit.layout import Viewport
from game.ui.shell.app import App


def played(name: str) -> Session:
    """A session whose deals were played to the end (a tutorial's scripted hands)."""
    run = TutorialRun(TUTORIALS[name])
    for _ in run.tutorial.deals:
        run.next_deal()
        while (step := run.expected()) is not None:
            run.submit(step.action)
    return run.session


def test_the_list_shows_every_deal_newest_first_with_the_result() -> None:
    scene = history_scene(played("brag"), 0)
    assert isinstance(scene, HistoryScene)
    assert scene.lines() == ["Deal 2 — You gained 13", "Deal 1 — You lost 3"]
    assert "carried" in scene.deals[1].detail(0)


def test_the_result_follows_the_seat_it_is_seen_from() -> None:
    summary = summarise(played("teen_patti").histories[0])
    assert summary.line(0) == "Deal 1 — You gained 18"
    assert summary.result(1) == "Asha lost 10"
    assert sum(summary.changes) == 0


def test_clicking_a_row_replays_that_deal(app: App) -> None:
    session = played("brag")
    scene = history_scene(session, 0)
    app.scenes.push(scene)
    assert isinstance(scene, HistoryScene)
    row = scene.row_box(1)
    assert row is not None
    pixel = Viewport.fit(WINDOW).point(row.centre)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pixel))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pixel))
    app.pump(0.0)
    top = app.scenes.top
    assert isinstance(top, ReplayScene)
    assert top.history == session.histories[0], "the second row is the older deal"
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_stepping_applies_exactly_the_recorded_actions(app: App, name: str) -> None:
    for history in played(name).histories:
        scene = ReplayScene(history, 0)
        app.scenes.push(scene)
        scene.finish_animations()
        app.pump(0.0)
        for _ in range(scene.total):
            press(app, pygame.K_RIGHT)
        scene.finish_animations()
        app.pump(0.0)
        expected = replay(history).game
        game = scene.session.game
        assert scene.done
        assert game.actions == expected.actions
        assert game.stacks == expected.stacks
        assert [seat.stack for seat in scene.board.seats] == list(expected.stacks)
        assert scene.director.drift == [], "the animated board matches the engine"
        app.scenes.pop()


def test_the_replay_shows_only_what_the_person_could_see(app: App) -> None:
    history = played("teen_patti").histories[0]
    scene = ReplayScene(history, 0)
    app.scenes.push(scene)
    scene.finish_animations()
    app.pump(0.0)
    for _ in range(scene.total - 1):
        for seat in scene.board.seats:
            seen = scene.session.game.observe(0).seats[seat.seat].hands
            for shown, allowed in zip(seat.hands, seen, strict=False):
                assert all(card is None or card in allowed for card in shown)
        assert all(card is None for card in scene.board.seats[1].hands[0]), "Asha's stay hidden"
        press(app, pygame.K_n)
        scene.finish_animations()
        app.pump(0.0)


def test_play_all_runs_the_deal_to_its_end(app: App) -> None:
    scene = ReplayScene(played("three_card_poker").histories[0], 0)
    app.scenes.push(scene)
    press(app, pygame.K_p)
    assert scene.auto
    for _ in range(200):
        scene.finish_animations()
        app.pump(0.5)
        if scene.done:
            break
    assert scene.done and not scene.auto


def test_export_writes_a_history_that_replays(app: App) -> None:
    history = played("brag").histories[1]
    scene = ReplayScene(history, 0)
    app.scenes.push(scene)
    press(app, pygame.K_e)
    files = list((data_folder() / "histories").glob("deal-2-*.txt"))
    assert len(files) == 1
    text = files[0].read_text(encoding="utf-8")
    assert text == history
    assert replay(text).game.stacks == replay(history).game.stacks
    assert scene.notes and str(files[0]) in scene.notes[-1][0], "the notice shows the path"


def test_an_empty_history_says_so_and_draws() -> None:
    rules = get_preset("teen_patti").rules()
    session = Session(rules, [SeatPlan.person("You"), SeatPlan.person("Asha")])
    scene = history_scene(session, 0)
    assert isinstance(scene, HistoryScene)
    assert scene.lines() == [] and list(scene.buttons()) == ["back"]
    scene.draw(pygame.Surface((640, 360)))


def test_the_list_draws_and_moves_its_selection_with_the_keys(app: App) -> None:
    session = played("brag")
    session.histories = session.histories * 6
    scene = history_scene(session, 0)
    assert isinstance(scene, HistoryScene)
    app.scenes.push(scene)
    for _ in range(9):
        press(app, pygame.K_DOWN)
    assert scene.selected == 9 and scene.first == 2, "the list scrolls to keep it in view"
    scene.draw(pygame.Surface(WINDOW))
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, ReplayScene)


def bots_played(deals: int) -> Session:
    """A session of three bots that played `deals` deals to the end."""
    plans = [SeatPlan.bot(name) for name in ("Asha", "Tom", "Priya")]
    session = Session(get_preset("teen_patti").rules(), plans, stack=1000, seed=3)
    for _ in range(deals):
        session.start_deal()
        for _ in range(500):
            if session.game.deal_over:
                break
            session.step()
    return session


def test_the_scroll_line_numbers_the_deals_it_lists(app: App) -> None:
    scene = history_scene(bots_played(15), 0)
    assert isinstance(scene, HistoryScene)
    app.scenes.push(scene)
    assert scene.lines()[0].startswith("Deal 15 ") and scene.lines()[7].startswith("Deal 8 ")
    assert scene.scroll_words().startswith("Deals 15–8  ·  15 in the list"), "the rows on show"
    for _ in range(14):
        press(app, pygame.K_DOWN)
    assert scene.scroll_words().startswith("Deals 8–1  ·  "), "scrolled to the oldest"
    assert history_scene(played("brag"), 0).scroll_words() == "", "no line when all rows show"

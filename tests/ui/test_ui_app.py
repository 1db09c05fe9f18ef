"""The scene stack and the app loop: quit, SIGTERM, idle pacing, pointer scaling, screenshots."""

import argparse
import os
import signal
import time
from pathlib import Path

import pygame
import pytest
from showcase import ShowcaseScene, demo_scene

from game.ui.shell.app import App, render_screenshot
from game.ui.shell.launch import run_app
from game.ui.shell.scene import Persist, Scene, SceneStack


class Recorder(Scene):
    """A scene that logs its hooks and can quit after a time or a number of updates."""

    def __init__(self, name: str = "scene", quit_after: float | None = None) -> None:
        super().__init__()
        self.name = name
        self.quit_after = quit_after
        self.log: list[str] = []
        self.events: list[pygame.event.Event] = []
        self.elapsed = 0.0
        self.updates = 0
        self.moving = False

    def startup(self, persist: Persist) -> None:
        super().startup(persist)
        self.log.append("startup")

    def resume(self, persist: Persist) -> None:
        super().resume(persist)
        self.log.append("resume")

    def handle_event(self, event: pygame.event.Event) -> None:
        self.events.append(event)

    def update(self, seconds: float) -> None:
        self.updates += 1
        self.elapsed += seconds
        if self.quit_after is not None and self.elapsed >= self.quit_after and self.scenes:
            self.scenes.clear()
        if self.updates > 2000 and self.scenes:
            self.scenes.clear()

    def cleanup(self) -> Persist:
        self.log.append("cleanup")
        return {"last": self.name}

    @property
    def animating(self) -> bool:
        return self.moving


def test_the_stack_pushes_pops_and_replaces_with_shared_persist() -> None:
    stack = SceneStack()
    table, menu, settings = Recorder("table"), Recorder("menu"), Recorder("settings")
    stack.push(table)
    stack.push(menu)
    assert stack.top is menu and len(stack) == 2 and menu.scenes is stack
    assert stack.pop() is menu
    assert menu.log == ["startup", "cleanup"] and menu.scenes is None
    assert table.log == ["startup", "resume"]
    assert table.persist["last"] == "menu"
    assert stack.replace(settings) is table
    assert stack.top is settings and settings.persist["last"] == "table"
    stack.clear()
    assert stack.top is None and settings.log == ["startup", "cleanup"]
    with pytest.raises(IndexError):
        stack.pop()


def small_app() -> App:
    app = App(size=(640, 360))
    app.open_window()
    return app


def test_the_loop_ends_when_the_window_is_closed() -> None:
    app = small_app()
    scene = Recorder()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(scene) == 0
    assert scene.log == ["startup", "cleanup"]


def test_the_loop_ends_on_sigterm_and_restores_the_handler() -> None:
    before = signal.getsignal(signal.SIGTERM)

    class Terminator(Recorder):
        def update(self, seconds: float) -> None:
            super().update(seconds)
            if self.updates == 2:
                os.kill(os.getpid(), signal.SIGTERM)

    app = small_app()
    scene = Terminator()
    pygame.event.clear()
    started = time.perf_counter()
    assert app.run(scene) == 0
    assert scene.log == ["startup", "cleanup"]
    assert scene.updates < 50, "quit promptly, not by the safety limit"
    assert time.perf_counter() - started < 5
    assert signal.getsignal(signal.SIGTERM) == before


def test_an_idle_scene_is_not_redrawn_over_and_over() -> None:
    app = small_app()
    scene = Recorder(quit_after=0.6)
    pygame.event.clear()
    started_cpu = time.process_time()
    started = time.perf_counter()
    app.run(scene)
    wall = time.perf_counter() - started
    cpu = time.process_time() - started_cpu
    assert wall >= 0.5
    assert app.frames_drawn <= 6, f"{app.frames_drawn} frames while idle"
    assert cpu < 0.5 * wall, f"idle loop used {cpu:.2f}s of CPU in {wall:.2f}s"


def test_an_animating_scene_is_drawn_at_a_capped_rate() -> None:
    app = small_app()
    scene = Recorder(quit_after=0.5)
    scene.moving = True
    pygame.event.clear()
    app.run(scene)
    assert 10 <= app.frames_drawn <= 45, f"{app.frames_drawn} frames in 0.5 s at 60 fps"


def test_pointer_positions_reach_scenes_in_logical_units() -> None:
    app = small_app()
    scene = Recorder()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(320, 180), button=1))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(scene)
    (click,) = [event for event in scene.events if event.type == pygame.MOUSEBUTTONDOWN]
    assert click.pos == (640.0, 360.0)
    assert click.window_pos == (320, 180)


def test_f11_toggles_fullscreen_and_back() -> None:
    app = small_app()
    app.toggle_fullscreen()
    assert app.fullscreen
    app.toggle_fullscreen()
    assert not app.fullscreen
    assert pygame.display.get_surface().get_size() == (640, 360)


def test_render_screenshot_writes_a_png_of_the_asked_size(tmp_path: Path) -> None:
    target = render_screenshot(tmp_path / "table.png", lambda: demo_scene(5), (960, 540))
    image = pygame.image.load(target)
    assert image.get_size() == (960, 540)
    assert image.get_at((480, 270)).g > image.get_at((480, 270)).r, "felt in the middle"


def test_run_app_with_screenshot_writes_the_file(tmp_path: Path) -> None:
    target = tmp_path / "shot.png"
    arguments = argparse.Namespace(screenshot=str(target), game=None, seed=1, hotseat=False)
    assert run_app(arguments) == 0
    assert pygame.image.load(target).get_size() == (1280, 720)


def test_the_table_scene_deals_cards_in_and_can_skip() -> None:
    scene = demo_scene(4)
    scene.startup({"animation_speed": 2.0})
    assert scene.animating and scene.hidden
    assert scene.animator.speed == 2.0
    surface = pygame.Surface((640, 360))
    for _ in range(5):
        scene.update(0.1)
        scene.draw(surface)
    assert scene.flying, "cards are in the air"
    scene.finish_animations()
    assert not scene.animating and not scene.hidden and not scene.flying


def test_escape_leaves_the_table_scene() -> None:
    stack = SceneStack()
    scene: ShowcaseScene = demo_scene(3)
    stack.push(scene)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert stack.top is None

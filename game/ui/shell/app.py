"""The app loop (a Control): owns the window and the scene stack, paces frames, quits cleanly.

Frames: 60 per second while the top scene animates; otherwise the loop sleeps in
`pygame.event.wait` (no longer than the scene's `wake_in`, e.g. a bot's thinking time) and
draws only when something happened or the scene asks for it (`take_redraw`), so an idle table
and a bot's thinking cost almost no CPU. The window is resizable; scenes lay out in logical
1280×720 and draw at the real pixel size. F11 toggles fullscreen. Closing the window or
SIGTERM ends the loop.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import pygame

from game.assets import icon_file
from game.ui.kit.layout import LOGICAL_SIZE, Viewport
from game.ui.shell.scene import Scene, SceneStack

FRAME_RATE = 60
"""Frames per second while something animates."""

IDLE_WAKE = 0.25
"""Seconds between wake-ups when idle (scenes still get update() for timers)."""

MINIMUM_SIZE = (640, 360)
"""The window cannot usefully be smaller than this."""

_POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
_REDRAW_EVENTS = (
    pygame.VIDEORESIZE,
    pygame.VIDEOEXPOSE,
    pygame.WINDOWRESIZED,
    pygame.WINDOWSIZECHANGED,
    pygame.WINDOWEXPOSED,
    pygame.WINDOWSHOWN,
    pygame.WINDOWRESTORED,
    pygame.WINDOWMAXIMIZED,
)


def to_logical(event: pygame.event.Event, viewport: Viewport) -> pygame.event.Event:
    """The pointer event with `pos` and `rel` in logical units; `window_pos` keeps the pixel."""
    if event.type not in _POINTER_EVENTS:
        return event
    values = dict(event.dict)
    values["window_pos"] = event.pos
    values["pos"] = viewport.logical(event.pos)
    if "rel" in values:
        values["rel"] = (event.rel[0] / viewport.scale, event.rel[1] / viewport.scale)
    return pygame.event.Event(event.type, values)


class App:
    """One loop, one window, one scene stack."""

    def __init__(
        self,
        title: str = "Trey",
        size: tuple[int, int] = LOGICAL_SIZE,
        fullscreen: bool = False,
        frame_rate: int = FRAME_RATE,
    ) -> None:
        self.title = title
        self.windowed_size = size
        self.fullscreen = fullscreen
        self.frame_rate = frame_rate
        self.scenes = SceneStack()
        self.frames_drawn = 0
        self.screen: pygame.Surface | None = None
        self._key_text_stray = False
        """The key just pressed was a command (it opened a screen, or no field had the focus):
        the text pygame sends after it (TEXTINPUT) is not typed anywhere."""

    def open_window(self) -> pygame.Surface:
        """Initialise the display and fonts (not audio) and open the window."""
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(self.title)
        _set_window_icon()
        self.screen = self._set_mode()
        return self.screen

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = (
            max(MINIMUM_SIZE[0], self.windowed_size[0]),
            max(MINIMUM_SIZE[1], self.windowed_size[1]),
        )
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        """Switch between a resizable window and desktop-size fullscreen."""
        if not self.fullscreen and self.screen is not None:
            self.windowed_size = self.screen.get_size()
        self.fullscreen = not self.fullscreen
        self.screen = self._set_mode()

    def resize(self, size: tuple[int, int]) -> None:
        """Set the windowed size (the settings screen); takes effect now unless fullscreen."""
        self.windowed_size = size
        if not self.fullscreen and self.screen is not None:
            self.screen = self._set_mode()

    def run(self, first: Scene | None = None) -> int:
        """Run until the stack is empty (window closed, SIGTERM, or the last scene popped).

        `first` is pushed first; without it the loop runs the scenes already on the stack.
        """
        if self.screen is None:
            self.open_window()
        if first is not None:
            self.scenes.push(first)
        with _quit_on_sigterm():
            self._loop()
        return 0

    def _loop(self) -> None:
        clock = pygame.time.Clock()
        previous = time.perf_counter()
        redraw = True
        while len(self.scenes):
            scene = self.scenes.top
            assert scene is not None
            # a scene asleep on a timer (a bot thinking) gets the real time it slept, up to a
            # second; otherwise a stalled frame never jumps an animation by more than 0.1 s
            timer = scene.wake_in
            longest = 1.0 if timer is not None and not scene.animating else 0.1
            events = self._events(busy=scene.animating, timeout=timer)
            for event in events:
                redraw = self._dispatch(event) or redraw
                if not len(self.scenes):
                    return
            now = time.perf_counter()
            seconds, previous = min(now - previous, longest), now
            scene = self.scenes.top
            if scene is None:
                return
            was_animating = scene.animating
            scene.update(seconds)
            # update() may push a scene (the hot-seat hand-off): draw whatever is on top now,
            # at once, so a new screen never waits for an input event to appear.
            top = self.scenes.top
            if top is None:
                return
            changed = self.scenes.changed or top.take_redraw()
            if redraw or events or was_animating or top.animating or changed:
                self._draw(top)
                redraw = self.scenes.changed = False
                clock.tick(self.frame_rate)

    def _events(self, busy: bool, timeout: float | None = None) -> list[pygame.event.Event]:
        if busy:
            return pygame.event.get()
        wait = IDLE_WAKE if timeout is None else max(0.0, min(IDLE_WAKE, timeout))
        first = pygame.event.wait(max(1, round(wait * 1000)))
        if first.type == pygame.NOEVENT:
            return []
        return [first, *pygame.event.get()]

    def _dispatch(self, event: pygame.event.Event) -> bool:
        """Handle one event; returns whether the window needs a redraw."""
        stray, self._key_text_stray = self._key_text_stray, False
        if event.type == pygame.TEXTINPUT and stray:
            return False
        if event.type == pygame.QUIT:
            self.scenes.clear()
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.windowed_size = event.size
        scene = self.scenes.top
        if scene is not None:
            viewport = Viewport.fit(self._surface().get_size())
            typing = scene.takes_text
            scene.handle_event(to_logical(event, viewport))
            if event.type == pygame.KEYDOWN:
                # pygame sends a letter's KEYDOWN, then its TEXTINPUT: the letter is typed only
                # into the field that had the focus when the key went down, never into a field
                # the key itself opened or focused (J opening Join with its address focused)
                self._key_text_stray = not typing or self.scenes.top is not scene
        return event.type in _REDRAW_EVENTS

    def pump(self, seconds: float = 0.0) -> None:
        """Handle every pending event, then advance the top scene by `seconds` (tests, tools)."""
        for event in pygame.event.get():
            self._dispatch(event)
        scene = self.scenes.top
        if scene is not None:
            scene.update(seconds)

    def _surface(self) -> pygame.Surface:
        surface = pygame.display.get_surface()
        if surface is None:
            raise RuntimeError("the window is closed")
        return surface

    def _draw(self, scene: Scene) -> None:
        scene.draw(self._surface())
        pygame.display.flip()
        self.frames_drawn += 1


def _set_window_icon() -> None:
    """Show the game's icon (sprites/icon.png) on the window and task bar, if it can be read."""
    # A missing icon leaves the system's default; the game plays the same.
    with contextlib.suppress(OSError, pygame.error):
        pygame.display.set_icon(pygame.image.load(icon_file()))


@contextmanager
def _quit_on_sigterm() -> Iterator[None]:
    """While inside, SIGTERM posts pygame.QUIT so the loop ends cleanly (main thread only)."""

    def handler(number: int, frame: FrameType | None) -> None:
        del number, frame
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def render_screenshot(
    path: str | Path,
    scene_factory: Callable[[], Scene],
    size: tuple[int, int] = LOGICAL_SIZE,
) -> Path:
    """Draw one frame of a new scene to a PNG without a window (SDL's dummy video driver)."""
    started_here = not pygame.display.get_init()
    if started_here:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    scene = scene_factory()
    scene.startup({})
    scene.finish_animations()
    scene.update(0.0)
    surface = pygame.Surface(size)
    scene.draw(surface)
    target = Path(path)
    pygame.image.save(surface, target)
    scene.cleanup()
    return target

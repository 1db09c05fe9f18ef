"""Scenes (title, table, settings...) and the stack the app loop runs them from.

A scene implements startup(persist), handle_event(event), update(dt), draw(surface) and
cleanup() -> persist. The top scene of the stack gets the events and is drawn; a scene changes
screens by calling `self.scenes.push(...)`, `.pop()` or `.replace(...)`.
"""

from __future__ import annotations

from typing import Any

import pygame

Persist = dict[str, Any]
"""What scenes hand to each other: settings, the session, the last result."""


class Scene:
    """A screen of the game; subclasses override the hooks they need."""

    _redraw_wanted = False
    """Something changed without moving; the app draws the next frame (see `take_redraw`)."""

    def __init__(self) -> None:
        self.scenes: SceneStack | None = None
        self.persist: Persist = {}
        self._redraw_wanted = False

    def startup(self, persist: Persist) -> None:
        """Called when the scene is pushed; `persist` is shared with the other scenes."""
        self.persist = persist

    def resume(self, persist: Persist) -> None:
        """Called when the scene above this one is popped and this one is on top again."""
        self.persist = persist

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event; pointer positions are already in logical coordinates."""

    def update(self, seconds: float) -> None:
        """Advance time-based state (animations, bot thinking) by `seconds`."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto the window surface (at its real pixel size)."""

    def cleanup(self) -> Persist:
        """Called when the scene leaves the stack; returns what to pass on."""
        return self.persist

    @property
    def takes_text(self) -> bool:
        """Whether typed text (TEXTINPUT) would go into a field now (a focused text field).

        The text of a key pressed while this is False belongs to the key's command, not to a
        field: the app drops it (see `App._dispatch`)."""
        return False

    @property
    def animating(self) -> bool:
        """Whether something moves, so the app should draw every frame."""
        return False

    def finish_animations(self) -> None:
        """Jump every animation to its end (screenshots; a scene that moves nothing has none)."""

    @property
    def wake_in(self) -> float | None:
        """Seconds until the scene's next timed change (None: nothing scheduled)."""
        return None

    def take_redraw(self) -> bool:
        """Whether something changed without moving (a notice expired); clears the request."""
        wanted = self._redraw_wanted
        self._redraw_wanted = False
        return wanted

    def request_redraw(self) -> None:
        """Ask the app to draw the next frame although nothing moves."""
        self._redraw_wanted = True


class SceneStack:
    """The stack of scenes: the top one runs; the app ends when the stack is empty."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.persist: Persist = {}
        self.changed = False

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def top(self) -> Scene | None:
        """The running scene, if any."""
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        """Put a scene on top (the one below stays alive underneath, e.g. under a menu)."""
        scene.scenes = self
        self._scenes.append(scene)
        self.changed = True
        scene.startup(self.persist)

    def pop(self) -> Scene:
        """Remove the top scene; the one below resumes with what it passed on."""
        scene = self._remove()
        if self._scenes:
            self._scenes[-1].resume(self.persist)
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another (title → table)."""
        old = self._remove()
        self.push(scene)
        return old

    def clear(self) -> None:
        """Close every scene, top first (quitting the app)."""
        while self._scenes:
            self._remove()

    def _remove(self) -> Scene:
        if not self._scenes:
            raise IndexError("no scene to remove: the stack is empty")
        scene = self._scenes.pop()
        self.persist.update(scene.cleanup())
        scene.scenes = None
        self.changed = True
        return scene

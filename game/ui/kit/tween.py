"""Tweens as data, pure easing functions, and an animator that plays them in sequence or together.

A `Tween` says what to change (`target`, `props` with end values), over how long, with which
easing, after what delay, and what to call when done. `Sequence` and `Parallel` compose them;
an `Animator` advances everything with a speed multiplier and can skip straight to the end.

>>> from types import SimpleNamespace
>>> card = SimpleNamespace(x=0.0, y=10.0)
>>> animator = Animator()
>>> animator.play(Tween(card, {"x": 100.0}, duration=1.0, easing=linear))
>>> animator.update(0.25)
>>> card.x
25.0
>>> animator.skip()
>>> card.x, animator.busy
(100.0, False)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import Protocol

Easing = Callable[[float], float]
"""Maps progress 0..1 to eased progress (0 at 0, 1 at 1; may overshoot in between)."""

Value = float | tuple[float, ...]
"""A property a tween can move: a number or a tuple of numbers (a position, a colour)."""


def linear(progress: float) -> float:
    """No easing: constant speed."""
    return progress


def ease_in_quad(progress: float) -> float:
    """Starts slow, speeds up."""
    return progress * progress


def ease_out_quad(progress: float) -> float:
    """Starts fast, slows down."""
    return 1 - (1 - progress) * (1 - progress)


def ease_in_out_quad(progress: float) -> float:
    """Slow at both ends, fastest in the middle."""
    if progress < 0.5:
        return 2 * progress * progress
    return 1 - (-2 * progress + 2) ** 2 / 2


def ease_in_cubic(progress: float) -> float:
    """Starts slower than quad, speeds up harder."""
    return progress**3


def ease_out_cubic(progress: float) -> float:
    """Fast start, soft landing: the default for cards sliding into place."""
    return 1 - (1 - progress) ** 3


def ease_in_out_cubic(progress: float) -> float:
    """Slow at both ends, with a quicker middle than quad."""
    if progress < 0.5:
        return 4 * progress**3
    return 1 - (-2 * progress + 2) ** 3 / 2


def ease_out_quint(progress: float) -> float:
    """Very fast start, long soft landing."""
    return 1 - (1 - progress) ** 5


def ease_out_back(progress: float) -> float:
    """Overshoots the end slightly then settles: chips landing, buttons popping in."""
    overshoot = 1.70158
    shifted = progress - 1
    return 1 + (overshoot + 1) * shifted**3 + overshoot * shifted**2


def ease_in_back(progress: float) -> float:
    """Pulls back slightly before moving forward."""
    overshoot = 1.70158
    return (overshoot + 1) * progress**3 - overshoot * progress**2


def ease_out_elastic(progress: float) -> float:
    """Springs past the end and wobbles to rest."""
    if progress in (0.0, 1.0):
        return progress
    return float(2 ** (-10 * progress) * math.sin((progress * 10 - 0.75) * (2 * math.pi / 3)) + 1)


def ease_out_bounce(progress: float) -> float:
    """Bounces at the end like a dropped chip."""
    strength, width = 7.5625, 2.75
    if progress < 1 / width:
        return strength * progress * progress
    if progress < 2 / width:
        progress -= 1.5 / width
        return strength * progress * progress + 0.75
    if progress < 2.5 / width:
        progress -= 2.25 / width
        return strength * progress * progress + 0.9375
    progress -= 2.625 / width
    return strength * progress * progress + 0.984375


EASINGS: dict[str, Easing] = {
    function.__name__: function
    for function in (
        linear,
        ease_in_quad,
        ease_out_quad,
        ease_in_out_quad,
        ease_in_cubic,
        ease_out_cubic,
        ease_in_out_cubic,
        ease_out_quint,
        ease_out_back,
        ease_in_back,
        ease_out_elastic,
        ease_out_bounce,
    )
}
"""Every easing function by name, for settings and data files."""


def interpolate(start: Value, end: Value, amount: float) -> Value:
    """The value `amount` of the way from start to end (numbers or equal-length tuples)."""
    if isinstance(start, tuple) and isinstance(end, tuple):
        if len(start) != len(end):
            raise ValueError(f"cannot tween {start} to {end}: different lengths")
        return tuple(a + (b - a) * amount for a, b in zip(start, end, strict=True))
    if isinstance(start, tuple) or isinstance(end, tuple):
        raise ValueError(f"cannot tween {start} to {end}: a number and a tuple")
    return start + (end - start) * amount


class Animation(Protocol):
    """Anything the animator can run: a tween, a wait, a call, or a group of them."""

    @property
    def done(self) -> bool:
        """Whether it has finished."""
        ...

    def advance(self, seconds: float) -> float:
        """Move on by `seconds`; return the time left over once finished (0 while running)."""
        ...

    def finish(self) -> None:
        """Jump to the end: final values set, callbacks called."""
        ...


def _read(target: object, name: str) -> Value:
    if isinstance(target, MutableMapping):
        value: Value = target[name]
    else:
        value = getattr(target, name)
    return value


def _write(target: object, name: str, value: Value) -> None:
    if isinstance(target, MutableMapping):
        target[name] = value
    else:
        setattr(target, name, value)


@dataclass
class Tween:
    """Move `props` of `target` (attributes, or keys of a dict) to the given end values."""

    target: object
    props: Mapping[str, Value]
    duration: float
    easing: Easing = ease_out_cubic
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    elapsed: float = field(default=0.0, init=False)
    done: bool = field(default=False, init=False)
    _start: dict[str, Value] | None = field(default=None, init=False, repr=False)

    def advance(self, seconds: float) -> float:
        """Move on by `seconds`; start values are read when the delay has passed."""
        if self.done:
            return seconds
        self.elapsed += seconds
        active = self.elapsed - self.delay
        if active < 0:
            return 0.0
        if self._start is None:
            self._start = {name: _read(self.target, name) for name in self.props}
        if self.duration <= 0 or active >= self.duration:
            leftover = active - max(self.duration, 0.0)
            self._complete()
            return leftover
        eased = self.easing(active / self.duration)
        for name, end in self.props.items():
            _write(self.target, name, interpolate(self._start[name], end, eased))
        return 0.0

    def finish(self) -> None:
        """Set the end values now and call on_done."""
        if not self.done:
            self._complete()

    def _complete(self) -> None:
        for name, end in self.props.items():
            _write(self.target, name, end)
        self.done = True
        if self.on_done is not None:
            self.on_done()


@dataclass
class Wait:
    """A pause inside a sequence."""

    duration: float
    elapsed: float = field(default=0.0, init=False)
    done: bool = field(default=False, init=False)

    def advance(self, seconds: float) -> float:
        """Count the time down."""
        if self.done:
            return seconds
        self.elapsed += seconds
        if self.elapsed >= self.duration:
            self.done = True
            return self.elapsed - self.duration
        return 0.0

    def finish(self) -> None:
        """End the pause now."""
        self.done = True


@dataclass
class Call:
    """Call a function at this point of a sequence (play a sound, reveal a card)."""

    function: Callable[[], None]
    done: bool = field(default=False, init=False)

    def advance(self, seconds: float) -> float:
        """Call the function once and pass all the time on."""
        self.finish()
        return seconds

    def finish(self) -> None:
        """Call the function if it has not been called."""
        if not self.done:
            self.done = True
            self.function()


class Sequence:
    """Animations one after another; time left over by one flows into the next."""

    def __init__(self, animations: Iterable[Animation] = ()) -> None:
        self.animations: list[Animation] = list(animations)
        self._index = 0

    @property
    def done(self) -> bool:
        """Whether every step has finished."""
        return self._index >= len(self.animations)

    def add(self, animation: Animation) -> Sequence:
        """Append a step; returns self so steps chain."""
        self.animations.append(animation)
        return self

    def advance(self, seconds: float) -> float:
        """Run the current step, moving to the next with any time it leaves over."""
        while not self.done:
            seconds = self.animations[self._index].advance(seconds)
            if not self.animations[self._index].done:
                return 0.0
            self._index += 1
        return seconds

    def finish(self) -> None:
        """Finish every remaining step in order (steps added by callbacks are finished too)."""
        while not self.done:
            self.animations[self._index].finish()
            self._index += 1


class Parallel:
    """Animations that run together; done when the longest is done."""

    def __init__(self, animations: Iterable[Animation] = ()) -> None:
        self.animations: list[Animation] = list(animations)

    @property
    def done(self) -> bool:
        """Whether every member has finished."""
        return all(animation.done for animation in self.animations)

    def add(self, animation: Animation) -> Parallel:
        """Add a member; returns self so members chain."""
        self.animations.append(animation)
        return self

    def advance(self, seconds: float) -> float:
        """Advance every member; the leftover is what the longest member left."""
        leftovers = [animation.advance(seconds) for animation in list(self.animations)]
        return min(leftovers, default=seconds) if self.done else 0.0

    def finish(self) -> None:
        """Finish every member."""
        for animation in list(self.animations):
            animation.finish()


class Animator:
    """Runs animations side by side at a speed multiplier (the animation-speed setting)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._running: list[Animation] = []

    @property
    def busy(self) -> bool:
        """Whether anything is still moving (the app draws at full rate while busy)."""
        return bool(self._running)

    def play(self, animation: Animation) -> None:
        """Start an animation now, alongside whatever is running; instant at speed 0."""
        self._running.append(animation)
        if self.speed <= 0:
            self.skip()

    def update(self, seconds: float) -> None:
        """Advance everything by `seconds` of real time times the speed."""
        if self.speed <= 0:
            self.skip()
            return
        scaled = seconds * self.speed
        for animation in list(self._running):
            animation.advance(scaled)
        self._running = [animation for animation in self._running if not animation.done]

    def skip(self) -> None:
        """Jump every animation to its end, including ones their callbacks start."""
        while self._running:
            running, self._running = self._running, []
            for animation in running:
                animation.finish()


class Deferred:
    """An animation built only when it starts, so it can read where things are at that moment."""

    def __init__(self, build: Callable[[], Animation]) -> None:
        self.build = build
        self.inner: Animation | None = None

    @property
    def done(self) -> bool:
        """Whether the built animation has finished."""
        return self.inner is not None and self.inner.done

    def _ensure(self) -> Animation:
        if self.inner is None:
            self.inner = self.build()
        return self.inner

    def advance(self, seconds: float) -> float:
        """Build the animation on first use, then advance it."""
        return self._ensure().advance(seconds)

    def finish(self) -> None:
        """Build it if needed and jump to its end."""
        self._ensure().finish()

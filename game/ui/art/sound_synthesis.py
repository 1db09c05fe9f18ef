"""Synthesises the game's sound effects from scratch (no recordings), into sounds/ as WAV files.

Run `python -m game.ui.art.sound_synthesis` to rebuild them. Each sound is a few lines of maths:
filtered noise for paper and felt, damped sine partials for chips and chimes. The output is
deterministic (seeded noise), 22,050 Hz, 16-bit mono.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22_050
Samples = list[float]


def _noise(seconds: float, seed: int) -> Samples:
    generator = random.Random(seed)
    return [generator.uniform(-1.0, 1.0) for _ in range(int(RATE * seconds))]


def _low_pass(samples: Samples, amount: float) -> Samples:
    """A one-pole low-pass filter; `amount` near 1 keeps only low sounds."""
    filtered, previous = [], 0.0
    for sample in samples:
        previous = previous * amount + sample * (1 - amount)
        filtered.append(previous)
    return filtered


def _high_pass(samples: Samples, amount: float) -> Samples:
    low = _low_pass(samples, amount)
    return [sample - smooth for sample, smooth in zip(samples, low, strict=True)]


def _envelope(samples: Samples, attack: float, decay: float) -> Samples:
    """Shape loudness: a linear attack then an exponential decay (times in seconds)."""
    shaped = []
    for index, sample in enumerate(samples):
        time = index / RATE
        gain = time / attack if time < attack else math.exp(-(time - attack) / decay)
        shaped.append(sample * gain)
    return shaped


def _tone(seconds: float, partials: list[tuple[float, float, float]]) -> Samples:
    """A sum of damped sines: (frequency Hz, amplitude, decay seconds) each."""
    count = int(RATE * seconds)
    return [
        sum(
            amplitude
            * math.sin(2 * math.pi * frequency * index / RATE)
            * math.exp(-index / RATE / decay)
            for frequency, amplitude, decay in partials
        )
        for index in range(count)
    ]


def _mix(*tracks: tuple[float, Samples]) -> Samples:
    """Add tracks that start at the given offsets (seconds)."""
    length = max(int(offset * RATE) + len(track) for offset, track in tracks)
    mixed = [0.0] * length
    for offset, track in tracks:
        start = int(offset * RATE)
        for index, sample in enumerate(track):
            mixed[start + index] += sample
    return mixed


def _normalised(samples: Samples, peak: float) -> Samples:
    loudest = max(abs(sample) for sample in samples) or 1.0
    return [sample * peak / loudest for sample in samples]


def deal() -> Samples:
    """A card sliding over felt and landing: a short swish of filtered noise."""
    swish = _envelope(_high_pass(_noise(0.12, 1), 0.6), 0.01, 0.03)
    tap = _envelope(_low_pass(_noise(0.05, 2), 0.8), 0.001, 0.008)
    return _normalised(_mix((0.0, swish), (0.07, tap)), 0.55)


def flip() -> Samples:
    """A card turned over: a quick paper snap."""
    snap = _envelope(_high_pass(_noise(0.07, 3), 0.3), 0.002, 0.012)
    return _normalised(snap, 0.5)


def shuffle() -> Samples:
    """A riffle shuffle: many tiny paper clicks speeding up, then a squared-up tap."""
    tracks: list[tuple[float, Samples]] = []
    time = 0.0
    for index in range(34):
        click = _envelope(_high_pass(_noise(0.02, 10 + index), 0.4), 0.001, 0.004)
        tracks.append((time, [sample * (0.5 + 0.5 * index / 34) for sample in click]))
        time += 0.022 - index * 0.0003
    tracks.append((time + 0.08, _envelope(_low_pass(_noise(0.06, 99), 0.85), 0.001, 0.015)))
    return _normalised(_mix(*tracks), 0.6)


def chip() -> Samples:
    """Clay chips clicking together: two bright damped partials, twice."""
    click = _tone(0.12, [(2900.0, 1.0, 0.018), (4700.0, 0.6, 0.012), (1800.0, 0.4, 0.03)])
    return _normalised(_mix((0.0, click), (0.045, [sample * 0.6 for sample in click])), 0.5)


def fold() -> Samples:
    """Cards pushed away: a soft, longer swish downward."""
    swish = _envelope(_low_pass(_noise(0.3, 4), 0.5), 0.03, 0.09)
    return _normalised(swish, 0.4)


def win() -> Samples:
    """A small bright arpeggio (C E G C) of bell-like tones."""
    notes = [523.25, 659.25, 783.99, 1046.5]
    tracks = [
        (index * 0.09, _tone(0.6, [(pitch, 1.0, 0.25), (pitch * 2, 0.3, 0.12)]))
        for index, pitch in enumerate(notes)
    ]
    return _normalised(_mix(*tracks), 0.5)


def click() -> Samples:
    """A button press: a very short soft tick."""
    return _normalised(_tone(0.04, [(1400.0, 1.0, 0.006), (2600.0, 0.3, 0.004)]), 0.35)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "shuffle": shuffle,
    "deal": deal,
    "flip": flip,
    "chip": chip,
    "fold": fold,
    "win": win,
    "click": click,
}
"""Every sound effect the game plays, by name."""


def write_wav(path: Path, samples: Samples) -> None:
    """Write 16-bit mono WAV."""
    frames = b"".join(
        struct.pack("<h", int(max(-1.0, min(1.0, sample)) * 32_000)) for sample in samples
    )
    with wave.open(str(path), "wb") as output:
        output.setnchannels(1)
        output.setsampwidth(2)
        output.setframerate(RATE)
        output.writeframes(frames)


def main(folder: Path | None = None) -> None:
    """Write every sound into `folder` (default: the repository's sounds/)."""
    target = folder or Path(__file__).resolve().parents[3] / "sounds"
    target.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(target / f"{name}.wav", make())


if __name__ == "__main__":
    main()

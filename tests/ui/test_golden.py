"""The README picture, pinned: a mid-hand Teen Patti table from `--screenshot` must keep looking
the same (within a small tolerance for font rasterising and smoothing differences).

To regenerate after a deliberate change of look, run from the repository root:

    SDL_VIDEODRIVER=dummy XDG_CONFIG_HOME=$(mktemp -d) \\
        .venv/bin/python -m game --screenshot tests/golden/table_teen_patti.png --seed 3

then open the PNG and look at it before committing it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame

from game.ui.shell.launch import run_app

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "table_teen_patti.png"

TOLERANCE = 2.0
"""Largest mean absolute difference per colour channel (0-255) still counted as the same."""


def mean_difference(first: pygame.Surface, second: pygame.Surface) -> float:
    """Mean absolute per-channel difference of two equal-size images."""
    one, two = first.convert(), second.convert()
    above = one.copy()
    above.blit(two, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    below = two.copy()
    below.blit(one, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    above.blit(below, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    red, green, blue, _ = pygame.transform.average_color(above)
    return (red + green + blue) / 3


def test_the_table_looks_like_the_golden_picture(tmp_path: Path) -> None:
    target = tmp_path / "table.png"
    arguments = argparse.Namespace(screenshot=str(target), game="teen_patti", seed=3, hotseat=False)
    assert run_app(arguments) == 0
    made, golden = pygame.image.load(target), pygame.image.load(GOLDEN)
    assert made.get_size() == golden.get_size()
    difference = mean_difference(made, golden)
    assert difference < TOLERANCE, f"the table looks different (mean difference {difference:.2f})"


def test_the_comparison_notices_a_real_change() -> None:
    golden = pygame.image.load(GOLDEN)
    changed = golden.copy()
    changed.fill((0, 0, 0), pygame.Rect(0, 0, 640, 720))
    assert mean_difference(golden, changed) > TOLERANCE
    assert mean_difference(golden, golden.copy()) == 0

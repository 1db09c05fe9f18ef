"""Nothing the table draws in the middle covers another thing: for every family and every table
size, the result ribbon (one line or two, in English and in Hindi) keeps clear of the STAKE line,
of every seat's cards as drawn face up (fanned, risen as the winner) and of the dealer button,
and the dealer button of every seat keeps clear of every seat's cards face up and of the glow
round a winning hand."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import set_language
from game.ui.kit.layout import Box, Viewport, table_layout
from game.ui.shell.app import MINIMUM_SIZE
from game.ui.table.chrome import caption_image, caption_rect
from game.ui.table.table_view import stake_rect

FAMILIES = {
    "teen_patti": (False, (1, 2)),
    "brag": (False, (1, 2)),
    "three_card_poker": (False, (1,)),
    "casino": (True, (1,)),
}
"""Each family's table: whether the house deals from the top, and the hands a seat may hold
(a Brag seat keeping its old blind hand holds two)."""

GLOW_REACH = 12
"""How far (logical pixels) a winning hand's glow and the cards' shadow reach beyond the cards:
the dealer button keeps further off than that."""

CAPTIONS = (
    "Arjun takes the pot of 463",
    "Oliver takes the pot of 99,999 — Pair of 9s, 2 kicker beats Pair of 5s, 10 kicker",
    "ओलिवर ने 99,999 का पॉट जीता — 9 की जोड़ी, 2 किकर ने 5 की जोड़ी, 10 किकर को हराया",
)
"""A short result, a long one that takes two lines, and a long one in Devanagari."""


@pytest.mark.parametrize("size", [(1280, 720), MINIMUM_SIZE], ids=lambda size: f"{size[0]}")
@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("seats", range(2, 8))
def test_ribbon_stake_button_and_shown_cards_never_overlap(
    seats: int, family: str, size: tuple[int, int]
) -> None:
    house, hand_counts = FAMILIES[family]
    viewport = Viewport.fit(size)
    for hands in hand_counts:
        count = seats + 1 if house else seats
        layout = table_layout(count, 0, [hands] * count, house=house)
        shown = {
            f"seat {seat.seat} cards": pygame.Rect(viewport.box(seat.shown_area))
            for seat in layout.seats
        }
        buttons = {
            f"seat {seat.seat} button": pygame.Rect(viewport.box(seat.button_box))
            for seat in layout.seats
        }
        glowing = {  # a winning hand's gold glow reaches beyond its cards
            name: cards.inflate(2 * viewport.length(GLOW_REACH), 2 * viewport.length(GLOW_REACH))
            for name, cards in shown.items()
        }
        for button, spot in buttons.items():
            hits = [name for name, cards in glowing.items() if spot.colliderect(cards)]
            assert not hits, f"{button} touches {hits} ({family}, {seats} seats, {hands} hands)"
        rows = {  # two badges ('SEEN', 'SHOWN'), leftward from the badge's right edge
            f"seat {seat.seat} badges": pygame.Rect(
                viewport.box(
                    Box(
                        seat.badge.right - 2 * seat.badge.width - 4,
                        seat.badge.y,
                        2 * seat.badge.width + 4,
                        seat.badge.height,
                    )
                )
            )
            for seat in layout.seats
            if seat.side != "bottom"
        }
        for button, spot in buttons.items():
            hits = [name for name, row in rows.items() if spot.colliderect(row)]
            assert not hits, f"{button} covers {hits} ({family}, {seats} seats, {hands} hands)"
        stake = stake_rect(viewport, layout, 99_999)
        for words in CAPTIONS:
            set_language("en" if words.isascii() else "hi")
            try:
                ribbon = caption_rect(viewport, layout, caption_image(viewport, words, "result"))
            finally:
                set_language("en")
            clear = {"STAKE line": stake, **shown, **buttons}
            hits = [name for name, rect in clear.items() if ribbon.colliderect(rect)]
            assert not hits, f"the ribbon covers {hits} ({family}, {seats} seats, {words!r})"


def test_a_long_result_takes_two_lines_and_the_stake_stays_clear() -> None:
    """The two-line ribbon is the one that used to cover the STAKE line: it is taller, and its
    top still sits under the line."""
    viewport = Viewport.fit((1280, 720))
    layout = table_layout(4)
    one = caption_image(viewport, CAPTIONS[0], "result")
    two = caption_image(viewport, CAPTIONS[1], "result")
    assert two.get_height() > one.get_height()
    stake = stake_rect(viewport, layout, 20)
    for image in (one, two):
        assert caption_rect(viewport, layout, image).top >= stake.bottom

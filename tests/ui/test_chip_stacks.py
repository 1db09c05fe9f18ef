"""Chip stacks by denomination: the fewest chips that make an amount, piles that grow with it
and never outgrow their room, and the bets and pots sitting clear of every plate, card and text
at 4 and 7 seats, at 1280×720 and at the smallest window."""

from __future__ import annotations

import dataclasses
import itertools
import math

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.observation import Observation
from game.engine.rules import get_preset
from game.session import SeatPlan, Session
from game.ui.art.chips_art import (
    DENOMINATIONS,
    chip_breakdown,
    chip_pile,
    display_chips,
    pile_columns,
)
from game.ui.kit.layout import (
    BET_COLUMNS,
    BET_PILE_ROOM,
    BET_TALLEST,
    MESSAGES,
    POT_BOX,
    POT_CHIP,
    TableLayout,
    Viewport,
    bet_spot,
    fanned,
    hand_label_boxes,
    pot_pile_room,
    stake_line_box,
    table_layout,
)
from game.ui.shell.app import MINIMUM_SIZE
from game.ui.shell.scene import SceneStack
from game.ui.shell.seating import new_session
from game.ui.table.table_scene import TableScene
from game.ui.table.table_view import bet_rects, pot_rects

WINDOWS = [(1280, 720), MINIMUM_SIZE]
AMOUNTS = (1, 7, 37, 250, 1234, 4999, 35_000, 99_999)


def fewest_chips(amount: int) -> int:
    """The fewest chips that make `amount`, by dynamic programming over every denomination."""
    best = [0] + [amount + 1] * amount
    for value in range(1, amount + 1):
        best[value] = 1 + min(best[value - chip] for chip in DENOMINATIONS if chip <= value)
    return best[amount]


@given(st.integers(min_value=0, max_value=3000))
def test_the_breakdown_sums_to_the_amount_in_the_fewest_chips(amount: int) -> None:
    chips = chip_breakdown(amount)
    assert sum(chips) == amount
    assert len(chips) == fewest_chips(amount)
    assert chips == sorted(chips, reverse=True), "highest first"


@given(st.integers(min_value=1, max_value=200_000))
def test_a_pile_shows_the_amount_in_columns_of_one_denomination(amount: int) -> None:
    shown = display_chips(amount)
    assert sum(shown) == amount and set(shown) <= set(DENOMINATIONS)
    columns = pile_columns(amount, BET_COLUMNS, BET_TALLEST)
    assert 1 <= len(columns) <= BET_COLUMNS
    assert all(1 <= len(column) <= BET_TALLEST for column in columns)
    if len(pile_columns(amount, 99, 99)) <= BET_COLUMNS:
        assert all(len(set(column)) == 1 for column in columns), "one denomination a column"
        assert sum(map(sum, columns)) == amount


def test_piles_grow_with_the_amount_but_stay_in_their_room() -> None:
    heights = [chip_pile(amount, 28, BET_COLUMNS, BET_TALLEST).get_height() for amount in AMOUNTS]
    widths = [chip_pile(amount, 28, BET_COLUMNS, BET_TALLEST).get_width() for amount in AMOUNTS]
    assert heights[-1] > heights[0] and widths[-1] > widths[0]
    for scale in (0.5, 1.0, 2.0):
        viewport = Viewport(scale, 0, 0, round(1280 * scale), round(720 * scale))
        seat = table_layout(4).seats[2]
        for amount in (*AMOUNTS, 10**7):
            pile, _ = bet_rects(viewport, seat, amount)
            room = pygame.Rect(viewport.box(seat.bet))
            assert pile.width <= viewport.length(BET_PILE_ROOM) + 1
            assert room.top <= pile.top and pile.bottom <= room.bottom, (scale, amount)
            for count in (1, 2, 3):
                observation = _observation(4, (amount,) * count, 0)
                for pile, _ in pot_rects(viewport, table_layout(4), observation):
                    assert pile.height <= viewport.length(pot_pile_room(POT_BOX, count))
                    assert pile.width <= viewport.length(POT_BOX.width / count)


def _observation(seats: int, pots: tuple[int, ...], carried: int) -> Observation:
    session = new_session("teen_patti", seats, seats=seats)
    return dataclasses.replace(session.game.observe(0), pots=pots, carried=carried)


def _things_to_keep_clear(layout: TableLayout, viewport: Viewport) -> dict[str, pygame.Rect]:
    """Every plate, card, badge, label, dealer button, the pack and the reserved trays."""
    things: dict[str, pygame.Rect] = {}
    for seat in layout.seats:
        things[f"seat {seat.seat} plate"] = pygame.Rect(viewport.box(seat.plate))
        things[f"seat {seat.seat} badge"] = pygame.Rect(viewport.box(seat.badge))
        things[f"seat {seat.seat} dealer button"] = pygame.Rect(viewport.box(seat.button_box))
        for hand, boxes in enumerate(seat.hands):
            for place, box in enumerate((*boxes, *fanned(boxes, seat.side))):
                things[f"seat {seat.seat} card {hand}.{place}"] = pygame.Rect(viewport.box(box))
        for index, box in enumerate(hand_label_boxes(seat)):
            things[f"seat {seat.seat} hand label {index}"] = pygame.Rect(viewport.box(box))
    things["pack"] = pygame.Rect(viewport.box(layout.pack))
    things["messages"] = pygame.Rect(viewport.box(MESSAGES))
    things["controls"] = pygame.Rect(viewport.box(layout.controls))
    things["stake line"] = pygame.Rect(viewport.box(stake_line_box(layout.pot)))
    return things


@pytest.mark.parametrize("size", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("seats", [4, 7])
def test_bets_and_pots_sit_clear_of_every_plate_card_and_text(
    seats: int, size: tuple[int, int]
) -> None:
    viewport = Viewport.fit(size)
    for hands, amount, (pots, carried) in itertools.product(
        ([1] * seats, [2] * seats), (1, 1234, 35_000), (((35_000,), 0), ((900, 35_000), 4_321))
    ):
        layout = table_layout(seats, 0, hands)
        clear = _things_to_keep_clear(layout, viewport)
        pieces: dict[str, pygame.Rect] = {}
        for seat in layout.seats:
            pile, label = bet_rects(viewport, seat, amount)
            pieces[f"seat {seat.seat} pile"], pieces[f"seat {seat.seat} amount"] = pile, label
        for index, (pile, label) in enumerate(
            pot_rects(viewport, layout, _observation(seats, pots, carried))
        ):
            pieces[f"pot {index} pile"], pieces[f"pot {index} amount"] = pile, label
        felt = pygame.Rect(viewport.box(layout.felt))
        for name, rect in pieces.items():
            assert felt.contains(rect), f"{name} leaves the felt ({seats} seats, {hands}, {size})"
            hits = [thing for thing, other in clear.items() if rect.colliderect(other)]
            assert not hits, f"{name} covers {hits} ({seats} seats, {hands}, {amount}, {size})"
        for (first, one), (second, two) in itertools.combinations(pieces.items(), 2):
            same_seat = first.split()[:2] == second.split()[:2]
            assert same_seat or not one.colliderect(two), f"{first} covers {second} ({size})"


def test_chips_in_flight_land_on_the_stacks() -> None:
    """A bet's chips fly to the column next to its amount; the gather and the award leave from
    and arrive at the pot's pile."""
    scene = TableScene(new_session("teen_patti", 4, seats=4))
    SceneStack().push(scene)
    layout = scene.layout()
    viewport = Viewport.fit((1280, 720))
    for seat in layout.seats:
        spot = scene.director.spots.bet(seat.seat)
        assert spot == bet_spot(seat)
        pile, _ = bet_rects(viewport, seat, 1)
        assert abs(pile.centerx - viewport.point(spot)[0]) <= 2, "one chip stands on the spot"
        assert abs(pile.bottom - viewport.point(spot)[1]) <= 1
    observation = _observation(4, (40,), 0)
    pile, _ = pot_rects(viewport, layout, observation)[0]
    assert pile.midbottom == viewport.point(scene.director.spots.pot(0))


def test_the_winner_glows_as_the_pot_flies_to_it() -> None:
    plans = [SeatPlan.bot(name, "medium") for name in ("Priya", "Oliver", "Meera")]
    session = Session(get_preset("teen_patti").rules(), plans, stack=200, seed=12)
    scene = TableScene(session)
    SceneStack().push(scene)
    stage = scene.director.stage
    for _ in range(60 * 600):
        flying = [sprite for sprite in stage.chips if sprite.diameter == POT_CHIP]
        if flying:
            break
        scene.update(1 / 60)
    else:
        raise AssertionError("the pot never flew")
    assert stage.winners, "the winner glows while the chips are in the air"
    (winner,) = stage.winners
    plate = scene.layout().seats[winner].plate.centre
    start = (flying[0].x, flying[0].y)
    for _ in range(10):
        scene.update(1 / 60)
    assert math.dist((flying[0].x, flying[0].y), plate) < math.dist(start, plate)

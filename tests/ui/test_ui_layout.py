"""Seats sit round the table inside the window, never on top of each other, at any window size."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ui.kit.layout import (
    LOGICAL_HEIGHT,
    LOGICAL_WIDTH,
    MAX_SEATS,
    MIN_SEATS,
    SCREEN,
    TABLE_CENTRE,
    Box,
    Viewport,
    table_layout,
)

SEAT_COUNTS = range(MIN_SEATS, MAX_SEATS + 1)


def hand_patterns(seat_count: int) -> list[list[int]]:
    """One hand each, two hands each, and alternating (Brag seats keeping a blind hand)."""
    return [
        [1] * seat_count,
        [2] * seat_count,
        [1 + seat % 2 for seat in range(seat_count)],
    ]


@pytest.mark.parametrize("seat_count", SEAT_COUNTS)
def test_every_box_is_inside_the_logical_screen(seat_count: int) -> None:
    for viewer, counts in itertools.product(range(seat_count), hand_patterns(seat_count)):
        layout = table_layout(seat_count, viewer, counts)
        for seat in layout.seats:
            for box in seat.boxes():
                assert box.inside(SCREEN), (seat_count, seat.seat, box)
        assert layout.pot.inside(layout.felt)
        assert layout.pack.inside(layout.felt)


@pytest.mark.parametrize("seat_count", SEAT_COUNTS)
def test_no_two_seats_overlap_and_none_covers_the_pot_or_pack(seat_count: int) -> None:
    for counts in hand_patterns(seat_count):
        layout = table_layout(seat_count, 0, counts)
        for first, second in itertools.combinations(layout.seats, 2):
            for box_a, box_b in itertools.product(first.boxes(), second.boxes()):
                assert not box_a.intersects(box_b), (seat_count, first.seat, second.seat)
        for seat in layout.seats:
            for box in seat.boxes():
                assert not box.intersects(layout.pot), (seat_count, seat.seat, box)
                assert not box.intersects(layout.pack), (seat_count, seat.seat, box)


@pytest.mark.parametrize("seat_count", SEAT_COUNTS)
def test_a_seats_own_parts_do_not_overlap(seat_count: int) -> None:
    for counts in hand_patterns(seat_count):
        for seat in table_layout(seat_count, 0, counts).seats:
            parts = [seat.plate, seat.cards_area, seat.bet, seat.button_box]
            for first, second in itertools.combinations(parts, 2):
                assert not first.intersects(second), (seat_count, seat.seat, first, second)
            assert not seat.badge.intersects(seat.cards_area)


@pytest.mark.parametrize("seat_count", SEAT_COUNTS)
def test_only_the_viewer_uses_the_reserved_control_and_message_areas(seat_count: int) -> None:
    layout = table_layout(seat_count, 0)
    for seat in layout.seats[1:]:
        for box in seat.boxes():
            assert not box.intersects(layout.controls)
            assert not box.intersects(layout.messages)
    for box in layout.seats[0].boxes():
        assert not box.intersects(layout.controls)


@pytest.mark.parametrize("seat_count", SEAT_COUNTS)
def test_the_viewer_sits_at_the_bottom_centre_and_play_goes_clockwise(seat_count: int) -> None:
    for viewer in range(seat_count):
        layout = table_layout(seat_count, viewer)
        mine = layout.seats[viewer]
        assert mine.side == "bottom"
        assert mine.anchor[0] == TABLE_CENTRE[0]
        assert all(seat.anchor[1] < mine.anchor[1] for seat in layout.seats if seat is not mine)
        following = layout.seats[(viewer + 1) % seat_count]
        if seat_count > 2:
            assert following.anchor[0] < TABLE_CENTRE[0], "the next seat is on the viewer's left"


def test_two_hands_give_two_rows_of_three_card_boxes() -> None:
    layout = table_layout(4, 0, [1, 2, 1, 2])
    assert [len(seat.hands) for seat in layout.seats] == [1, 2, 1, 2]
    assert all(len(hand) == 3 for seat in layout.seats for hand in seat.hands)
    left_seat = layout.seats[1]
    first, second = left_seat.hands
    assert not first[-1].intersects(second[0])


def test_the_viewers_cards_are_bigger_than_the_others() -> None:
    layout = table_layout(5, 2)
    assert all(
        layout.seats[2].card_width > seat.card_width for seat in layout.seats if seat.seat != 2
    )


@pytest.mark.parametrize("bad", [0, 1, 8])
def test_unsupported_seat_counts_are_refused(bad: int) -> None:
    with pytest.raises(ValueError, match="2 to 7"):
        table_layout(bad)


def test_a_viewer_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="viewer seat"):
        table_layout(3, 5)


def test_a_spectator_sees_seat_zero_at_the_bottom() -> None:
    assert table_layout(3, None).seats[0].side == "bottom"


def test_viewport_scales_uniformly_and_letterboxes() -> None:
    exact = Viewport.fit((LOGICAL_WIDTH, LOGICAL_HEIGHT))
    assert (exact.scale, exact.offset_x, exact.offset_y) == (1.0, 0.0, 0.0)
    double = Viewport.fit((2560, 1440))
    assert double.scale == 2.0
    assert double.box(Box(10, 20, 30, 40)) == (20, 40, 60, 80)
    wide = Viewport.fit((1600, 720))
    assert wide.scale == 1.0
    assert wide.offset_x == 160
    assert wide.point((0, 0)) == (160, 0)
    tall = Viewport.fit((1280, 1000))
    assert tall.offset_y == 140


@given(st.integers(200, 4000), st.integers(200, 3000))
def test_the_whole_layout_maps_inside_any_window(width: int, height: int) -> None:
    viewport = Viewport.fit((width, height))
    layout = table_layout(7, 3, [1, 2, 1, 2, 1, 2, 1])
    for seat in layout.seats:
        for box in seat.boxes():
            left, top, box_width, box_height = viewport.box(box)
            assert left >= 0 and top >= 0
            assert left + box_width <= width and top + box_height <= height
    x, y = viewport.logical(viewport.point((321.0, 123.0)))
    assert abs(x - 321) <= 1 / viewport.scale and abs(y - 123) <= 1 / viewport.scale


def test_box_helpers() -> None:
    box = Box.around((10, 10), 4, 2)
    assert (box.x, box.y, box.right, box.bottom) == (8, 9, 12, 11)
    assert box.contains((10, 10)) and not box.contains((12, 10))
    assert not box.intersects(box.moved(4, 0)), "touching edges do not overlap"
    assert box.union(box.moved(10, 0)).width == 14
    assert box.inflated(1).width == 6

"""The table view draws any observation at any window size; known cards face up, others backs."""

import dataclasses
import itertools
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest
from sample import SAMPLE_NAMES, sample_observation

from game.engine.observation import Observation
from game.ui.art.art import ArtStyle
from game.ui.kit.layout import Viewport
from game.ui.table.table_view import TableExtras, draw_table, layout_for

if TYPE_CHECKING:
    from game.ui.table.table_scene import TableScene

SIZES = [(1280, 720), (1920, 1080), (1000, 900), (800, 450)]


@pytest.mark.parametrize("seat_count", range(2, 8))
@pytest.mark.parametrize("family", ["teen_patti", "brag"])
def test_every_table_draws(seat_count: int, family: str) -> None:
    observation = sample_observation(seat_count, family)
    surface = pygame.Surface((1280, 720))
    layout = draw_table(surface, observation, SAMPLE_NAMES)
    assert len(layout.seats) == seat_count


@pytest.mark.parametrize("size", SIZES)
def test_draws_at_any_window_size(size: tuple[int, int]) -> None:
    surface = pygame.Surface(size)
    draw_table(surface, sample_observation(7, "brag"), SAMPLE_NAMES, style=ArtStyle(felt="blue"))


def card_centre_colour(
    surface: pygame.Surface, observation: Observation, seat: int
) -> pygame.Color:
    viewport = Viewport.fit(surface.get_size())
    box = layout_for(observation).seats[seat].hands[0][-1]
    x, y = viewport.point((box.x + box.width * 0.5, box.y + box.height * 0.08))
    return surface.get_at((x, y))


def test_known_cards_are_face_up_and_hidden_ones_show_their_backs() -> None:
    observation = sample_observation(4)
    surface = pygame.Surface((1280, 720))
    draw_table(surface, observation, SAMPLE_NAMES, style=ArtStyle(back="red"))
    mine = card_centre_colour(surface, observation, 0)
    theirs = card_centre_colour(surface, observation, 2)
    assert min(mine.r, mine.g, mine.b) > 230, "ivory face"
    assert theirs.r > 120 and theirs.g < 110, "red back"


def test_hidden_card_slots_are_left_for_the_animator() -> None:
    observation = sample_observation(4)
    plain, holed = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    draw_table(plain, observation, SAMPLE_NAMES)
    extras = TableExtras(hidden_cards=frozenset({(0, 0, 0), (0, 0, 1), (0, 0, 2)}))
    draw_table(holed, observation, SAMPLE_NAMES, extras=extras)
    assert min(card_centre_colour(plain, observation, 0)[:3]) > 230
    assert min(card_centre_colour(holed, observation, 0)[:3]) < 200, "felt shows through"


def test_a_spectator_view_and_missing_names_still_draw() -> None:
    observation = dataclasses.replace(sample_observation(3), viewer=None, to_act=None)
    surface = pygame.Surface((640, 360))
    layout = draw_table(surface, observation, ())
    assert layout.seats[0].side == "bottom"


def test_the_own_hand_is_sorted_pairs_first_and_named_without_the_coach() -> None:
    from game.engine.cards import parse
    from game.ui.shell.scene import SceneStack
    from game.ui.shell.seating import scripted_session
    from game.ui.table.table_scene import TableScene
    from game.ui.table.table_view import in_order

    assert [str(card) for card in in_order(parse("Kd 7c 7h"))] == ["7h", "7c", "Kd"]
    assert [str(card) for card in in_order(parse("4s Ah 9c"))] == ["Ah", "9c", "4s"]
    assert in_order([None, None, None]) == [None, None, None]
    scene = TableScene(scripted_session("teen_patti", 3))
    SceneStack().push(scene)
    scene.finish_animations()
    scene.update(0.0)
    assert not scene.coach
    assert scene.hand_names() == ("High card K-10-9",), "named under the cards, coach or not"


def test_shown_cards_fan_so_every_rank_reads_and_the_winner_glows() -> None:
    from game.ui.kit.layout import FAN_STEP, Box, fanned

    tight = [Box(202 + 26 * index, 257, 62, 87) for index in range(3)]
    for side in ("left", "right", "top"):
        spread = fanned(tight, side)
        gaps = [second.x - first.x for first, second in itertools.pairwise(spread)]
        assert all(gap >= 62 * FAN_STEP - 1e-6 for gap in gaps), "each corner index shows"
    assert fanned(tight, "left")[0].x == tight[0].x, "grows away from the plate on the left"
    assert fanned(tight, "right")[-1].right == tight[-1].right, "and on the right"


def retained_hand_table(old_hand: str, new_hand: str) -> "TableScene":
    """Brag at four seats: the person (seat 0) kept `old_hand` blind when the others folded,
    was dealt `new_hand`, and looks at the old one after two blind bets; the table drawn then."""
    from table_driving import session_of

    from game.engine.actions import Bet, Fold, Look
    from game.engine.cards import parse
    from game.ui.shell.scene import SceneStack
    from game.ui.table.table_scene import TableScene

    def deck(hands: dict[int, str], order: tuple[int, ...]) -> list[object]:
        cards = {seat: parse(words) for seat, words in hands.items()}
        return [cards[seat][round_] for round_ in range(3) for seat in order]

    session = session_of("brag", 4)
    first = {0: old_hand, 1: "2c 7d 9h", 2: "3c 8d Th", 3: "4c 9d Jh"}
    session.game.start_deal(deck=deck(first, (1, 2, 3, 0)))
    for seat in (1, 2, 3):
        session.submit(Fold(seat))
    second = {0: new_hand, 1: "Kc Kd 2h", 2: "Qc Jd 3h", 3: "Tc Td 4s"}
    session.game.start_deal(deck=deck(second, (2, 3, 0, 1)))
    session.submit(Bet(2, 1))
    session.submit(Bet(3, 1))
    session.submit(Look(0, "old"))
    scene = TableScene(session)
    SceneStack().push(scene)
    scene.finish_animations()
    scene.update(0.0)
    return scene


def test_a_retained_old_hand_once_looked_at_is_named_under_its_cards(tmp_path: Path) -> None:
    """Brag: left alone blind, the person keeps the hand into the next deal; looking at the old
    hand names it under its own cards, as a single hand is named."""
    scene = retained_hand_table("As Ad Ah", "5s 6s 8c")
    names = scene.hand_names()
    assert len(names) == 2 and names[0] == "", "the new hand is still unseen"
    assert names[1].startswith("Prial"), names
    surface = pygame.Surface((1280, 720))
    scene.notes.clear()
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / "retained.png"))
    middle = scene.layout().seats[0].hands[1]
    x = round((middle[0].x + middle[-1].right) / 2)
    y = round(max(box.bottom for box in middle) - 8)
    assert surface.get_at((x, y))[:3] != (255, 255, 255), "a dark pill across the cards' foot"


def test_a_retained_hands_long_name_is_read_whole_and_its_seat_is_not_badged_blind() -> None:
    """'Pair of 5s, 6 kicker' on the narrow old hand goes on two lines (nothing cut); while you
    look at it the seat says LOOKING, not BLIND."""
    from game.ui.art import fonts
    from game.ui.table import table_view

    scene = retained_hand_table("5s 5d 6h", "Qs 6s 8c")
    session = scene.session
    scene.notes.clear()
    assert scene.hand_names()[1] == "Pair of 5s, 6 kicker"
    fonts.OVERFLOWS.clear()
    table_view._pill.cache_clear()  # every pill's words drawn afresh, and so recorded
    table_view._narrow_pill.cache_clear()
    fonts.RECORDINGS.append(set())
    try:
        scene.draw(pygame.Surface((1280, 720)))
        drawn = fonts.RECORDINGS[-1]
    finally:
        fonts.RECORDINGS.pop()
    assert not fonts.OVERFLOWS, "no word of the hand's name is cut"
    assert {"Pair of 5s,", "6 kicker"} <= drawn
    assert "LOOKING" in drawn and "BLIND" in drawn  # the others are blind; you are looking
    (mine,) = [seat for seat in session.observe(0).seats if seat.seat == 0]
    assert "LOOKING" in mine.badges


def test_the_turned_up_joker_says_what_it_makes_wild(tmp_path: Path) -> None:
    """Joker: pointing at the card turned up in the middle shows a tooltip naming its rank."""
    from game.ui.kit.layout import open_card_box
    from game.ui.shell.scene import SceneStack
    from game.ui.shell.seating import new_session
    from game.ui.table.table_scene import TableScene

    session = new_session("joker", 3, seats=3)
    session.start_deal()
    scene = TableScene(session)
    SceneStack().push(scene)
    scene.finish_animations()
    scene.update(0.0)
    scene.notes.clear()
    (joker,) = scene.board.table_cards
    card = open_card_box(0, 1)
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    above = (round(card.centre[0]), round(card.y - 30))
    plain = surface.get_at(above)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=card.centre, rel=(0, 0)))
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / "joker_tip.png"))
    assert scene.pointer == card.centre
    words = f"Every {joker.rank.label} is wild this deal, for everyone."
    from game.ui.table.table_view import open_card_tip

    assert open_card_tip(scene.board.observation(), card.centre) == ("JOKER", words)
    assert surface.get_at(above) != plain, "the tooltip stands above the card"
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(20.0, 20.0), rel=(0, 0)))
    scene.draw(surface)
    assert surface.get_at(above) == plain, "and goes when the mouse leaves"

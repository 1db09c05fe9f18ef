"""Card, chip and table art render at any size, differ where they should, and use bundled fonts."""

import itertools

import pygame
import pytest

from game.assets import asset_folder
from game.engine.cards import FULL_DECK, Card, parse
from game.ui.art.art import glow
from game.ui.art.cards_art import BACK_DESIGNS, card_back, card_face, card_size, suit_colour
from game.ui.art.chips_art import (
    DENOMINATIONS,
    chip_breakdown,
    chip_face,
    chip_pile,
    display_chips,
    pile_columns,
)
from game.ui.art.fonts import BOLD, REGULAR, font
from game.ui.art.table_art import FELT_COLOURS, dealer_button, table_background


def pixels(surface: pygame.Surface) -> bytes:
    """The surface's pixels as bytes, to compare images."""
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("width", [24, 40, 62, 90, 160])
def test_every_face_renders_at_its_exact_size(width: int) -> None:
    for card in FULL_DECK:
        assert card_face(card, width).get_size() == card_size(width)


def test_all_52_faces_differ() -> None:
    images = {pixels(card_face(card, 60)) for card in FULL_DECK}
    assert len(images) == 52


def test_a_face_is_ivory_in_the_middle_of_its_edge_and_transparent_at_the_corner() -> None:
    face = card_face(parse("5c")[0], 100)
    assert face.get_at((0, 0)).a < 80, "rounded corner"
    red, green, blue, alpha = face.get_at((50, 3))
    assert alpha == 255 and min(red, green, blue) > 240


def test_red_suits_use_red_ink_and_the_four_colour_deck_recolours() -> None:
    hearts, spades, diamonds = parse("Ah As Ad")
    assert suit_colour(hearts.suit)[0] > 150
    assert max(suit_colour(spades.suit)) < 60
    assert suit_colour(diamonds.suit, four_colour=True)[2] > 150
    assert pixels(card_face(diamonds, 60)) != pixels(card_face(diamonds, 60, four_colour=True))
    assert pixels(card_face(hearts, 60)) == pixels(card_face(hearts, 60, four_colour=True))


def test_backs_render_and_differ() -> None:
    images = [pixels(card_back(design, 70)) for design in BACK_DESIGNS]
    assert len(set(images)) == len(BACK_DESIGNS)
    assert card_back("red", 33).get_size() == card_size(33)
    with pytest.raises(ValueError, match="unknown card back"):
        card_back("tartan", 50)


def test_art_is_cached_per_size() -> None:
    first = FULL_DECK[0]
    assert card_face(Card(first.rank, first.suit), 77) is card_face(first, 77)


def test_chips_have_distinct_designs() -> None:
    faces = [pixels(chip_face(value, 40)) for value in DENOMINATIONS]
    assert len(set(faces)) == len(DENOMINATIONS)


def test_chip_breakdown_adds_up() -> None:
    for amount in (0, 1, 4, 5, 29, 137, 999, 12345):
        assert sum(chip_breakdown(amount)) == amount
    assert sum(sum(column) for column in pile_columns(1234)) == 1234


def test_piles_grow_with_the_amount() -> None:
    amounts = (1, 10, 100, 1000, 10000)
    counts = [len(display_chips(amount)) for amount in amounts]
    assert counts == sorted(counts)
    for amount in (1, 7, 99, 100, 137, 4321):
        assert sum(display_chips(amount)) == amount
    areas = [
        chip_pile(amount, 30).get_width() * chip_pile(amount, 30).get_height() for amount in amounts
    ]
    assert areas[-1] > areas[0] * 3


def test_table_background_fills_the_window_in_every_felt_colour() -> None:
    for felt in FELT_COLOURS:
        assert table_background((640, 360), felt).get_size() == (640, 360)
    middle = table_background((640, 360), "green").get_at((320, 180))
    assert middle.g > middle.r and middle.g > middle.b, "green felt in the middle"
    corner = table_background((640, 360), "green").get_at((2, 2))
    assert max(corner.r, corner.g, corner.b) < 40, "dark room in the corner"


def test_dealer_button_is_round() -> None:
    button = dealer_button(30)
    assert button.get_size() == (30, 30)
    assert button.get_at((0, 0)).a < 40 and button.get_at((15, 15)).a == 255


def test_bundled_fonts_and_licence_ship_in_sprites() -> None:
    folder = asset_folder("sprites") / "fonts"
    for name in (REGULAR, BOLD, "LICENSE-DejaVu.txt"):
        assert (folder / name).is_file()
    for symbol, bold in itertools.product("♠♥♦♣", (False, True)):
        metrics = font(20, bold).metrics(symbol)
        assert metrics and metrics[0] is not None, f"{symbol} has a glyph"


def test_every_seat_gets_its_own_portrait_not_an_initial() -> None:
    from game.ui.art.portrait_art import features_for, portrait
    from game.ui.shell.seating import BOT_NAMES

    faces = {features_for(name) for name in (*BOT_NAMES, "You", "Asha", "Tom")}
    assert len(faces) >= 10, "names get varied faces"
    assert features_for("Priya") == features_for("Priya"), "the same face every time"
    picture = portrait("Priya", 48)
    assert picture.get_size() == (48, 48)
    colours = {tuple(picture.get_at((x, y))) for x in range(8, 40, 3) for y in range(8, 40, 3)}
    assert len(colours) > 12, "a drawn face, not a flat disc with a letter"


def test_glows_of_every_colour_share_one_blur(monkeypatch: pytest.MonkeyPatch) -> None:
    """The blur is most of a glow's cost: the table's three glows of a plate's size blur once."""
    blurs: list[int] = []
    blur = pygame.transform.gaussian_blur

    def counted(surface: pygame.Surface, radius: int, *rest: object) -> pygame.Surface:
        blurs.append(radius)
        return blur(surface, radius)

    monkeypatch.setattr(pygame.transform, "gaussian_blur", counted)
    size = (171, 53)  # a size no other test glows at, so nothing is cached yet
    for colour in ((255, 196, 64), (120, 230, 140), (120, 180, 255)):
        glow(size, 15, colour, 9)
    assert blurs == [9]


@pytest.mark.parametrize("colour", [(255, 196, 64), (120, 230, 140), (212, 175, 55)])
def test_a_tinted_glow_is_the_glow_blurred_in_its_own_colour(colour: tuple[int, int, int]) -> None:
    size, radius, spread = (120, 40), 11, 7
    pad = spread * 2
    own = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    rect = pygame.Rect(pad - spread // 2, pad - spread // 2, size[0] + spread, size[1] + spread)
    pygame.draw.rect(own, (*colour, 200), rect, border_radius=radius + spread // 2)
    own = pygame.transform.gaussian_blur(own, spread)
    ring = pygame.Rect(pad - 2, pad - 2, size[0] + 4, size[1] + 4)
    pygame.draw.rect(own, (*colour, 255), ring, 2, border_radius=radius + 2)
    made = pygame.image.tobytes(glow(size, radius, colour, spread), "RGBA")
    wanted = pygame.image.tobytes(own, "RGBA")
    assert made[3::4] == wanted[3::4]
    assert max(abs(one - two) for one, two in zip(made, wanted, strict=True)) <= 1

"""The table in Hindi and Tagalog: buttons whose labels fit whole, Latin shortcut keys, seat
names, badges, the hot-seat card and the Three Card Poker results in the player's language."""

from __future__ import annotations

import pygame
import pytest

from game.engine.actions import (
    AnswerShowdown,
    AnswerSideshow,
    Bet,
    ChooseHand,
    Cover,
    Discard,
    Fold,
    KeepHand,
    LegalAction,
    Look,
    ProposeShowdown,
    Show,
    Sideshow,
    Stay,
)
from game.engine.casino import Play, PostAnte
from game.engine.three_card_poker import Call, PostBets, TakeBank, Waive
from game.i18n import set_language
from game.ui.art import fonts
from game.ui.kit.layout import Viewport
from game.ui.shell.app import MINIMUM_SIZE
from game.ui.shell.scene import SceneStack
from game.ui.shell.seating import scripted_session
from game.ui.table.banked_animation import BankedSteps
from game.ui.table.controls import controls_for
from game.ui.table.handoff import HandoffScene
from game.ui.table.hud import ControlPanel
from game.ui.table.table_scene import TableScene
from game.ui.table.table_view import is_you, seat_label
from game.words.wagers import pile_label, wager_name

LANGUAGES = ["en", "hi", "tl"]
WINDOWS = [(1280, 720), MINIMUM_SIZE]

TURNS: dict[str, tuple[list[LegalAction], str, bool]] = {
    "teen patti, blind": (
        [
            LegalAction(Look(0)),
            LegalAction(Bet(0, 0), 2, 4, 1),
            LegalAction(Show(0), 4, 4),
            LegalAction(Fold(0)),
        ],
        "teen_patti",
        True,
    ),
    "teen patti, seen": (
        [
            LegalAction(Bet(0, 0), 4, 8, 2),
            LegalAction(Sideshow(0), 4, 4),
            LegalAction(Show(0), 8, 8),
            LegalAction(Fold(0)),
        ],
        "teen_patti",
        False,
    ),
    "sideshow asked": (
        [LegalAction(AnswerSideshow(0, True)), LegalAction(AnswerSideshow(0, False))],
        "teen_patti",
        False,
    ),
    "brag, two hands": (
        [
            LegalAction(Look(0, "new")),
            LegalAction(Look(0, "old")),
            LegalAction(ChooseHand(0, "new")),
            LegalAction(ChooseHand(0, "old")),
            LegalAction(Bet(0, 0), 2, 2),
            LegalAction(Fold(0)),
        ],
        "brag",
        True,
    ),
    "brag, keep": (
        [LegalAction(KeepHand(0, True)), LegalAction(KeepHand(0, False))],
        "brag",
        False,
    ),
    "brag, many": (
        [
            LegalAction(Look(0)),
            LegalAction(Bet(0, 0), 2, 10, 2),
            LegalAction(Show(0), 4, 4),
            LegalAction(Cover(0), 1000, 1000),
            LegalAction(ProposeShowdown(0)),
            LegalAction(Fold(0)),
        ],
        "brag",
        True,
    ),
    "brag, face up": (
        [
            LegalAction(Stay(0)),
            LegalAction(AnswerShowdown(0, True)),
            LegalAction(AnswerShowdown(0, False)),
        ],
        "brag",
        False,
    ),
    "four-card brag": (
        [LegalAction(Discard(0, card)) for card in ("Kh", "10d", "7c", "2s")],
        "brag",
        False,
    ),
    "the bank offered": (
        [LegalAction(TakeBank(0)), LegalAction(Waive(0))],
        "three_card_poker",
        False,
    ),
    "bets": (
        [LegalAction(PostBets(0, 1000, 0)), LegalAction(PostBets(0, 1000, 1000))],
        "three_card_poker",
        False,
    ),
    "call": ([LegalAction(Call(0, 1000)), LegalAction(Fold(0))], "three_card_poker", False),
    "ante": (
        [LegalAction(PostAnte(0, 1000, 0)), LegalAction(PostAnte(0, 1000, 1000))],
        "three_card_poker_casino",
        False,
    ),
    "play": (
        [LegalAction(Play(0, 1000)), LegalAction(Fold(0))],
        "three_card_poker_casino",
        False,
    ),
}
"""Turns with every kind of button, amounts in the thousands (the widest labels)."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_button_label_fits_whole(language: str, size: tuple[int, int]) -> None:
    """Fewer buttons share a row when a label would not fit: none is cut or shrunk too far."""
    set_language(language)
    cut = {}
    for name, (legal, family, blind) in TURNS.items():
        panel = ControlPanel()
        panel.show_actions(controls_for(legal, family, blind))
        fonts.OVERFLOWS.clear()
        surface = pygame.Surface(size)
        panel.draw(surface, Viewport.fit(size))
        if fonts.OVERFLOWS:
            cut[name] = sorted(set(fonts.OVERFLOWS))
        assert panel.area.y > 300, f"{name}: the tray climbs over the table"
    assert not cut, cut


@pytest.mark.parametrize("language", ["hi", "tl"])
def test_buttons_speak_the_language_and_keep_latin_keys(language: str) -> None:
    english = {
        name: [(control.label, control.key) for control in controls_for(*turn)]
        for name, turn in TURNS.items()
    }
    set_language(language)
    for name, turn in TURNS.items():
        controls = controls_for(*turn)
        assert [control.key for control in controls] == [key for _, key in english[name]], name
        for control in controls:
            assert control.key.isascii()
            if control.key:
                assert pygame.key.key_code(control.key)
    labels = [control.label for control in controls_for(*TURNS["teen patti, blind"])]
    if language == "hi":
        assert labels == ["पत्ते देखें", "ब्लाइंड", "शो (4)", "पैक"]
    else:
        assert labels == ["Tingnan ang kard", "Bulag", "Palabas (4)", "Tiklop"]


def test_hindi_amounts_are_grouped_the_indian_way() -> None:
    set_language("hi")
    (control,) = controls_for([LegalAction(Call(0, 150000))], "three_card_poker", False)
    assert control.label == "कॉल 1,50,000"


@pytest.mark.parametrize("language", ["hi", "tl"])
def test_seat_names_badges_and_piles_are_translated(language: str) -> None:
    set_language(language)
    you = {"hi": "आप", "tl": "Ikaw"}[language]
    assert seat_label("You") == you and is_you(you) and is_you("You")
    assert seat_label("Priya") == "Priya"
    assert seat_label("Seat 3") == {"hi": "सीट 3", "tl": "Upuan 3"}[language]
    assert seat_label("Dealer") == {"hi": "डीलर", "tl": "Dealer"}[language]
    assert pile_label("call", "three_card_poker") == {"hi": "कॉल", "tl": "TAWAG"}[language]
    assert wager_name("pair plus") == {"hi": "पेयर प्लस", "tl": "Pair Plus"}[language]


@pytest.mark.parametrize("language", ["hi", "tl"])
def test_three_card_poker_results_in_the_language(language: str) -> None:
    set_language(language)
    win, kind = BankedSteps._player_result("You", 1200)
    assert kind == "result"
    assert win == {"hi": "आप 1,200 जीते", "tl": "Panalo ka ng 1,200"}[language]
    lose, _ = BankedSteps._player_result("Priya", -40)
    assert lose == {"hi": "Priya ने 40 गँवाए", "tl": "Talo si Priya ng 40"}[language]


@pytest.mark.parametrize("language", ["hi", "tl"])
@pytest.mark.parametrize("size", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_table_and_the_hot_seat_card_fit(language: str, size: tuple[int, int]) -> None:
    """The status line, the title, the plates and the hand-off card: nothing cut."""
    set_language(language)
    table = TableScene(scripted_session("teen_patti", 3))
    SceneStack().push(table)
    table.finish_animations()
    table.update(0.0)
    fonts.OVERFLOWS.clear()
    table.draw(pygame.Surface(size))
    HandoffScene(table, 1, "Priyanka Venkataraman").draw(pygame.Surface(size))
    assert not fonts.OVERFLOWS, sorted(set(fonts.OVERFLOWS))


def test_the_buttons_follow_a_switch_of_language() -> None:
    table = TableScene(scripted_session("teen_patti", 3))
    SceneStack().push(table)
    table.finish_animations()
    table.update(0.0)
    assert any(button.label == "Pack" for button in table.panel.buttons)
    set_language("hi")
    table.update(0.0)
    assert any(button.label == "पैक" for button in table.panel.buttons)


def test_a_refused_move_and_the_rule_tooltips_are_said_in_hindi() -> None:
    """The engine keeps a refusal and a rule text as data: the table says both in the language
    in force (Hindi here), while the error's own text stays English for logs and histories."""
    table = TableScene(scripted_session("teen_patti", 3))
    SceneStack().push(table)
    table.finish_animations()
    table.update(0.0)
    set_language("hi")
    table.update(0.0)
    seat = table.session.game.to_act
    assert seat is not None
    table.submit(Bet(seat, 999))
    refused = table.director.stage.log[-1]
    assert "खिलाड़ी" in refused and "999 नहीं" in refused and "players" not in refused, refused
    tooltips = [button.tooltip for button in table.panel.buttons]
    assert any("पैक" in tooltip for tooltip in tooltips), tooltips
    assert not any("Pack:" in tooltip for tooltip in tooltips), tooltips

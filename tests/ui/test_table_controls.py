"""Every control kind, pressed the way a person would: a click at the button's pixel position or
its shortcut key, posted through pygame's queue into the app; the test checks the engine action.

Game states are set up with stacked decks and actions applied through the session, then the
table scene is opened on the deal in progress (seat 0 is the person; the others are bots whose
moves the test makes for them).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pytest
from table_driving import WINDOW, button, click, last_action, open_table, press, session_of

from game.engine.actions import (
    AnswerShowdown,
    AnswerSideshow,
    Bet,
    ChooseHand,
    Cover,
    Fold,
    IllegalActionError,
    KeepHand,
    Look,
    ProposeShowdown,
    Show,
    Sideshow,
    Stay,
)
from game.engine.cards import parse
from game.session import Session
from game.ui.kit.layout import Viewport
from game.ui.shell.app import App
from game.ui.table.table_scene import TableScene


def deck(hands: dict[int, str], order: Sequence[int]) -> list:
    """A stacked deck that deals `hands[seat]` to each seat, one card at a time in `order`."""
    cards = {seat: parse(text) for seat, text in hands.items()}
    return [cards[seat][round_] for round_ in range(3) for seat in order]


# --- Teen Patti -------------------------------------------------------------------------------

TP_ORDER = (1, 2, 3, 0)


def teen_patti_blind_turn() -> Session:
    """Four seats; seats 1-3 bet blind; the person (seat 0) to act, blind."""
    session = session_of("teen_patti", 4)
    hands = {0: "As Ks Qs", 1: "2c 7d 9h", 2: "3c 8d Th", 3: "4c 9d Jh"}
    session.game.start_deal(deck=deck(hands, TP_ORDER))
    for seat in (1, 2, 3):
        session.submit(Bet(seat, 1))
    return session


def test_see_cards_by_click(app: App) -> None:
    session = teen_patti_blind_turn()
    scene = open_table(app, session)
    click(app, button(scene, Look))
    assert last_action(session) == Look(0)


def test_see_cards_by_key(app: App) -> None:
    session = teen_patti_blind_turn()
    open_table(app, session)
    press(app, pygame.K_l)
    assert last_action(session) == Look(0)


def test_blind_bet_with_the_amount_chooser_up_and_down(app: App) -> None:
    session = teen_patti_blind_turn()
    scene = open_table(app, session)
    more = next(b for b in scene.panel.buttons if b.label == "+")
    less = next(b for b in scene.panel.buttons if b.label == "−")
    click(app, more)
    click(app, more)
    assert scene.panel.amount == 2, "the chooser stops at the legal top (2x the stake)"
    press(app, pygame.K_DOWN)
    assert scene.panel.amount == 1
    press(app, pygame.K_UP)
    click(app, less)
    click(app, less)
    assert scene.panel.amount == 1, "and at the legal bottom"
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.pump(0.0)
    assert scene.panel.amount == 2
    click(app, button(scene, Bet))
    assert last_action(session) == Bet(0, 2)


def test_bet_key_and_enter_submit_the_chosen_amount(app: App) -> None:
    session = teen_patti_blind_turn()
    scene = open_table(app, session)
    press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert last_action(session) == Bet(0, 2)
    del scene


def test_chaal_after_looking(app: App) -> None:
    session = teen_patti_blind_turn()
    scene = open_table(app, session)
    press(app, pygame.K_l)
    scene.finish_animations()
    app.pump(0.0)
    chaal = button(scene, Bet)
    assert chaal.label == "Chaal"
    assert "2x-4x" in chaal.tooltip
    press(app, pygame.K_UP)
    press(app, pygame.K_b)
    assert last_action(session) == Bet(0, 4), "seen bets go in steps of 2: 2 then 4"


def test_pack(app: App) -> None:
    session = teen_patti_blind_turn()
    scene = open_table(app, session)
    click(app, button(scene, Fold))
    assert last_action(session) == Fold(0)


def test_show(app: App) -> None:
    session = session_of("teen_patti", 2)
    session.game.start_deal(deck=deck({0: "As Ks Qs", 1: "2c 7d 9h"}, (1, 0)))
    session.submit(Bet(1, 1))
    scene = open_table(app, session)
    click(app, button(scene, Show))
    assert last_action(session) == Show(0)


def three_seen() -> Session:
    """Three seats, everyone seen: seats 1 and 2 looked and bet 2."""
    session = session_of("teen_patti", 3)
    hands = {0: "As Ks Qs", 1: "2c 7d 9h", 2: "3c 8d Th"}
    session.game.start_deal(deck=deck(hands, (1, 2, 0)))
    for seat in (1, 2):
        session.submit(Look(seat))
        session.submit(Bet(seat, 2))
    return session


def test_sideshow(app: App) -> None:
    session = three_seen()
    session.submit(Look(0))
    scene = open_table(app, session)
    sideshow = button(scene, Sideshow)
    assert "Sideshow" in sideshow.tooltip
    click(app, sideshow)
    assert last_action(session) == Sideshow(0)


@pytest.mark.parametrize(("key", "accept"), [(pygame.K_a, True), (pygame.K_r, False)])
def test_accept_or_refuse_a_sideshow(app: App, key: int, accept: bool) -> None:
    session = three_seen()
    session.submit(Look(0))
    session.submit(Bet(0, 2))
    session.submit(Sideshow(1))
    scene = open_table(app, session)
    click(app, button(scene, AnswerSideshow, accept=accept))
    assert last_action(session) == AnswerSideshow(0, accept)
    del key


def test_sideshow_answer_keys(app: App) -> None:
    session = three_seen()
    session.submit(Look(0))
    session.submit(Bet(0, 2))
    session.submit(Sideshow(1))
    open_table(app, session)
    press(app, pygame.K_r)
    assert last_action(session) == AnswerSideshow(0, False)


# --- Brag -------------------------------------------------------------------------------------


def test_brag_see(app: App) -> None:
    session = session_of("brag", 2)
    session.game.start_deal(deck=deck({0: "As Ks Qs", 1: "2c 7d 9h"}, (1, 0)))
    session.submit(Look(1))
    session.submit(Bet(1, 2))
    scene = open_table(app, session)
    press(app, pygame.K_l)
    scene.finish_animations()
    app.pump(0.0)
    see = button(scene, Show)
    assert see.label.startswith("See")
    click(app, see)
    assert last_action(session) == Show(0)


BRAG_HANDS = {0: "As Ad Ah", 1: "2c 7d 9h", 2: "3c 8d Th", 3: "4c 9d Jh"}


def retained_hand() -> Session:
    """Deal 1: everyone folds to the person, left alone blind: the hand is kept.
    Deal 2: the person holds a new and an old hand; seats 2 and 3 bet first."""
    session = session_of("brag", 4)
    session.game.start_deal(deck=deck(BRAG_HANDS, TP_ORDER))
    for seat in (1, 2, 3):
        session.submit(Fold(seat))
    assert session.game.deal_over
    new = {0: "5s 6s 8c", 1: "Kc Kd 2h", 2: "Qc Jd 3h", 3: "Tc Td 4s"}
    session.game.start_deal(deck=deck(new, (2, 3, 0, 1)))
    return session


@pytest.mark.parametrize(("key", "hand"), [(pygame.K_n, "new"), (pygame.K_o, "old")])
def test_look_at_new_or_old_hand(app: App, key: int, hand: str) -> None:
    session = retained_hand()
    session.submit(Bet(2, 1))
    session.submit(Bet(3, 1))
    scene = open_table(app, session)
    assert len(scene.board.seat(0).hands) == 2, "two hands on show"
    look = button(scene, Look, hand=hand)
    assert hand in look.label
    press(app, key)
    assert last_action(session) == Look(0, hand)


@pytest.mark.parametrize("keep", [True, False])
def test_keep_or_fold_the_hand_looked_at(app: App, keep: bool) -> None:
    session = retained_hand()
    session.submit(Bet(2, 1))
    session.submit(Bet(3, 1))
    session.submit(Look(0, "new"))
    scene = open_table(app, session)
    click(app, button(scene, KeepHand, keep=keep))
    assert last_action(session) == KeepHand(0, keep)


@pytest.mark.parametrize("hand", ["new", "old"])
def test_choose_a_hand_sight_unseen(app: App, hand: str) -> None:
    session = retained_hand()
    session.submit(Fold(2))
    session.submit(Fold(3))
    session.submit(Bet(0, 1))
    session.submit(Fold(1))
    scene = open_table(app, session)
    click(app, button(scene, ChooseHand, hand=hand))
    assert last_action(session) == ChooseHand(0, hand)


def test_cover_the_pot(app: App) -> None:
    session = session_of("brag", 3, stacks=[3, 200, 200])
    session.game.start_deal(deck=deck({0: "As Ad Ah", 1: "2c 7d 9h", 2: "3c 8d Th"}, (1, 2, 0)))
    session.submit(Look(1))
    session.submit(Bet(1, 5))
    session.submit(Look(2))
    session.submit(Bet(2, 5))
    scene = open_table(app, session)
    press(app, pygame.K_l)
    scene.finish_animations()
    app.pump(0.0)
    cover = button(scene, Cover)
    click(app, cover)
    assert last_action(session) == Cover(0)


def test_stay_against_the_face_up_hand(app: App) -> None:
    session = session_of("brag", 4, retained_hand="face_up")
    session.game.start_deal(deck=deck(BRAG_HANDS, TP_ORDER))
    session.submit(Bet(1, 1))
    for seat in (2, 3, 0):
        session.submit(Fold(seat))
    assert session.game.deal_over
    new = {0: "Ks Kd Kh", 1: "5c 6d 8h", 2: "Qc Jd 3h", 3: "Tc 9d 4s"}
    session.game.start_deal(deck=deck(new, (2, 3, 0, 1)))
    for seat in (2, 3):
        session.submit(Fold(seat))
    scene = open_table(app, session)
    click(app, button(scene, Stay))
    assert last_action(session) == Stay(0)


def test_propose_a_showdown(app: App) -> None:
    session = session_of("brag", 4)
    session.game.start_deal(deck=deck(BRAG_HANDS, TP_ORDER))
    for seat in (1, 2, 3):
        session.submit(Bet(seat, 1))
    scene = open_table(app, session)
    press(app, pygame.K_p)
    assert last_action(session) == ProposeShowdown(0)
    del scene


@pytest.mark.parametrize("agree", [True, False])
def test_agree_or_refuse_a_showdown(app: App, agree: bool) -> None:
    session = session_of("brag", 4)
    session.game.start_deal(deck=deck(BRAG_HANDS, TP_ORDER))
    session.submit(ProposeShowdown(1))
    session.submit(AnswerShowdown(2, True))
    session.submit(AnswerShowdown(3, True))
    scene = open_table(app, session)
    click(app, button(scene, AnswerShowdown, agree=agree))
    assert last_action(session) == AnswerShowdown(0, agree)


# --- general ----------------------------------------------------------------------------------


def test_controls_are_built_from_the_legal_actions_only(app: App) -> None:
    session = teen_patti_blind_turn()
    scene = open_table(app, session)
    kinds = {type(b.control.legal.action) for b in scene.panel.buttons if b.control}
    assert kinds == {type(option.action) for option in session.game.legal_actions()}
    assert all(b.key or b.keys for b in scene.panel.buttons), "every button has a shortcut"


def test_a_refused_action_becomes_a_notice_not_a_crash(app: App) -> None:
    session = teen_patti_blind_turn()
    scene = open_table(app, session)
    scene.submit(Bet(0, 99))
    assert scene.notes and "between" in scene.notes[-1][0]
    with pytest.raises(IllegalActionError):
        session.submit(Bet(0, 99))


def test_no_controls_while_the_cards_are_dealt(app: App) -> None:
    session = session_of("teen_patti", 4)
    scene = TableScene(session)
    app.scenes.push(scene)
    app.pump(0.05)
    assert scene.director.busy and not scene.panel.visible
    press(app, pygame.K_SPACE)
    assert not scene.director.busy, "Space skips to the end"


def test_hovering_a_button_shows_its_rule(app: App) -> None:
    session = teen_patti_blind_turn()
    scene = open_table(app, session)
    bet = button(scene, Bet)
    pixel = Viewport.fit(WINDOW).point(bet.box.centre)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pixel, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.pump(0.0)
    assert scene.panel.hover is bet
    assert bet.tooltip == "Blind players bet 1x-2x the stake (1): 1-2."
    surface = pygame.Surface(WINDOW)
    scene.draw(surface)


def test_brag_words_look_apart_from_see_and_the_retained_choice_is_not_red() -> None:
    from game.engine.actions import KeepHand, LegalAction, Look, Show
    from game.ui.table.controls import controls_for
    from game.ui.table.hud import _kind

    brag = controls_for([LegalAction(Look(0)), LegalAction(Show(0), low=2, high=2)], "brag", True)
    labels = [control.label for control in brag]
    assert labels == ["Look at cards", "See (2)"], "one word, one meaning"
    teen_patti = controls_for([LegalAction(Look(0))], "teen_patti", True)
    assert teen_patti[0].label == "See cards"
    keep = controls_for(
        [LegalAction(KeepHand(0, True)), LegalAction(KeepHand(0, False))], "brag", True
    )
    assert [control.label for control in keep] == ["Keep it", "Play the other"]
    assert all(_kind(control) != "danger" for control in keep), "the deal goes on either way"


# --- why the choice is narrow -------------------------------------------------------------------


def short_heads_up(**options: object) -> Session:
    """Two seats; the person (seat 0) looks and bets 4 of its 6 chips; seat 1, a bot, bets 4 blind
    at stake 2: the person, seen with 1 chip, is to act against a blind player."""
    session = session_of("teen_patti", 2, stacks=[6, 100], **options)
    session.game.start_deal(deck=deck({0: "Jc 8d 5s", 1: "Qs Qh 4c"}, (1, 0)))
    for action in (Bet(1, 1), Look(0), Bet(0, 4), Bet(1, 4)):
        session.submit(action)
    return session


def test_a_short_player_sees_why_there_is_no_bet_and_may_show_for_what_it_has(app: App) -> None:
    scene = open_table(app, short_heads_up())
    assert {type(b.control.legal.action) for b in scene.panel.buttons if b.control} == {
        Show,
        Fold,
    }
    assert "cannot afford the minimum bet with 1 chip" in scene.panel.note
    assert scene.panel.note_lines, "the note is laid out in the tray, not only in a tooltip"
    click(app, button(scene, Show))
    assert last_action(session_of_scene(scene)) == Show(0)


def test_when_pack_is_all_that_is_left_the_tray_says_why(app: App) -> None:
    scene = open_table(app, short_heads_up(running_short="pack"))
    assert [type(b.control.legal.action) for b in scene.panel.buttons if b.control] == [Fold]
    assert "cannot afford the smallest bet, 8" in scene.panel.note
    assert "only pack" in scene.panel.note
    top = min(b.box.y for b in scene.panel.buttons)
    assert scene.panel.area.y + len(scene.panel.note_lines) * 18 <= top, "the note sits above"


def test_the_forced_look_at_the_blind_limit_is_said_in_the_tray(app: App) -> None:
    session = session_of("teen_patti", 2, blind_limit=1)
    session.game.start_deal(deck=deck({0: "Jc 8d 5s", 1: "Qs Qh 4c"}, (1, 0)))
    for action in (Bet(1, 1), Bet(0, 1), Look(1), Bet(1, 2)):
        session.submit(action)
    scene = open_table(app, session)
    assert {type(b.control.legal.action) for b in scene.panel.buttons if b.control} == {
        Look,
        Fold,
    }
    assert "After 1 blind turn you must look" in scene.panel.note


def test_a_player_who_can_bet_gets_no_note(app: App) -> None:
    scene = open_table(app, teen_patti_blind_turn())
    assert scene.panel.note == "" and scene.panel.note_lines == []


def session_of_scene(scene: TableScene) -> Session:
    return scene.session

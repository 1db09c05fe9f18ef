"""Four-card brag at the table: after looking, the person discards by a key per card (1-4, left
to right) or by clicking the card itself; the discard leaves the hand and bots discard too."""

from __future__ import annotations

import random

import pygame
from preset_games import create_preset_game
from table_driving import WINDOW, button, click, last_action, open_table, press, session_of

from game.engine.actions import Bet, Discard, Look
from game.engine.cards import parse
from game.engine.history import replay, write_deal
from game.session import Session
from game.simulate import random_policy
from game.ui.history.replay_scene import ReplayScene
from game.ui.kit.layout import Viewport
from game.ui.shell.app import App

ORDER = (1, 0)
"""Seat 0 deals (the session's first dealer), so seat 1 is dealt and acts first."""


def person_to_look() -> Session:
    """Two seats of four-card brag; the bot has bet, the person (seat 0) is to act, blind."""
    session = session_of("brag", 2, cards_dealt=4)
    hands = {0: parse("As 9d Ks 2c"), 1: parse("3c 8d Th 4h")}
    session.game.start_deal(deck=[hands[seat][index] for index in range(4) for seat in ORDER])
    session.submit(Bet(1, 1))
    return session


def looked(app: App) -> tuple[Session, object]:
    session = person_to_look()
    scene = open_table(app, session)
    click(app, button(scene, Look))
    scene.finish_animations()
    app.pump(0.0)
    labels = [b.label for b in scene.panel.buttons]
    assert labels == ["Discard A♠", "Discard 9♦", "Discard K♠", "Discard 2♣"]
    keys = [b.key for b in scene.panel.buttons]
    assert keys == ["1", "2", "3", "4"]
    assert "equal hands compare the discards" in scene.panel.buttons[0].tooltip
    return session, scene


def test_a_key_per_card_discards_it(app: App) -> None:
    session, scene = looked(app)
    press(app, pygame.K_4)
    assert last_action(session) == Discard(0, "2c")
    scene.finish_animations()  # type: ignore[attr-defined]
    app.pump(0.0)
    board_hand = scene.board.seat(0).hands[0]  # type: ignore[attr-defined]
    assert board_hand == list(parse("As 9d Ks")), "the discard left the drawn hand"
    assert "Bet" in [b.label for b in scene.panel.buttons]  # type: ignore[attr-defined]
    app._draw(scene)  # type: ignore[arg-type]


def test_clicking_a_card_discards_it(app: App) -> None:
    session, scene = looked(app)
    box = scene.layout().seats[0].hands[0][1]  # type: ignore[attr-defined]
    pixel = Viewport.fit(WINDOW).point(box.centre)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pixel))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pixel))
    app.pump(0.0)
    assert last_action(session) == Discard(0, "9d")


def test_a_bot_discard_leaves_its_hand_face_down_on_the_board(app: App) -> None:
    session = session_of("brag", 2, cards_dealt=4)
    hands = {0: parse("As 9d Ks 2c"), 1: parse("3c 8d Th 4h")}
    session.game.start_deal(deck=[hands[seat][index] for index in range(4) for seat in ORDER])
    for action in (Look(1), Discard(1, "3c"), Bet(1, 2)):
        session.submit(action)
    scene = open_table(app, session)
    assert [len(hand) for hand in scene.board.seat(0).hands] == [4]
    assert scene.board.seat(1).hands == [[None, None, None]]
    assert "discards a card face down" in " ".join(scene.director.stage.log)


def four_card_histories(deals: int) -> list[str]:
    """Histories of random four-card brag deals at three seats (discards, sees, retained hands)."""
    game = create_preset_game("four_card_brag", [100, 100, 100], seed=4)
    rng = random.Random(2)
    texts = []
    for _ in range(deals):
        if not game.can_deal():
            break
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            game.apply(random_policy(game.observe(seat), game.legal_actions(), rng))
        texts.append(write_deal(game))
    return texts


def test_replayed_deals_animate_to_the_engine_state(app: App) -> None:
    histories = four_card_histories(12)
    assert any(" discard " in text for text in histories)
    assert any("retained " in text for text in histories)
    for history in histories:
        scene = ReplayScene(history, 1)
        app.scenes.push(scene)
        scene.finish_animations()
        app.pump(0.0)
        for _ in range(scene.total):
            press(app, pygame.K_RIGHT)
            scene.finish_animations()
            app.pump(0.0)
            hands = scene.board.seat(1).hands
            assert all(len(hand) <= 4 for hand in hands)
        assert scene.done
        assert scene.session.game.stacks == replay(history).game.stacks
        assert scene.director.drift == [], "the animated board matches the engine"
        app.scenes.pop()

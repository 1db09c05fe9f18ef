"""Hot-seat privacy, frame by frame: once a person has acted and someone else may be handed the
screen next, no frame shows that person's card faces — while their action animates, while the
bots think and act, and on the hand-off card — until the next person says "I'm ready".

The frames are drawn as the app draws them (the top scene only) and searched for the faces'
art (tests/ui/card_faces.py), not for a flag.
"""

from __future__ import annotations

import random

import pygame
import pytest
from card_faces import seat_faces_shown
from table_driving import hotseat_session, take_the_screen

from game.engine.actions import Action, AnswerSideshow, Bet, Fold, Look, Sideshow
from game.engine.cards import Card, parse
from game.engine.events import CardDealt, HandRevealed
from game.engine.factory import create_game
from game.session import Session
from game.ui.shell.scene import SceneStack
from game.ui.shell.seating import new_session
from game.ui.table.handoff import HandoffScene
from game.ui.table.table_scene import TableScene

FRAME = 1 / 30
"""Seconds between frames."""

SIZE = (1280, 720)

ASHA, TOM = 1, 2
"""The two people of `hotseat_session` (seats 0 and 3 are bots)."""


def frame(stack: SceneStack, surface: pygame.Surface, seconds: float = FRAME) -> None:
    """One frame of the app: the top scene moves on, then the top scene is drawn."""
    top = stack.top
    assert top is not None
    top.update(seconds)
    top = stack.top
    assert top is not None
    top.draw(surface)


def toms_cards(scene: TableScene) -> tuple[Card, ...]:
    """Tom's hand as dealt (read from the engine, for the test only)."""
    return tuple(scene.session.game.players[TOM].hands[0])


def press(stack: SceneStack, key: int) -> None:
    """A key press to the top scene."""
    top = stack.top
    assert top is not None
    top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def settle(stack: SceneStack, scene: TableScene) -> None:
    """Finish the animation and let the table decide what comes next."""
    scene.finish_animations()
    top = stack.top
    assert top is not None
    top.update(0.0)


def tom_has_looked(stack: SceneStack, scene: TableScene) -> None:
    """Asha takes the screen and bets, the screen goes to Tom, and Tom sees his cards: his
    turn, his faces up."""
    take_the_screen(stack, scene)
    assert scene.viewer == ASHA and scene.panel.visible
    scene.submit(Bet(ASHA, 2))
    settle(stack, scene)
    handoff = stack.top
    assert isinstance(handoff, HandoffScene) and handoff.seat == TOM
    handoff.update(1.0)
    press(stack, pygame.K_RETURN)
    assert stack.top is scene and scene.viewer == TOM
    settle(stack, scene)
    scene.submit(Look(TOM))
    settle(stack, scene)
    assert scene.waiting_for_person and scene.viewer == TOM


def test_no_frame_shows_toms_faces_after_his_chaal_until_asha_is_ready() -> None:
    session = hotseat_session()
    stack = SceneStack()
    scene = TableScene(session, speed=1.0)
    stack.push(scene)
    tom_has_looked(stack, scene)
    surface = pygame.Surface(SIZE)
    cards = toms_cards(scene)
    seats = len(session.names)
    scene.draw(surface)
    assert {card for card, _ in seat_faces_shown(surface, seats, TOM, cards)} == set(cards)
    press(stack, pygame.K_b)  # Tom chaals with the Bet key, as a person does
    assert session.game.to_act != TOM, "Tom has acted"
    leaks: list[tuple[int, str]] = []
    for number in range(600):
        frame(stack, surface)
        top = stack.top
        if seat_faces_shown(surface, seats, TOM, cards):
            leaks.append((number, type(top).__name__))
        if isinstance(top, HandoffScene) and top.armed:
            assert top.seat == ASHA, "the bots act, then Asha is handed the screen"
            press(stack, pygame.K_RETURN)
            break
    else:
        raise AssertionError("Asha was never handed the screen")
    assert stack.top is scene and scene.viewer == ASHA
    assert not leaks, f"Tom's card faces on {len(leaks)} frames after his chaal: {leaks[:5]}"


def hands_of(scene: TableScene, *seats: int) -> dict[int, tuple[Card, ...]]:
    """The seats' hands as dealt (read before an action that may pack them)."""
    hands = {seat: tuple(scene.session.game.players[seat].hands[0]) for seat in seats}
    assert all(len(cards) == 3 for cards in hands.values())
    return hands


def watch_until_ready(
    stack: SceneStack, scene: TableScene, hands: dict[int, tuple[Card, ...]], frames: int = 600
) -> tuple[int | None, list[tuple[int, int]]]:
    """Draw frames until a hand-off card is answered (or the deal's end is on show); the seat
    handed the screen (None at the deal's end), and the (frame, seat) pairs where one of
    `hands` showed face up."""
    surface = pygame.Surface(SIZE)
    count = len(scene.session.names)
    shown: list[tuple[int, int]] = []
    for number in range(frames):
        frame(stack, surface)
        for seat, cards in hands.items():
            if seat_faces_shown(surface, count, seat, cards):
                shown.append((number, seat))
        top = stack.top
        if isinstance(top, HandoffScene) and top.armed:
            press(stack, pygame.K_RETURN)
            return top.seat, shown
        if scene.session.game.deal_over and not scene.director.busy:
            return None, shown
    raise AssertionError("nobody was handed the screen and the deal did not end")


def test_the_last_person_in_the_deal_keeps_the_screen_while_the_bots_act() -> None:
    session = hotseat_session()
    stack = SceneStack()
    scene = TableScene(session, speed=1.0)
    stack.push(scene)
    take_the_screen(stack, scene)
    scene.submit(Fold(ASHA))  # Asha packs: Tom is the only person left in the deal
    settle(stack, scene)
    handoff = stack.top
    assert isinstance(handoff, HandoffScene) and handoff.seat == TOM
    handoff.update(1.0)
    press(stack, pygame.K_RETURN)
    settle(stack, scene)
    scene.submit(Look(TOM))
    settle(stack, scene)
    scene.submit(Bet(TOM, 4))
    assert scene.viewer == TOM, "no one else can be handed the screen before Tom acts again"
    surface = pygame.Surface(SIZE)
    cards = toms_cards(scene)
    found: set[Card] = set()
    for _ in range(600):
        frame(stack, surface)
        assert stack.top is scene, "no hand-off: Tom acts next"
        if scene.waiting_for_person or session.game.deal_over:
            break
        shown = seat_faces_shown(surface, len(session.names), TOM, cards)
        assert shown, "Tom's cards stay face up (chips may fly over one)"
        found.update(card for card, _ in shown)
    assert found == set(cards)
    assert scene.waiting_for_person and scene.viewer == TOM, "Tom's turn again, his cards up"


def sideshow_session(asha: str, tom: str) -> Session:
    """Priya, Asha and Tom left in, all seen; Asha has just bet and Tom may ask her for a
    sideshow (Oliver packed). Asha and Tom are people, Priya and Oliver bots."""
    seated = hotseat_session()
    hands = {0: "2c 7d 9h", 1: asha, 2: tom, 3: "4c 9d Jh"}
    cards = {seat: parse(text) for seat, text in hands.items()}
    deck = [cards[seat][row] for row in range(3) for seat in (1, 2, 3, 0)]
    game = create_game(seated.rules, [200] * 4, seed=4)
    session = Session(seated.rules, seated.seats, stack=200, seed=seated.seed, game=game)
    session.start_deal(deck)
    for action in (Look(1), Bet(1, 2), Look(2), Bet(2, 4), Fold(3), Look(0), Bet(0, 4)):
        session.submit(action)
    session.submit(Bet(ASHA, 4))
    assert session.game.to_act == TOM
    return session


def ask_for_a_sideshow(session: Session) -> tuple[SceneStack, TableScene]:
    """Tom takes the screen and asks Asha for a sideshow; no frame shows Tom's cards until
    Asha is ready; then Asha has her answer to give."""
    stack = SceneStack()
    scene = TableScene(session, speed=1.0)
    stack.push(scene)
    settle(stack, scene)
    handoff = stack.top
    assert isinstance(handoff, HandoffScene) and handoff.seat == TOM
    handoff.update(1.0)
    press(stack, pygame.K_RETURN)
    settle(stack, scene)
    assert scene.viewer == TOM and scene.waiting_for_person
    hands = hands_of(scene, TOM)
    scene.submit(Sideshow(TOM))
    ready, shown = watch_until_ready(stack, scene, hands)
    assert ready == ASHA and not shown, f"Tom's cards shown on frames {shown[:5]}"
    settle(stack, scene)
    assert scene.viewer == ASHA and scene.waiting_for_person
    return stack, scene


def test_a_sideshow_lost_hides_both_hands_before_the_screen_goes_on() -> None:
    session = sideshow_session(asha="As Ks Qs", tom="Ah Ad Ac")
    stack, scene = ask_for_a_sideshow(session)
    hands = hands_of(scene, ASHA, TOM)
    scene.submit(AnswerSideshow(ASHA, True))  # Tom's trail wins: Asha packs, Tom plays on
    assert scene.viewer is None, "at once, before the comparison is animated"
    ready, shown = watch_until_ready(stack, scene, hands)
    # Priya (a bot) then plays: Tom is handed the screen, or (as she packs) Tom wins unseen
    assert ready in (TOM, None) and not shown, f"sideshow cards on frames {shown[:5]}"


def test_a_sideshow_won_is_seen_by_the_person_who_plays_on() -> None:
    session = sideshow_session(asha="Ah Ad Ac", tom="As Ks Qs")
    stack, scene = ask_for_a_sideshow(session)
    toms = hands_of(scene, TOM)[TOM]
    scene.submit(AnswerSideshow(ASHA, True))  # Asha's trail wins: Tom packs, Asha plays on
    assert scene.viewer == ASHA, "the only person left keeps the screen"
    surface = pygame.Surface(SIZE)
    count = len(session.names)
    seen = 0
    for _ in range(600):
        frame(stack, surface)
        assert stack.top is scene, "no hand-off: Asha is the only person left"
        seen += bool(seat_faces_shown(surface, count, TOM, toms))
        if scene.waiting_for_person or (session.game.deal_over and not scene.director.busy):
            break
    assert seen, "Asha sees the hand she beat in the sideshow"


def public_cards(session: Session) -> set[Card]:
    """Cards this deal has shown to everyone (a showdown, a face-up Brag card)."""
    shown: set[Card] = set()
    for event in session.game.events:
        if isinstance(event, HandRevealed | CardDealt) and event.audience is None:
            cards = event.cards if isinstance(event, HandRevealed) else (event.card,)
            shown.update(card for card in cards if card is not None)
    return shown


def persons_choice(session: Session, rng: random.Random) -> Action:
    """A person's move that keeps the deal going: look when they can, seldom pack."""
    options = [legal.action for legal in session.game.legal_actions()]
    looks = [action for action in options if action.verb == "look"]
    if looks:
        return looks[0]
    playing = [action for action in options if action.verb != "fold"]
    return rng.choice(playing or options)


HAND_OFFS = 8
"""Hand-offs to another person watched per game (or two deals, whichever ends first)."""


@pytest.mark.parametrize(
    ("preset", "seed"),
    [
        ("teen_patti", 3),
        ("brag", 5),
        ("four_card_brag", 2),
        ("three_card_poker", 4),
        ("casino", 1),
    ],
)
def test_no_game_shows_a_persons_cards_to_the_next_person(preset: str, seed: int) -> None:
    """Asha and Tom play with two bots for many turns: after each person's move, until the
    next "I'm ready", no frame shows their cards to another person (what the rules show
    everyone excepted) — while the move animates, the bots act, or the deal ends."""
    session = new_session(preset, seed, hotseat=True)
    stack = SceneStack()
    scene = TableScene(session, speed=4.0)
    stack.push(scene)
    surface = pygame.Surface(SIZE)
    count = len(session.names)
    rng = random.Random(seed)
    actor: tuple[int, tuple[Card, ...]] | None = None
    flagged: list[int] = []
    leaks: list[str] = []
    checked = seen_own = 0
    for number in range(3000):
        frame(stack, surface, 1 / 15)
        top = stack.top
        game = session.game
        if actor is not None:
            seat, cards = actor
            secret = [card for card in cards if card not in public_cards(session)]
            if secret and seat_faces_shown(surface, count, seat, secret):
                flagged.append(number)
                if game.deal_over:
                    leaks.append(f"frame {number}: seat {seat}'s cards after the deal's end")
        if isinstance(top, HandoffScene):
            if top.armed:
                if actor is not None and top.seat != actor[0]:
                    checked += 1
                    if flagged:
                        leaks.append(
                            f"frames {flagged[:3]}: seat {actor[0]}'s cards, then the "
                            f"screen went to seat {top.seat}"
                        )
                actor, flagged = None, []
                press(stack, pygame.K_RETURN)
            continue
        if scene.director.busy or top is not scene:
            continue
        if checked >= HAND_OFFS:
            break
        if game.deal_over:
            if game.deal_number >= 2 or not game.can_deal():
                break
            actor, flagged = None, []
            scene.start_deal()
        elif scene.waiting_for_person and game.to_act is not None:
            seat = game.to_act
            cards = tuple(card for hand in game.players[seat].hands for card in hand)
            board_hands = scene.board.seat(seat).hands
            mine = [card for hand in board_hands for card in hand if card is not None]
            if mine:
                seen_own += bool(seat_faces_shown(surface, count, seat, mine))
            actor, flagged = (seat, cards), []
            scene.submit(persons_choice(session, rng))
    assert not leaks, leaks[:5]
    print(f"{preset}: {checked} hand-offs watched over {number} frames")
    assert checked >= 3, f"only {checked} hand-offs to another person were watched"
    assert seen_own, "a person's own cards were found on screen on their turn"


@pytest.mark.parametrize("preset", ["three_card_poker", "brag", "teen_patti", "casino"])
def test_a_session_opened_part_way_through_a_deal_shows_no_ones_cards_before_a_hand_off(
    preset: str,
) -> None:
    """A hot-seat save or a table reopened mid-deal: whoever holds the screen, no person's cards
    show until the person to act says "I'm ready" (the first person's cards used to be replayed
    face up at once, in the families that deal them face up)."""
    rng = random.Random(preset)
    session = new_session(preset, 7, hotseat=True)
    session.start_deal()
    people = session.humans
    for _ in range(200):
        game = session.game
        if game.deal_over or (game.to_act in people and len(game.actions) >= 2):
            break
        if game.to_act in people:
            session.submit(persons_choice(session, rng))
        else:
            session.step()
    game = session.game
    assert not game.deal_over and game.to_act in people, "no person to act mid-deal"
    secret = {
        seat: [
            c for hand in game.players[seat].hands for c in hand if c not in public_cards(session)
        ]
        for seat in people
    }
    stack = SceneStack()
    scene = TableScene(session, speed=4.0)
    stack.push(scene)
    surface = pygame.Surface(SIZE)
    count = len(session.names)
    for number in range(600):
        frame(stack, surface, 1 / 15)
        top = stack.top
        for seat, cards in secret.items():
            assert not seat_faces_shown(surface, count, seat, cards), (
                f"frame {number}: seat {seat}'s cards before anyone took the screen"
            )
        if isinstance(top, HandoffScene) and top.armed:
            assert top.seat == game.to_act
            press(stack, pygame.K_RETURN)
            break
    else:
        pytest.fail("the screen was never handed to the person to act")
    scene.finish_animations()
    frame(stack, surface)
    seat = game.to_act
    assert seat is not None
    if secret[seat] and not session.observe(seat).seats[seat].blind:
        assert seat_faces_shown(surface, count, seat, secret[seat]), "the check sees no faces"

"""Three Card Poker on the felt: every control pressed by a posted click or key reaches the engine
as its action, whole hands (designated player and casino) play through the scene with the board
never drifting from the engine, and the frames show the bank, the wagers and the result."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from table_driving import button, click, last_action, open_table, press, session_of

from game.engine.actions import Action, Fold
from game.engine.cards import parse
from game.engine.casino import Play, PostAnte
from game.engine.phases import Phase
from game.engine.three_card_poker import Call, PostBets, TakeBank, Waive
from game.session import SeatPlan, Session
from game.ui.kit.layout import Viewport, wager_spots
from game.ui.shell.app import App
from game.ui.shell.scene import SceneStack
from game.ui.table.controls import controls_for
from game.ui.table.hud import NEXT_DEAL
from game.ui.table.table_scene import TableScene
from game.ui.table.table_view import layout_for
from game.words.wagers import PILES

TCP = "three_card_poker"
CASINO = "three_card_poker_casino"


def bots_until_person(session: Session) -> None:
    """Let the bots act until it is the person's turn (or the deal is over)."""
    while not session.game.deal_over and session.bot_to_act():
        session.step()


def bank_offer() -> Session:
    """A designated-player deal where the person (seat 0) is offered the bank."""
    session = session_of(TCP, 4)
    session.start_deal()
    assert session.game.to_act == 0
    return session


def betting_turn() -> Session:
    """The person waived; a bot took the bank; the person is to post bets."""
    session = bank_offer()
    session.submit(Waive(0))
    bots_until_person(session)
    assert session.game.to_act == 0 and session.game.phase == Phase.BETS
    return session


def decision_turn() -> Session:
    """The person posted Base only; the cards are out; the person calls or folds."""
    session = betting_turn()
    session.submit(PostBets(0, 10))
    bots_until_person(session)
    assert session.game.to_act == 0 and session.game.phase == Phase.DECISIONS
    return session


def casino_turn(pair_plus: int | None = None) -> Session:
    """A casino table, the person first to post (or, after posting, to play or fold)."""
    session = session_of(CASINO, 2, stacks=[200, 200])
    session.game.start_deal()
    bots_until_person(session)
    if pair_plus is not None:
        session.submit(PostAnte(0, 10, pair_plus))
        bots_until_person(session)
    assert session.game.to_act == 0
    return session


# --- each control, by click and by key --------------------------------------------------------


@pytest.mark.parametrize("by_key", [False, True])
def test_take_the_bank(app: App, by_key: bool) -> None:
    session = bank_offer()
    scene = open_table(app, session)
    if by_key:
        press(app, pygame.K_b)
    else:
        click(app, button(scene, TakeBank))
    assert last_action(session) == TakeBank(0)


@pytest.mark.parametrize("by_key", [False, True])
def test_waive_the_bank(app: App, by_key: bool) -> None:
    session = bank_offer()
    scene = open_table(app, session)
    if by_key:
        press(app, pygame.K_w)
    else:
        click(app, button(scene, Waive))
    assert last_action(session) == Waive(0)


@pytest.mark.parametrize(
    ("key", "pair_plus"), [(pygame.K_b, 0), (pygame.K_p, 10)], ids=["base", "pair-plus"]
)
def test_post_the_base_with_or_without_pair_plus(app: App, key: int, pair_plus: int) -> None:
    session = betting_turn()
    scene = open_table(app, session)
    labels = [b.label for b in scene.panel.buttons]
    assert labels == ["Base 10", "Base 10 + Pair Plus 10"]
    click(app, button(scene, PostBets, pair_plus=pair_plus))
    assert last_action(session) == PostBets(0, 10, pair_plus)

    again = betting_turn()
    open_table(app, again)
    press(app, key)
    assert last_action(again) == PostBets(0, 10, pair_plus)


@pytest.mark.parametrize(("kind", "key"), [(Call, pygame.K_c), (Fold, pygame.K_f)])
def test_call_or_fold(app: App, kind: type[Action], key: int) -> None:
    session = decision_turn()
    scene = open_table(app, session)
    assert [b.label for b in scene.panel.buttons] == ["Call 10", "Fold"]
    click(app, button(scene, kind))
    assert type(last_action(session)) is kind

    again = decision_turn()
    open_table(app, again)
    press(app, key)
    assert type(last_action(again)) is kind


@pytest.mark.parametrize(
    ("key", "pair_plus"), [(pygame.K_a, 0), (pygame.K_p, 10)], ids=["ante", "pair-plus"]
)
def test_casino_ante_with_or_without_pair_plus(app: App, key: int, pair_plus: int) -> None:
    session = casino_turn()
    scene = open_table(app, session)
    assert [b.label for b in scene.panel.buttons] == ["Ante 10", "Ante 10 + Pair Plus 10"]
    click(app, button(scene, PostAnte, pair_plus=pair_plus))
    assert last_action(session) == PostAnte(0, 10, pair_plus)

    again = casino_turn()
    open_table(app, again)
    press(app, key)
    assert last_action(again) == PostAnte(0, 10, pair_plus)


@pytest.mark.parametrize(("kind", "key"), [(Play, pygame.K_p), (Fold, pygame.K_f)])
def test_casino_play_or_fold(app: App, kind: type[Action], key: int) -> None:
    session = casino_turn(pair_plus=0)
    scene = open_table(app, session)
    assert [b.label for b in scene.panel.buttons] == ["Play 10", "Fold"]
    click(app, button(scene, kind))
    assert type(last_action(session)) is kind

    again = casino_turn(pair_plus=0)
    open_table(app, again)
    press(app, key)
    assert type(last_action(again)) is kind


def test_tooltips_are_the_engine_rules() -> None:
    session = betting_turn()
    legal = session.game.legal_actions()
    controls = controls_for(legal, TCP, blind=False)
    assert [control.tooltip for control in controls] == [str(option.rule) for option in legal]
    assert "Pair Plus 10" in controls[1].tooltip


# --- whole hands through the scene ------------------------------------------------------------


def play_through(scene: TableScene, stack: SceneStack, choose: str) -> None:
    """Run the scene's own loop (bots after their pause) until the deal is over, the person
    pressing the button whose label starts with `choose` first when there is one."""
    for _ in range(400):
        scene.finish_animations()
        scene.update(2.0)
        if scene.session.game.deal_over and not scene.director.busy:
            scene.update(0.0)
            return
        if scene.panel.visible:
            wanted = next(
                (b for b in scene.panel.buttons if b.label.startswith(choose)),
                scene.panel.buttons[0],
            )
            assert wanted.control is not None
            scene.submit(wanted.control.action())
    raise AssertionError("the deal did not end")


def test_a_designated_player_hand_plays_through_the_scene() -> None:
    session = session_of(TCP, 4)
    stack = SceneStack()
    scene = TableScene(session)
    stack.push(scene)
    play_through(scene, stack, "Waive")
    assert session.game.deal_over
    assert scene.director.drift == []
    assert scene.board.wagers == {}
    assert [seat.stack for seat in scene.board.seats] == list(session.game.stacks)
    caption = scene.director.stage.caption
    assert caption is not None and caption.text
    log = " ".join(scene.director.stage.log)
    assert "banks this deal" in log and "posts Base 10" in log
    banked = scene.board.bank_seat()
    assert banked is not None and banked != 0
    assert "qualif" in scene.director.stage.banner
    assert scene.panel.buttons[0].command == NEXT_DEAL


def test_a_casino_hand_plays_through_the_scene() -> None:
    session = session_of(CASINO, 3)
    stack = SceneStack()
    scene = TableScene(session)
    stack.push(scene)
    play_through(scene, stack, "Ante 10 +")
    assert scene.director.drift == []
    assert scene.narrator.name(3) == "Dealer"
    assert scene.director.stage.banner.startswith("Dealer ")
    caption = scene.director.stage.caption
    assert caption is not None and caption.text.startswith("You ")
    assert [seat.stack for seat in scene.board.seats[:3]] == list(session.game.stacks)


def test_a_bank_that_does_not_qualify_pays_the_base() -> None:
    """A stacked deal: the bank holds 9-7-2, the person A-K-Q: Base paid, Call no action."""
    session = session_of(TCP, 2)
    cards = {0: parse("As Ks Qs"), 1: parse("2c 7d 9h")}
    session.game.start_deal(deck=[cards[seat][r] for r in range(3) for seat in (0, 1)])
    stack = SceneStack()
    scene = TableScene(session)
    stack.push(scene)
    for action in (Waive(0), PostBets(0, 10), Call(0, 10)):
        scene.finish_animations()
        scene.update(0.0)
        scene.submit(action)
    scene.finish_animations()
    scene.update(0.0)
    assert session.game.deal_over and scene.director.drift == []
    assert session.game.stacks == (210, 190)
    assert scene.director.stage.banner == "Bot 1 does not qualify with High card 9-7-2"
    caption = scene.director.stage.caption
    assert caption is not None
    assert caption.text == "You win 10 — The designated player did not qualify"
    assert 0 in scene.director.stage.winners
    log = scene.director.stage.log
    assert "Your Call gets no action (10 back) — The designated player did not qualify." in log


def test_nobody_can_bank_says_why() -> None:
    session = session_of(TCP, 3, stacks=[25, 25, 25])
    stack = SceneStack()
    scene = TableScene(session)
    stack.push(scene)
    scene.update(0.0)
    reason = str(session.game.why_not_dealing())  # type: ignore[attr-defined]
    assert reason.startswith("No seat can bank")
    assert scene.end_message == reason
    assert reason in scene.director.stage.log


# --- frames -----------------------------------------------------------------------------------


def render(scene: TableScene, path: Path) -> pygame.Surface:
    """One full frame at the logical size, saved as a PNG."""
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    pygame.image.save(surface, path)
    return surface


def test_a_frame_shows_the_wager_piles_and_the_bank(tmp_path: Path) -> None:
    session = decision_turn()
    stack = SceneStack()
    scene = TableScene(session)
    stack.push(scene)
    scene.finish_animations()
    scene.update(0.0)
    surface = render(scene, tmp_path / "tcp.png")
    layout = layout_for(scene.board.observation(), scene.bottom)
    viewport = Viewport.fit(surface.get_size())
    spots = wager_spots(layout.seats[0], PILES)
    felt = surface.get_at(viewport.point((640, 200)))
    x, y = spots["base"]
    pile = surface.get_at(viewport.point((x, y - 6)))
    assert pile != felt, "the Base pile is drawn at the person's seat"
    assert scene.board.wagers[0] == {"base": 10}
    bank = scene.board.bank_seat()
    assert bank is not None and "DESIGNATED PLAYER" in scene.board.seat(bank).badges


@pytest.mark.parametrize("family", [TCP, CASINO])
def test_many_deals_never_drift_from_the_engine(family: str) -> None:
    """Uneven stacks (short banks, dead hands, part payments): the board always matches."""
    stacks = [300, 45, 120, 60] if family == TCP else [90, 40, 200]
    seated = session_of(family, len(stacks), stacks=stacks)
    plans = [SeatPlan.bot("You"), *seated.seats[1:]]
    session = Session(seated.rules, plans, stack=200, seed=1, game=seated.game)
    stack = SceneStack()
    scene = TableScene(session)
    stack.push(scene)
    seen: set[str] = set()
    for _ in range(25):
        for _ in range(200):
            scene.finish_animations()
            scene.update(5.0)
            if session.game.deal_over and not scene.director.busy:
                break
        seen.update(type(event).__name__ for event in session.game.observe(None).history)
        assert scene.director.drift == []
        assert scene.board.wagers == {}
        if not session.game.can_deal():
            break
        scene.start_deal()
    assert "WagerSettled" in seen

"""Every tutorial walked to its end on the table by clicking what the pointer rings, the way a
learner would (clicks at real window pixels through pygame's queue); other controls are refused.
"""

from __future__ import annotations

import pygame
import pytest
from lesson_screens import replay_frame, tutorial_frame
from table_driving import click

from game.engine.actions import Action, Bet, Fold
from game.teaching.tutorials import LEARNER, TutorialRun
from game.teaching.variant_tutorials import EVERY_TUTORIAL, VARIANT_TUTORIALS
from game.ui.lessons.tutorial_scene import COMPLETE, PLAYING, TutorialScene, tutorial_scene
from game.ui.shell.app import App

FINAL_STACKS = {"teen_patti": 118, "brag": 110, "three_card_poker": 530} | {
    name: 104
    for name in VARIANT_TUTORIALS  # each wins Asha's ante and Ravi's ante and bet of 2
}
"""The learner's stack at the end of each tutorial (the scripted hands' results)."""


def settle(app: App, scene: TutorialScene) -> None:
    """Let every animation finish and the scene decide what comes next."""
    scene.finish_animations()
    app.pump(0.0)


def open_tutorial(app: App, name: str) -> TutorialScene:
    scene = tutorial_scene(name)
    assert isinstance(scene, TutorialScene)
    app.scenes.push(scene)
    settle(app, scene)
    return scene


def to_first_lesson(app: App, scene: TutorialScene) -> None:
    """Click Continue past the deal's opening words."""
    pointed = scene.pointed
    assert pointed is not None and pointed.command is not None
    click(app, pointed)
    settle(app, scene)
    assert scene.phase == PLAYING


def scripted(name: str) -> TutorialRun:
    """The same tutorial played by its own script straight on the engine."""
    run = TutorialRun(EVERY_TUTORIAL[name])
    for _ in run.tutorial.deals:
        run.next_deal()
        while (step := run.expected()) is not None:
            run.submit(step.action)
    return run


@pytest.mark.parametrize("name", sorted(EVERY_TUTORIAL))
def test_each_tutorial_walks_to_its_end_by_clicking_the_pointed_control(
    app: App, name: str
) -> None:
    scene = open_tutorial(app, name)
    lessons_seen: list[str] = []
    for _ in range(200):
        settle(app, scene)
        if scene.phase == COMPLETE:
            break
        step = scene.run.expected()
        if scene.phase == PLAYING and step is not None and step.lesson not in lessons_seen:
            lesson = scene.lesson()
            assert lesson is not None and lesson.words == step.lesson
            lessons_seen.append(step.lesson)
        pointed = scene.pointed
        assert pointed is not None, f"nothing pointed at in phase {scene.phase}"
        click(app, pointed)
    assert scene.phase == COMPLETE and scene.run.finished
    expected = scripted(name)
    assert scene.session.histories == expected.session.histories, "exactly the script was played"
    assert scene.session.game.stacks[LEARNER] == expected.session.game.stacks[LEARNER]
    assert scene.session.game.stacks[LEARNER] == FINAL_STACKS[name]
    back = scene.pointed
    assert back is not None and back.label.startswith("Back")
    click(app, back)
    assert app.scenes.top is not scene, "Back leaves the lesson"


def actions_of(scene: TutorialScene) -> list[Action]:
    return list(scene.session.game.actions)


def test_another_control_is_refused_and_the_game_does_not_change(app: App) -> None:
    scene = open_tutorial(app, "teen_patti")
    to_first_lesson(app, scene)
    before = (actions_of(scene), scene.run.step_index, scene.session.game.stacks)
    fold = scene.panel.button_for(Fold)
    assert fold is not None and fold is not scene.pointed
    click(app, fold)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f"))
    app.pump(0.0)
    assert (actions_of(scene), scene.run.step_index, scene.session.game.stacks) == before
    assert scene.notes and "Blind" in scene.notes[-1][0], "the refusal says what to press"
    assert scene.panel.button_for(Bet) is not None, "the controls stay up after a refusal"


def test_a_bet_of_the_wrong_amount_is_refused(app: App) -> None:
    scene = open_tutorial(app, "teen_patti")
    to_first_lesson(app, scene)
    for _ in range(2):
        pointed = scene.pointed
        assert pointed is not None
        click(app, pointed)
        settle(app, scene)
    step = scene.run.expected()
    assert step is not None and step.action == Bet(LEARNER, 4)
    pointed = scene.pointed
    assert pointed is not None and pointed.label == "+", "the pointer asks for a bigger amount"
    bet = scene.panel.button_for(Bet)
    assert bet is not None
    before = actions_of(scene)
    click(app, bet)
    assert actions_of(scene) == before
    assert scene.notes and "amount to 4" in scene.notes[-1][0]


def test_unknown_tutorial_name_is_explained() -> None:
    with pytest.raises(ValueError, match="teen_patti"):
        tutorial_scene("snap")


def test_the_readme_pictures_render_a_pointer_and_a_replay_mid_deal() -> None:
    tutorial = tutorial_frame()
    pointed = tutorial.pointed
    assert pointed is not None and pointed.label == "+"
    tutorial.draw(pygame.Surface((640, 360)))
    replayed = replay_frame()
    assert 0 < replayed.position < replayed.total
    replayed.draw(pygame.Surface((640, 360)))


def test_the_learners_pill_at_the_show_names_the_hand_as_the_result_does() -> None:
    """The Joker lesson ends at a show: the pill under the learner's cards names the hand with
    its wild card, in the very words of the result (the joker is back in the pack by then)."""
    from game.engine.events import HandRevealed
    from game.words.hands import said_hand

    scene = tutorial_frame("joker", 0)
    for _ in range(40):
        button = scene.pointed
        if scene.observe().deal_over or button is None:
            break
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            scene.handle_event(pygame.event.Event(kind, button=1, pos=button.box.centre))
        scene.finish_animations()
        scene.update(0.0)
    assert scene.observe().deal_over
    history = scene.observe(LEARNER).history
    shown = [e.description for e in history if isinstance(e, HandRevealed) and e.seat == LEARNER]
    assert shown and shown[-1].wild_count > 0, "the lesson's hand plays a wild card"
    assert scene.hand_names()[0] == said_hand(shown[-1])


def test_the_joker_lessons_turned_up_card_has_its_tooltip_while_the_buttons_are_up() -> None:
    from game.ui.kit.layout import open_card_box

    scene = tutorial_frame("joker", 0)
    for _ in range(10):
        if scene.board.table_cards and scene.panel.visible:
            break
        button = scene.pointed
        assert button is not None
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            scene.handle_event(pygame.event.Event(kind, button=1, pos=button.box.centre))
        scene.finish_animations()
        scene.update(0.0)
    assert scene.board.table_cards and scene.panel.visible
    card = open_card_box(0, 1)
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    above = (round(card.centre[0]), round(card.y - 30))
    plain = surface.get_at(above)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=card.centre, rel=(0, 0)))
    assert scene.pointer == card.centre
    scene.draw(surface)
    assert surface.get_at(above) != plain, "the tooltip stands above the joker"

"""Tutorials: each script plays to its end under the real rules, and the learner wins."""

import pytest

from game.engine.actions import Fold
from game.teaching.tutorials import LEARNER, TUTORIALS, TutorialRun, walk
from game.teaching.variant_tutorials import EVERY_TUTORIAL


@pytest.mark.parametrize("name", sorted(EVERY_TUTORIAL))
def test_tutorial_walks_to_its_end_with_every_lesson_said(name: str) -> None:
    """Every lesson, the games' and the variants', plays to its end and the learner wins."""
    tutorial = EVERY_TUTORIAL[name]
    lessons = walk(tutorial)
    assert lessons and all(len(lesson) > 20 for lesson in lessons)
    run = TutorialRun(tutorial)
    for _ in tutorial.deals:
        run.next_deal()
        while (step := run.expected()) is not None:
            run.submit(step.action)
        assert run.session.game.deal_over
    assert run.finished
    assert run.session.game.stacks[LEARNER] > tutorial.stack


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_a_different_move_is_refused_with_the_lesson_and_changes_nothing(name: str) -> None:
    run = TutorialRun(TUTORIALS[name])
    run.next_deal()
    step = run.expected()
    assert step is not None
    before = run.session.game.observe(LEARNER)
    message = run.check(Fold(LEARNER))
    assert message.startswith("In this lesson") and step.lesson in message
    with pytest.raises(ValueError, match="In this lesson"):
        run.submit(Fold(LEARNER))
    assert run.session.game.observe(LEARNER) == before

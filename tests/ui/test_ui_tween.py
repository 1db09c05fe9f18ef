"""Easing functions are pure curves from 0 to 1; tweens, sequences and the animator keep time."""

from types import SimpleNamespace

import pytest

from game.ui.kit.tween import (
    EASINGS,
    Animator,
    Call,
    Parallel,
    Sequence,
    Tween,
    Wait,
    ease_in_out_quad,
    ease_out_back,
    ease_out_cubic,
    interpolate,
    linear,
)

OVERSHOOTING = {"ease_out_back", "ease_in_back", "ease_out_elastic"}


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_easing_starts_at_zero_and_ends_at_one(name: str) -> None:
    easing = EASINGS[name]
    assert easing(0.0) == pytest.approx(0.0, abs=1e-9)
    assert easing(1.0) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("name", sorted(set(EASINGS) - OVERSHOOTING - {"ease_out_bounce"}))
def test_plain_easings_never_go_backwards(name: str) -> None:
    easing = EASINGS[name]
    values = [easing(step / 100) for step in range(101)]
    assert values == sorted(values)
    assert all(-1e-9 <= value <= 1 + 1e-9 for value in values)


def test_ease_out_back_overshoots_then_settles() -> None:
    assert max(ease_out_back(step / 100) for step in range(101)) > 1.05


def test_shapes() -> None:
    assert ease_out_cubic(0.5) > 0.5, "ease-out is ahead of linear at the middle"
    assert ease_in_out_quad(0.25) < 0.25 and ease_in_out_quad(0.75) > 0.75


def test_interpolate_numbers_and_tuples() -> None:
    assert interpolate(0.0, 10.0, 0.25) == 2.5
    assert interpolate((0.0, 10.0), (10.0, 20.0), 0.5) == (5.0, 15.0)
    with pytest.raises(ValueError):
        interpolate((0.0,), (1.0, 2.0), 0.5)
    with pytest.raises(ValueError):
        interpolate(0.0, (1.0,), 0.5)


def test_a_tween_moves_attributes_after_its_delay_and_calls_on_done_once() -> None:
    card = SimpleNamespace(x=0.0, position=(0.0, 0.0))
    finished: list[str] = []
    tween = Tween(
        card,
        {"x": 10.0, "position": (4.0, 8.0)},
        duration=1.0,
        easing=linear,
        delay=0.5,
        on_done=lambda: finished.append("done"),
    )
    assert tween.advance(0.25) == 0.0
    assert card.x == 0.0
    tween.advance(0.75)
    assert card.x == pytest.approx(5.0)
    assert card.position == pytest.approx((2.0, 4.0))
    leftover = tween.advance(1.0)
    assert leftover == pytest.approx(0.5)
    assert (card.x, card.position, tween.done) == (10.0, (4.0, 8.0), True)
    tween.finish()
    assert finished == ["done"]


def test_start_values_are_read_when_the_tween_starts_not_when_made() -> None:
    card = SimpleNamespace(x=0.0)
    tween = Tween(card, {"x": 10.0}, duration=1.0, easing=linear, delay=1.0)
    card.x = 6.0
    tween.advance(1.5)
    assert card.x == pytest.approx(8.0)


def test_a_tween_can_drive_a_dict() -> None:
    values = {"alpha": 0.0}
    Tween(values, {"alpha": 255.0}, duration=0.0).advance(0.0)
    assert values["alpha"] == 255.0


def test_a_sequence_runs_steps_in_order_and_carries_leftover_time() -> None:
    card = SimpleNamespace(x=0.0, y=0.0)
    log: list[str] = []
    sequence = Sequence(
        [
            Tween(card, {"x": 1.0}, duration=1.0, easing=linear),
            Call(lambda: log.append("between")),
            Wait(0.5),
            Tween(card, {"y": 1.0}, duration=1.0, easing=linear),
        ]
    )
    sequence.advance(1.25)
    assert (card.x, card.y, log) == (1.0, 0.0, ["between"])
    sequence.advance(0.5)
    assert card.y == pytest.approx(0.25)
    assert sequence.advance(2.0) == pytest.approx(1.25)
    assert sequence.done and card.y == 1.0


def test_parallel_members_run_together_and_finish_with_the_longest() -> None:
    card = SimpleNamespace(x=0.0, y=0.0)
    group = Parallel(
        [
            Tween(card, {"x": 1.0}, duration=1.0, easing=linear),
            Tween(card, {"y": 1.0}, duration=2.0, easing=linear),
        ]
    )
    group.advance(1.0)
    assert (card.x, card.y, group.done) == (1.0, 0.5, False)
    assert group.advance(1.5) == pytest.approx(0.5)
    assert group.done


def test_the_animator_speed_multiplier_scales_time() -> None:
    card = SimpleNamespace(x=0.0)
    animator = Animator(speed=2.0)
    animator.play(Tween(card, {"x": 10.0}, duration=1.0, easing=linear))
    animator.update(0.25)
    assert card.x == pytest.approx(5.0)
    animator.update(0.25)
    assert card.x == 10.0 and not animator.busy


def test_skip_finishes_everything_in_order_including_what_callbacks_start() -> None:
    card = SimpleNamespace(x=0.0, y=0.0)
    animator = Animator()
    log: list[str] = []

    def chain() -> None:
        log.append("first")
        animator.play(Tween(card, {"y": 3.0}, 5.0, on_done=lambda: log.append("second")))

    animator.play(Sequence([Wait(10.0), Tween(card, {"x": 2.0}, 5.0, on_done=chain)]))
    assert animator.busy
    animator.skip()
    assert (card.x, card.y, log, animator.busy) == (2.0, 3.0, ["first", "second"], False)


def test_speed_zero_means_no_animation() -> None:
    card = SimpleNamespace(x=0.0)
    animator = Animator(speed=0)
    animator.play(Tween(card, {"x": 4.0}, duration=3.0))
    assert card.x == 4.0 and not animator.busy

"""The variants' lessons: one for every app variant, each played to its end on the real engine,
and every claim its words make about the hands checked against the engine's own evaluation."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pytest

from game.engine.cards import FULL_DECK, parse
from game.engine.hands import Category, HandValue, Ranking
from game.engine.rules import PRESETS, get_preset
from game.engine.teen_patti import TeenPattiGame
from game.teaching.tutorials import LEARNER, TUTORIALS, Tutorial, TutorialRun
from game.teaching.variant_tutorials import EVERY_TUTORIAL, VARIANT_TUTORIALS

RAVI = 2
"""The player the learner shows down against in every variant's lesson."""


@dataclass(frozen=True)
class Claim:
    """What a lesson's words say about one player's hand: the cards dealt, and phrases each of
    which the words contain and the engine's evaluation says (its plays-as ranks or its name)."""

    seat: int
    cards: str
    phrases: tuple[str, ...]


CLAIMS: dict[str, tuple[Claim, ...]] = {
    "joker": (
        Claim(LEARNER, "7c Kd Ks", ("K-K-K", "trail of kings")),
        Claim(RAVI, "As Ad 9d", ("pair of aces",)),
    ),
    "ak47": (
        Claim(LEARNER, "As 4d 9c", ("9-9-9", "trail of 9s")),
        Claim(RAVI, "Qs Qh 3d", ("pair of queens",)),
    ),
    "highest_joker": (
        Claim(LEARNER, "Kd 8s 8h", ("8-8-8", "trail of 8s")),
        Claim(RAVI, "Td 6c 6s", ("6-6-6", "trail of 6s")),
    ),
    "lowest_joker": (
        Claim(LEARNER, "3s 3d Qc", ("Q-Q-Q", "trail of queens")),
        Claim(RAVI, "5c 9s Js", ("9-10-J", "pure sequence")),
    ),
    "nine_nine_nine": (
        Claim(LEARNER, "9c Kd 4s", ("940",)),
        Claim(RAVI, "Ks Kh 8d", ("800",)),
    ),
    "best_of_four": (
        Claim(LEARNER, "5s 6s 7s Kd", ("5-6-7", "pure sequence")),
        Claim(RAVI, "Ac Ad 3h Js", ("pair of aces",)),
    ),
    "high_low": (
        Claim(LEARNER, "2c 2d 5h", ("pair of 2s",)),
        Claim(RAVI, "As Ah Kd", ("pair of aces",)),
    ),
    "muflis": (
        Claim(LEARNER, "2c 4d 7s", ("7-4-2",)),
        Claim(RAVI, "Ks Kh Qd", ("pair of kings",)),
    ),
    "four_card_brag": (
        Claim(LEARNER, "Qh Qc 8h 3h", ("flush Q-8-3",)),
        Claim(RAVI, "Ks Kh 4d 7c", ("pair of kings",)),
    ),
}
"""Each lesson's claims about the learner's hand and Ravi's, as its words state them."""


def words_of(tutorial: Tutorial) -> str:
    """Everything a lesson says, in English: openings, lessons and closings."""
    parts = [tutorial.title]
    for deal in tutorial.deals:
        parts += [deal.opening, *(step.lesson for step in deal.steps), deal.closing]
    return " ".join(parts)


def dealt(name: str) -> tuple[TutorialRun, dict[int, HandValue]]:
    """A lesson's first deal dealt, and every player's hand valued by the deal's own ranking."""
    run = TutorialRun(VARIANT_TUTORIALS[name])
    run.next_deal()
    game = run.session.game
    return run, {seat: game.ranking.evaluate(player.hand) for seat, player in game.players.items()}


def plain_ranking() -> Ranking:
    """The ranking of plain Teen Patti, for the lessons' 'in plain Teen Patti' comparisons."""
    return get_preset("teen_patti").rules().hand_ranking()


def test_every_variant_with_a_bubble_has_a_lesson_and_muflis_too() -> None:
    bubbles = {name for name, preset in PRESETS.items() if preset.lesson}
    assert bubbles | {"muflis"} == set(VARIANT_TUTORIALS)
    for name, tutorial in VARIANT_TUTORIALS.items():
        assert tutorial.preset == name and 1 <= len(tutorial.deals) <= 2
    assert set(CLAIMS) == set(VARIANT_TUTORIALS), "every lesson's claims are checked"
    assert not set(TUTORIALS) & set(VARIANT_TUTORIALS)
    assert EVERY_TUTORIAL == TUTORIALS | VARIANT_TUTORIALS


@pytest.mark.parametrize("name", sorted(VARIANT_TUTORIALS))
def test_the_words_claims_are_what_the_engine_says(name: str) -> None:
    words = words_of(VARIANT_TUTORIALS[name]).lower()
    run, values = dealt(name)
    for claim in CLAIMS[name]:
        hand = run.session.game.players[claim.seat].hand
        assert set(hand) == set(parse(claim.cards)), f"seat {claim.seat} is dealt it"
        value = values[claim.seat]
        said = f"{value.plays_as} {value.description}".lower()
        for phrase in claim.phrases:
            assert phrase.lower() in words, f"the lesson says {phrase!r}"
            assert phrase.lower() in said, f"the engine says {said!r}, not {phrase!r}"
    assert values[LEARNER] > values[RAVI], "the learner's hand wins the show"


def test_the_joker_lesson_turns_up_the_7_of_hearts() -> None:
    run, values = dealt("joker")
    game = run.session.game
    assert isinstance(game, TeenPattiGame) and game.open_cards == tuple(parse("7h"))
    assert "7♥" in words_of(VARIANT_TUTORIALS["joker"])
    assert values[LEARNER].wild_count == 1, "the 7♣ is the learner's one wild card"


def test_the_plain_game_would_have_gone_the_other_way() -> None:
    """AK47's and Muflis's closings: in plain Teen Patti, Ravi's pair wins."""
    for name in ("ak47", "muflis"):
        run, _ = dealt(name)
        players = run.session.game.players
        assert plain_ranking().compare(players[RAVI].hand, players[LEARNER].hand) == 1


def test_the_personal_jokers_are_the_cards_the_words_name() -> None:
    _, highest = dealt("highest_joker")
    assert highest[LEARNER].wild_count == 1 and highest[RAVI].wild_count == 1
    _, lowest = dealt("lowest_joker")
    assert lowest[LEARNER].wild_count == 2, "a lowest pair of 3s: both wild"
    assert lowest[RAVI].category is Category.STRAIGHT_FLUSH, "the wild 5 is the 10 of spades"


def test_the_four_card_brag_discard_keeps_the_best_three() -> None:
    run, values = dealt("four_card_brag")
    ranking = run.session.game.ranking
    kept = [card for card in run.session.game.players[LEARNER].hand if str(card) != "Qc"]
    best = values[LEARNER]  # the four cards played as their best three
    assert ranking.evaluate(kept).strength == best.strength, "discarding the Q♣ keeps the best"
    assert ranking.evaluate(parse("Qh Qc 8h")).category is Category.PAIR
    assert ranking.evaluate(kept) > ranking.evaluate(parse("Qh Qc 8h")), "a flush beats a pair"


def every_hand(ranking: Ranking) -> list[HandValue]:
    """All 22,100 three-card hands valued by `ranking`."""
    return [ranking.evaluate(hand) for hand in itertools.combinations(FULL_DECK, 3)]


def test_the_muflis_and_high_low_rules_as_the_openings_state_them() -> None:
    muflis = every_hand(get_preset("muflis").rules().hand_ranking())
    assert max(muflis).category is Category.HIGH_CARD, "a plain high card is the best kind"
    assert min(muflis).category is Category.TRIO, "a trail is the worst hand"
    high_low = get_preset("high_low").rules().hand_ranking()
    pairs = [value for value in every_hand(high_low) if value.category is Category.PAIR]
    twos = [value for value in pairs if "Pair of 2s" in value.description]
    aces = [value for value in pairs if "Pair of aces" in value.description]
    assert min(twos) > max(value for value in pairs if value not in twos), "no pair is higher"
    assert max(aces) < min(value for value in pairs if value not in aces), "the lowest pair"

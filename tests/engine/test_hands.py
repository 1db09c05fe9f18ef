"""Hand rankings: all 22,100 hands per ranking, worked examples, wild cards and Muflis."""

import bisect
import hashlib
import itertools
from collections import Counter
from collections.abc import Sequence

import pytest

from game.engine.cards import FULL_DECK, Card, parse
from game.engine.hands import A23, Category, Knobs, PersonalJoker, RankingError, get_ranking

ALL_HANDS = list(itertools.combinations(FULL_DECK, 3))
RANKINGS = [
    ("teen_patti", None),
    ("teen_patti", "second"),
    ("teen_patti", "lowest"),
    ("brag", None),
    ("three_card_poker", None),
    ("muflis", None),
]


def _positions(keys: Sequence[object]) -> list[int]:
    """For each hand, how many hands are strictly below it: a canonical picture of an order."""
    ordered = sorted(keys)  # type: ignore[type-var]
    return [bisect.bisect_left(ordered, key) for key in keys]


def _reference_key(cards: Sequence[Card], ranking: str, a23: str | None) -> tuple[float, ...]:
    """An independent, deliberately plain evaluator (if-chains) to cross-check the data tables."""
    high, middle, low = sorted((int(card.rank) for card in cards), reverse=True)
    suited = len({card.suit for card in cards}) == 1
    wheel = (high, middle, low) == (14, 3, 2)
    run = high != middle != low and (high - low == 2 or wheel)
    if ranking == "three_card_poker":
        run_height = 3.0 if wheel else float(high)
        order = {"sf": 6, "trio": 5, "run": 4, "flush": 3, "pair": 2, "high": 1}
    else:
        placement = a23 or "highest"
        wheel_height = {"highest": 15.0, "second": 13.5, "lowest": 3.0}[placement]
        run_height = wheel_height if wheel else float(high)
        order = {"trio": 6, "sf": 5, "run": 4, "flush": 3, "pair": 2, "high": 1}
    if high == low:
        trio_height = 15 if ranking == "brag" and high == 3 else high
        return (order["trio"], trio_height)
    if high == middle:
        return (order["pair"], high, low)
    if middle == low:
        return (order["pair"], middle, high)
    if run:
        return (order["sf" if suited else "run"], run_height)
    return (order["flush" if suited else "high"], high, middle, low)


@pytest.mark.parametrize(("name", "a23"), RANKINGS)
def test_table_order_matches_plain_reference(name: str, a23: str | None) -> None:
    ranking = get_ranking(name, a23=a23)
    reference_name = "teen_patti" if name == "muflis" else name
    reference = [_reference_key(hand, reference_name, a23) for hand in ALL_HANDS]
    if name == "muflis":
        reference = [tuple(-part for part in key) for key in reference]
    assert _positions(ranking.tabulate()) == _positions(reference)


@pytest.mark.parametrize(("name", "a23"), RANKINGS)
def test_category_sizes(name: str, a23: str | None) -> None:
    ranking = get_ranking(name, a23=a23)
    sizes = Counter(ranking.class_of(hand).category for hand in ALL_HANDS)
    assert sizes == {
        Category.TRIO: 52,
        Category.STRAIGHT_FLUSH: 48,
        Category.STRAIGHT: 720,
        Category.FLUSH: 1096,
        Category.PAIR: 3744,
        Category.HIGH_CARD: 16440,
    }


PINNED_ORDER_HASHES = {
    ("teen_patti", None): "b6aaad475582697c",
    ("teen_patti", "second"): "012b0877c795de96",
    ("teen_patti", "lowest"): "1bb3466d46384717",
    ("brag", None): "2b086fb8818a5177",
    ("three_card_poker", None): "5a01fd8872f9bf6a",
    ("muflis", None): "f5973c5521540059",
}


@pytest.mark.parametrize(("name", "a23"), RANKINGS)
def test_full_order_hash_is_pinned(name: str, a23: str | None) -> None:
    positions = _positions(get_ranking(name, a23=a23).tabulate())
    digest = hashlib.sha256(",".join(map(str, positions)).encode()).hexdigest()
    assert digest[:16] == PINNED_ORDER_HASHES[(name, a23)]


def _chain_holds(ranking_name: str, chain: str) -> bool:
    ranking = get_ranking(ranking_name)
    values = [ranking.evaluate(parse(hand)) for hand in chain.split(" > ")]
    return all(higher > lower for higher, lower in itertools.pairwise(values))


@pytest.mark.parametrize("ranking", ["brag", "teen_patti"])
@pytest.mark.parametrize(
    "chain",
    [
        "Kh 9h 2h > Qs Ts 5s > Qd Td 3d > Qc 9c 8c",  # flushes compare high to low
        "9s 9d 3c > 8s 8d Kc > 8h 8c Jd",  # pair first, then the odd card
        "Js 6d 3c > Ts 9d 7c > Th 9c 6d",  # high cards compare high to low
        "4h 3h 2h > 3d 2c Ah",  # running flush beats the top run
        "4h 3h 2h > Ah Kd Qd",
    ],
)
def test_brag_worked_examples(ranking: str, chain: str) -> None:
    assert _chain_holds(ranking, chain)


def test_equal_pairs_are_equal() -> None:
    brag = get_ranking("brag")
    assert brag.evaluate(parse("7s 7h Qc")) == brag.evaluate(parse("7c 7d Qd"))
    assert brag.compare(parse("7s 7h Qc"), parse("7c 7d Qd")) == 0


def test_brag_three_threes_is_the_top_prial() -> None:
    brag = get_ranking("brag")
    assert _chain_holds("brag", "3s 3h 3d > As Ah Ad > 2s 2h 2d")
    assert brag.place(parse("3s 3h 3d")).loses_to == 0


def test_a23_placements() -> None:
    assert _chain_holds("teen_patti", "2s 3h Ad > As Kh Qd > Ks Qh Jd")
    second = get_ranking("teen_patti", a23="second")
    assert second.evaluate(parse("As Kh Qd")) > second.evaluate(parse("2s 3h Ad"))
    assert second.evaluate(parse("2s 3h Ad")) > second.evaluate(parse("Ks Qh Jd"))
    lowest = get_ranking("teen_patti", a23=A23.LOWEST)
    assert lowest.evaluate(parse("4s 3h 2d")) > lowest.evaluate(parse("2s 3h Ad"))
    assert lowest.evaluate(parse("2s 3h Ad")) > lowest.evaluate(parse("As Kd 9c"))


def test_three_card_poker_order() -> None:
    assert _chain_holds("three_card_poker", "Qs Js Ts > As Ah Ad > As Kh Qd > 4s 3h 2d > 3d 2c Ah")
    assert _chain_holds("three_card_poker", "3d 2c Ah > Ks Js 9s")


def test_two_ace_king_is_never_a_run() -> None:
    for name in ("teen_patti", "brag", "three_card_poker"):
        value = get_ranking(name).evaluate(parse("2s Ah Kd"))
        assert value.category is Category.HIGH_CARD


@pytest.mark.parametrize(
    ("name", "hand", "description"),
    [
        ("teen_patti", "Ah 2h 3h", "Pure sequence A-2-3"),
        ("teen_patti", "8s 8d Kc", "Pair of 8s, king kicker"),
        ("teen_patti", "As Ad Ac", "Trail of aces"),
        ("brag", "3s 3d 3c", "Prial of 3s"),
        ("brag", "Qh Jh Th", "Running flush Q-J-10"),
        ("three_card_poker", "Ks Kd Kc", "Three of a kind, kings"),
        ("three_card_poker", "As 9s 4s", "Flush A-9-4"),
        ("teen_patti", "Jd 7c 2h", "High card J-7-2"),
    ],
)
def test_descriptions(name: str, hand: str, description: str) -> None:
    assert get_ranking(name).evaluate(parse(hand)).description == description


def test_muflis_reverses_teen_patti() -> None:
    muflis = get_ranking("muflis")
    assert muflis.evaluate(parse("5s 3d 2c")) > muflis.evaluate(parse("As Ad Ac"))
    assert muflis.place(parse("5s 3d 2c")).loses_to == 0


def test_wild_card_takes_the_best_card_and_fewer_wilds_win() -> None:
    ranking = get_ranking("teen_patti", wild_cards="2s 2h 2d 2c")
    with_wild = ranking.evaluate(parse("2s Ah Ad"))
    assert with_wild.description == "Trail of aces (1 wild card)"
    natural = ranking.evaluate(parse("As Ah Ad"))
    assert natural > with_wild > ranking.evaluate(parse("Ks Kh Kd"))
    assert ranking.evaluate(parse("2s 2h 2d")).category is Category.TRIO


def test_wild_card_in_brag_makes_three_threes() -> None:
    ranking = get_ranking("brag", wild_cards=parse("9d Jc Ad"))
    assert ranking.evaluate(parse("Jc 3s 3h")).description == "Prial of 3s (1 wild card)"


def test_place_adds_up_to_all_other_hands() -> None:
    for name, a23 in RANKINGS:
        ranking = get_ranking(name, a23=a23)
        place = ranking.place(parse("Qs 7h 7d"))
        assert place.beats + place.ties + place.loses_to == 22_099
    wild = get_ranking("teen_patti", wild_cards="Jh Js")
    place = wild.place(parse("Jh 7h 7d"))
    assert place.beats + place.ties + place.loses_to == 22_099


@pytest.mark.parametrize(
    ("name", "wild"), [("teen_patti", "Jh Js Jd Jc"), ("brag", "9d Jc Ad"), ("muflis", "2c")]
)
def test_every_hands_key_with_wild_cards_is_its_value(name: str, wild: str) -> None:
    """all_keys reads hands without a wild card off the natural table: the same keys."""
    ranking = get_ranking(name, wild_cards=wild)
    valued = [ranking.evaluate(hand).sort_key for hand in itertools.combinations(FULL_DECK, 3)]
    assert list(ranking.all_keys()) == valued


@pytest.mark.parametrize("name", ["teen_patti", "brag", "muflis"])
@pytest.mark.parametrize("joker", [PersonalJoker.HIGHEST, PersonalJoker.LOWEST])
def test_every_hands_key_with_a_personal_joker_is_its_value(
    name: str, joker: PersonalJoker
) -> None:
    """all_keys values one hand of each shape (suits renamed) when only a personal joker is
    wild: the same keys as valuing every hand."""
    ranking = get_ranking(name, knobs=Knobs(personal_joker=joker, fewer_wilds_win=True))
    valued = [ranking.evaluate(hand).sort_key for hand in itertools.combinations(FULL_DECK, 3)]
    assert list(ranking.all_keys()) == valued


def test_bad_names_and_options_are_refused_with_a_sentence() -> None:
    with pytest.raises(RankingError, match="not a ranking"):
        get_ranking("poker")
    with pytest.raises(RankingError, match="not an A-2-3 placement"):
        get_ranking("teen_patti", a23="middle")
    with pytest.raises(RankingError, match="fixes A-2-3"):
        get_ranking("brag", a23="lowest")


def test_comparing_hands_of_different_rankings_is_an_error() -> None:
    hand = parse("As Kd 2c")
    with pytest.raises(TypeError, match="cannot compare"):
        _ = get_ranking("brag").evaluate(hand) < get_ranking("teen_patti").evaluate(hand)


def test_all_keys_are_worked_out_once_per_ranking() -> None:
    """The coach's place of a hand and the bots' strength levels both read every hand's key on
    a table's first frame: the second reading is the first's (issue 47's start-up)."""
    ranking = get_ranking("teen_patti")
    first = ranking.all_keys()
    assert ranking.all_keys() is first
    assert len(first) == 22_100

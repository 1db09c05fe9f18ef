"""The coach: advice from the person's own observation only (hand, place, chance, costs and a
suggestion with its reason), shown by the controls when on, toggled with C."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.actions import Bet, Look, Sideshow
from game.engine.cards import parse
from game.engine.factory import create_game
from game.engine.hands import get_ranking
from game.engine.rules import make_rules
from game.engine.three_card_poker import PostBets, Waive
from game.session import SeatPlan, Session
from game.ui.shell.scene import SceneStack
from game.ui.table.coach import Advice, advise, chance_to_win
from game.ui.table.controls import controls_for
from game.ui.table.table_scene import TableScene


def decision(hand: str, bank: str = "2c 7d 9h") -> Session:
    """Two seats of designated-player poker: the bot banks, the person to call or fold."""
    plans = [SeatPlan.person("You"), SeatPlan.bot("Bot")]
    session = Session(make_rules("three_card_poker"), plans, stack=200, seed=1)
    cards = {0: parse(hand), 1: parse(bank)}
    session.game.start_deal(deck=[cards[seat][r] for r in range(3) for seat in (0, 1)])
    session.submit(Waive(0))
    session.submit(PostBets(0, 10))
    return session


def advice_for(session: Session, viewer: int = 0) -> Advice:
    """The coach's advice for `viewer` now."""
    observation = session.game.observe(viewer)
    controls = controls_for(observation.legal, session.game.family, blind=False)
    return advise(observation, controls, get_ranking("three_card_poker"), session.rules)


def test_a_good_hand_is_told_to_call_with_the_reason() -> None:
    advice = advice_for(decision("Qs 6h 4d"))
    assert advice.hand == "High card Q-6-4"
    facts = " ".join(advice.facts)
    assert "of the other 22,099 hands" in facts and "Chance to beat the bank" in facts
    assert advice.costs == "Costs: Call 10: 10  ·  Fold: nothing more"
    assert advice.suggestion == "Call 10", "in the words of its button"
    assert "queen-six-four" in advice.reason


def test_a_poor_hand_is_told_to_fold() -> None:
    advice = advice_for(decision("Qs 6h 3d"))
    assert advice.suggestion == "Fold"


def test_the_advice_never_uses_cards_the_viewer_cannot_see() -> None:
    """The bank's cards differ; the person's advice is the same, word for word."""
    one = advice_for(decision("Ks 8h 2d", bank="2c 7d 9h"))
    two = advice_for(decision("Ks 8h 2d", bank="Ac Ad Ah"))
    assert one == two


def test_teen_patti_says_pack_not_fold() -> None:
    plans = [SeatPlan.person("You"), SeatPlan.bot("Bot"), SeatPlan.bot("Bot 2")]
    session = Session(make_rules("teen_patti"), plans, stack=200, seed=1)
    cards = {0: parse("2c 3d 5h"), 1: parse("As Ad Ah"), 2: parse("Ks Kd Kh")}
    session.game.start_deal(deck=[cards[seat][r] for r in range(3) for seat in (1, 2, 0)])
    for seat in (1, 2):
        session.submit(Bet(seat, 1))
    session.submit(Look(0))
    observation = session.game.observe(0)
    controls = controls_for(observation.legal, "teen_patti", blind=False)
    advice = advise(observation, controls, get_ranking("teen_patti"), session.rules)
    assert advice.suggestion == "Pack"
    assert advice.reason == "a chaal of 2 to win a pot of 7 needs 29%; you have 0%."


def test_the_estimate_without_the_strength_tables() -> None:
    ranking = get_ranking("teen_patti")
    chance, _ = chance_to_win(parse("As Ad Ah"), ranking, 3)
    assert chance > 0.99
    place = ranking.place(parse("2c 3d 5h"))
    assert place.beats == 0
    low, _ = chance_to_win(parse("2c 3d 5h"), ranking, 1)
    assert low < 0.01


def test_the_coach_shows_by_the_controls_and_c_toggles_it(tmp_path: Path) -> None:
    session = decision("Qs 6h 4d")
    scene = TableScene(session, coach=True)
    SceneStack().push(scene)
    scene.finish_animations()
    scene.update(0.0)
    assert scene.coach_showing
    surface = pygame.Surface((1280, 720))
    scene.notes.clear()
    scene.draw(surface)
    pygame.image.save(surface, tmp_path / "coach.png")
    coach_pixel = surface.get_at((1000, 470))
    scene.handle_event(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=pygame.KMOD_SHIFT, unicode="C")
    )
    assert not scene.coach and not scene.coach_showing, "Shift+C toggles where C calls"
    assert session.game.to_act == 0, "and did not call"
    scene.notes.clear()
    scene.draw(surface)
    assert surface.get_at((1000, 470)) != coach_pixel, "the panel is gone"


def test_plain_c_toggles_where_no_button_uses_it() -> None:
    plans = [SeatPlan.person("You"), SeatPlan.bot("Bot")]
    session = Session(make_rules("three_card_poker"), plans, stack=200, seed=1)
    scene = TableScene(session)
    SceneStack().push(scene)
    scene.finish_animations()
    scene.update(0.0)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c"))
    assert scene.coach


def test_the_coach_notice_names_the_key_that_works() -> None:
    from game.ui.shell.seating import new_session
    from game.ui.table.table_scene import TableScene

    scene = TableScene(new_session("teen_patti", 3))
    scene.toggle_coach()
    assert scene.notes[-1][0] == "Coach on (Shift+C)."


def test_four_card_brag_the_coach_suggests_the_discard_that_keeps_the_best_three() -> None:
    plans = [SeatPlan.person("You"), SeatPlan.bot("Bot")]
    rules = make_rules("brag", cards_dealt=4)
    session = Session(rules, plans, stack=200, seed=1)
    cards = {0: parse("As 9d Ks 2c"), 1: parse("3c 8d Th 4h")}
    session.game.start_deal(deck=[cards[seat][r] for r in range(4) for seat in (1, 0)])
    session.submit(Bet(1, 1))
    session.submit(Look(0))
    observation = session.game.observe(0)
    controls = controls_for(observation.legal, "brag", blind=False)
    advice = advise(observation, controls, get_ranking("brag"), rules)
    assert advice.suggestion == "Discard 2♣"
    assert advice.facts == ("Keeping the other three plays High card A-K-9",)


def test_best_of_four_the_coach_reads_all_four_seen_cards() -> None:
    from preset_games import create_preset_game

    from game.bots.reading import ranking_of

    game = create_preset_game("best_of_four", [200, 200], seed=3)
    game.start_deal()
    seat = game.to_act
    assert seat is not None
    game.apply(Look(seat))
    observation = game.observe(seat)
    controls = controls_for(observation.legal, "teen_patti", blind=False)
    advice = advise(observation, controls, ranking_of(observation), observation.rules)
    assert "not seen" not in advice.hand
    assert "of the other 270,724 hands" in advice.facts[0]
    assert advice.suggestion


def joker_decision(hand: str, blind_rounds: int = 0) -> Session:
    """Four seats of Joker (a 4 turned up), the person last to act: the three bots bet blind 1
    each, the person bets blind `blind_rounds` times (the bots answering), then looks."""
    rules = make_rules("teen_patti", open_jokers=1, blind_limit=4)
    plans = [SeatPlan.person("You")] + [SeatPlan.bot(f"Bot {seat}") for seat in (1, 2, 3)]
    session = Session(rules, plans, stack=200, seed=1)
    cards = {0: parse(hand), 1: parse("As Kd 9h"), 2: parse("Ks 8c 3d"), 3: parse("Qh Jc 7s")}
    order = (1, 2, 3, 0)
    deck = [cards[seat][r] for r in range(3) for seat in order] + list(parse("4d"))
    session.game.start_deal(deck=deck)
    for round_number in range(blind_rounds + 1):
        for seat in (1, 2, 3):
            session.submit(Bet(seat, 1))
        if round_number < blind_rounds:
            session.submit(Bet(0, 1))
    session.submit(Look(0))
    return session


def joker_advice(session: Session) -> Advice:
    """The coach's advice for the person at the Joker table, with that deal's joker ranking."""
    observation = session.game.observe(0)
    ranking = observation.hand_ranking()
    assert ranking is not None
    controls = controls_for(observation.legal, "teen_patti", blind=False)
    return advise(observation, controls, ranking, session.rules)


def test_the_coach_weighs_the_chance_against_the_price_of_the_chaal() -> None:
    """A pair of 5s against three at Joker, a chaal of 2 into a pot of 7: the chaal needs
    2 / 9 = 22%, the hand wins 18%, so pack, and say so in those numbers (not a 'fair share')."""
    session = joker_decision("5s 5h 8d")
    assert session.game.observe(0).pot == 7
    advice = joker_advice(session)
    assert "Chance to beat 3 still in: 18%" in advice.facts
    assert advice.suggestion == "Pack"
    assert advice.reason == "a chaal of 2 to win a pot of 9 needs 22%; you have 18%."


def test_the_coach_says_chaal_when_the_chance_beats_the_price() -> None:
    """The same hand once the pot is 11: a chaal of 2 to win 13 needs 15%, and 18% is enough,
    although it is below a fair share (1 in 4) of the four hands."""
    session = joker_decision("5s 5h 8d", blind_rounds=1)
    assert session.game.observe(0).pot == 11
    advice = joker_advice(session)
    assert advice.suggestion == "Chaal"
    assert advice.reason == "a chaal of 2 to win a pot of 13 needs 15%; you have 18%."


def seen_teen_patti(hands: list[str], asks: bool = False) -> Session:
    """Teen Patti, the person at seat 0 acting last; every bot looks and chaals 2 first (and,
    `asks`, the person chaals too and seat 1 asks the person for a sideshow)."""
    plans = [SeatPlan.person("You")] + [SeatPlan.bot(f"Bot {seat}") for seat in range(1, 3)]
    session = Session(make_rules("teen_patti"), plans[: len(hands)], stack=200, seed=1)
    cards = {seat: parse(hand) for seat, hand in enumerate(hands)}
    order = [*range(1, len(hands)), 0]
    session.game.start_deal(deck=[cards[seat][r] for r in range(3) for seat in order])
    for seat in order[:-1]:
        session.submit(Look(seat))
        session.submit(Bet(seat, 2))
    session.submit(Look(0))
    if asks:
        session.submit(Bet(0, 2))
        session.submit(Sideshow(1))
    return session


def plain_advice(session: Session) -> Advice:
    """The coach's advice for the person at a plain Teen Patti table."""
    observation = session.game.observe(0)
    controls = controls_for(observation.legal, "teen_patti", blind=False)
    return advise(observation, controls, get_ranking("teen_patti"), session.rules)


def test_heads_up_the_coach_weighs_the_show_by_its_price() -> None:
    """Heads-up against a seen chaal of 2 (pot 4): a show for 2 wins a pot of 6, so it needs
    33%; a middling hand shows, a poor one packs, each with the show's price in words."""
    middling = plain_advice(seen_teen_patti(["Ks Jd 9c", "2c 3d 5h"]))
    assert middling.suggestion == "Show (2)"
    assert middling.reason.startswith("a show for 2 to win a pot of 6 needs 33%; you have ")
    poor = plain_advice(seen_teen_patti(["9s 7d 4c", "2c 3d 5h"]))
    assert poor.suggestion == "Pack"
    assert poor.reason.startswith("a show for 2 to win a pot of 6 needs 33%; you have ")


def test_the_coach_suggests_a_sideshow_when_the_hand_beats_one_more_often_than_not() -> None:
    """Against two seen players K-Q-9 wins 31%, less than half the time, but the chaal's price
    (22%) is met and it beats one hand 56% of the time: a sideshow, at the chaal's cost."""
    advice = plain_advice(seen_teen_patti(["Kh Qd 9c", "As Kd 9h", "Ks 8c 3d"]))
    assert advice.suggestion == "Sideshow (2)"
    assert advice.reason.startswith("a sideshow costs 2, as the chaal does, and your hand beats")


def test_asked_for_a_sideshow_the_coach_answers_by_the_chance_against_one() -> None:
    """Answering costs nothing: accept where the hand beats one other more often than not."""
    strong = plain_advice(seen_teen_patti(["Kh Qd 9c", "As Kd 9h", "Ks 8c 3d"], asks=True))
    assert strong.suggestion == "Accept"
    weak = plain_advice(seen_teen_patti(["9s 7d 4c", "As Kd 9h", "Ks 8c 3d"], asks=True))
    assert weak.suggestion == "Refuse"
    assert weak.reason.startswith("your hand beats one other only ")


def test_a_short_teen_patti_player_is_told_the_price_of_covering_the_pot() -> None:
    """Three seats, the person with 2 chips left facing a chaal of 4 (pot 11): covering for 2
    wins a pot of 13, so it needs 15%; a strong hand covers, with the price in words."""
    plans = [SeatPlan.person("You"), SeatPlan.bot("Bot 1"), SeatPlan.bot("Bot 2")]
    rules = make_rules("teen_patti")
    game = create_game(rules, [5, 200, 200], seed=1)
    session = Session(rules, plans, stack=200, seed=1, game=game)
    cards = {0: parse("Ah Ad 9c"), 1: parse("2c 3d 5h"), 2: parse("4s 7c 9d")}
    order = [1, 2, 0]
    session.start_deal([cards[seat][r] for r in range(3) for seat in order])
    for action in (Look(1), Bet(1, 2), Look(2), Bet(2, 2), Look(0), Bet(0, 2)):
        session.submit(action)
    session.submit(Bet(1, 4))
    session.submit(Bet(2, 4))
    advice = plain_advice(session)
    assert advice.suggestion.startswith("Cover")
    assert advice.reason.startswith("covering for 2 to win a pot of ")


def test_a_share_under_one_percent_is_not_called_none() -> None:
    from game.engine.actions import LegalAction
    from game.ui.table.coach import Price

    price = Price(LegalAction(Bet(0, 1), 1, 1), pot=400)  # 1 into 401: 0.25% breaks even
    words = price.sentence(0.42, brag=False)
    assert words == "a chaal of 1 to win a pot of 401 needs under 1%; you have 42%.", words
    assert "over 99%" in price.sentence(0.996, brag=False), "not a sure thing: not 100%"

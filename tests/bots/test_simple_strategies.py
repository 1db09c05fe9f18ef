"""The simple strategies, the apps' table limits, the all-in blind show and outside bots."""

import random
from pathlib import Path

import pytest
from preset_games import create_preset_game, play_deal

from game.bots.reading import read
from game.bots.registry import command_line_bot, make_bot
from game.bots.simple import BOLD_KEEPS, SIMPLE_RULES, SimpleBot
from game.bots.thinking import RAISED_STRENGTH, HardBot, MediumBot
from game.bots.wars import raised_since
from game.cli import main
from game.engine.actions import Bet, Fold, Look, Show
from game.engine.rules import PRESETS, TeenPattiRules, get_preset
from game.simulate import simulate

TEEN_PATTI_PRESETS = [name for name, preset in PRESETS.items() if preset.family == "teen_patti"]
LIMITED_PRESETS = [name for name in TEEN_PATTI_PRESETS if name != "teen_patti_no_limit"]


@pytest.mark.parametrize("preset", LIMITED_PRESETS)
def test_teen_patti_presets_carry_the_apps_table_limits(preset: str) -> None:
    rules = get_preset(preset).rules()
    assert isinstance(rules, TeenPattiRules)
    assert (rules.blind_limit, rules.chaal_limit, rules.pot_limit) == (4, 128, 1024)
    assert rules.chaal_limit == 128 * rules.boot


def test_the_no_limit_preset_keeps_the_rule_texts() -> None:
    assert get_preset("teen_patti_no_limit").rules() == TeenPattiRules()


@pytest.mark.parametrize("preset", ["teen_patti", "teen_patti_no_limit", "brag", "muflis"])
@pytest.mark.parametrize("name", sorted(SIMPLE_RULES))
def test_simple_strategies_play_legally_with_checks(preset: str, name: str) -> None:
    report = simulate(preset, 3, 15, 4, levels=(name, "medium", "hard"))
    assert len(report.seats[0].per_deal) == 15


def test_never_look_never_looks_unless_the_blind_limit_makes_it() -> None:
    bot = SimpleBot(SIMPLE_RULES["never-look-min"])
    rng = random.Random(0)
    for preset, most_blind_turns in (("teen_patti_no_limit", 10_000), ("teen_patti", 4)):
        for deal in range(10):
            game = create_preset_game(preset, [300, 300], seed=deal)
            game.start_deal()
            turns = 0
            while not game.deal_over:
                seat = game.to_act
                assert seat is not None
                observation = game.observe(seat)
                action = bot.choose(observation, list(observation.legal), rng)
                if isinstance(action, Look):
                    assert turns >= most_blind_turns
                if isinstance(action, Bet) and observation.seats[seat].blind and seat == 0:
                    turns += 1
                game.apply(action)


@pytest.mark.parametrize("preset", ["teen_patti", "teen_patti_no_limit"])
@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_a_blind_bot_that_cannot_afford_a_blind_bet_shows_all_in(preset: str, level: str) -> None:
    """Seat 1 has one chip left after the boot; seat 0 bets 2 blind, so a blind bet of 2 is
    out of reach: a look would leave only the fold, the all-in blind show compares hands."""
    game = create_preset_game(preset, [2, 200], seed=5, dealer=0)
    game.start_deal()
    assert game.to_act == 1
    game.apply(Bet(1, 2))
    assert game.to_act == 0
    observation = game.observe(0)
    verbs = {option.action.verb for option in observation.legal}
    assert "bet" not in verbs and "show" in verbs
    action = make_bot(level).choose(observation, list(observation.legal), random.Random(1))
    assert action == Show(0)


def test_hard_stays_blind_heads_up_against_a_blind_player_with_no_blind_limit() -> None:
    """Looking first against a blind player leaves only paying double or folding."""
    hard, never_look = HardBot(), SimpleBot(SIMPLE_RULES["never-look-min"])
    rng = random.Random(2)
    for deal in range(20):
        game = create_preset_game("teen_patti_no_limit", [200, 200], seed=deal, dealer=deal % 2)
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            observation = game.observe(seat)
            bot = hard if seat == 0 else never_look
            action = bot.choose(observation, list(observation.legal), rng)
            if seat == 0:
                can_bet = any(option.action.verb == "bet" for option in observation.legal)
                assert not (isinstance(action, Look) and can_bet)
            game.apply(action)


OUTSIDE_BOT = '''
import random


class AlwaysCheapest:
    """Takes the cheapest legal action: a bet at its minimum, else the first one listed."""

    name = "cheapest"

    def choose(self, observation, legal, rng: random.Random):
        for option in legal:
            if option.action.verb == "bet":
                return option.action
        return legal[0].action


class NotABot:
    pass


class Cheater:
    """Always bets a fortune, whatever the rules say."""

    def choose(self, observation, legal, rng):
        from game.engine.actions import Bet

        return Bet(observation.viewer, 10**6)


class Crasher:
    def choose(self, observation, legal, rng):
        raise RuntimeError("out of ideas")
'''


def test_a_bot_written_outside_the_package_plays_through_simulate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "my_bot.py"
    path.write_text(OUTSIDE_BOT, encoding="utf-8")
    status = main(
        ["simulate", "--game", "teen_patti", "--seats", f"{path}:AlwaysCheapest,expert"]
        + ["--hands", "20", "--seed", "3", "--json"]
    )
    assert status == 0
    assert '"bot": "' + f"{path}:AlwaysCheapest" + '"' in capsys.readouterr().out


def test_an_importable_module_names_a_bot_too() -> None:
    bot = command_line_bot("game.bots.base:RandomBot")
    assert bot.name == "random"


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("missing.py:Bot", "there is no file missing.py"),
        ("{file}:Nowhere", "has no class Nowhere"),
        ("{file}:NotABot", "is not a bot"),
        ("no_such_module_here:Bot", "cannot be imported"),
    ],
)
def test_a_bad_outside_bot_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str, says: str
) -> None:
    path = tmp_path / "my_bot.py"
    path.write_text(OUTSIDE_BOT, encoding="utf-8")
    status = main(["simulate", "--seats", spec.format(file=path) + ",medium", "--hands", "2"])
    error = capsys.readouterr().err
    assert status == 2
    assert says in error
    assert error.count("\n") == 1


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Cheater", "chose '0 bet 1000000': Blind players bet"),
        ("Crasher", "failed: RuntimeError: out of ideas"),
    ],
)
def test_an_outside_bot_that_breaks_the_rules_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, says: str
) -> None:
    path = tmp_path / "my_bot.py"
    path.write_text(OUTSIDE_BOT, encoding="utf-8")
    status = main(["simulate", "--seats", f"{path}:{name},medium", "--hands", "3", "--fast"])
    error = capsys.readouterr().err
    assert status == 1
    assert says in error and error.count("\n") == 1


def test_the_documented_example_bot_plays(tmp_path: Path) -> None:
    guide = (Path(__file__).parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    source = guide.split("# my_bot.py")[1].split("```")[0]
    (tmp_path / "my_bot.py").write_text("# my_bot.py" + source, encoding="utf-8")
    for preset in ("teen_patti", "brag"):
        bot = f"{tmp_path / 'my_bot.py'}:Cautious"
        assert (
            main(["simulate", "--game", preset, "--seats", f"{bot},expert", "--hands", "30"]) == 0
        )


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_seen_heads_up_against_a_blind_player_in_brag_bets_only_a_hand_worth_the_cover(
    level: str,
) -> None:
    """You cannot see a blind man: seen against a blind player the hand is decided only when the
    seen player, paying double, runs out and covers. While the pot is small beside that cost, a
    bet needs better than an even chance; a hand that wins nine times in ten is never folded."""
    bot, never_look = make_bot(level), SimpleBot(SIMPLE_RULES["never-look-min"])
    assert isinstance(bot, HardBot | MediumBot)
    rng = random.Random(3)
    bets = folds = 0
    for deal in range(40):
        game = create_preset_game("brag", [200, 200], seed=deal, dealer=deal % 2)
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            observation = game.observe(seat)
            player = bot if seat == 0 else never_look
            action = player.choose(observation, list(observation.legal), rng)
            situation = read(observation, list(observation.legal))
            opponent = situation.opponents[0] if len(situation.opponents) == 1 else None
            if seat == 0 and not situation.blind and opponent is not None and opponent.blind:
                chance = bot.win_chance(situation)
                needed = min(situation.me.stack, 2 * opponent.stack)
                if isinstance(action, Bet) and situation.pot <= needed / 2:
                    assert chance > 0.5, f"{level} bet a {chance:.2f} hand against a blind one"
                if chance >= 0.9 and situation.has("bet"):
                    assert not isinstance(action, Fold), f"{level} folded a {chance:.2f} hand"
                bets += isinstance(action, Bet)
                folds += isinstance(action, Fold)
            game.apply(action)
    assert bets > 5 and folds > 5, (bets, folds)


def test_medium_reads_a_seen_bet_at_the_largest_bet_as_a_raise() -> None:
    """In Brag a blind raise to the top leaves no room to raise: a seen player who then bets the
    maximum still shows strength (look, pair or max won at five seats while read as random)."""
    game = create_preset_game("brag", [200, 200, 200], seed=1, dealer=0)
    game.start_deal()
    first = game.to_act
    assert first is not None
    rules = get_preset("brag").rules()
    game.apply(Bet(first, rules.max_bet // 2))  # blind, counts as the maximum
    second = game.to_act
    assert second is not None
    game.apply(Look(second))
    game.apply(Bet(second, rules.max_bet))
    third = game.to_act
    assert third is not None
    observation = game.observe(third)
    situation = read(observation, list(observation.legal))
    medium = MediumBot()
    assert medium.shown_strength(situation, second, blind=False) == RAISED_STRENGTH
    assert medium.shown_strength(situation, first, blind=True) == 0.5


@pytest.mark.parametrize("preset", ["teen_patti", "brag"])
@pytest.mark.parametrize("name", ["bold-opener", "blind-opener", "look-min-fold"])
def test_the_bold_openers_open_at_the_maximum_then_bet_the_minimum(preset: str, name: str) -> None:
    """Its first bet is the largest (the folding caller's the smallest), every later one the
    smallest; it never shows while it may bet, never asks a sideshow, accepts every one, and
    folds only when raised over since its own last bet, with a hand below the 80th percentile
    (blind: it looks first)."""
    opens_most = name != "look-min-fold"
    bold, others = make_bot(name), [make_bot("hard"), make_bot("medium")]
    rng = random.Random(3)
    kinds: set[str] = set()
    for deal in range(40):
        game = create_preset_game(preset, [400, 400, 400], seed=deal, dealer=deal % 3)
        game.start_deal()
        bets_made = 0
        for seat, situation, action in play_deal(game, [bold, *others], rng):
            if seat != 0:
                continue
            verb = action.verb
            assert verb not in ("sideshow", "propose")
            if situation.has("answer") or situation.has("agree"):
                assert getattr(action, "accept", getattr(action, "agree", None)) is True
            elif verb == "look" and name != "blind-opener":
                assert bets_made == 0  # it looks at once
            elif situation.has("bet") and verb != "bet":
                assert verb in ("fold", "look") and bets_made > 0 and raised_since(situation)
                if verb == "fold":
                    assert not situation.blind and situation.level is not None
                    assert situation.strength.table.percentile(situation.level) < BOLD_KEEPS
            if isinstance(action, Bet):
                option = situation.option("bet")
                first = bets_made == 0 and opens_most
                assert action.amount == (option.high if first else option.low)
                bets_made += 1
                kinds.add("opened" if bets_made == 1 else "called")
            kinds.add(verb)
    assert {"opened", "called"} <= kinds
    assert preset != "teen_patti" or "fold" in kinds

"""The wire's pieces: the generic encoder round-trips every observation and event, messages
are validated, decks come from the CSPRNG or a committed seed, room codes and names are clean,
and the serve and join verbs keep their contracts."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import hmac
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Annotated, NewType

import pytest
from network_tables import REPO, trey
from table_reports import played_out

from game.cli import UsageError, build_parser, house_rules, serve_config
from game.engine.cards import FULL_DECK, Card, format_cards, parse
from game.engine.families import family_info
from game.engine.history import replay, write_deal
from game.engine.rules import PRESETS, get_preset, stack_choices, starting_stack
from game.network.address import TableAddress
from game.network.client import DealHistory
from game.network.codec import DecodeError, decode, decode_event, decode_observation, encode
from game.network.fairness import (
    commitment,
    random_deck,
    seeded_deck,
    verify_history,
)
from game.network.frames import EventCursor, state_frame
from game.network.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    State,
    read_client,
    read_server,
    write,
)
from game.network.server import (
    CODE_ALPHABET,
    TableConfig,
    TableServer,
    TableSetupError,
    checked_code,
    clean_name,
    new_code,
    offered_stack,
)
from game.network.sizes import MAX_MESSAGE_BYTES
from game.session import SeatPlan, Session


@pytest.mark.parametrize("preset", list(PRESETS))
def test_observations_and_events_survive_the_wire(preset: str) -> None:
    seats = max(3, family_info(get_preset(preset).family).seats.start)
    session = Session(
        get_preset(preset).rules(), [SeatPlan.bot(f"B{i}", "random") for i in range(seats)], seed=5
    )
    for _ in range(3):
        session.start_deal()
        while not session.game.deal_over:
            for viewer in [None, *range(seats)]:
                observation = session.observe(viewer)
                state = read_server(state_frame(session, EventCursor(), 1, None, viewer))
                assert isinstance(state, State)
                assert DealHistory().take(state)[0] == observation
            session.step()
        for event in session.game.events:
            assert decode_event(json.loads(json.dumps(encode(event)))) == event
        if not session.can_deal():
            break


def test_an_event_of_a_kind_this_build_does_not_know_is_skipped() -> None:
    """A later server of the same protocol may add an event kind: the client skips it (it still
    counts where the next state's events start), and a known kind that is malformed is still
    refused."""
    session = Session(get_preset("brag").rules(), [SeatPlan.bot("A"), SeatPlan.bot("B")], seed=2)
    session.start_deal()
    session.step()
    data = encode(session.observe(0))
    events = [encode(event) for event in session.game.events]
    stranger = {"kind": "something_new", "seat": 0}
    first = State(state=1, observation=data, events=[*events[:1], stranger], legal=[])
    second = State(state=2, observation=data, history_start=2, events=events[1:], legal=[])
    history = DealHistory()
    observation, fresh = history.take(first)
    assert observation.history == tuple(session.game.events[:1]) == tuple(fresh)
    observation, fresh = history.take(second)
    assert observation.history == tuple(session.game.events)
    assert fresh == list(session.game.events[1:])
    with pytest.raises(DecodeError):
        history.take(State(state=3, observation=data, events=[{"kind": "folded"}], legal=[]))


def test_a_wrong_observation_is_named() -> None:
    session = Session(get_preset("brag").rules(), [SeatPlan.bot("A"), SeatPlan.bot("B")])
    session.start_deal()
    data = encode(session.observe(0))
    data["seats"][0]["hands"][0][0] = "Zz"
    with pytest.raises(DecodeError, match="not a card"):
        decode_observation(data)
    with pytest.raises(DecodeError, match="has no 'family'"):
        decode_observation({})


def test_messages_are_validated() -> None:
    hello = read_client('{"type": "hello", "protocol": 1, "name": "Ann", "code": "ABCDEF"}')
    assert hello.type == "hello"
    with pytest.raises(ProtocolError):
        read_server(write(hello))
    for frame in ['{"type": "hello"}', "not json", b"\x00binary", '{"type": "warp"}']:
        with pytest.raises(ProtocolError):
            read_client(frame)
    with pytest.raises(ProtocolError, match="at most"):
        read_client(" " * (MAX_MESSAGE_BYTES + 1))
    with pytest.raises(ProtocolError):
        read_client('{"type": "reaction", "text": "' + "x" * 41 + '"}')


def reference_deck(seed: bytes, deal: int) -> list[str]:
    """The verifiable deck written from docs/protocol.md alone, as another client would."""
    cards = [rank + suit for rank in "AKQJT98765432" for suit in "shdc"]
    stream: list[int] = []
    block = 0

    def draw() -> int:
        nonlocal block
        if not stream:
            message = f"trey-deck {deal} {block}".encode("ascii")
            digest = hmac.new(seed, message, hashlib.sha256).digest()
            stream.extend(int.from_bytes(digest[at : at + 8], "big") for at in (0, 8, 16, 24))
            block += 1
        return stream.pop(0)

    for i in range(51, 0, -1):
        limit = 2**64 - 2**64 % (i + 1)
        x = draw()
        while x >= limit:
            x = draw()
        j = x % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def test_decks_are_whole_and_seeded_decks_follow_the_documented_method() -> None:
    assert len(random_deck()) == 52 and set(random_deck()) == set(FULL_DECK)
    assert random_deck() != random_deck()
    seed = bytes(range(32))
    for deal in (1, 2, 17):
        assert [str(card) for card in seeded_deck(seed, deal)] == reference_deck(seed, deal)
    assert seeded_deck(seed, 1) != seeded_deck(seed, 2)
    held = set(FULL_DECK[:3])
    assert set(seeded_deck(seed, 3, held)) == set(FULL_DECK) - held
    assert [str(card) for card in seeded_deck(seed, 3, held)] == [
        card for card in reference_deck(seed, 3) if card not in {"As", "Ah", "Ad"}
    ]
    # The example printed in docs/protocol.md.
    assert format_cards(seeded_deck(seed, 1)[:8]) == "Kc Th Ad 5c Js Kd 5h Qd"
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()


def test_each_deck_position_is_fair() -> None:
    """The seeded shuffle spreads the ace of spades evenly over the first few places."""
    seed = bytes(32)  # a fixed seed: the check is reproducible (a fresh one passes as well)
    counts = [0] * 4
    for deal in range(1, 2001):
        place = seeded_deck(seed, deal).index(FULL_DECK[0])
        if place < 4:
            counts[place] += 1
    expected = 2000 * 4 / 52
    assert all(abs(count - expected / 4) < 40 for count in counts), counts


def test_a_history_is_checked_against_its_seed() -> None:
    seed = bytes(range(32))  # a fixed seed and deep stacks: the five deals always happen
    rng = random.Random(1)
    seats = [SeatPlan.bot("A"), SeatPlan.bot("B"), SeatPlan.bot("C")]
    session = Session(get_preset("brag").rules(), seats, stack=1_000, seed=7)
    parts = []
    for deal in range(1, 6):
        held = {card for cards in session.game.retained_hands().values() for card in cards}
        session.start_deal(seeded_deck(seed, deal, held))
        session.play_deal()
        parts.append(write_deal(session.game, session.names, include_header=deal == 1))
    text = "".join(parts)
    assert replay(text).deals == 5
    assert verify_history(text, seed.hex(), commitment(seed)) == []
    other = bytes(rng.randrange(256) for _ in range(32))
    problems = verify_history(text, other.hex(), commitment(seed))
    assert problems[0] == "the revealed seed does not hash to the commitment"
    assert any("deck is not the seed's" in problem for problem in problems)
    for number in ("²", "9" * 5000):  # a digit int() refuses; more digits than it reads
        problems = verify_history(f"deal {number}\n{text}", seed.hex(), commitment(seed))
        assert all("\n" not in problem for problem in problems)


def test_room_codes_and_names() -> None:
    for _ in range(20):
        code = new_code()
        assert len(code) >= 6 and set(code) <= set(CODE_ALPHABET)
    assert not set("0O1IL") & set(CODE_ALPHABET)
    assert checked_code("abc234") == "ABC234"
    for bad in ("ABC", "ABCDE0", "ABCDEF#"):
        with pytest.raises(TableSetupError):
            checked_code(bad)
    for weak in ("AAAAAA", "ababab", "ABCABC", "ABCDEF", "FEDCBA", "234567", "765432", "XYZ234"):
        with pytest.raises(TableSetupError, match="too easy to guess"):
            checked_code(weak)
    assert checked_code("K7QM4P") == "K7QM4P"
    assert clean_name("  Ann\n# Bee\t") == "Ann Bee"
    assert clean_name("###") == "Player"
    assert len(clean_name("x" * 100)) == 24


def test_a_table_refuses_a_setup_it_cannot_play() -> None:
    with pytest.raises(TableSetupError, match="seats"):
        TableServer(TableConfig(preset="teen_patti", seats=1))
    with pytest.raises(TableSetupError, match="not a bot level"):
        TableServer(TableConfig(bots=("grandmaster",)))
    with pytest.raises(TableSetupError, match="not a game preset"):
        TableServer(TableConfig(preset="snap"))


def test_serve_help_does_not_import_pygame() -> None:
    code = (
        "import sys\nfrom game.cli import main\n"
        "try:\n    main(['serve', '--help'])\nexcept SystemExit:\n    pass\n"
        "assert not any(name.startswith('pygame') for name in sys.modules), 'pygame imported'\n"
        "import game.network.server, game.network.client\n"
        "assert not any(name.startswith('pygame') for name in sys.modules), 'pygame imported'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        cwd=REPO,
    )
    assert result.returncode == 0, result.stderr
    assert "--turn-seconds" in result.stdout


def test_serve_and_join_on_the_command_line(tmp_path: Path) -> None:
    history = tmp_path / "table.txt"
    server = trey(
        "serve",
        "--port",
        "0",
        "--seats",
        "3",
        "--bots",
        "easy",
        "--deals",
        "4",
        "--history",
        str(history),
        "--code",
        "TREY23",
        "--rule",
        "blind_limit=2",
        "--rule",
        "sideshow=false",
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        started = json.loads(line)
        url = f"http://127.0.0.1:{started['port']}/#TREY23"
        assert started == {"port": started["port"], "code": "TREY23", "url": url}
        where = f"127.0.0.1:{started['port']}"
        wrong = trey("join", where, "--code", "NOTIT2", "--name", "Eve")
        joiners = [
            trey("join", where, "--code", "trey23", "--name", name, "--bot", "easy", "--json")
            for name in ("Ann", "Bob")
        ]
        outputs = [joiner.communicate(timeout=90) for joiner in joiners]
        _, wrong_err = wrong.communicate(timeout=60)
        server.wait(timeout=30)
    finally:
        server.kill()
    for joiner, (out, err) in zip(joiners, outputs, strict=True):
        assert joiner.returncode == 0, err
        report = json.loads(out)
        assert {"deals", "net", "messages", "max_message_bytes", "reconnects"} <= set(report)
        assert played_out(report, 4) and report["reconnects"] == 0, report
    assert wrong.returncode != 0
    assert wrong_err.count("\n") == 1 and "Traceback" not in wrong_err
    assert "room code" in wrong_err
    rules = next(line for line in history.read_text().splitlines() if line.startswith("rules "))
    assert {"blind_limit": 2, "sideshow": False}.items() <= json.loads(rules[6:]).items()
    replayed = trey("replay", str(history), "--json")
    out, err = replayed.communicate(timeout=60)
    assert json.loads(out)["deals"] == report["deals"], err


def test_house_rules_are_name_and_value() -> None:
    """`--rule` takes NAME=VALUE (spaces around either are dropped)."""
    assert house_rules(["blind_limit=6", " ranking = muflis "]) == {
        "blind_limit": "6",
        "ranking": "muflis",
    }
    for bad in ("blind_limit", "=6", "blind_limit="):
        with pytest.raises(UsageError, match="NAME=VALUE"):
            house_rules([bad])


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (("join", "127.0.0.1:1", "--code", "ABCDEF", "--name", "A"), "cannot reach"),
        (("join", "nowhere", "--code", "ABCDEF", "--name", "A"), "not an address"),
        (("serve", "--seats", "9"), "seats"),
        (("serve", "--code", "AB"), "room code"),
        (("serve", "--code", "AAAAAA"), "too easy to guess"),
        (("serve", "--chips", "300"), "1024, 2048 or 5120 chips, not 300"),
        (("serve", "--game", "brag", "--chips", "0"), "not 0"),
        (("serve", "--bots", "x.py:Bot"), "outside bot"),
        (("serve", "--rule", "blind_limt=2"), "its options: wild_cards, ranking"),
        (("serve", "--rule", "blind_limit"), "NAME=VALUE"),
        (("serve", "--rule", "cards_dealt=5"), "cards_dealt: Input should be 3 or 4"),
    ],
)
def test_command_line_problems_are_one_sentence(arguments: tuple[str, ...], words: str) -> None:
    process = trey(*arguments)
    _, err = process.communicate(timeout=60)
    assert process.returncode != 0
    assert words in err and "Traceback" not in err and err.count("\n") == 1, err


def test_serve_chips_override_the_buy_in_rule_within_its_choices() -> None:
    parser = build_parser()
    default = TableServer(serve_config(parser.parse_args(["serve"])))
    assert default.stack == starting_stack(default.rules) == 1024
    chosen = TableServer(serve_config(parser.parse_args(["serve", "--chips", "5120"])))
    assert chosen.stack == 5120 and offered_stack(chosen.rules, 5120) == 5120
    arguments = parser.parse_args(["serve", "--game", "brag", "--chips", "50"])
    brag = TableServer(serve_config(arguments))
    assert brag.stack == 50 and 50 in stack_choices(brag.rules)
    with pytest.raises(TableSetupError, match="1024, 2048 or 5120 chips, not 100"):
        offered_stack(default.rules, 100)


class Phase(enum.StrEnum):
    """A phase as an enum (a field type an observation may take)."""

    BETTING = "betting"


Chips = NewType("Chips", int)


@dataclasses.dataclass(frozen=True)
class Facts:
    """A record with fields of kinds observations do not have yet."""

    phase: Phase
    chips: Chips
    by_name: dict[str, int]
    seats: frozenset[int]
    shown: Annotated[Card | None, "the card"]
    hidden: tuple[Card | None, ...]


def test_the_encoder_adapts_to_the_fields_of_a_record() -> None:
    """A record with fields of other kinds (an enum, a mapping, a set, a new type, an annotated
    card) travels without a change to the encoder, as an observation with new fields would."""
    facts = Facts(Phase.BETTING, Chips(5), {"base": 2}, frozenset({2, 0}), parse("7h")[0], (None,))
    data = json.loads(json.dumps(encode(facts)))
    assert data == {
        "phase": "betting",
        "chips": 5,
        "by_name": {"base": 2},
        "seats": [0, 2],
        "shown": "7h",
        "hidden": [None],
    }
    assert decode(Facts, data) == facts


def test_a_client_of_another_protocol_version_is_told_in_one_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import asyncio

    from game.bots.registry import make_bot
    from game.network import transport
    from game.network.client import JoinError, join_table

    monkeypatch.setattr(transport, "PROTOCOL_VERSION", PROTOCOL_VERSION + 1)

    async def join() -> str:
        table = TableServer(TableConfig(seats=2, bots=("easy",), linger=0))
        port = await table.start("127.0.0.1", 0)
        try:
            await join_table(
                TableAddress.at("127.0.0.1", port), table.code, "Ann", make_bot("easy"), 1
            )
        except JoinError as error:
            return str(error)
        finally:
            await table.stop()
            await table.wait_closed()
        return ""

    sentence = asyncio.run(asyncio.wait_for(join(), 30))
    assert sentence == (
        f"this table speaks protocol version {PROTOCOL_VERSION + 1}, and the client speaks "
        f"version {PROTOCOL_VERSION}: use the same version of Trey"
    )


def test_join_plays_with_an_outside_bot(tmp_path: Path) -> None:
    """`--bot file.py:Class`, from the command line only: the outside bot plays the seat over
    the network from the observations it is sent."""
    import asyncio

    from game.bots.registry import command_line_bot
    from game.network.client import join_table

    source = tmp_path / "cautious.py"
    source.write_text(
        "class Cautious:\n"
        "    name = 'cautious'\n"
        "    def __init__(self):\n"
        "        self.asked = 0\n"
        "    def choose(self, observation, legal, rng):\n"
        "        self.asked += 1\n"
        "        assert observation.viewer == observation.to_act\n"
        "        return legal[-1].action\n",
        encoding="utf-8",
    )
    bot = command_line_bot(f"{source}:Cautious")

    async def join() -> int:
        table = TableServer(TableConfig(seats=2, bots=("easy",), deals=3, linger=0))
        port = await table.start("127.0.0.1", 0)
        report = await join_table(TableAddress.at("127.0.0.1", port), table.code, "Out", bot)
        await table.wait_closed()
        return report.deals

    assert asyncio.run(asyncio.wait_for(join(), 60)) == 3
    assert bot.asked > 0  # type: ignore[attr-defined]

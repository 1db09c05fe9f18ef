"""The leak canary: every frame the server sends, to every seat and to a spectator, of every
family and variant preset, holds no card its receiver may not know at that moment — in any
field: card fields, moves, sentences, and hand descriptions derived from hidden cards.

What a receiver may know is computed independently of the redaction, from the unredacted
events of the deal (as `simulate` checks observations), at the moment the frame is queued.
"""

from __future__ import annotations

import json
import re

import pytest
from network_tables import Player, play_table, run

from game.engine.cards import FULL_DECK, Card
from game.engine.families import family_info
from game.engine.rules import PRESETS, get_preset
from game.network.server import TableConfig, TableServer
from game.simulate import knowable_cards

CARD_TEXT = {str(card): card for card in FULL_DECK}
PRETTY = {card.pretty: card for card in FULL_DECK}
PRETTY_TOKEN = re.compile(r"(10|[2-9JQKA])[♠♥♦♣]")
WORD_TOKEN = re.compile(r"(?<![\w])(10|[2-9TJQKA])([shdc])(?![\w])")
PLURAL_LIKE = re.compile(r"^(10|[2-9])s$|^As$")
"""'8s' and '10s' are plural ranks ('Pair of 8s') and 'As' a word in sentences: in free text they
are not read as cards (card fields and suit pips still are)."""


NOT_DEALT = frozenset({"rules", "resume"})
"""Keys whose text is not about dealt cards: the rules the host set ('wild_cards': '2s 2h 2d
2c' names the wild cards, not anyone's hand) and a resume token's random letters."""


def strings(value: object) -> list[str]:
    """Every string anywhere in decoded JSON, but for the rules and resume tokens."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [
            text
            for key, part in value.items()
            if key not in NOT_DEALT
            for text in [key, *strings(part)]
        ]
    if isinstance(value, list):
        return [text for part in value for text in strings(part)]
    return []


def cards_in(text: str) -> set[Card]:
    """The cards a string names: a whole card field ('7h'), a card in a sentence or move
    ('discard 7h'), or a card with its suit pip ('7♥')."""
    if text in CARD_TEXT:
        return {CARD_TEXT[text]}
    found = {PRETTY[match.group(0)] for match in PRETTY_TOKEN.finditer(text)}
    for match in WORD_TOKEN.finditer(text):
        if not PLURAL_LIKE.match(match.group(0)):
            found.add(CARD_TEXT[match.group(1).replace("10", "T") + match.group(2)])
    return found


class Canary:
    """The tap on the server: checks each frame against what its receiver may know now."""

    def __init__(self) -> None:
        self.server: TableServer | None = None
        self.problems: list[str] = []
        self.frames = 0
        self.states = 0

    def __call__(self, seat: int | None, frame: str) -> None:
        server = self.server
        assert server is not None
        self.frames += 1
        payload = json.loads(frame)
        if server.session is None:
            if any(cards_in(text) for text in strings(payload)):
                self.problems.append(f"a card before the first deal: {frame[:200]}")
            return
        self.states += payload.get("type") == "state"
        game = server.session.game
        viewer = -1 if seat is None else seat
        known = knowable_cards(game.events, viewer)
        public = server.session.observe(None)
        if public.pack_showing is not None:
            known.add(public.pack_showing)
        known.update(public.table_cards)
        texts = strings(payload)
        for text in texts:
            leaked = cards_in(text) - known
            if leaked:
                self.problems.append(
                    f"seat {seat} was sent {sorted(map(str, leaked))} in {text[:80]!r} "
                    f"(deal {game.deal_number}, {payload.get('type')})"
                )
        for description in self.hidden_descriptions(known):
            if any(description in text for text in texts):
                self.problems.append(f"seat {seat} was sent the hidden hand {description!r}")

    def hidden_descriptions(self, known: set[Card]) -> set[str]:
        """Descriptions of hands holding a card the receiver may not know (less those that
        also describe a hand it knows)."""
        server = self.server
        assert server is not None and server.session is not None
        ranking = server.session.observe(None).hand_ranking()
        if ranking is None:
            return set()
        hidden: set[str] = set()
        shown: set[str] = set()
        for player in server.session.game.players.values():
            for hand in player.hands:
                if len(hand) < 3:
                    continue
                try:
                    description = ranking.evaluate(tuple(hand)).description
                except (ValueError, KeyError, IndexError):
                    continue
                (shown if set(hand) <= known else hidden).add(description)
        return hidden - shown


def seats_for(preset: str) -> int:
    return max(3, family_info(get_preset(preset).family).seats.start)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_no_frame_holds_a_card_its_receiver_may_not_know(preset: str) -> None:
    canary = Canary()
    seats = seats_for(preset)
    config = TableConfig(preset=preset, seats=seats, deals=6, stack=200)
    players = [Player("random") for _ in range(seats)] + [Player(spectator=True)]

    async def play() -> None:
        from game.network import server as server_module

        original = server_module.TableServer.start

        async def start(self: TableServer, host: str = "127.0.0.1", port: int = 0) -> int:
            canary.server = self
            return await original(self, host, port)

        server_module.TableServer.start = start  # type: ignore[method-assign]
        try:
            await play_table(config, players, seed=hash(preset) % 1000, tap=canary, seconds=60)
        finally:
            server_module.TableServer.start = original  # type: ignore[method-assign]

    run(play(), 90)
    assert canary.states > 20, f"only {canary.states} states were sent"
    assert not canary.problems, "\n".join(canary.problems[:10])


def test_the_canary_sees_a_planted_leak() -> None:
    """The canary is not blind: a frame naming another seat's hidden card is caught."""
    canary = Canary()
    config = TableConfig(preset="teen_patti", seats=2, bots=("random", "random"), deals=1)
    server = TableServer(config)
    canary.server = server
    room = server.room
    room.session = room._start_session()
    room.session.start_deal(room._deck(1))
    hidden = room.session.game.players[1].hands[0][0]
    canary(0, json.dumps({"type": "state", "observation": {"message": f"seat 1 holds {hidden}"}}))
    canary(0, json.dumps({"type": "state", "events": [{"card": str(hidden)}]}))
    canary(0, json.dumps({"type": "state", "events": [{"text": hidden.pretty}]}))
    assert len(canary.problems) == 3 or (str(hidden)[1] == "s" and len(canary.problems) >= 2)

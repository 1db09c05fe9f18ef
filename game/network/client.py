"""A headless client: a bot plays one seat over the network, reconnecting with its resume token.

`trey join` runs one; the tests run several against one server. The bot decides from the
observation the server sent (decoded back into the engine's records), exactly as it would at a
table on this machine.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Literal

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.agents.seats import LearningBot
from game.bots.base import Bot
from game.engine.actions import Action, ActionParseError, Bet, LegalAction, parse_action
from game.engine.events import Event
from game.engine.observation import Observation
from game.network.address import TableAddress
from game.network.codec import (
    DecodeError,
    decode_event,
    decode_observation,
    decode_said,
    is_unknown_event,
)
from game.network.protocol import (
    PROTOCOL_VERSION,
    ActionMessage,
    Bye,
    Error,
    Hello,
    LegalMove,
    Nonce,
    ProtocolError,
    Refused,
    State,
    Welcome,
    read_server,
    write,
)
from game.network.sizes import MAX_MESSAGE_BYTES

log = logging.getLogger("trey.join")

FATAL_ERRORS = frozenset({"protocol", "code", "full", "spectators", "resume", "hello_first"})
"""Errors after which trying again cannot help."""


class JoinError(Exception):
    """The client cannot join or stay at the table; the message is one sentence."""


def fresh_nonce() -> Nonce:
    """A seated player's nonce for a verifiable shuffle: 16 random bytes from the CSPRNG."""
    return Nonce(nonce=secrets.token_hex(16))


def move_of(action: Action) -> str:
    """An action as an action message's move: its notation without the seat ('bet 4')."""
    return action.notation().split(" ", 1)[1]


class DealHistory:
    """The events of the deal under way as a client was sent them, put together state by state:
    a state holds its deal's events from `history_start` on, the earlier ones came before. An
    event of a kind this build does not know is kept as None (it still counts in
    `history_start`) and left out of the observation's history."""

    def __init__(self) -> None:
        self.events: list[Event | None] = []
        self.deal: object = None

    def take(self, message: State) -> tuple[Observation, list[Event]]:
        """The state's observation with its deal's whole history, and the events new in it;
        DecodeError (the history left as it was) if the state cannot be read."""
        data = message.observation
        sent = [
            None if is_unknown_event(event) else decode_event(event) for event in message.events
        ]
        observation = decode_observation(data)
        legal = legal_actions(message.legal, observation.viewer)
        deal = data.get("deal_number")
        kept = self.events[: message.history_start] if deal == self.deal else []
        self.events, self.deal = kept + sent, deal
        history = tuple(event for event in self.events if event is not None)
        fresh = [event for event in sent if event is not None]
        return dataclasses.replace(observation, history=history, legal=legal), fresh


def legal_actions(moves: list[LegalMove], seat: int | None) -> tuple[LegalAction, ...]:
    """A state's legal moves as the engine's legal actions of `seat` (a bet at its least
    amount, its range low..high step); DecodeError naming a move that is not one."""
    if moves and seat is None:
        raise DecodeError("a spectator's state lists legal moves")
    legal = []
    for index, move in enumerate(moves):
        where = f"legal[{index}]"
        try:
            bet = move.move == Bet.verb  # a bet's amount is its range's, written beside it
            action = parse_action(
                f"{seat} {move.move} {move.low}" if bet else f"{seat} {move.move}"
            )
        except ActionParseError as error:
            raise DecodeError(f"{where}.move: {error}") from None
        rule = decode_said(move.rule, f"{where}.rule")
        legal.append(LegalAction(action, move.low, move.high, move.step, rule))
    return tuple(legal)


@dataclass
class ClientReport:
    """What a client saw of the table (the `trey join --json` object)."""

    seat: int | None = None
    deals: int = 0
    net: int = 0
    messages: int = 0
    max_message_bytes: int = 0
    reconnects: int = 0
    refused: int = 0
    actions: int = 0
    ended: str = ""
    seed: str | None = None
    commitment: str | None = None
    nonces: dict[str, str] = field(default_factory=dict)
    """Verifiable shuffle: the players' nonces the closing bye listed, by seat number."""
    stacks: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        """The report as plain data."""
        return {
            "seat": self.seat,
            "deals": self.deals,
            "net": self.net,
            "messages": self.messages,
            "max_message_bytes": self.max_message_bytes,
            "reconnects": self.reconnects,
            "refused": self.refused,
            "actions": self.actions,
            "ended": self.ended,
            "seed": self.seed,
            "commitment": self.commitment,
            "nonces": self.nonces,
            "stacks": self.stacks,
        }


class BotClient:
    """A bot playing one seat of a remote table until the table ends (or `deals` are played)."""

    def __init__(
        self,
        where: TableAddress,
        code: str,
        name: str,
        bot: Bot,
        *,
        deals: int | None = None,
        rng: random.Random | None = None,
        drop_chance: float = 0.0,
        most_reconnects: int = 10,
        spectator: bool = False,
        timeout: float = 60.0,
    ) -> None:
        self.uri = where.uri
        self.where = str(where)
        self.code = code
        self.name = name
        self.bot = bot
        self.deals = deals
        self.rng = rng or random.Random(secrets.randbits(64))
        self.drop_chance = drop_chance
        """Tests: the chance, after each state, of dropping the connection without a word."""
        self.most_reconnects = most_reconnects
        self.spectator = spectator
        """Watch (a spectator never acts; it sees only what everyone sees)."""
        self.timeout = timeout
        """Seconds without a message from the server before the client gives up."""
        self.report = ClientReport()
        self.token: str | None = None
        self._first_deal: int | None = None
        self._start_stack: int | None = None
        self._learned: set[int] = set()
        self._failures = 0
        """Connections lost in a row (a welcome resets it)."""
        self._history = DealHistory()

    async def run(self) -> ClientReport:
        """Play until the table says bye; JoinError with a sentence if it cannot."""
        connected_once = False
        while True:
            try:
                async with connect(
                    self.uri,
                    max_size=MAX_MESSAGE_BYTES,
                    compression=None,
                    open_timeout=10,
                    close_timeout=2,
                ) as socket:
                    connected_once = True
                    if await self._play(socket):
                        return self.report
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
                if not connected_once:
                    raise JoinError(
                        f"cannot reach a Trey table at {self.where} ({error})"
                    ) from None
            except ConnectionClosed:
                pass
            if self.token is None and not (self.spectator and self.report.messages):
                raise JoinError(f"the table at {self.where} closed the connection")
            if self._failures >= self.most_reconnects:
                raise JoinError(
                    f"lost the table at {self.where} {self.most_reconnects} times in a row"
                )
            self.report.reconnects += 1
            self._failures += 1
            await asyncio.sleep(min(2.0, 0.02 * 2 ** min(self._failures, 7)))

    async def _play(self, socket: ClientConnection) -> bool:
        """One connection: True when the table ended, False to reconnect."""
        hello = Hello(
            protocol=PROTOCOL_VERSION,
            name=self.name,
            code=self.code,
            resume=self.token,
            spectator=self.spectator and self.token is None,
        )
        await socket.send(write(hello))
        while True:
            frame = await asyncio.wait_for(socket.recv(), self.timeout)
            report = self.report
            report.messages += 1
            size = len(frame.encode("utf-8")) if isinstance(frame, str) else len(frame)
            report.max_message_bytes = max(report.max_message_bytes, size)
            try:
                message = read_server(frame)
            except ProtocolError as error:
                raise JoinError(f"the table sent something unreadable: {error}") from None
            if isinstance(message, Welcome):
                if message.protocol != PROTOCOL_VERSION:
                    raise JoinError(
                        f"the table speaks protocol version {message.protocol}; this client "
                        f"speaks {PROTOCOL_VERSION}"
                    )
                report.seat, self.token = message.seat, message.resume
                self._failures = 0
                report.commitment = message.table.commitment
                if message.table.shuffle == "verifiable" and message.seat is not None:
                    await socket.send(write(fresh_nonce()))
            elif isinstance(message, Error):
                if message.reason in FATAL_ERRORS:
                    raise JoinError(message.sentence)
                return message.reason == "replaced"
            elif isinstance(message, Bye):
                report.ended, report.seed = message.reason, message.seed
                report.nonces = dict(message.nonces)
                return True
            elif isinstance(message, Refused):
                report.refused += 1
                log.info("refused (%s): %s", message.reason, message.sentence)
            elif isinstance(message, State):
                if await self._state(socket, message):
                    await socket.send(write(Bye(reason="leaving")))
                    report.ended = "leaving"
                    return True
                if self.drop_chance and self.rng.random() < self.drop_chance:
                    socket.transport.abort()
                    return False

    async def _state(self, socket: ClientConnection, message: State) -> bool:
        """Act on a state if it asks this seat; True once the client has played its deals."""
        try:
            observation, _ = self._history.take(message)
        except DecodeError as error:
            raise JoinError(
                f"the table sent an observation this client cannot read: {error}"
            ) from None
        self._tally(observation)
        if self.deals is not None and self.report.deals >= self.deals:
            return True
        seat = self.report.seat
        if seat is None or observation.to_act != seat or not observation.legal:
            return False
        action = self.bot.choose(observation, list(observation.legal), self.rng)
        self.report.actions += 1
        await socket.send(write(ActionMessage(state=message.state, move=move_of(action))))
        return False

    def _tally(self, observation: Observation) -> None:
        report = self.report
        seat = report.seat
        finished = observation.deal_number - (0 if observation.deal_over else 1)
        if self._first_deal is None and observation.deal_number > 0:
            self._first_deal = observation.deal_number
            if seat is not None and observation.start_stacks:
                self._start_stack = observation.start_stacks[seat]
        if self._first_deal is not None:
            report.deals = max(report.deals, finished - self._first_deal + 1)
        report.stacks = [view.stack for view in observation.seats]
        if seat is not None and self._start_stack is not None:
            report.net = observation.seats[seat].stack - self._start_stack
        if (
            observation.deal_over
            and observation.deal_number not in self._learned
            and isinstance(self.bot, LearningBot)
        ):
            self._learned.add(observation.deal_number)
            self.bot.deal_ended(observation)


async def join_table(
    where: TableAddress, code: str, name: str, bot: Bot, deals: int | None = None
) -> ClientReport:
    """Play a seat of the table at `where` with `bot`; JoinError with a sentence if not."""
    client = BotClient(where, code, name, bot, deals=deals)
    started = time.monotonic()
    report = await client.run()
    log.info("left the table after %.1f s", time.monotonic() - started)
    return report


TableVerdict = Literal["lives", "ended", "gone", "unreachable"]
"""What a check of a table found: it lives (its code is right and it plays on), it has ended
(it says bye), it is gone (another table, or another version, answers there), or nothing
answers."""

CHECK_NAME = "check"
"""The name a check says hello with (no seat is taken: its resume token was never given)."""


async def check_table(where: TableAddress, code: str, seconds: float = 3.0) -> TableVerdict:
    """Whether the table at `where` with `code` still lives, within about `seconds`, taking no
    seat: the hello carries a resume token the table never gave, which a living table refuses
    (`resume`) after checking the code (docs/protocol.md)."""
    hello = Hello(
        protocol=PROTOCOL_VERSION,
        name=CHECK_NAME,
        code=code,
        resume=f"check-{secrets.token_urlsafe(12)}",
    )
    try:
        async with asyncio.timeout(seconds):
            async with connect(
                where.uri,
                max_size=MAX_MESSAGE_BYTES,
                compression=None,
                open_timeout=seconds,
                close_timeout=0.5,
            ) as socket:
                await socket.send(write(hello))
                answer = read_server(await socket.recv())
    except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed):
        return "unreachable"
    except ProtocolError:
        return "gone"
    if isinstance(answer, Bye):
        return "ended"
    if isinstance(answer, Error) and answer.reason == "resume":
        return "lives"
    return "gone"

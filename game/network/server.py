"""The table server: one process holds the one game; every player is a connection.

Each connection that takes a seat is that seat's agent (a RemoteAgent, SeatKind.REMOTE): the seat
comes from the connection, never from a message. Bots fill the seats no one plays. What leaves
the server for a connection is its seat's observation and the events its seat may see,
redacted (a spectator: the public view); nothing else of the game is ever encoded.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import re
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.agents.agent import SeatError, SeatKind
from game.agents.seats import BotAgent, PersonAgent
from game.bots.registry import make_bot
from game.engine.actions import Action, ActionParseError, Fold, parse_action
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.families import family_info
from game.engine.game import Game
from game.engine.history import write_deal
from game.engine.observation import Observation
from game.engine.rules import (
    Rules,
    get_preset,
    make_rules,
    recorded_options,
    stack_choices,
    starting_stack,
)
from game.network import fairness
from game.network.codec import JSON
from game.network.frames import EventCursor, state_frame
from game.network.history_file import HistoryFile
from game.network.limits import (
    Budget,
    CodeGuard,
    ConnectionCaps,
    ConnectionGate,
    gated_connection,
    mark_welcomed,
    quiet_accept_failures,
    raise_file_limit,
    weak_code,
)
from game.network.protocol import (
    PROTOCOL_VERSION,
    ActionMessage,
    Bye,
    ByeReason,
    Error,
    ErrorReason,
    Hello,
    Lobby,
    ProtocolError,
    Reaction,
    RefusalReason,
    Refused,
    TableInfo,
    Welcome,
    read_client,
    write,
)
from game.network.seat_tokens import SeatTokens
from game.network.seating import PlannedSeat, Seating, SeatingError
from game.network.sizes import MAX_MESSAGE_BYTES, MAX_NAME_LENGTH
from game.network.turn_clock import TurnClock
from game.session import SeatPlan, Session
from game.web.page_server import page_requests

log = logging.getLogger("trey.serve")

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Room code characters: no 0/O, 1/I/L, so a code read aloud or copied by hand stays right."""

CODE_LENGTH = 6
"""The fewest characters of a room code."""

OUTBOX_LIMIT = 256
"""Frames waiting for one connection before it counts as too slow and is closed."""

MOST_STRIKES = 10
"""Unreadable messages a connection may send before it is closed."""


class TableSetupError(ValueError):
    """A table that cannot be set up as asked (one sentence)."""


def new_code() -> str:
    """A fresh room code of CODE_LENGTH characters from the unambiguous alphabet (CSPRNG),
    never one a host could not choose (too easy to guess)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if weak_code(code, CODE_ALPHABET) is None:
            return code


def checked_code(code: str) -> str:
    """A host's chosen room code, upper-cased; TableSetupError if it is too short, uses a
    character outside the alphabet or is too easy to guess."""
    code = code.strip().upper()
    if len(code) < CODE_LENGTH or len(code) > 32:
        raise TableSetupError(f"a room code has {CODE_LENGTH} to 32 characters")
    wrong = sorted(set(code) - set(CODE_ALPHABET))
    if wrong:
        raise TableSetupError(
            f"a room code uses only {CODE_ALPHABET} (not {''.join(wrong)}), so it reads clearly"
        )
    weakness = weak_code(code, CODE_ALPHABET)
    if weakness is not None:
        raise TableSetupError(weakness)
    return code


def clean_name(name: str) -> str:
    """A player's name as the table shows and the history records it: printable, no '#' (a
    history comment), single spaces, at most MAX_NAME_LENGTH characters."""
    text = "".join(char if char.isprintable() and char != "#" else " " for char in name)
    return re.sub(r"\s+", " ", text).strip()[:MAX_NAME_LENGTH] or "Player"


@dataclass
class TableConfig:
    """How the host set the table."""

    preset: str = "teen_patti"
    options: dict[str, object] = field(default_factory=dict)
    """House rules on top of the preset's (the setup's option rows; none: the preset's own)."""
    seats: int = 4
    bots: tuple[str, ...] = ()
    """The bot level of each bot seat; bots take the last seats, players the first."""
    host_name: str | None = None
    """A table hosted from the game: seat 0 is the host's own screen's (it joins with the
    server's host token as its resume token), and the table starts when the host says so
    (`TableServer.begin`), not when every seat is taken."""
    code: str = ""
    """The room code ('' draws one)."""
    deals: int | None = None
    """Deals to play before the table ends (None: until stopped)."""
    turn_seconds: float | None = None
    on_expiry: Literal["pack", "bot"] = "pack"
    stand_in_level: str = "medium"
    """The bot that plays a turn whose clock ran out (on_expiry 'bot'), or any turn where
    packing is not a move."""
    spectators: bool = True
    verifiable: bool = False
    history: Path | None = None
    stack: int | None = None
    """Chips each seat starts with (None: the table's own, `starting_stack`)."""
    drop_grace: float = 60.0
    """Without a turn clock: seconds a dropped player's turn waits before it is played as an
    expired clock would play it."""
    wrong_code_delay: float = 0.5
    """Seconds before a wrong code is answered, doubled for each recent wrong code from the
    same address (at most 8 s; see `CodeGuard`); one address's wrong codes are answered one
    at a time."""
    hello_seconds: float = 10.0
    rate: float = 10.0
    """Messages a second a connection may send, on average."""
    burst: int = 30
    """Messages a connection may send at once."""
    byte_rate: float = 8 * 1024
    """Bytes a second a connection may send, on average."""
    byte_burst: int = 128 * 1024
    """Bytes a connection may send at once."""
    caps: ConnectionCaps = field(default_factory=ConnectionCaps)
    """Connections the server holds at once (in all, per address, not yet welcomed)."""
    deal_pause: float = 0.0
    """Seconds between one deal's end and the next deal."""
    bot_pause: tuple[float, float] | None = None
    """A bot's move is played after a pause drawn uniformly from this range of seconds, so
    people watching can follow (None: at once)."""
    web: bool = True
    """Serve the phone page on the websocket's port (game/web; `trey serve --no-web`: not)."""
    linger: float = 2.0
    """Seconds the server still answers after the table ends: a player who dropped just before
    reconnects and is given the closing bye (with the seed of a verifiable shuffle)."""


class RemoteAgent(PersonAgent):
    """A person playing a seat from another machine: asked by the turn loop as a person at this
    screen is, answered by the actions their connection sends (checked before they are
    offered)."""

    def __init__(self, name: str) -> None:
        super().__init__(SeatKind.REMOTE, f"remote player {name}")
        self.name = name
        self.connected = True
        self.dropped_at = 0.0
        self.away = False
        """The seat's clock ran out while its player was disconnected: until they come back,
        its turns are played at once by the clock's rule (the table does not wait for them)."""


class BackgroundBot:
    """A bot that thinks in a worker thread, so the server keeps answering every connection
    (pings, reactions, joins) while it does; the turn loop polls it as any agent."""

    def __init__(
        self,
        agent: BotAgent,
        pool: ThreadPoolExecutor,
        wake: Callable[[float], None],
        pause: tuple[float, float] | None = None,
    ) -> None:
        self.agent = agent
        self.pool = pool
        self.wake = wake
        """Wakes the table's loop after the given seconds (from any thread)."""
        self.pause = pause
        self._thinking: Future[Action] | None = None
        self._ready_at = 0.0

    @property
    def kind(self) -> SeatKind:
        """The bot's kind (a bot, or a stand-in)."""
        return self.agent.kind

    @property
    def label(self) -> str:
        """How errors name the bot."""
        return self.agent.label

    def ask(self, observation: Observation) -> None:
        """Start thinking in the worker thread; the loop is woken when the bot has decided and
        its pause (if the table has one) is over."""
        bot, rng = self.agent.bot, self.agent.rng
        pause = self.pause
        self._ready_at = time.monotonic() + (random.uniform(*pause) if pause else 0.0)
        self._thinking = self.pool.submit(bot.choose, observation, list(observation.legal), rng)
        self._thinking.add_done_callback(
            lambda _: self.wake(max(0.0, self._ready_at - time.monotonic()))
        )

    def poll(self) -> Action | None:
        """The bot's choice once made and its pause over (its exception, if it failed, is
        raised here)."""
        thinking = self._thinking
        if thinking is None or not thinking.done() or time.monotonic() < self._ready_at:
            return None
        self._thinking = None
        return thinking.result()

    def inform(self, events: Sequence[Event]) -> None:
        """Pass on what happened."""
        self.agent.inform(events)

    def deal_ended(self, view: Callable[[], Observation]) -> None:
        """Let a learning bot learn (no thought is under way between deals)."""
        self.agent.deal_ended(view)


@dataclass(eq=False)
class Connection:
    """One websocket: the seat it plays (None: a spectator), its outbox and its limits."""

    socket: ServerConnection
    seat: int | None
    name: str
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    budget: Budget = field(default_factory=Budget)
    strikes: int = 0
    answered: int = -1
    """The state number this connection's last accepted action answered."""
    cursor: EventCursor = field(default_factory=EventCursor)
    """The events already sent to this connection."""
    reacted_at: float = -1e9
    refused_rate_at: float = -1e9
    closing: bool = False
    """The connection is being closed: nothing more is queued for it or read from it."""
    close_code: int = 1000
    """The websocket close code: 1000 (a bye), 1008 (after an error)."""

    def queue(self, frame: str) -> None:
        """Queue a frame to send; a connection too slow to keep up is closed instead."""
        if self.closing:
            return
        try:
            self.outbox.put_nowait(frame)
        except asyncio.QueueFull:
            log.warning("%s is too slow to keep up and is disconnected", self.name)
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    self.outbox.get_nowait()
            self.close_soon(1008)

    def close_soon(self, code: int = 1000) -> None:
        """Close (with `code`) once what is queued is sent; nothing more is queued or read."""
        if self.closing:
            return
        self.closing = True
        self.close_code = code
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)


Tap = Callable[[int | None, str], None]
"""Sees every frame the server queues for a connection, with the connection's seat."""


class TableServer:
    """A websocket server holding one table: the lobby, the session and the turn loop."""

    def __init__(self, config: TableConfig) -> None:
        try:
            preset = get_preset(config.preset)
            self.rules = make_rules(preset.family, **{**preset.options, **config.options})
            self.family = preset.family.value
            seats = family_info(preset.family).seats
            for level in config.bots:
                make_bot(level)
            make_bot(config.stand_in_level)
        except ValueError as error:
            raise TableSetupError(str(error)) from None
        if config.seats not in seats:
            raise TableSetupError(
                f"{preset.title} seats {seats.start} to {seats.stop - 1} players, "
                f"not {config.seats}"
            )
        if len(config.bots) > config.seats:
            raise TableSetupError(f"{len(config.bots)} bots do not fit {config.seats} seats")
        if config.bot_pause is not None and not 0 <= config.bot_pause[0] <= config.bot_pause[1]:
            raise TableSetupError("a bot's pause is a range of seconds, low to high")
        if config.deals is not None and config.deals < 1:
            raise TableSetupError("--deals must be at least 1")
        if config.turn_seconds is not None and config.turn_seconds <= 0:
            raise TableSetupError("--turn-seconds must be more than 0")
        self.stack = starting_stack(self.rules) if config.stack is None else config.stack
        self.config = config
        self.code = checked_code(config.code) if config.code else new_code()
        host_name = clean_name(config.host_name) if config.host_name is not None else None
        try:
            self.seating = Seating(config.seats, config.bots, host_name)
        except SeatingError as error:
            raise TableSetupError(str(error)) from None
        self.seed = fairness.new_seed() if config.verifiable else b""
        self.tokens = SeatTokens()
        self.host_token = secrets.token_urlsafe(24) if host_name is not None else None
        """The resume token with which the host's own screen takes seat 0 (used once)."""
        if self.host_token is not None:
            self.tokens.add(self.host_token, 0)
        self.seated: dict[int, Connection] = {}
        self.spectators: list[Connection] = []
        self.session: Session | None = None
        self.state_number = 0
        self.deals_played = 0
        self.history = HistoryFile(config.history)
        """The hand history: every finished deal's text (`parts`), kept open on disk."""
        self.tap: Tap | None = None
        self.on_lobby: Callable[[Lobby], None] | None = None
        """Told every new lobby (on the server's loop), e.g. to update an advertisement."""
        self.guard = CodeGuard(delay=config.wrong_code_delay)
        self.gate = ConnectionGate(config.caps)
        self._server: Server | None = None
        self._wake = asyncio.Event()
        self._seated_all = asyncio.Event()
        self._done = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="trey-bot")
        self._bye = Bye(reason="finished")
        self.clock = TurnClock(config.turn_seconds, config.drop_grace)
        """The turn clock (a test gives it a fake `now`, and calls `wake` as it moves)."""
        self._fallback_rng = random.Random(secrets.randbits(64))
        self._begin_level: str | None = None
        self.last_lobby = self.lobby()
        """The latest lobby, for other threads to read without a lock."""
        self._seating_changed()

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on `host`:`port` (0: a free port) and return the port; the process may
        then hold more files, and the hand-history file is opened."""
        self.gate.fit(raise_file_limit())
        quiet_accept_failures()
        self._server = await serve(
            self._serve,
            host,
            port,
            max_size=MAX_MESSAGE_BYTES,
            compression=None,
            max_queue=32,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
            create_connection=gated_connection(self.gate),
            process_request=page_requests(self.config.web),
        )
        self.history.open()  # once listening: a table that cannot start leaves the file be
        self._loop = asyncio.get_running_loop()
        self._driver = asyncio.create_task(self._drive())
        return int(next(iter(self._server.sockets)).getsockname()[1])

    @property
    def ended(self) -> bool:
        """Whether the table has ended (its deals played, no deal possible, or stopped)."""
        return self._done.is_set()

    async def wait_closed(self) -> None:
        """Return once the table has ended and every connection is closed."""
        await self._done.wait()
        if self._driver is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver
        await asyncio.sleep(self.config.linger)
        self._pool.shutdown(wait=False, cancel_futures=True)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def stop(self, reason: ByeReason = "host_left", sentence: str = "") -> None:
        """End the table: every finished deal saved, a bye to everyone, every connection closed."""
        if self._done.is_set():
            return
        self._done.set()
        if self._driver is not None and self._driver is not asyncio.current_task():
            self._driver.cancel()
        self.history.close()
        self._bye = Bye(
            reason=reason,
            sentence=sentence or _BYE_SENTENCES[reason],
            seed=self.seed.hex() if self.seed else None,
            deals=self.deals_played,
        )
        for connection in self._connections():
            self._queue(connection, write(self._bye))
            connection.close_soon()

    # -- the table ---------------------------------------------------------------------------

    def table_info(self) -> TableInfo:
        """What a joining client is told about the table."""
        return TableInfo(
            preset=self.config.preset,
            family=str(self.family),
            rules=recorded_options(self.rules),
            seats=self.config.seats,
            deals=self.config.deals,
            turn_seconds=self.config.turn_seconds,
            on_expiry=self.config.on_expiry,
            spectators=self.config.spectators,
            deal_pause=self.config.deal_pause,
            shuffle="verifiable" if self.seed else "csprng",
            commitment=fairness.commitment(self.seed) if self.seed else None,
        )

    def lobby(self) -> Lobby:
        """Who sits where now (the plan: who plays each seat from the next deal)."""
        players = self.seating.lobby(lambda seat: seat in self.seated)
        waiting = self.seating.open_seats()
        return Lobby(players=players, started=self.session is not None, waiting=waiting)

    def _seating_changed(self) -> None:
        """Tell everyone the new lobby; a table that starts when its seats are taken starts."""
        self.last_lobby = lobby = self.lobby()
        self._broadcast(write(lobby))
        if self.on_lobby is not None:
            self.on_lobby(lobby)
        if self.config.host_name is None and self.session is None and self.seating.ready():
            self._seated_all.set()

    def begin(self, level: str = "medium") -> None:
        """The host starts the table now: every open seat becomes a bot of `level`."""
        _check_level(level)
        if self.session is None:
            self._begin_level = level
            self._seated_all.set()

    def give_to_bot(self, seat: int, level: str) -> None:
        """A bot of `level` plays `seat` from the next deal (at once before the table starts);
        a player who held it is sent an error 'replaced' with a sentence and closed, as the
        change takes effect."""
        _check_level(level)
        try:
            player_left = self.seating.give_to_bot(seat, level)
        except SeatingError as error:
            raise TableSetupError(str(error)) from None
        if player_left and not isinstance(self._remote(seat), RemoteAgent):
            self._send_away(seat)
        self._seating_changed()

    def free_seat(self, seat: int) -> None:
        """A bot's seat opens for a player, who plays it from the next deal after joining; its
        bot plays on until then."""
        try:
            self.seating.free(seat)
        except SeatingError as error:
            raise TableSetupError(str(error)) from None
        self._seating_changed()

    def _send_away(self, seat: int) -> None:
        """The seat's player is told it is a bot's now, and their connection closed."""
        self.tokens.forget(seat)
        connection = self.seated.pop(seat, None)
        if connection is not None:
            self._error(connection, "replaced", "the host gave your seat to a bot")

    def _remote(self, seat: int) -> RemoteAgent | None:
        if self.session is None:
            return None
        agent = self.session.agents[seat]
        return agent if isinstance(agent, RemoteAgent) else None

    def _start_session(self) -> Session:
        plans = self.seating.start()
        return Session(
            self.rules,
            [_session_plan(plan) for plan in plans],
            stack=self.stack,
            seed=secrets.randbits(31),
            agents=[self._agent(seat, plan) for seat, plan in enumerate(plans)],
        )

    def _agent(self, seat: int, plan: PlannedSeat) -> RemoteAgent | BackgroundBot:
        """The agent of a seat as planned: its player's, or a bot of its level."""
        if plan.kind != "remote":
            return self._bot(plan.level)
        agent = RemoteAgent(plan.name)
        if seat not in self.seated:
            agent.connected = False
            agent.dropped_at = self.clock.now()
        return agent

    def _bot(self, level: str, kind: SeatKind = SeatKind.BOT) -> BackgroundBot:
        rng = random.Random(secrets.randbits(64))
        bot = BotAgent(make_bot(level), rng, kind, level)
        return BackgroundBot(bot, self._pool, self._wake_soon, self.config.bot_pause)

    def _change_seats(self, session: Session) -> None:
        """As a deal starts, the host's changes take effect: new players and bots."""
        changes = self.seating.changes()
        for change in changes:
            if change.player_left:
                self._send_away(change.seat)
            session.turns.replace(change.seat, self._agent(change.seat, change.plan))
            session.seats[change.seat] = _session_plan(change.plan)
        if changes:
            self._seating_changed()

    async def _drive(self) -> None:
        """The table's one loop: deal, ask, apply, tell; it waits only for remote players."""
        while True:
            await self._seated_all.wait()
            if self._begin_level is not None:
                self.seating.begin(self._begin_level)
            if self.seating.ready():
                break
            self._seated_all.clear()
        session = self.session = self._start_session()
        log.info("the table starts: %s", ", ".join(session.names))
        self._seating_changed()
        while not self._done.is_set():
            game = session.game
            if game.deal_over:
                if self.config.deals is not None and self.deals_played >= self.config.deals:
                    await self.stop("finished")
                    return
                if not session.can_deal():
                    await self.stop("cannot_deal", str(game.why_not_dealing()))
                    return
                if self.config.deal_pause and self.deals_played:
                    await asyncio.sleep(self.config.deal_pause)
                    if self._done.is_set():
                        return
                self._change_seats(session)
                session.start_deal(self._deck(game.deal_number + 1))
                self._broadcast_state()
                await asyncio.sleep(0)
                continue
            seat = game.to_act
            assert seat is not None
            self.clock.note(game)
            agent = session.agents[seat]
            self._wake.clear()
            try:
                events = session.step()
            except SeatError as error:
                log.warning("%s", error)
                if isinstance(agent, RemoteAgent):
                    agent.offer(expired_turn(session, seat, self.config, self._fallback_rng)[0])
                else:
                    self._stand_in(seat)
                continue
            if events:
                if game.deal_over:
                    self.deals_played += 1
                    header = not self.history.parts
                    self.history.add(write_deal(game, session.names, include_header=header))
                self._broadcast_state()
                await asyncio.sleep(0)
                continue
            wait = 1.0
            if isinstance(agent, RemoteAgent):
                deadline = self.clock.deadline(agent.connected, agent.dropped_at, agent.away)
                wait = deadline - self.clock.now()
                if wait <= 0:
                    self._time_ran_out(session, seat, agent)
                    continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), min(wait, 3600.0))

    def _time_ran_out(self, session: Session, seat: int, agent: RemoteAgent) -> None:
        """The seat's clock ran out: its turn is played by the clock's rule, said as such in
        the deal's events; a player away when it ran out has their later turns played at once
        until they come back."""
        action, stand_in = expired_turn(session, seat, self.config, self._fallback_rng)
        if not agent.connected:
            agent.away = True
        session.turns.time_ran_out(seat, stand_in=stand_in)
        agent.offer(action)

    def wake(self) -> None:
        """Look at the clock again now (from any thread; a test that moves a fake clock)."""
        self._wake_soon()

    def _wake_soon(self, delay: float = 0.0) -> None:
        """Wake the table's loop after `delay` seconds (from any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(loop.call_later, delay, self._wake.set)

    def _stand_in(self, seat: int) -> None:
        """A bot of the host's stand-in level takes over a bot seat whose bot failed."""
        assert self.session is not None
        self.session.turns.replace(seat, self._bot(self.config.stand_in_level, SeatKind.STAND_IN))

    def clock_left(self) -> float | None:
        """Seconds left on the turn clock (None when none runs)."""
        return None if self.session is None else self.clock.left(self.session.game)

    def _deck(self, deal: int) -> list[Card]:
        assert self.session is not None
        held = {card for cards in self.session.game.retained_hands().values() for card in cards}
        if self.seed:
            return fairness.seeded_deck(self.seed, deal, held)
        return fairness.random_deck(held)

    # -- what leaves the server ------------------------------------------------------------

    def _connections(self) -> list[Connection]:
        return [*self.seated.values(), *self.spectators]

    def _queue(self, connection: Connection, frame: str) -> None:
        if self.tap is not None and not connection.closing:
            self.tap(connection.seat, frame)
        connection.queue(frame)

    def _broadcast(self, frame: str) -> None:
        for connection in self._connections():
            self._queue(connection, frame)

    def _broadcast_state(self) -> None:
        """A new state number, and to every connection its own state (with the clock of the
        turn it shows)."""
        if self.session is not None:
            self.clock.note(self.session.game)
        self.state_number += 1
        shared: dict[int, JSON] = {}
        for connection in self._connections():
            self._send_state(connection, shared)

    def _send_state(self, connection: Connection, shared: dict[int, JSON] | None = None) -> None:
        """The connection's own observation and the events its seat may see since its last."""
        if self.session is not None:
            # a player whose seat a bot plays until the next deal sees what everyone sees
            seat = connection.seat
            playing = seat is not None and isinstance(self.session.agents[seat], RemoteAgent)
            viewer = seat if playing else None
            number, clock = self.state_number, self.clock_left()
            frame = state_frame(self.session, connection.cursor, number, clock, viewer, shared)
            self._queue(connection, frame)

    # -- connections -------------------------------------------------------------------------

    async def _serve(self, socket: ServerConnection) -> None:
        connection: Connection | None = None
        try:
            connection = await self._welcome(socket)
            if connection is None:
                return
            writer = asyncio.create_task(self._write(connection))
            try:
                async for frame in socket:
                    await self._receive(connection, frame)
            finally:
                self._detach(connection)
                connection.close_soon()
                await writer
        except ConnectionClosed:
            if connection is not None:
                self._detach(connection)

    async def _write(self, connection: Connection) -> None:
        socket = connection.socket
        try:
            while True:
                frame = await connection.outbox.get()
                if frame is None:
                    await socket.close(connection.close_code)
                    return
                await socket.send(frame)
        except ConnectionClosed:
            return

    async def _refuse_connection(
        self, socket: ServerConnection, reason: ErrorReason, sentence: str
    ) -> None:
        with contextlib.suppress(ConnectionClosed):
            await socket.send(write(Error(reason=reason, sentence=sentence)))
            await socket.close(1008, reason)

    async def _welcome(self, socket: ServerConnection) -> Connection | None:
        """Read the hello and seat the connection (or refuse it with a sentence)."""
        try:
            frame = await asyncio.wait_for(socket.recv(), self.config.hello_seconds)
        except TimeoutError:
            await self._refuse_connection(socket, "too_slow", "no hello came in time")
            return None
        try:
            hello = read_client(frame)
        except ProtocolError as error:
            await self._refuse_connection(socket, "unreadable", f"that is not a hello: {error}")
            return None
        if not isinstance(hello, Hello):
            await self._refuse_connection(socket, "hello_first", "say hello first")
            return None
        if hello.protocol != PROTOCOL_VERSION:
            await self._refuse_connection(
                socket,
                "protocol",
                f"this table speaks protocol version {PROTOCOL_VERSION}, and the client "
                f"speaks version {hello.protocol}: use the same version of Trey",
            )
            return None
        address = str(socket.remote_address[0]) if socket.remote_address else ""
        if not hmac.compare_digest(hello.code.strip().upper().encode(), self.code.encode()):
            await asyncio.sleep(self.guard.wrong(address))
            await self._refuse_connection(socket, "code", "that room code is not this table's")
            return None
        if self._done.is_set():
            with contextlib.suppress(ConnectionClosed):
                await socket.send(write(self._bye))
                await socket.close()
            return None
        seat: int | None
        if hello.resume is not None:
            seat = self.tokens.use(hello.resume)
            if seat is None:
                await self._refuse_connection(
                    socket, "resume", "that resume token is not valid here (each is used once)"
                )
                return None
            old = self.seated.pop(seat, None)
            if old is not None:
                self._error(old, "replaced", "you joined again")
        elif hello.spectator:
            if not self.config.spectators:
                await self._refuse_connection(socket, "spectators", "this table has no spectators")
                return None
            seat = None
        else:
            seat = self.seating.take(clean_name(hello.name))
            if seat is None:
                await self._refuse_connection(socket, "full", "every seat at this table is taken")
                return None
        token = self.tokens.issue(seat) if seat is not None else None
        name = self.seating.plans[seat].name if seat is not None else clean_name(hello.name)
        config = self.config
        budget = Budget(config.rate, config.burst, config.byte_rate, config.byte_burst)
        budget.fill(time.monotonic())
        connection = Connection(socket, seat, name, budget=budget)
        mark_welcomed(socket)
        if seat is None:
            self.spectators.append(connection)
        else:
            self.seated[seat] = connection
            agent = self._remote(seat)
            if agent is not None:
                agent.connected = True
                agent.away = False
        welcome = Welcome(
            protocol=PROTOCOL_VERSION, seat=seat, resume=token, table=self.table_info()
        )
        self._queue(connection, write(welcome))
        log.info("%s joined %s", name, "as a spectator" if seat is None else f"seat {seat}")
        self._seating_changed()
        if self.session is not None:
            self._send_state(connection)
            self._wake.set()
        return connection

    def _detach(self, connection: Connection) -> None:
        """A connection ended: a seat stays its player's (a bot or the clock covers it)."""
        if connection.seat is None:
            if connection in self.spectators:
                self.spectators.remove(connection)
            return
        if self.seated.get(connection.seat) is not connection:
            return
        del self.seated[connection.seat]
        if self.session is None and not self.seating.plans[connection.seat].host:
            self.seating.release(connection.seat)
            self.tokens.forget(connection.seat)
        agent = self._remote(connection.seat)
        if agent is not None:
            agent.connected = False
            agent.dropped_at = self.clock.now()
        log.info("%s dropped", connection.name)
        if not self._done.is_set():
            self._seating_changed()
        self._wake.set()

    def _refuse(self, connection: Connection, reason: RefusalReason, sentence: str) -> None:
        self._queue(connection, write(Refused(reason=reason, sentence=sentence)))

    def _error(self, connection: Connection, reason: ErrorReason, sentence: str) -> None:
        """Tell the connection why it is closed, then close it (code 1008)."""
        self._queue(connection, write(Error(reason=reason, sentence=sentence)))
        connection.close_soon(1008)

    def _within_budget(self, connection: Connection, size: int) -> bool:
        now, config = time.monotonic(), self.config
        if connection.budget.spend(now, size):
            return True
        if connection.budget.flooding:
            self._error(connection, "flood", "too many messages or too many bytes")
        elif now - connection.refused_rate_at >= 1.0:
            connection.refused_rate_at = now
            rate, kib = f"{config.rate:g}", f"{config.byte_rate / 1024:g}"
            self._refuse(
                connection, "rate", f"slow down: at most {rate} messages, {kib} KiB a second"
            )
        return False

    async def _receive(self, connection: Connection, frame: str | bytes) -> None:
        size = len(frame) if isinstance(frame, bytes) else len(frame.encode("utf-8"))
        if connection.closing or not self._within_budget(connection, size):
            return
        self.tokens.heard(connection.seat)  # it holds its welcome's token
        try:
            message = read_client(frame)
        except ProtocolError as error:
            connection.strikes += 1
            if connection.strikes >= MOST_STRIKES:
                self._error(connection, "unreadable", str(error))
            else:
                self._refuse(connection, "unreadable", str(error))
            return
        if isinstance(message, ActionMessage):
            if self._act(connection, message):
                connection.budget.give_back()
        elif isinstance(message, Reaction):
            self._react(connection, message)
        elif isinstance(message, Bye):
            connection.close_soon()
        else:
            self._refuse(connection, "unreadable", "you have already said hello")

    def _react(self, connection: Connection, message: Reaction) -> None:
        now = time.monotonic()
        if connection.seat is None:
            self._refuse(connection, "spectator", "spectators watch quietly")
            return
        text = " ".join(message.text.split())
        if not text or not text.isprintable():
            self._refuse(connection, "unreadable", "a reaction is a short phrase or emoji")
            return
        if now - connection.reacted_at < 1.0:
            self._refuse(connection, "rate", "one reaction a second at most")
            return
        connection.reacted_at = now
        self._broadcast(write(Reaction(text=text, seat=connection.seat)))

    def _act(self, connection: Connection, message: ActionMessage) -> bool:
        """Check a move at the edge: the seat is the connection's; stale, duplicated,
        out-of-turn and illegal moves are refused with the reason and the state resent. True
        when the move is accepted (it costs nothing of the rate: one is accepted a turn)."""
        seat, session = connection.seat, self.session
        if seat is None:
            self._refuse(connection, "spectator", "spectators cannot act")
            return False
        if session is None:
            self._refuse(connection, "not_started", "the table has not started yet")
            return False
        verdict = checked_move(session.game, seat, message, self.state_number, connection.answered)
        if isinstance(verdict, tuple):
            self._refuse(connection, *verdict)
        else:
            connection.answered = message.state
            agent = session.agents[seat]
            if isinstance(agent, RemoteAgent):
                agent.offer(verdict)
                self._wake.set()
                return True
            self._refuse(connection, "not_your_turn", "a bot plays your seat now")
        self._send_state(connection)
        return False


def checked_move(
    game: Game, seat: int, message: ActionMessage, state: int, answered: int
) -> Action | tuple[RefusalReason, str]:
    """The action a seat's message asks for, checked at the edge, or why it is refused: it
    answers a state already answered or not the latest, it is not the seat's turn, or the move
    is unreadable or illegal."""
    if message.state == answered:
        return ("duplicate", f"state {message.state} is already answered")
    if message.state != state:
        return ("stale", f"that answers state {message.state}; the table is at {state}")
    if game.to_act != seat:
        return ("not_your_turn", "it is not your turn")
    move = message.move.strip()
    try:
        if not move or move[0].isdigit():
            raise ActionParseError("write the move without a seat, e.g. 'bet 4'")
        action = parse_action(f"{seat} {move}")
    except ActionParseError as error:
        return ("illegal", str(error))
    if not any(option.allows(action) for option in game.legal_actions()):
        return ("illegal", str(game.refusal(action)) or "that move is not allowed now")
    return action


def expired_turn(
    session: Session, seat: int, config: TableConfig, rng: random.Random
) -> tuple[Action, bool]:
    """What a turn whose player did not act in time plays, and whether a bot chose it: a pack
    where packing is a move (unless the host chose a bot), else the stand-in bot's choice."""
    observation = session.observe(seat)
    legal = list(observation.legal)
    if config.on_expiry == "pack":
        for option in legal:
            if isinstance(option.action, Fold):
                return option.action, False
    return make_bot(config.stand_in_level).choose(observation, legal, rng), True


def offered_stack(rules: Rules, stack: int) -> int:
    """`stack` if the table's buy-in rule offers it as starting chips (as the Host screen
    does); TableSetupError naming the choices otherwise."""
    choices = stack_choices(rules)
    if stack not in choices:
        offered = ", ".join(str(choice) for choice in choices[:-1]) + f" or {choices[-1]}"
        raise TableSetupError(f"this table starts each seat with {offered} chips, not {stack}")
    return stack


def _check_level(level: str) -> None:
    """TableSetupError, with the registry's sentence, unless `level` is a bot level."""
    try:
        make_bot(level)
    except ValueError as error:
        raise TableSetupError(str(error)) from None


def _session_plan(plan: PlannedSeat) -> SeatPlan:
    """A planned seat as the session records it (its name goes into the hand history)."""
    if plan.kind == "remote":
        return SeatPlan(plan.name, SeatKind.REMOTE, "")
    return SeatPlan.bot(plan.name, plan.level)


_BYE_SENTENCES: dict[ByeReason, str] = {
    "finished": "the table has played all its deals",
    "host_left": "the host closed the table",
    "cannot_deal": "no further deal can start",
    "leaving": "goodbye",
}

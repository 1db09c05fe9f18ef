"""A table served on another machine, as a table screen sees it (a TableFeed).

The websocket runs in its own thread with its own asyncio loop; what the server sends is put on
a queue, and the screen's loop takes it off (`pump`, which every feed call does first), so the
screen never waits on the network. Only the receiver's own observation is ever known here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import secrets
import threading
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.agents.seats import PersonAgent
from game.engine.actions import Action, IllegalActionError
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.marks import N_
from game.engine.observation import Observation
from game.engine.rules import Rules, make_recorded_rules
from game.engine.said import says
from game.network.address import TableAddress
from game.network.client import FATAL_ERRORS, DealHistory, fresh_nonce, move_of
from game.network.codec import DecodeError
from game.network.protocol import (
    PROTOCOL_VERSION,
    ActionMessage,
    Bye,
    Error,
    Hello,
    Lobby,
    ProtocolError,
    Reaction,
    Refused,
    State,
    TableInfo,
    Welcome,
    read_server,
    write,
)
from game.network.sizes import MAX_MESSAGE_BYTES

log = logging.getLogger("trey.remote")


@dataclass(frozen=True)
class Problem:
    """The connection failed: a sentence (in English, or the server's), `fatal` when rejoining
    cannot help, and a reason key a screen may translate: an `error` message's reason from the
    server, or 'unreachable', 'lost', 'protocol' or 'unreadable' from this client."""

    sentence: str
    fatal: bool
    reason: str = ""


@dataclass(frozen=True)
class Reconnecting:
    """The connection dropped and the client is trying again (the screen may show a badge)."""

    attempt: int


Incoming = Welcome | Lobby | State | Refused | Reaction | Error | Bye | Problem | Reconnecting
"""What the network thread hands the screen's loop."""


class RemoteTable:
    """A seat (or a spectator's chair) at a table served elsewhere, for a table screen."""

    def __init__(
        self,
        where: TableAddress,
        code: str,
        name: str,
        *,
        spectator: bool = False,
        most_reconnects: int = 10,
        resume: str | None = None,
    ) -> None:
        self.uri = where.uri
        self.where = str(where)
        self.code = code
        self.name = name
        self.spectator = spectator
        self.most_reconnects = most_reconnects
        self.inbox: queue.Queue[Incoming] = queue.Queue()
        self.seat: int | None = None
        self.table: TableInfo | None = None
        self.lobby: Lobby | None = None
        self.state: State | None = None
        self.observation: Observation | None = None
        self.reactions: list[Reaction] = []
        self.refusals: list[Refused] = []
        self.problem: Problem | None = None
        self.ended: Bye | None = None
        self.reconnecting = False
        self.token: str | None = None
        """The resume token of the latest welcome (None for a spectator): it takes the seat
        back once, from another connection or another run of the game."""
        self._events: list[Event] = []
        self._arrived: list[Observation] = []
        self._history = DealHistory()
        self._person = PersonAgent()
        self._seed = secrets.randbits(31)
        self._token: str | None = resume
        """The resume token: given (the host's own seat at a table it hosts), then each
        welcome's."""
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[str | None] | None = None
        self._thread = threading.Thread(target=self._run, name="trey-remote-table", daemon=True)
        self._closing = threading.Event()

    # -- the screen's side -------------------------------------------------------------------

    def start(self) -> None:
        """Connect in the network thread (messages arrive through `pump`)."""
        self._thread.start()

    def close(self, timeout: float = 3.0) -> None:
        """Say bye, close the connection and end the network thread."""
        self._closing.set()
        self.send_raw(write(Bye(reason="leaving")))
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._stop_outbox)
        if self._thread.is_alive():
            self._thread.join(timeout)

    def pump(self) -> list[Incoming]:
        """Take what the network thread received and bring the table up to date; returns it
        (the screen may show lobbies, reactions, refusals and problems as it likes)."""
        taken: list[Incoming] = []
        while True:
            try:
                message = self.inbox.get_nowait()
            except queue.Empty:
                return taken
            taken.append(message)
            self._take(message)

    def arrived(self) -> list[Observation]:
        """The observations of the states taken since the last call, oldest first (a screen
        that animates a deal plays each one's new events; at most the last 200 are kept)."""
        self.pump()
        taken, self._arrived = self._arrived, []
        return taken

    def send_raw(self, frame: str) -> None:
        """Queue a frame for the server (from any thread)."""
        outbox = self._outbox
        if outbox is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(outbox.put_nowait, frame)

    def react(self, text: str) -> None:
        """Send a quick reaction (a short phrase or emoji)."""
        self.send_raw(write(Reaction(text=text)))

    # -- TableFeed -----------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules the table plays (known once welcomed)."""
        self.pump()
        if self.table is None:
            raise LookupError("the table has not welcomed this client yet")
        return make_recorded_rules(self.table.family, **self.table.rules)

    @property
    def seed(self) -> int:
        """This screen's own seed for its pacing (the server's shuffles are not seeded)."""
        return self._seed

    @property
    def names(self) -> list[str]:
        """Each seat's name, as the lobby says."""
        self.pump()
        return [] if self.lobby is None else [player.name for player in self.lobby.players]

    @property
    def humans(self) -> list[int]:
        """The one seat that belongs to the person at this screen (none for a spectator)."""
        self.pump()
        return [] if self.seat is None else [self.seat]

    @property
    def version(self) -> int:
        """The number of the last state received (it changes whenever the table does)."""
        self.pump()
        return -1 if self.state is None else self.state.state

    @property
    def host_name(self) -> str:
        """The name of the host's seat, as the lobby says ('' when it has not, or none is the
        host's: a table served by `trey serve`)."""
        self.pump()
        players = [] if self.lobby is None else self.lobby.players
        return next((player.name for player in players if player.host), "")

    def observe(self, viewer: int | None) -> Observation:
        """This screen's own view: a client knows no other seat's."""
        self.pump()
        if viewer != self.seat:
            raise LookupError("a network client sees only its own seat's view")
        if self.observation is None:
            raise LookupError("the table has not started yet")
        return self.observation

    def start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        """The server deals; the deal's events come with the next state (through `step`)."""
        return self.step()

    def submit(self, action: Action) -> list[Event]:
        """Send the person's action, answering the latest state; IllegalActionError, as a
        sentence, if it is not one of this seat's legal moves now. The events come later
        through `step`."""
        self.pump()
        observation, state = self.observation, self.state
        if observation is None or state is None or self.seat is None:
            raise IllegalActionError(says(N_("The table has not started yet.")))
        if action.seat != self.seat or not any(o.allows(action) for o in observation.legal):
            raise IllegalActionError(says(N_("That is not one of your moves now.")))
        self.send_raw(write(ActionMessage(state=state.state, move=move_of(action))))
        self._person = PersonAgent()
        return []

    def step(self) -> list[Event]:
        """The events that arrived since the last call ([] while nothing did)."""
        self.pump()
        events, self._events = self._events, []
        return events

    def person_to_act(self) -> PersonAgent | None:
        """The person at this screen, asked, when the latest state gives them moves."""
        self.pump()
        observation = self.observation
        if self.seat is None or observation is None or not observation.legal:
            return None
        if observation.to_act != self.seat:
            return None
        if self._person.question is not observation:
            self._person.ask(observation)
        return self._person

    def bot_to_act(self) -> bool:
        """Whether another seat is to act (it decides on its own machine, or the server's)."""
        self.pump()
        observation = self.observation
        return observation is not None and observation.to_act not in (None, self.seat)

    def think_in_background(self, pool: Executor, patience: float = 0.0) -> None:
        """No bot thinks on a client: the server's bots think in the server's threads."""

    def wait_for_thoughts(self, patience: float) -> None:
        """No bot thinks on a client: nothing to wait for."""

    def ask(self) -> None:
        """Another seat decides on its own machine, or the server's: nothing to ask here."""

    def plays_at_random(self, seat: int) -> bool:
        """Whether a random bot plays `seat`."""
        self.pump()
        if self.lobby is None or seat >= len(self.lobby.players):
            return False
        return self.lobby.players[seat].level == "random"

    def stand_in(self, seat: int, level: str = "medium") -> None:
        """Only the host's server can put a bot in a seat: nothing to do on a client."""

    def open_hands(self) -> dict[int, tuple[tuple[Card, ...], ...]]:
        """Never: a network client is sent no other seat's cards."""
        return {}

    # -- taking messages off the queue ---------------------------------------------------------

    def _take(self, message: Incoming) -> None:
        if isinstance(message, Welcome):
            self.seat, self.table = message.seat, message.table
            self.token = message.resume
            self.reconnecting = False
        elif isinstance(message, Lobby):
            self.lobby = message
        elif isinstance(message, State):
            self._take_state(message)
        elif isinstance(message, Reaction):
            self.reactions.append(message)
            del self.reactions[:-50]
        elif isinstance(message, Refused):
            self.refusals.append(message)
            del self.refusals[:-50]
        elif isinstance(message, Bye):
            self.ended = message
        elif isinstance(message, Problem):
            self.problem = message
        elif isinstance(message, Reconnecting):
            self.reconnecting = True

    def _take_state(self, message: State) -> None:
        try:
            self.observation, fresh = self._history.take(message)
        except DecodeError as error:
            sentence = f"the table sent something this game cannot read: {error}"
            self.problem = Problem(sentence, True, "unreadable")
            return
        self.state = message
        self._events += fresh
        self._arrived.append(self.observation)
        del self._arrived[:-200]

    # -- the network thread --------------------------------------------------------------------

    def _stop_outbox(self) -> None:
        if self._outbox is not None:
            with contextlib.suppress(asyncio.QueueFull):
                self._outbox.put_nowait(None)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._connect_loop())
        finally:
            self._loop.close()

    async def _connect_loop(self) -> None:
        failures = 0
        connected = False
        self._outbox = asyncio.Queue()
        while not self._closing.is_set():
            try:
                async with connect(
                    self.uri, max_size=MAX_MESSAGE_BYTES, compression=None, open_timeout=10
                ) as socket:
                    connected = True
                    if await self._session(socket):
                        return
                    failures = 0
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
                if not connected:
                    self.inbox.put(
                        Problem(
                            f"cannot reach a Trey table at {self.where} ({error})",
                            True,
                            "unreachable",
                        )
                    )
                    return
            except ConnectionClosed:
                pass
            except _Fatal as fatal:
                self.inbox.put(Problem(str(fatal), True, fatal.reason))
                return
            if self._closing.is_set():
                return
            if self._token is None or failures >= self.most_reconnects:
                self.inbox.put(Problem("the connection to the table was lost", True, "lost"))
                return
            failures += 1
            self.inbox.put(Reconnecting(failures))
            await asyncio.sleep(min(5.0, 0.2 * 2**failures))

    async def _session(self, socket: ClientConnection) -> bool:
        """One connection: True when the table (or this client) is done."""
        spectator = self.spectator and self._token is None
        hello = Hello(
            protocol=PROTOCOL_VERSION,
            name=self.name,
            code=self.code,
            resume=self._token,
            spectator=spectator,
        )
        await socket.send(write(hello))
        outbox = self._outbox
        assert outbox is not None
        sender = asyncio.create_task(self._send_from(socket, outbox))
        try:
            async for frame in socket:
                try:
                    message = read_server(frame)
                except ProtocolError as error:
                    raise _Fatal(
                        f"the table sent something unreadable: {error}", "unreadable"
                    ) from None
                if isinstance(message, Welcome):
                    if message.protocol != PROTOCOL_VERSION:
                        raise _Fatal(
                            f"the table speaks protocol version {message.protocol}; this game "
                            f"speaks {PROTOCOL_VERSION}",
                            "protocol",
                        )
                    self._token = message.resume
                    if message.table.shuffle == "verifiable" and message.seat is not None:
                        await socket.send(write(fresh_nonce()))
                if isinstance(message, Error) and (
                    message.reason in FATAL_ERRORS or message.reason == "replaced"
                ):
                    raise _Fatal(message.sentence, message.reason)
                self.inbox.put(message)
                if isinstance(message, Bye):
                    return True
            return self._closing.is_set()
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender

    async def _send_from(self, socket: ClientConnection, outbox: asyncio.Queue[str | None]) -> None:
        while True:
            frame = await outbox.get()
            if frame is None:
                await socket.close()
                return
            await socket.send(frame)


class _Fatal(Exception):
    """A refusal that rejoining cannot mend (its sentence goes to the screen)."""

    def __init__(self, sentence: str, reason: str) -> None:
        super().__init__(sentence)
        self.reason = reason

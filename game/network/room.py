"""One served table's room, with no sockets and no event loop: the session, who sits where,
the resume tokens, the turn clock, the host's changes, stand-ins and the hand history.

Its surface is plain calls — `join`, `leave`, `act`, `react`, the host's changes, `stop` and
`advance(now)` — and what it has to send waits on each `Peer` (one per connection) until the
transport takes it (`take_outgoing`). Time is an input: every call that needs it is given `now`,
so tests drive a room on a fake clock without a socket. A peer that takes a seat is that seat's
agent (a RemoteAgent): the seat comes from the peer, never from a message; what a peer is sent
is its seat's observation and the events its seat may see (a spectator: the public view).
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field

from game.agents.agent import SeatError, SeatKind
from game.agents.background import BackgroundBot
from game.agents.seats import BotAgent, PersonAgent
from game.bots.registry import make_bot
from game.engine.actions import Action, Fold
from game.engine.cards import Card
from game.engine.families import family_info
from game.engine.history import without_header
from game.engine.rules import get_preset, make_rules, recorded_options, starting_stack
from game.engine.said import Said
from game.i18n import LANGUAGES
from game.network import fairness
from game.network.frames import EventCursor, Written, refusal, state_frame
from game.network.history_file import HistoryFile
from game.network.moves import checked_move
from game.network.protocol import (
    PROTOCOL_VERSION,
    ActionMessage,
    Bye,
    ByeReason,
    Error,
    ErrorReason,
    Hello,
    Lobby,
    Nonce,
    Reaction,
    RefusalReason,
    TableInfo,
    Welcome,
    write,
)
from game.network.seat_tokens import SeatTokens
from game.network.seating import PlannedSeat, Seating, SeatingError
from game.network.table_config import (
    TableConfig,
    TableSetupError,
    check_level,
    checked_code,
    clean_name,
    new_code,
)
from game.network.turn_clock import SetTime, TurnClock
from game.session import SeatPlan, Session

log = logging.getLogger("trey.serve")

STEPS_AT_ONCE = 16
"""Changes one `advance` makes before it lets the transport serve other rooms."""

NONCE_WAIT = 2.0
"""Seconds a verifiable table that may start waits for its seated players' nonces."""

BOT_LOOK_AGAIN = 1.0
"""Seconds after which a room waiting on a thinking bot looks again (the bot wakes it sooner)."""


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
        self.from_player = False
        """Whether the action offered last is the player's own (not the clock's)."""

    def offer(self, action: Action, *, from_player: bool = True) -> None:
        """The player's move (or, `from_player` False, the one the clock plays for them)."""
        super().offer(action)
        self.from_player = from_player


class Wake:
    """Asks a room's driver to call the room's `advance` after the given seconds (from any
    thread): the driver sets `call` (until then a wake does nothing). The room's bots are given
    it rather than the room, so nothing they hold refers back to the room (no cycle: a closed
    room is freed by reference counting alone)."""

    __slots__ = ("call",)

    def __init__(self) -> None:
        self.call: Callable[[float], None] = _nobody_to_wake

    def __call__(self, delay: float) -> None:
        """Wake the room's driver after `delay` seconds."""
        self.call(delay)


def _nobody_to_wake(delay: float) -> None:
    """A room no driver holds yet: nothing to wake."""


@dataclass(eq=False)
class Peer:
    """One connection as its room sees it: the seat it plays (None: a spectator), the frames
    waiting to be sent to it, and whether it is to be closed once they are."""

    seat: int | None
    name: str
    frames: list[str] = field(default_factory=list)
    close_code: int | None = None
    """Close the connection with this code once its frames are sent (None: keep it)."""
    answered: int = -1
    """The state number this peer's last accepted action answered."""
    cursor: EventCursor = field(default_factory=EventCursor)
    """The events already sent to this peer."""
    reacted_at: float = -1e9
    applied: int = 0
    """How many of this peer's moves the table has applied (the transport gives each back to
    the peer's message budget: an applied move costs nothing)."""
    language: str | None = None
    """The language its hello named: its states say their events in words in it."""

    @property
    def closing(self) -> bool:
        """Whether the peer is being closed (nothing more is sent to it or read from it)."""
        return self.close_code is not None

    def send(self, frame: str) -> None:
        """Add a frame to send (none once the peer is closing)."""
        if not self.closing:
            self.frames.append(frame)

    def close(self, code: int = 1000) -> None:
        """Close the peer (with `code`) once its frames are sent."""
        if not self.closing:
            self.close_code = code

    def take(self) -> list[str]:
        """The frames waiting, handed over to be sent."""
        frames, self.frames = self.frames, []
        return frames


@dataclass(frozen=True)
class Refusal:
    """A hello the room does not seat: the one frame it is answered with, then the close code."""

    frame: str
    code: int = 1008

    @classmethod
    def error(cls, reason: ErrorReason, sentence: str) -> Refusal:
        """An `error` frame with its reason and sentence, closed with 1008."""
        return cls(write(Error(reason=reason, sentence=sentence)))


class TableRoom:
    """One table's game and seats, driven by plain calls (see the module's docstring)."""

    def __init__(self, config: TableConfig, pool: Executor | None = None) -> None:
        try:
            preset = get_preset(config.preset)
            self.rules = make_rules(preset.family, **{**preset.options, **config.options})
            self.family = preset.family.value
            seats = family_info(preset.family).seats
            for level in (*config.bots, config.stand_in_level):
                make_bot(level)
        except ValueError as error:
            raise TableSetupError(str(error)) from None
        _check_setup(config, preset.title, seats)
        self.stack = starting_stack(self.rules) if config.stack is None else config.stack
        self.config = config
        self.code = checked_code(config.code) if config.code else new_code()
        host_name = clean_name(config.host_name) if config.host_name is not None else None
        try:
            self.seating = Seating(config.seats, config.bots, host_name)
        except SeatingError as error:
            raise TableSetupError(str(error)) from None
        self.seed = fairness.new_seed() if config.verifiable else b""
        self.nonces: dict[int, bytes] = {}
        """Verifiable shuffle: each seated player's nonce, mixed into the decks at the start."""
        self.deck_seed = b""
        """The key the decks are drawn with (the seed and the nonces), once started."""
        self.tokens = SeatTokens()
        self.host_token = secrets.token_urlsafe(24) if host_name is not None else None
        """The resume token with which the host's own screen takes seat 0 (used once)."""
        if self.host_token is not None:
            self.tokens.add(self.host_token, 0)
        self.seated: dict[int, Peer] = {}
        self.spectators: list[Peer] = []
        self.session: Session | None = None
        self.state_number = 0
        self.deals_played = 0
        self.history = HistoryFile(config.history)
        """The hand history: every finished deal's text (`parts`), kept open on disk."""
        self.tap: Callable[[int | None, str], None] | None = None
        """Sees every frame the room sends a peer, with the peer's seat, as it is made."""
        self.on_lobby: Callable[[Lobby], None] | None = None
        """Told every new lobby (from the room's caller), e.g. to update an advertisement."""
        self.pool: Executor = pool or ThreadPoolExecutor(2, thread_name_prefix="trey-bot")
        """Where bots think (a transport shares one among its rooms)."""
        self.wake = Wake()
        """Asks the room's driver to call `advance` after the given seconds (any thread)."""
        self._time = SetTime()
        """The time of the latest call (the transport's clock, a test's fake one): the turn
        clock reads it without a reference back to the room (no cycle: a closed room is freed
        by reference counting alone)."""
        self.clock = TurnClock(config.turn_seconds, config.drop_grace, now=self._time)
        self.ended = False
        self._outgoing: dict[Peer, None] = {}
        self._written = Written()
        """What the latest state is written as, for every peer that is sent it."""
        self._bye = Bye(reason="finished")
        self._fallback_rng = random.Random(secrets.randbits(64))
        self._start_asked = False
        self._begin_level: str | None = None
        self._next_deal_at: float | None = None
        self._nonces_until: float | None = None
        self.last_lobby = self.lobby()
        """The latest lobby, for other threads to read without a lock."""
        self._seating_changed()

    @property
    def now(self) -> float:
        """The time of the latest call (the transport's clock, a test's fake one)."""
        return self._time.time

    @now.setter
    def now(self, now: float) -> None:
        self._time.time = now

    # -- what leaves the room ----------------------------------------------------------------

    def take_outgoing(self) -> list[Peer]:
        """The peers with frames to send or a close to make since the last call."""
        peers, self._outgoing = list(self._outgoing), {}
        return peers

    def peers(self) -> list[Peer]:
        """Every peer in the room: the seated, then the spectators."""
        return [*self.seated.values(), *self.spectators]

    def _send(self, peer: Peer, frame: str) -> None:
        if self.tap is not None and not peer.closing:
            self.tap(peer.seat, frame)
        peer.send(frame)
        self._outgoing[peer] = None

    def _close(self, peer: Peer, code: int = 1000) -> None:
        peer.close(code)
        self._outgoing[peer] = None

    def _broadcast(self, frame: str) -> None:
        for peer in self.peers():
            self._send(peer, frame)

    def refuse(self, peer: Peer, reason: RefusalReason, sentence: str | Said) -> None:
        """Tell the peer a message of theirs is refused, and why (a rule's refusal travels as
        data beside its English; the connection stays)."""
        self._send(peer, write(refusal(reason, sentence)))

    def error(self, peer: Peer, reason: ErrorReason, sentence: str) -> None:
        """Tell the peer why it is closed, then close it (code 1008)."""
        closing = Refusal.error(reason, sentence)
        self._send(peer, closing.frame)
        self._close(peer, closing.code)

    def _broadcast_state(self) -> None:
        """A new state number, and to every peer its own state (with the clock of the turn it
        shows)."""
        if self.session is not None:
            self.clock.note(self.session.game)
        self.state_number += 1
        for peer in self.peers():
            self._send_state(peer)

    def _send_state(self, peer: Peer) -> None:
        """The peer's own observation and the events its seat may see since its last."""
        if self.session is not None:
            # a player whose seat a bot plays until the next deal sees what everyone sees
            seat = peer.seat
            playing = seat is not None and isinstance(self.session.agents[seat], RemoteAgent)
            viewer = seat if playing else None
            number, clock = self.state_number, self.clock_left()
            frame = state_frame(
                self.session, peer.cursor, number, clock, viewer, self._written, peer.language
            )
            self._send(peer, frame)

    # -- the table ---------------------------------------------------------------------------

    def open(self) -> None:
        """Open the hand-history file (once the table is reachable: a table that cannot start
        leaves the file be)."""
        self.history.open()

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
        started = self.session is not None
        nonces = self._nonces_listed() if started else {}
        return Lobby(players=players, started=started, waiting=waiting, nonces=nonces)

    def _nonces_listed(self) -> dict[str, str]:
        """The nonces mixed into the decks, by seat number, as the lobby and the bye list them."""
        return {str(seat): nonce.hex() for seat, nonce in sorted(self.nonces.items())}

    def _seating_changed(self) -> None:
        """Tell everyone the new lobby; a table that starts when its seats are taken starts."""
        self.last_lobby = lobby = self.lobby()
        self._broadcast(write(lobby))
        if self.on_lobby is not None:
            self.on_lobby(lobby)
        if self.config.host_name is None and self.session is None and self.seating.ready():
            self._start_asked = True

    def clock_left(self) -> float | None:
        """Seconds left on the turn clock (None when none runs)."""
        return None if self.session is None else self.clock.left(self.session.game)

    # -- the host's changes ------------------------------------------------------------------

    def begin(self, level: str = "medium") -> None:
        """The host starts the table now: every open seat becomes a bot of `level`."""
        check_level(level)
        if self.session is None:
            self._begin_level = level
            self._start_asked = True

    def give_to_bot(self, seat: int, level: str) -> None:
        """A bot of `level` plays `seat` from the next deal (at once before the table starts);
        a player who held it is sent an error 'replaced' with a sentence and closed, as the
        change takes effect."""
        check_level(level)
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

    def stop(self, reason: ByeReason = "host_left", sentence: str = "") -> None:
        """End the table: every finished deal saved, a bye to everyone, every peer closed."""
        if self.ended:
            return
        self.ended = True
        self.history.close()
        self._bye = Bye(
            reason=reason,
            sentence=sentence or _BYE_SENTENCES[reason],
            seed=self.seed.hex() if self.seed else None,
            deals=self.deals_played,
            nonces=self._nonces_listed(),
        )
        for peer in self.peers():
            self._send(peer, write(self._bye))
            self._close(peer)

    def _send_away(self, seat: int) -> None:
        """The seat's player is told it is a bot's now, and their connection closed."""
        self.tokens.forget(seat)
        peer = self.seated.pop(seat, None)
        if peer is not None:
            self.error(peer, "replaced", "the host gave your seat to a bot")

    # -- peers -------------------------------------------------------------------------------

    def join(self, hello: Hello, now: float) -> Peer | Refusal:
        """Seat a hello whose code is this room's (a resume token takes its seat back), or
        make it a spectator; the refusal with its sentence otherwise."""
        self.now = now
        if self.ended:
            return Refusal(write(self._bye), 1000)
        seat: int | None
        if hello.resume is not None:
            seat = self.tokens.use(hello.resume)
            if seat is None:
                return Refusal.error(
                    "resume", "that resume token is not valid here (each is used once)"
                )
            old = self.seated.pop(seat, None)
            if old is not None:
                self.error(old, "replaced", "you joined again")
        elif hello.spectator:
            if not self.config.spectators:
                return Refusal.error("spectators", "this table has no spectators")
            seat = None
        else:
            seat = self.seating.take(clean_name(hello.name))
            if seat is None:
                return Refusal.error("full", "every seat at this table is taken")
        token = self.tokens.issue(seat) if seat is not None else None
        name = self.seating.plans[seat].name if seat is not None else clean_name(hello.name)
        peer = Peer(seat, name)
        if hello.language is not None:
            self.speak(peer, hello.language)
        if seat is None:
            self.spectators.append(peer)
        else:
            self.seated[seat] = peer
            agent = self._remote(seat)
            if agent is not None:
                agent.connected = True
                agent.away = False
        welcome = Welcome(
            protocol=PROTOCOL_VERSION, seat=seat, resume=token, table=self.table_info()
        )
        self._send(peer, write(welcome))
        log.info("%s joined %s", name, "as a spectator" if seat is None else f"seat {seat}")
        self._seating_changed()
        self._send_state(peer)
        return peer

    def nonce(self, peer: Peer, message: Nonce) -> None:
        """A seated player's nonce for a verifiable shuffle: the first of each seat counts, if
        it comes before the table starts and the seat is not the host's (whose screen runs on
        the server's machine); any other is ignored (the lobby lists those that count)."""
        seat = peer.seat
        if not self.seed or seat is None or self.session is not None or seat in self.nonces:
            return
        if not self.seating.plans[seat].host:
            self.nonces[seat] = bytes.fromhex(message.nonce)

    def speak(self, peer: Peer, language: str) -> None:
        """The peer speaks `language` from now on: its later states say their events in it (a
        language not of the game's is ignored, as in a hello)."""
        if language in LANGUAGES:
            peer.language = language

    def heard(self, peer: Peer) -> None:
        """The peer spoke, so it holds its welcome's resume token."""
        self.tokens.heard(peer.seat)

    def leave(self, peer: Peer, now: float) -> None:
        """A peer's connection ended: a seat stays its player's (a bot or the clock covers it)."""
        self.now = now
        self._outgoing.pop(peer, None)
        if peer.seat is None:
            if peer in self.spectators:
                self.spectators.remove(peer)
            return
        if self.seated.get(peer.seat) is not peer:
            return
        del self.seated[peer.seat]
        if self.session is None and not self.seating.plans[peer.seat].host:
            self.seating.release(peer.seat)
            self.tokens.forget(peer.seat)
            self.nonces.pop(peer.seat, None)
        agent = self._remote(peer.seat)
        if agent is not None:
            agent.connected = False
            agent.dropped_at = now
        log.info("%s dropped", peer.name)
        if not self.ended:
            self._seating_changed()

    def react(self, peer: Peer, message: Reaction, now: float) -> None:
        """A seated peer's reaction, told to everyone (at most one a second)."""
        if peer.seat is None:
            self.refuse(peer, "spectator", "spectators watch quietly")
            return
        text = " ".join(message.text.split())
        if not text or not text.isprintable():
            self.refuse(peer, "unreadable", "a reaction is a short phrase or emoji")
            return
        if now - peer.reacted_at < 1.0:
            self.refuse(peer, "rate", "one reaction a second at most")
            return
        peer.reacted_at = now
        self._broadcast(write(Reaction(text=text, seat=peer.seat)))

    def act(self, peer: Peer, message: ActionMessage, now: float) -> bool:
        """Read a move at the edge: the seat is the peer's; stale, duplicated, out-of-turn and
        unreadable moves are refused with the reason and the state resent. True when the move
        is offered to the turn loop, which applies it or refuses it naming the rule."""
        self.now = now
        seat, session = peer.seat, self.session
        if seat is None:
            self.refuse(peer, "spectator", "spectators cannot act")
            return False
        if session is None:
            self.refuse(peer, "not_started", "the table has not started yet")
            return False
        verdict = checked_move(session.game, seat, message, self.state_number, peer.answered)
        if isinstance(verdict, tuple):
            self.refuse(peer, *verdict)
        else:
            peer.answered = message.state
            agent = session.agents[seat]
            if isinstance(agent, RemoteAgent):
                agent.offer(verdict)
                return True
            self.refuse(peer, "not_your_turn", "a bot plays your seat now")
        self._send_state(peer)
        return False

    # -- the turn loop -----------------------------------------------------------------------

    def advance(self, now: float) -> float | None:
        """Play on until the table waits for someone (or has made STEPS_AT_ONCE changes): when
        it next needs `advance` again (None: only once a message or a bot's answer comes)."""
        self.now = now
        if self.ended:
            return None
        if self.session is None:
            wake = self._start()
            if self.session is None:
                return wake
        session = self.session
        for _ in range(STEPS_AT_ONCE):
            if self.ended:
                return None
            game = session.game
            if game.deal_over:
                next_deal = self._next_deal(session)
                if next_deal is not None:
                    return next_deal
                continue
            seat = game.to_act
            assert seat is not None
            self.clock.note(game)
            agent = session.agents[seat]
            try:
                events = session.step()
                refused = session.turns.take_refusal()
            except SeatError as error:
                log.warning("%s", error)
                if isinstance(agent, RemoteAgent):
                    action = expired_turn(session, seat, self.config, self._fallback_rng)[0]
                    agent.offer(action, from_player=False)
                else:
                    self._stand_in(seat)
                continue
            if refused is not None:
                self._refuse_move(refused.seat, refused.error.said)
            if events:
                if isinstance(agent, RemoteAgent) and agent.from_player and seat in self.seated:
                    self.seated[seat].applied += 1
                if game.deal_over:
                    self.deals_played += 1
                    # the session has written the deal just ended, its header first
                    written = session.histories[-1]
                    self.history.add(without_header(written) if self.history.parts else written)
                self._broadcast_state()
                continue
            if not isinstance(agent, RemoteAgent):
                return now + BOT_LOOK_AGAIN
            deadline = self.clock.deadline(agent.connected, agent.dropped_at, agent.away)
            if deadline > now:
                return None if deadline == float("inf") else deadline
            self._time_ran_out(session, seat, agent)
        return now

    def _refuse_move(self, seat: int, rule: Said) -> None:
        """The seat's move broke a rule: its player is told which, and answers again."""
        peer = self.seated.get(seat)
        if peer is not None:
            peer.answered = -1
            self.refuse(peer, "illegal", rule)
            self._send_state(peer)

    def _start(self) -> float | None:
        """Start the session once every seat is taken (or the host began) and, for a
        verifiable shuffle, every seated player's nonce has come (or NONCE_WAIT is over);
        until then, when to look again (None: at the next call)."""
        if not self._start_asked:
            return None
        if self._begin_level is not None:
            self.seating.begin(self._begin_level)
        if not self.seating.ready():
            self._start_asked = False
            return None
        if self.seed and self._nonces_missing():
            if self._nonces_until is None:
                self._nonces_until = self.now + NONCE_WAIT
            if self.now < self._nonces_until:
                return self._nonces_until
        self.deck_seed = fairness.mixed_seed(self.seed, self.nonces) if self.seed else b""
        session = self.session = self._start_session()
        log.info("the table starts: %s", ", ".join(session.names))
        self._seating_changed()
        return None

    def _nonces_missing(self) -> bool:
        """Whether a seated player (not the host) has not sent a nonce yet."""
        plans = self.seating.plans
        return any(seat not in self.nonces and not plans[seat].host for seat in self.seated)

    def _next_deal(self, session: Session) -> float | None:
        """Between deals: end the table, wait out the pause (its end returned), or deal."""
        game = session.game
        if self.config.deals is not None and self.deals_played >= self.config.deals:
            self.stop("finished")
            return None
        if not session.can_deal():
            self.stop("cannot_deal", str(game.why_not_dealing()))
            return None
        if self.config.deal_pause and self.deals_played:
            if self._next_deal_at is None:
                self._next_deal_at = self.now + self.config.deal_pause
            if self.now < self._next_deal_at:
                return self._next_deal_at
        self._next_deal_at = None
        self._change_seats(session)
        session.start_deal(self._deck(game.deal_number + 1))
        self._broadcast_state()
        return None

    def _time_ran_out(self, session: Session, seat: int, agent: RemoteAgent) -> None:
        """The seat's clock ran out: its turn is played by the clock's rule, said as such in
        the deal's events; a player away when it ran out has their later turns played at once
        until they come back."""
        action, stand_in = expired_turn(session, seat, self.config, self._fallback_rng)
        if not agent.connected:
            agent.away = True
        session.turns.time_ran_out(seat, stand_in=stand_in)
        agent.offer(action, from_player=False)

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
            agent.dropped_at = self.now
        return agent

    def _bot(self, level: str, kind: SeatKind = SeatKind.BOT) -> BackgroundBot:
        rng = random.Random(secrets.randbits(64))
        bot = BotAgent(make_bot(level), rng, kind, level)
        return BackgroundBot(bot, self.pool, self.wake, self.config.bot_pause)

    def _stand_in(self, seat: int) -> None:
        """A bot of the host's stand-in level takes over a bot seat whose bot failed."""
        assert self.session is not None
        self.session.turns.replace(seat, self._bot(self.config.stand_in_level, SeatKind.STAND_IN))

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

    def _deck(self, deal: int) -> list[Card]:
        assert self.session is not None
        held = {card for cards in self.session.game.retained_hands().values() for card in cards}
        if self.seed:
            return fairness.seeded_deck(self.deck_seed, deal, held)
        return fairness.random_deck(held)


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


def _check_setup(config: TableConfig, title: str, seats: range) -> None:
    """TableSetupError with one sentence unless the setup's numbers fit the table."""
    if config.seats not in seats:
        raise TableSetupError(
            f"{title} seats {seats.start} to {seats.stop - 1} players, not {config.seats}"
        )
    if len(config.bots) > config.seats:
        raise TableSetupError(f"{len(config.bots)} bots do not fit {config.seats} seats")
    if config.bot_pause is not None and not 0 <= config.bot_pause[0] <= config.bot_pause[1]:
        raise TableSetupError("a bot's pause is a range of seconds, low to high")
    if config.deals is not None and config.deals < 1:
        raise TableSetupError("--deals must be at least 1")
    if config.turn_seconds is not None and config.turn_seconds <= 0:
        raise TableSetupError("--turn-seconds must be more than 0")


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

"""What a connection is sent of the game: its own state frame, made from its seat's observation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.events import Event
from game.engine.said import Said
from game.network.codec import encode, encode_said
from game.network.protocol import RefusalReason, Refused
from game.network.sizes import MAX_MESSAGE_BYTES
from game.network.wire_text import Fragments, KeptTexts, json_text, observation_text
from game.session import Session
from game.web.narration import said_lines

EVENTS_KEPT = 4096
"""Events' texts the process keeps at most (emptied when full): a few deals of every table."""


@dataclass
class EventCursor:
    """The events of a deal already sent to one connection."""

    deal: int = 0
    sent: int = 0
    """How many of deal `deal`'s events were sent."""


@dataclass
class Written:
    """What one state of the game is written as, kept while the state lasts so no part is
    written twice: each viewer's observation, legal moves and spoken lines, all as JSON text;
    and the text of the values an observation is made of (`fragments`, kept for two states: an
    unchanged seat is not written again). Each event's text, as a viewer sees it, is kept
    across states and tables (`EVENT_TEXTS`)."""

    state: int = -1
    observations: dict[int | None, str] = field(default_factory=dict)
    legal: dict[int | None, str] = field(default_factory=dict)
    said: dict[tuple[int | None, str, int, int], str] = field(default_factory=dict)
    """Spoken lines by viewer, language, and the span of events they say."""
    fragments: Fragments = field(default_factory=Fragments)

    def at(self, state: int) -> Written:
        """This record for `state`: emptied (but for the fragments) when the state has moved
        on."""
        if state != self.state:
            self.state, self.observations = state, {}
            self.legal, self.said = {}, {}
            self.fragments.next_generation()
        return self

    def event(self, event: Event) -> str:
        """One event's JSON text (by the event's identity: the whole event, or the redacted
        copy the engine keeps for everyone outside its audience), written once for every state
        and every table that shows it while it is kept (`EVENT_TEXTS`)."""
        return EVENT_TEXTS.text(event, event_text)


EVENT_TEXTS = KeptTexts(EVENTS_KEPT)
"""Every event's wire text, by the event's identity, for every room: an event is written once
for the four seats and the spectators of its state, and the events the engine shares between
deals and tables (a turn, a card dealt face down, an ante) once for all of them."""


def event_text(event: Event) -> str:
    """An event as the wire writes it, in JSON text."""
    return json_text(encode(event))


def state_frame(
    session: Session,
    cursor: EventCursor,
    number: int,
    clock: float | None,
    viewer: int | None,
    written: Written | None = None,
    language: str | None = None,
) -> str:
    """A connection's own state: the observation of `viewer` (its seat; None, the public
    view) and the events it may see since its last state (fewer, from later on, when they would
    not fit in one message). `written` (for state `number`) keeps what is written of the state
    for the next connection: every seat shares the events and values it sees alike, spectators
    and a resent state share the rest. The frame is the same text `write(State(...))` gives,
    put together from texts written once."""
    written = (written or Written()).at(number)
    game = session.game
    sent = cursor.sent if cursor.deal == game.deal_number else 0
    cursor.deal, cursor.sent = game.deal_number, len(game.events)
    observation = session.observe(viewer)
    if observation.viewer != viewer:
        raise AssertionError("an observation for another seat")
    # the observation's history is the deal's events as the viewer may see them
    redacted = observation.history[sent:]
    text = EVENT_TEXTS.text  # (`written.event`, inline: a call per event and frame)
    events = [text(seen, event_text) for seen in redacted]
    data = written.observations.get(viewer)
    if data is None:  # without its history and legal moves: they travel beside it
        data = written.observations[viewer] = observation_text(observation, written.fragments)
    legal = written.legal.get(viewer)
    if legal is None:
        options = observation.legal if viewer is not None and observation.to_act == viewer else ()
        legal = written.legal[viewer] = written.fragments.legal_text(options)
    clock_text = "null" if clock is None else json_text(clock)
    while True:
        said = None
        if language is not None:
            said = _said_text(session, redacted, sent, viewer, language, written)
        frame = _state_text(number, data, sent, events, legal, clock_text, said)
        if not events or _fits(frame):
            return frame
        cut = max(1, len(events) // 2)
        events, sent, redacted = events[cut:], sent + cut, redacted[cut:]


def _state_text(
    number: int,
    observation: str,
    start: int,
    events: list[str],
    legal: str,
    clock: str,
    said: str | None,
) -> str:
    """A `State` message's frame from its parts' JSON texts, its fields in the model's order
    (`said` left out when None, as `write` leaves it)."""
    return "".join(
        [
            '{"type":"state","state":',
            str(number),
            ',"observation":',
            observation,
            ',"history_start":',
            str(start),
            ',"events":[',
            ",".join(events),
            '],"legal":',
            legal,
            ',"clock":',
            clock,
            "}" if said is None else f',"said":{said}}}',
        ]
    )


def _fits(frame: str) -> bool:
    """Whether a frame is at most MAX_MESSAGE_BYTES bytes (a character is at most 4)."""
    return len(frame) * 4 <= MAX_MESSAGE_BYTES or len(frame.encode("utf-8")) <= MAX_MESSAGE_BYTES


def _said_text(
    session: Session,
    events: Sequence[Event],
    start: int,
    viewer: int | None,
    language: str,
    written: Written,
) -> str:
    """The spoken lines of `events` (from event `start` on) as JSON text, said once per viewer
    and language while the state lasts."""
    key = (viewer, language, start, len(events))
    text = written.said.get(key)
    if text is None:
        text = written.said[key] = json_text(_said(session, events, viewer, language))
    return text


def _said(
    session: Session, events: Sequence[Event], viewer: int | None, language: str
) -> list[str]:
    """The events in words in `language`, as the table says them to `viewer`."""
    return said_lines(events, session.names, str(session.rules.family), viewer, language)


def refusal(reason: RefusalReason, sentence: str | Said) -> Refused:
    """A refusal message: a rule's refusal (a `Said`) travels as data beside its English."""
    if isinstance(sentence, Said):
        return Refused(reason=reason, sentence=str(sentence), said=encode_said(sentence))
    return Refused(reason=reason, sentence=sentence)

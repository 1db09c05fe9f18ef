"""What a connection is sent of the game: its own state frame, made from its seat's observation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.actions import Bet, LegalAction
from game.engine.events import Event
from game.engine.said import Said
from game.network.codec import JSON, encode, encode_said
from game.network.protocol import LegalMove, RefusalReason, Refused, State, write
from game.network.sizes import MAX_MESSAGE_BYTES
from game.session import Session
from game.web.narration import said_lines


@dataclass
class EventCursor:
    """The events of a deal already sent to one connection."""

    deal: int = 0
    sent: int = 0
    """How many of deal `deal`'s events were sent."""


@dataclass
class Written:
    """What one state of the game is written as, kept while the state lasts so no part is
    written twice: each viewer's observation, and each event as a viewer sees it whole (by the
    event's id; a redacted copy is written for its viewer alone)."""

    state: int = -1
    observations: dict[int | None, JSON] = field(default_factory=dict)
    events: dict[int, JSON] = field(default_factory=dict)

    def at(self, state: int) -> Written:
        """This record for `state`: emptied when the state has moved on."""
        if state != self.state:
            self.state, self.observations, self.events = state, {}, {}
        return self


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
    for the next connection: spectators and a resent state share it."""
    written = (written or Written()).at(number)
    shared = written.events
    game = session.game
    sent = cursor.sent if cursor.deal == game.deal_number else 0
    cursor.deal, cursor.sent = game.deal_number, len(game.events)
    observation = session.observe(viewer)
    if observation.viewer != viewer:
        raise AssertionError("an observation for another seat")
    events = []
    redacted = observation.history[sent:]
    for event, seen in zip(game.events[sent:], redacted, strict=True):
        # the observation's history is the deal's events as the viewer may see them
        if seen is not event:
            events.append(encode(seen))
        elif (whole := shared.get(id(event))) is not None:
            events.append(whole)
        else:
            events.append(shared.setdefault(id(event), encode(event)))
    data = written.observations.get(viewer)
    if data is None:  # without its history and legal moves: they travel beside it
        data = written.observations[viewer] = encode(observation)
    legal = observation.legal if viewer is not None and observation.to_act == viewer else ()
    while True:
        state = State(
            state=number,
            observation=data,
            history_start=sent,
            events=events,
            legal=[_legal_move(option) for option in legal],
            clock=clock,
            said=None if language is None else _said(session, redacted, viewer, language),
        )
        frame = write(state)
        if len(frame.encode("utf-8")) <= MAX_MESSAGE_BYTES or not events:
            return frame
        cut = max(1, len(events) // 2)
        events, sent, redacted = events[cut:], sent + cut, redacted[cut:]


def _said(
    session: Session, events: Sequence[Event], viewer: int | None, language: str
) -> list[str]:
    """The events in words in `language`, as the table says them to `viewer`."""
    return said_lines(events, session.names, str(session.rules.family), viewer, language)


def _legal_move(option: LegalAction) -> LegalMove:
    """A legal action as the wire writes it: the notation without its seat (and without the
    amount of a bet, whose range low..high step the record gives)."""
    action = option.action
    words = action.notation().split(" ")[1:]
    if isinstance(action, Bet):
        words = words[:1]
    return LegalMove(
        move=" ".join(words),
        low=option.low,
        high=option.high,
        step=option.step,
        rule=encode_said(option.rule),
    )


def refusal(reason: RefusalReason, sentence: str | Said) -> Refused:
    """A refusal message: a rule's refusal (a `Said`) travels as data beside its English."""
    if isinstance(sentence, Said):
        return Refused(reason=reason, sentence=str(sentence), said=encode_said(sentence))
    return Refused(reason=reason, sentence=sentence)

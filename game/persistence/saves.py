"""Saved sessions: a session in progress written as JSON, and read back to play on exactly.

A save holds the session's seats and rules, every deal as hand-history text (the last one may be
in progress), and the state of each random generator. Loading replays the last deal's history,
which rebuilds the table to the chip and the card — the pack's exact order, retained blind hands,
carried pots and loans included — then restores the generators, so the next deal is the one the
session would have dealt without saving.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from game.bots.registry import is_known_bot
from game.engine.bounded_text import shortened
from game.engine.family import Family
from game.engine.game import Game
from game.engine.history import HistoryError, replay, write_deal
from game.engine.rules import RulesError, make_recorded_rules
from game.i18n import _
from game.persistence.paths import data_folder
from game.persistence.reading import SAVE_LIMIT, FileProblem, read_json
from game.persistence.store import Loaded, load_model, save_model, set_aside_with_note
from game.session import SeatPlan, Session
from game.simulate import InvariantError, check_restored

SAVE_VERSION = 1
AUTOSAVE = "autosave"


class SeatRecord(BaseModel):
    """One seat of a saved session."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: str
    human: bool
    bot: str = "easy"

    @field_validator("bot")
    @classmethod
    def _a_known_bot(cls, bot: str) -> str:
        """A seat's bot is one of the game's own, checked by name: a file never names code."""
        if not is_known_bot(bot):
            raise ValueError(f"{bot!r} is not one of the game's bots")
        return bot


class SessionSave(BaseModel):
    """A whole session in progress, as written to disk."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    schema_version: int = SAVE_VERSION
    saved_at: str = ""
    family: str = Family.TEEN_PATTI
    rules: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRecord] = Field(default_factory=list)
    seed: int = 0
    stack: int = 200
    histories: list[str] = Field(default_factory=list)
    rng_state: list[Any] = Field(default_factory=list)
    bot_rng_states: dict[str, list[Any]] = Field(default_factory=dict)
    house_net: int = 0


def _state_to_json(state: tuple[Any, ...]) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _state_from_json(data: list[Any]) -> tuple[Any, ...]:
    version, internal, gauss = data
    return (version, tuple(internal), gauss)


def snapshot(session: Session) -> SessionSave:
    """Everything needed to resume `session` exactly."""
    game = session.game
    histories = list(session.histories)
    if game.deal_number and not game.deal_over:
        histories.append(write_deal(game, session.names))
    rules = session.rules.model_dump(exclude={"family"})
    return SessionSave(
        saved_at=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        family=game.family,
        rules=rules,
        seats=[
            SeatRecord(name=plan.name, human=plan.human, bot=plan.level or "easy")
            for plan in session.seats
        ],
        seed=session.seed,
        stack=session.stack,
        histories=histories,
        rng_state=_state_to_json(game.rng.getstate()),
        bot_rng_states={
            str(seat): _state_to_json(rng.getstate()) for seat, rng in session.bot_rngs.items()
        },
        house_net=game.house_net,
    )


class SaveError(ValueError):
    """A save that cannot be resumed; the message says why in plain words."""


def restore(save: SessionSave) -> Session:
    """The session a save describes, ready to play on; raises SaveError saying why not."""
    try:
        rules = make_recorded_rules(save.family, **save.rules)
    except RulesError as error:
        raise SaveError(
            _("the saved rules are not valid: {problem}").format(problem=error)
        ) from None
    plans = [
        SeatPlan.person(seat.name) if seat.human else SeatPlan.bot(seat.name, seat.bot)
        for seat in save.seats
    ]
    game: Game | None = None
    if save.histories:
        try:
            result = replay(save.histories[-1])
        except HistoryError as error:
            raise SaveError(
                _("the last deal cannot be replayed ({problem})").format(problem=error)
            ) from None
        if result.game.family != save.family:
            raise SaveError(_("the last deal is of a different game than the save"))
        if len(result.game.stacks) != len(save.seats):
            raise SaveError(
                _("the save has {seats} seats but its last deal has {dealt}").format(
                    seats=len(save.seats), dealt=len(result.game.stacks)
                )
            )
        try:
            check_restored(result.game)
        except InvariantError as error:
            raise SaveError(
                _("the last deal breaks a rule of the game ({problem})").format(problem=error)
            ) from None
        game = result.game
    try:
        session = Session(rules, plans, stack=save.stack, seed=save.seed, game=game)
    except ValueError as error:
        raise SaveError(
            _("the saved table cannot be set up: {problem}").format(problem=error)
        ) from None
    if game is not None:
        finished = save.histories if game.deal_over else save.histories[:-1]
        session.histories = list(finished)
    try:
        if save.rng_state:
            session.game.rng.setstate(_state_from_json(save.rng_state))
        bot_rngs = session.bot_rngs
        for seat, state in save.bot_rng_states.items():
            rng = bot_rngs.get(int(seat))
            if rng is not None:  # a seat that a bot played before a person took it over
                rng.setstate(_state_from_json(state))
    except (ValueError, TypeError, KeyError, OverflowError) as error:
        problem = shortened(str(error), 120)
        raise SaveError(
            _("a saved random state is damaged ({problem})").format(problem=problem)
        ) from None
    if save.house_net:
        session.game.restore_house_net(save.house_net)
    return session


def saves_folder() -> Path:
    """Where saved sessions live."""
    return data_folder() / "saves"


def slot_path(slot: str) -> Path:
    """The file of a named save slot; raises SaveError for a name that is not a plain word."""
    if not re.fullmatch(r"[A-Za-z0-9 _-]{1,40}", slot):
        raise SaveError(_("a save name uses letters, digits, spaces, '-' or '_' (up to 40)"))
    return saves_folder() / f"{slot}.json"


def save_in_words(slot: str) -> str:
    """A save as a sentence names it: 'The autosave', "The save 'friday'"."""
    if slot == AUTOSAVE:
        return _("The autosave")
    return _("The save '{name}'").format(name=slot)


def _instead(slot: str) -> str:
    """What follows when a save cannot be used."""
    return _("there is no game to continue") if slot == AUTOSAVE else _("it cannot be loaded")


def check_save_file(slot: str) -> Loaded[SessionSave]:
    """A save slot's file read and validated (a damaged one set aside), not yet resumed."""
    return load_model(
        slot_path(slot),
        SessionSave,
        schema_version=SAVE_VERSION,
        limit=SAVE_LIMIT,
        instead=_instead(slot),
        what=save_in_words(slot),
    )


def save_session(session: Session, slot: str = AUTOSAVE) -> str:
    """Save to a slot; returns '' or a sentence saying why it could not be saved."""
    return save_model(slot_path(slot), snapshot(session))


def load_session(slot: str = AUTOSAVE) -> tuple[Session | None, str]:
    """The saved session in a slot (or None) and a plain note of any problem."""
    path = slot_path(slot)
    if not path.exists():
        return None, ""
    loaded = check_save_file(slot)
    if loaded.problem:
        return None, loaded.problem
    try:
        return restore(loaded.value), ""
    except SaveError as error:
        return None, set_aside_with_note(path, save_in_words(slot), str(error), _instead(slot))


def peek_save(slot: str) -> SessionSave | str:
    """A save read and validated without being resumed or moved, or why it cannot be read."""
    try:
        data = read_json(slot_path(slot), SAVE_LIMIT)
        return SessionSave.model_validate(data)
    except FileProblem as problem:
        return str(problem)
    except (SaveError, ValidationError, ValueError, TypeError, RecursionError):
        return _("{name}.json is not a save this version can read").format(name=slot)


def list_saves() -> list[str]:
    """Every save slot on disk, newest first."""
    folder = saves_folder()
    if not folder.is_dir():
        return []
    files = sorted(folder.glob("*.json"), key=lambda path: path.stat().st_mtime, reverse=True)
    return [path.stem for path in files]


def has_autosave() -> bool:
    """Whether there is a session to continue."""
    return AUTOSAVE in list_saves()


def delete_save(slot: str) -> str:
    """Delete a save slot (the UI asks first); returns '' or why it could not."""
    try:
        slot_path(slot).unlink()
    except FileNotFoundError:
        return _("There is no save called '{name}'.").format(name=slot)
    except OSError as error:
        return _("Could not delete '{name}' ({reason}).").format(name=slot, reason=error.strerror)
    return ""

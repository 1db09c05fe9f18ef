"""Who plays each seat of a served table, and the host's changes that wait for the next deal.

A seat is open (a player may take it; once the table has started a bot plays it meanwhile), a
remote player's, or a bot's. The plan is what each seat will be; what plays it now is the
session's. Before the table starts a change is the table at once; after, the plan is applied
when the next deal starts, so a deal is played to its end by whoever began it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from game.network.protocol import SeatInfo
from game.session import BOT_NAMES

SeatState = Literal["open", "remote", "bot"]
"""What a seat is in the plan (the lobby's `kind`)."""


class SeatingError(ValueError):
    """A change the plan cannot take (one sentence)."""


@dataclass(frozen=True)
class PlannedSeat:
    """One seat of the plan: open, a player's or a bot's; its name; a bot's level."""

    kind: SeatState = "open"
    name: str = ""
    """The player's name, the bot's, or (an open seat) the bot's that plays it meanwhile."""
    level: str = ""
    """The bot's level ('' for a player, or an open seat no bot plays yet)."""
    host: bool = False
    """The seat of the host's own screen (never open, never a bot's)."""


@dataclass(frozen=True)
class SeatChange:
    """A seat whose player changes as a deal starts: the new plan, and whether a player left it."""

    seat: int
    plan: PlannedSeat
    player_left: bool


class Seating:
    """The plan of every seat, and what the session plays them with since the last deal began."""

    def __init__(self, seats: int, bots: tuple[str, ...], host_name: str | None) -> None:
        plans = [PlannedSeat() for _ in range(seats)]
        for index, level in enumerate(bots):
            plans[seats - len(bots) + index] = PlannedSeat("bot", level=level)
        if host_name is not None:
            if plans[0].kind == "bot":
                raise SeatingError(f"{len(bots)} bots and the host do not fit {seats} seats")
            plans[0] = PlannedSeat("remote", host_name, host=True)
        self.plans = plans
        self.playing: list[PlannedSeat] | None = None
        """What plays each seat in the session (None before the table starts)."""
        self._name_bots()

    @property
    def started(self) -> bool:
        """Whether the table has started (from then on, changes wait for the next deal)."""
        return self.playing is not None

    def names(self) -> list[str]:
        """Each seat's name in the plan."""
        return [plan.name for plan in self.plans]

    def open_seats(self) -> int:
        """Seats a player may still take."""
        return sum(1 for plan in self.plans if plan.kind == "open")

    def ready(self) -> bool:
        """Whether every seat has a player or a bot."""
        return self.open_seats() == 0

    def take(self, name: str) -> int | None:
        """Seat a joining player in the first open seat (None: the table is full). A seat whose
        player was given to a bot is not taken before that player has left it, at the next deal."""
        for seat, plan in enumerate(self.plans):
            leaving = self.playing is not None and self.playing[seat].kind == "remote"
            if plan.kind == "open" and not leaving:
                self.plans[seat] = PlannedSeat("remote", name)
                self._name_bots()
                return seat
        return None

    def release(self, seat: int) -> None:
        """A player who left before the table started frees the seat (the host keeps theirs)."""
        plan = self.plans[seat]
        if not self.started and plan.kind == "remote" and not plan.host:
            self.plans[seat] = PlannedSeat()
            self._name_bots()

    def begin(self, level: str) -> None:
        """The host starts the table: every open seat becomes a bot of `level`."""
        for seat, plan in enumerate(self.plans):
            if plan.kind == "open":
                self.plans[seat] = PlannedSeat("bot", level=plan.level or level)
        self._name_bots()

    def give_to_bot(self, seat: int, level: str) -> bool:
        """A bot of `level` plays `seat` (from the next deal once started); True when a player
        held the seat in the plan and loses it."""
        plan = self._seat(seat)
        if plan.host:
            raise SeatingError("the host's own seat stays the host's")
        name = plan.name if plan.kind != "remote" and plan.name else self._spare_name()
        self.plans[seat] = PlannedSeat("bot", name, level)
        self._name_bots()
        return plan.kind == "remote"

    def free(self, seat: int) -> None:
        """A bot's seat opens for a player; its bot plays on until one takes it."""
        plan = self._seat(seat)
        if plan.kind == "open":
            return
        if plan.kind != "bot":
            raise SeatingError("only a bot's seat can be freed (give a player's to a bot first)")
        self.plans[seat] = replace(plan, kind="open") if self.started else PlannedSeat()
        self._name_bots()

    def start(self) -> list[PlannedSeat]:
        """The table starts with the plan (every seat a player's or a bot's)."""
        assert self.ready()
        self.playing = list(self.plans)
        return list(self.plans)

    def changes(self) -> list[SeatChange]:
        """The seats whose player or bot changes as the next deal starts (and, from then on,
        what plays them); an open seat is played by its bot until a player takes it."""
        assert self.playing is not None
        changes = []
        for seat, (plan, now) in enumerate(zip(self.plans, self.playing, strict=True)):
            target = replace(plan, kind="bot") if plan.kind == "open" else plan
            if target.kind == "bot" and now.kind == "bot" and target.level == now.level:
                continue
            if target == now:
                continue
            changes.append(SeatChange(seat, target, now.kind == "remote"))
            self.playing[seat] = target
        return changes

    def lobby(self, connected: Callable[[int], bool]) -> list[SeatInfo]:
        """Every seat as the lobby shows it (the plan: who plays it from the next deal)."""
        return [
            SeatInfo(
                seat=seat,
                name=plan.name,
                kind=plan.kind,
                connected=connected(seat) if plan.kind == "remote" else bool(plan.level),
                level=plan.level,
                host=plan.host,
            )
            for seat, plan in enumerate(self.plans)
        ]

    def _seat(self, seat: int) -> PlannedSeat:
        if not 0 <= seat < len(self.plans):
            raise SeatingError(f"there is no seat {seat} at a table of {len(self.plans)}")
        return self.plans[seat]

    def _spare_name(self) -> str:
        used = {plan.name.casefold() for plan in self.plans}
        if self.playing is not None:
            used |= {plan.name.casefold() for plan in self.playing}
        spare = [name for name in BOT_NAMES if name.casefold() not in used]
        return spare[0] if spare else f"Bot {len(used) + 1}"

    def _name_bots(self) -> None:
        """Before the table starts, the bots take the first names no player uses, in seat order
        (a player who joins with a bot's name gets it, and the bot another)."""
        if self.started:
            return
        used = {plan.name.casefold() for plan in self.plans if plan.kind == "remote"}
        spare = iter([name for name in BOT_NAMES if name.casefold() not in used])
        for seat, plan in enumerate(self.plans):
            if plan.kind == "bot":
                self.plans[seat] = replace(plan, name=next(spare, f"Bot {seat + 1}"))

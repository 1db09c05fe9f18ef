"""How each opponent plays Teen Patti's blind standoff, watched event by event: whether it
leaves one by looking while every other player still in is blind (a leaver), which tells a bot
whether to stay in a standoff with it."""

from __future__ import annotations

from collections.abc import Collection

from game.bots.opponents import LEAVER, Standoffs
from game.engine.observation import Observation
from game.engine.rules import Rules, TeenPattiRules


def shows_when_short(rules: Rules | None) -> bool:
    """Whether the house rules let a player short of the stake show for what it has or cover
    the pot (Teen Patti's running-short option; Brag always lets it cover)."""
    return not isinstance(rules, TeenPattiRules) or rules.running_short == "cover"


class StandoffWatch:
    """Each opponent's Standoffs record, and the standoff of the deal being watched."""

    def __init__(self) -> None:
        self.records: dict[int, Standoffs] = {}
        self._standing_off: set[int] = set()
        self._left = False
        self._put_in: dict[int, int] = {}
        self._stacks: dict[int, int] = {}

    def start(self, observation: Observation, over: bool) -> None:
        """A new deal (`over`: already settled, so what each seat had at its start is not
        known): the last deal's standoffs close first."""
        self.close()
        self._left = False
        self._put_in = {}
        self._stacks = (
            {} if over else {view.seat: view.stack + view.committed for view in observation.seats}
        )

    def paid(self, seat: int, amount: int) -> None:
        """Count chips a seat put in this deal (an ante or a bet)."""
        self._put_in[seat] = self._put_in.get(seat, 0) + amount

    def watch(
        self,
        observation: Observation,
        seat: int,
        looked: bool,
        looked_seats: Collection[int],
        folded_seats: Collection[int],
        stake: int,
    ) -> None:
        """Count a blind bet or look made in a Teen Patti blind standoff (no blind limit, every
        other player still in blind, three or more in): an opponent's look leaves it. Read only
        where a short seen player must pack: elsewhere the bot leaves every standoff after its
        own blind turns (_leaves_standoff)."""
        rules = observation.rules
        if not isinstance(rules, TeenPattiRules) or rules.blind_limit is not None:
            return
        if shows_when_short(rules):
            return
        others = [
            view.seat
            for view in observation.seats
            if view.playing and view.seat != seat and view.seat not in folded_seats
        ]
        if self._left or len(others) < 2:
            return
        if any(other in looked_seats for other in others):
            return
        if not looked:
            if seat != observation.viewer:
                self._standing_off.add(seat)
            return
        left = self._stacks.get(seat, 0) - self._put_in.get(seat, 0)
        if left < stake:
            return  # no blind bet left: made to look, it stayed to the end
        # It leaves, and the others' standoffs this deal end by its hand, not theirs.
        if seat != observation.viewer:
            record = self.records.setdefault(seat, Standoffs())
            record.played += 1
            record.left += 1
        self._standing_off = set()
        self._left = True

    def close(self) -> None:
        """The deal is over: each opponent still in a standoff nobody left stayed in it."""
        for seat in self._standing_off:
            self.records.setdefault(seat, Standoffs()).played += 1
        self._standing_off = set()

    def leaves(self, seat: int) -> bool:
        """Whether an opponent leaves at least LEAVER of the standoffs it plays by looking."""
        return self.records.get(seat, Standoffs()).share() >= LEAVER

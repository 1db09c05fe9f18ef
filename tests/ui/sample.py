"""Hand-built observations of a table mid-deal, for the UI tests and the showcase table.

They stand in for a running engine: plain frozen records, built directly.
"""

from __future__ import annotations

from game.engine.actions import Bet, Fold, LegalAction, Look, Show
from game.engine.cards import parse
from game.engine.observation import Hidden, Observation, SeatView
from game.engine.phases import Phase
from game.engine.reasons import Reason, ReasonKey
from game.i18n import N_

SAMPLE_NAMES = ("You", "Priya", "Arjun", "Meera", "Kabir", "Zoya", "Dev")
"""Player names used by the sample tables (proper names: the same in every language)."""


def _hand(text: str | None) -> tuple[Hidden, ...]:
    if text is None:
        return (None, None, None)
    return tuple(parse(text))


def sample_observation(seat_count: int = 7, family: str = "teen_patti") -> Observation:
    """A deal in progress seen by seat 0: some seen, some blind, one folded, one shown hand.

    For family 'brag', seat 2 also holds a retained blind hand beside its new one.
    """
    if not 2 <= seat_count <= 7:
        raise ValueError("sample tables have 2 to 7 seats")
    stacks = (1460, 880, 2315, 640, 1205, 95, 3020)
    committed = (24, 12, 40, 4, 24, 4, 8)
    seats = []
    for seat in range(seat_count):
        hands: tuple[tuple[Hidden, ...], ...] = (_hand(None),)
        blind, folded = True, False
        badges: tuple[str, ...] = ()
        if seat == 0:
            hands, blind = (_hand("Ah Kh Qh"),), False
        elif seat == 1:
            blind = False
        elif seat == 3:
            folded, blind = True, False
        elif seat == 4:
            hands, blind, badges = (_hand("7s 7d 2c"),), False, (N_("SHOWN"),)
        elif seat == 5:
            badges = (N_("ALL IN"),)
        if seat == 2 and family == "brag":
            hands = (_hand(None), _hand(None))
        seats.append(
            SeatView(
                seat=seat,
                stack=stacks[seat],
                playing=True,
                folded=folded,
                blind=blind,
                hands=hands,
                committed=committed[seat],
                badges=badges,
            )
        )
    pot = sum(view.committed for view in seats)
    to_act = 1 % seat_count
    legal = (
        LegalAction(Look(seat=to_act)),
        LegalAction(
            Bet(seat=to_act, amount=8), low=8, high=16, step=1, rule=N_("Seen: 2x-4x the stake")
        ),
        LegalAction(Fold(seat=to_act)),
        LegalAction(Show(seat=to_act), low=8, high=8),
    )
    return Observation(
        family=family,
        viewer=0,
        deal_number=12,
        dealer=seat_count - 1,
        to_act=to_act,
        phase=Phase.BETTING,
        seats=tuple(seats),
        pots=(pot,),
        carried=300 if family == "brag" else 0,
        stake=4,
        pack_size=52 - 3 * seat_count - (3 if family == "brag" else 0),
        pack_showing=parse("9c")[0] if family == "brag" else None,
        legal=legal,
        history=(),
        message=Reason(ReasonKey.EVERYONE_FOLDED_TO_BANK),
    )

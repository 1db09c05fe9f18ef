"""The reasons events give, as facts: why a pot was won, a hand folded, a wager settled.

A `Reason` is a key and the values that fill it (seats as numbers, amounts, hands as
`HandName`s); it holds no words. The sentence is made where it is drawn, in the player's
language, by game.words.reasons.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass

from game.engine.hands import HandName
from game.engine.quick import quick_init


class ReasonKey(enum.Enum):
    """What a reason says, one key per sentence."""

    # shuffling
    TEEN_PATTI_SHUFFLES = "teen_patti_shuffles"
    FRESH_PACK = "fresh_pack"
    FIRST_DEAL = "first_deal"
    PRIAL_WON = "prial_won"
    # folds
    LOST_SIDESHOW = "lost_sideshow"
    FOLDED_ONE_OF_TWO = "folded_one_of_two"
    COULD_NOT_BEAT_FACE_UP = "could_not_beat_face_up"
    FOLDED = "folded"
    """A plain fold: the player chose it (no sentence of its own)."""
    # the pot games' awards and carries
    LAST_PLAYER_LEFT = "last_player_left"
    BEATS = "beats"
    EQUAL_HANDS_AT_SHOW = "equal_hands_at_show"
    POT_LIMIT_REACHED = "pot_limit_reached"
    LEFT_ALONE_BLIND = "left_alone_blind"
    WINS_THE_BETTING = "wins_the_betting"
    COVERED_WITH_BETTER = "covered_with_better"
    BEATS_THE_COVERING_HAND = "beats_the_covering_hand"
    NOBODY_BEAT_FACE_UP = "nobody_beat_face_up"
    CARRIED_POT_WAITS = "carried_pot_waits"
    BEST_AT_AGREED_SHOWDOWN = "best_at_agreed_showdown"
    # Three Card Poker's wagers and bank
    HAND_BEATS_HAND = "hand_beats_hand"
    FOLDED_HAND_LOSES = "folded_hand_loses"
    BANK_SHORT = "bank_short"
    PAIR_PLUS_NEEDS_A_PAIR = "pair_plus_needs_a_pair"
    PAIR_PLUS_PAYS = "pair_plus_pays"
    BANKS_AFTER_WAIVERS = "banks_after_waivers"
    BANKS_ALONE = "banks_alone"
    TOOK_THE_BANK = "took_the_bank"
    HAND_DEAD = "hand_dead"
    DESIGNATED_NOT_QUALIFIED = "designated_not_qualified"
    TIE_WITH_DESIGNATED_PUSHES = "tie_with_designated_pushes"
    DESIGNATED_WINS_TIES = "designated_wins_ties"
    PAIR_PLUS_PUSHES_ON_LOST_CALL = "pair_plus_pushes_on_lost_call"
    PAIR_PLUS_LOST_WITH_CALL = "pair_plus_lost_with_call"
    DEALER_NOT_QUALIFIED = "dealer_not_qualified"
    TIE_WITH_DEALER = "tie_with_dealer"
    ANTE_BONUS_PAYS = "ante_bonus_pays"
    # what the banked tables say at the end of a deal
    EVERYONE_FOLDED_TO_BANK = "everyone_folded_to_bank"
    DESIGNATED_QUALIFIED_WITH = "designated_qualified_with"
    DESIGNATED_NOT_QUALIFIED_WITH = "designated_not_qualified_with"
    DEALER_QUALIFIES_WITH = "dealer_qualifies_with"
    DEALER_NOT_QUALIFIED_WITH = "dealer_not_qualified_with"


@quick_init
@dataclass(frozen=True)
class Reason:
    """Why something happened: a key and the values its sentence names (unset ones unused)."""

    key: ReasonKey
    seat: int | None = None
    """The seat the reason is about (a seat number, never a name)."""
    limit: int = 0
    paid: int = 0
    owed: int = 0
    bank: int = 0
    amount: int = 0
    odds: int = 0
    hand: HandName | None = None
    winner: HandName | None = None
    loser: HandName | None = None
    then: Reason | None = None
    """A second reason said after this one (a won wager the bank could not pay in full)."""

    def keys(self) -> tuple[ReasonKey, ...]:
        """This reason's key and those of the reasons said after it."""
        return (self.key, *(self.then.keys() if self.then is not None else ()))

    def followed_by(self, then: Reason) -> Reason:
        """This reason with `then` said after it (after any already following)."""
        follow = then if self.then is None else self.then.followed_by(then)
        return dataclasses.replace(self, then=follow)


NO_REASON = Reason(ReasonKey.FOLDED)
"""A fold the player chose: nothing to explain."""

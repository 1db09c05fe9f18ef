"""The reasons events give: why a pot was won, a hand folded, a wager settled, the pack shuffled.

Events keep their reasons in English: hand histories, logs and tests read them, and the UI
recognises some by their words. Each reason is a template here, filled with plain English values
({seat} is 'seat 2', a hand 'Pair of 7s, king kicker', a number 500); `shown_reason()` says a
stored reason in the player's language, each seat named as the caller wants.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from game.engine.hands import shown_hand_name
from game.i18n import N_, _, number

# --- shuffling ---
TEEN_PATTI_SHUFFLES = N_("Teen Patti shuffles before every deal")
FRESH_PACK = N_("Every deal is dealt from a freshly shuffled pack.")
FIRST_DEAL = N_("the first deal of the session")
PRIAL_WON = N_("the last hand was seen and won by a prial")

# --- folds ---
LOST_SIDESHOW = N_("lost the sideshow")
FOLDED_ONE_OF_TWO = N_("folded one of two hands")
COULD_NOT_BEAT_FACE_UP = N_("could not beat the face-up hand")

# --- the pot games' awards ---
LAST_PLAYER_LEFT = N_("{seat} is the last player left")
BEATS = N_("{winner} beats {loser}")
EQUAL_HANDS_AT_SHOW = N_("equal hands at a show go to {seat}, who did not pay")
POT_LIMIT_REACHED = N_("the pot reached the limit of {limit}: everyone shows")
LEFT_ALONE_BLIND = N_(
    "{seat} was left alone blind: the pot carries forward and the blind hand is kept"
)
WINS_THE_BETTING = N_("{seat} wins the betting")
COVERED_WITH_BETTER = N_("{seat} covered the pot with the better hand")
BEATS_THE_COVERING_HAND = N_("{seat} beats (or ties) the covering hand")
NOBODY_BEAT_FACE_UP = N_("nobody could beat the face-up hand: the antes")
CARRIED_POT_WAITS = N_("the carried pot waits for a real win")
BEST_AT_AGREED_SHOWDOWN = N_("the best hand at the agreed showdown")

# --- Three Card Poker's wagers and bank ---
BEATS_SENTENCE = N_("{winner} beats {loser}.")
FOLDED_HAND_LOSES = N_("A folded hand loses its wagers.")
BANK_SHORT = N_("The bank had only {paid} of the {owed} owed.")
PAIR_PLUS_NEEDS_A_PAIR = N_("Pair Plus needs a pair or better.")
PAIR_PLUS_PAYS = N_("Pair Plus: {hand} pays {odds} to 1.")
BANKS_AFTER_WAIVERS = N_("{seat} banks: every other eligible seat waived.")
BANKS_ALONE = N_("{seat} banks: the only seat that can cover the table.")
TOOK_THE_BANK = N_("{seat} took the bank.")
HAND_DEAD = N_(
    "The designated player has {bank} chips and cannot cover the {amount} in action: the hand "
    "is dead and its wagers returned."
)
DESIGNATED_NOT_QUALIFIED = N_("The designated player did not qualify.")
TIE_WITH_DESIGNATED_PUSHES = N_("A tie with the designated player pushes.")
DESIGNATED_WINS_TIES = N_("The designated player wins ties at this table.")
PAIR_PLUS_PUSHES_ON_LOST_CALL = N_("Pair Plus pushes on a lost call.")
PAIR_PLUS_LOST_WITH_CALL = N_("Pair Plus is lost with the call.")
DEALER_NOT_QUALIFIED = N_("The dealer did not qualify: Ante pays 1 to 1, Play pushes.")
TIE_WITH_DEALER = N_("A tie with the dealer pushes Ante and Play.")
ANTE_BONUS_PAYS = N_("Ante bonus: {hand} pays {odds} to 1.")

REASONS = tuple(
    value for name, value in sorted(globals().items()) if name.isupper() and isinstance(value, str)
)
"""Every reason template above."""


def seat_words(seat: int, capital: bool = False) -> str:
    """A seat as a stored reason names it: 'seat 2' ('Seat 2' to start a sentence)."""
    words = f"seat {seat}"
    return words.capitalize() if capital else words


_FILLS = {
    "seat": r"[Ss]eat (?P<seat>\d+)",
    "limit": r"(?P<limit>\d+)",
    "paid": r"(?P<paid>\d+)",
    "owed": r"(?P<owed>\d+)",
    "bank": r"(?P<bank>\d+)",
    "amount": r"(?P<amount>\d+)",
    "odds": r"(?P<odds>\d+)",
    "hand": r"(?P<hand>.+?)",
    "winner": r"(?P<winner>.+?)",
    "loser": r"(?P<loser>.+?)",
}


@functools.cache
def _patterns() -> list[tuple[re.Pattern[str], str]]:
    """A pattern for every template, its placeholders as named groups (longest first)."""
    patterns = []
    for template in sorted(REASONS, key=len, reverse=True):
        pattern = re.escape(template)
        for name, fill in _FILLS.items():
            pattern = pattern.replace(re.escape("{" + name + "}"), fill)
        patterns.append((re.compile(pattern), template))
    return patterns


def _seat_said(seat: int) -> str:
    return _("seat {number}").format(number=seat)


def shown_reason(reason: str, seat_name: Callable[[int], str] = _seat_said) -> str:
    """A stored English reason in the player's language, each seat named by `seat_name` (by
    default 'seat 2' in that language); text it does not know comes back as it is."""
    for pattern, template in _patterns():
        found = pattern.fullmatch(reason)
        if found is not None:
            text = _fill(template, found.groupdict(), seat_name)
            return text[:1].upper() + text[1:] if reason[:1].isupper() else text
    head, separator, tail = reason.rpartition(". ")
    if separator:
        return f"{shown_reason(head + '.', seat_name)} {shown_reason(tail, seat_name)}"
    return reason


def _fill(template: str, values: dict[str, str], seat_name: Callable[[int], str]) -> str:
    filled: dict[str, str] = {}
    for name, value in values.items():
        if name == "seat":
            filled[name] = seat_name(int(value))
        elif name in ("winner", "loser"):
            filled[name] = shown_hand_name(value)
        elif name == "hand":
            filled[name] = _(value)
        else:
            filled[name] = number(int(value))
    return _(template).format(**filled)

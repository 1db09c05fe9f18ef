"""A reason (a key and its values, from the engine) said as a sentence.

Each key has one English template, marked for the catalogs; `describe()` fills it in the
player's language with the seats named as the caller wants, or in plain English for files and
logs (`english()`).
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.hands import HandName
from game.engine.reasons import Reason, ReasonKey
from game.i18n import N_, _, number
from game.words.hands import said_hand

TEMPLATES: dict[ReasonKey, str] = {
    # shuffling
    ReasonKey.TEEN_PATTI_SHUFFLES: N_("Teen Patti shuffles before every deal"),
    ReasonKey.FRESH_PACK: N_("Every deal is dealt from a freshly shuffled pack."),
    ReasonKey.FIRST_DEAL: N_("the first deal of the session"),
    ReasonKey.PRIAL_WON: N_("the last hand was seen and won by a prial"),
    # folds
    ReasonKey.LOST_SIDESHOW: N_("lost the sideshow"),
    ReasonKey.FOLDED_ONE_OF_TWO: N_("folded one of two hands"),
    ReasonKey.COULD_NOT_BEAT_FACE_UP: N_("could not beat the face-up hand"),
    ReasonKey.FOLDED: "",
    # the pot games' awards and carries
    ReasonKey.LAST_PLAYER_LEFT: N_("{seat} is the last player left"),
    ReasonKey.BEATS: N_("{winner} beats {loser}"),
    ReasonKey.EQUAL_HANDS_AT_SHOW: N_("equal hands at a show go to {seat}, who did not pay"),
    ReasonKey.POT_LIMIT_REACHED: N_("the pot reached the limit of {limit}: everyone shows"),
    ReasonKey.LEFT_ALONE_BLIND: N_(
        "{seat} was left alone blind: the pot carries forward and the blind hand is kept"
    ),
    ReasonKey.WINS_THE_BETTING: N_("{seat} wins the betting"),
    # Translators: {winner} is the hand that covered the pot, {loser} the best other hand
    ReasonKey.COVERED_WITH_BETTER: N_("the covering hand {winner} beats {loser}"),
    # Translators: {winner} is the best hand still betting, {loser} the hand that covered the pot
    ReasonKey.BEATS_THE_COVERING_HAND: N_("{winner} beats (or ties) the covering hand {loser}"),
    ReasonKey.NOBODY_BEAT_FACE_UP: N_("nobody could beat the face-up hand: the antes"),
    ReasonKey.CARRIED_POT_WAITS: N_("the carried pot waits for a real win"),
    ReasonKey.BEST_AT_AGREED_SHOWDOWN: N_("the best hand at the agreed showdown"),
    # Three Card Poker's wagers and bank
    ReasonKey.HAND_BEATS_HAND: N_("{winner} beats {loser}."),
    ReasonKey.FOLDED_HAND_LOSES: N_("A folded hand loses its wagers."),
    ReasonKey.BANK_SHORT: N_("The bank had only {paid} of the {owed} owed."),
    ReasonKey.PAIR_PLUS_NEEDS_A_PAIR: N_("Pair Plus needs a pair or better."),
    ReasonKey.PAIR_PLUS_PAYS: N_("Pair Plus: {hand} pays {odds} to 1."),
    ReasonKey.BANKS_AFTER_WAIVERS: N_("{seat} banks: every other eligible seat waived."),
    ReasonKey.BANKS_ALONE: N_("{seat} banks: the only seat that can cover the table."),
    ReasonKey.TOOK_THE_BANK: N_("{seat} took the bank."),
    ReasonKey.HAND_DEAD: N_(
        "The designated player has {bank} chips and cannot cover the {amount} in action: the "
        "hand is dead and its wagers returned."
    ),
    ReasonKey.DESIGNATED_NOT_QUALIFIED: N_("The designated player did not qualify."),
    ReasonKey.TIE_WITH_DESIGNATED_PUSHES: N_("A tie with the designated player pushes."),
    ReasonKey.DESIGNATED_WINS_TIES: N_("The designated player wins ties at this table."),
    ReasonKey.PAIR_PLUS_PUSHES_ON_LOST_CALL: N_("Pair Plus pushes on a lost call."),
    ReasonKey.PAIR_PLUS_LOST_WITH_CALL: N_("Pair Plus is lost with the call."),
    ReasonKey.DEALER_NOT_QUALIFIED: N_(
        "The dealer did not qualify: Ante pays 1 to 1, Play pushes."
    ),
    ReasonKey.TIE_WITH_DEALER: N_("A tie with the dealer pushes Ante and Play."),
    ReasonKey.ANTE_BONUS_PAYS: N_("Ante bonus: {hand} pays {odds} to 1."),
    # what the banked tables say at the end of a deal
    ReasonKey.EVERYONE_FOLDED_TO_BANK: N_(
        "Everyone folded: the designated player keeps their wagers."
    ),
    ReasonKey.DESIGNATED_QUALIFIED_WITH: N_("The designated player qualified with {hand}."),
    ReasonKey.DESIGNATED_NOT_QUALIFIED_WITH: N_(
        "The designated player did not qualify with {hand}."
    ),
    ReasonKey.DEALER_QUALIFIES_WITH: N_("The dealer qualifies with {hand}."),
    ReasonKey.DEALER_NOT_QUALIFIED_WITH: N_("The dealer does not qualify with {hand}."),
}
"""Every reason's English template (the catalogs' message); a plain fold has none."""

_NUMBERS = ("limit", "paid", "owed", "bank", "amount", "odds")
_HANDS = ("hand", "winner", "loser")


def seat_said(seat: int) -> str:
    """A seat as a reason names it by default: 'seat 2' in the player's language."""
    return _("seat {number}").format(number=seat)


def english_seat(seat: int) -> str:
    """A seat as English files and logs name it: 'seat 2'."""
    return f"seat {seat}"


def describe(reason: Reason, seat_name: Callable[[int], str] = seat_said) -> str:
    """The reason as a sentence in the player's language, each seat named by `seat_name`."""
    return _sentence(reason, _, seat_name, said_hand, number)


def english(reason: Reason) -> str:
    """The reason in plain English, seats as 'seat 2' (for files, logs and tests)."""
    return _sentence(reason, str, english_seat, HandName.english, str)


def _sentence(
    reason: Reason,
    translate: Callable[[str], str],
    seat_name: Callable[[int], str],
    hand_name: Callable[[HandName], str],
    amount: Callable[[int], str],
) -> str:
    template = TEMPLATES[reason.key]
    values: dict[str, str] = {name: amount(getattr(reason, name)) for name in _NUMBERS}
    for name in _HANDS:
        hand = getattr(reason, name)
        values[name] = hand_name(hand) if isinstance(hand, HandName) else ""
    values["seat"] = seat_name(reason.seat) if reason.seat is not None else ""
    text = translate(template).format(**values) if template else ""
    if template.endswith("."):  # a whole sentence starts with a capital ('Seat 2 banks: ...')
        text = text[:1].upper() + text[1:]
    if reason.then is None:
        return text
    after = _sentence(reason.then, translate, seat_name, hand_name, amount)
    return f"{text} {after}" if text else after

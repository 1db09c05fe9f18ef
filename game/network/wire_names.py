"""The one table of names the wire gives the engine's records: class → wire name, and back.

Every `kind` a message carries is a name from this table, never a Python class name, so an
engine class can be renamed without a byte of the wire changing (a test holds every event and
rules class to an entry). A hand's name travels as a short key from `HAND_NAME_KEYS`, not as its
English template. docs/protocol.md lists them all; a name here, once published, never changes.
"""

from __future__ import annotations

from game.engine.events import (
    AntePosted,
    BetPlaced,
    BetReturned,
    CardDealt,
    CardsToPack,
    DealEnded,
    DealStarted,
    Discarded,
    DiscardShown,
    Folded,
    HandKept,
    HandRetained,
    HandRevealed,
    JokerTurned,
    LoanMade,
    LoanRepaid,
    Looked,
    PackShuffled,
    PotAwarded,
    PotCarried,
    PotCovered,
    ShowdownAnswered,
    ShowdownProposed,
    ShowPaid,
    SideshowAnswered,
    SideshowAsked,
    SideshowCompared,
    TimeRanOut,
    TurnPassed,
)
from game.engine.rules import BragRules, CasinoRules, TeenPattiRules, ThreeCardPokerRules
from game.engine.three_card_poker import (
    BankOffered,
    BankWaived,
    BetsPosted,
    Called,
    DesignatedPlayerChosen,
    HandDead,
    Qualified,
    WagerSettled,
)

EVENT_NAMES: dict[type, str] = {
    DealStarted: "deal_started",
    PackShuffled: "pack_shuffled",
    AntePosted: "ante_posted",
    CardDealt: "card_dealt",
    JokerTurned: "joker_turned",
    Looked: "looked",
    BetPlaced: "bet_placed",
    Folded: "folded",
    ShowPaid: "show_paid",
    HandRevealed: "hand_revealed",
    SideshowAsked: "sideshow_asked",
    SideshowAnswered: "sideshow_answered",
    SideshowCompared: "sideshow_compared",
    PotAwarded: "pot_awarded",
    PotCarried: "pot_carried",
    CardsToPack: "cards_to_pack",
    HandKept: "hand_kept",
    Discarded: "discarded",
    DiscardShown: "discard_shown",
    HandRetained: "hand_retained",
    PotCovered: "pot_covered",
    BetReturned: "bet_returned",
    LoanMade: "loan_made",
    LoanRepaid: "loan_repaid",
    ShowdownProposed: "showdown_proposed",
    ShowdownAnswered: "showdown_answered",
    TurnPassed: "turn_passed",
    TimeRanOut: "time_ran_out",
    DealEnded: "deal_ended",
    BankOffered: "bank_offered",
    BankWaived: "bank_waived",
    DesignatedPlayerChosen: "designated_player_chosen",
    BetsPosted: "bets_posted",
    Called: "called",
    Qualified: "qualified",
    WagerSettled: "wager_settled",
    HandDead: "hand_dead",
}
"""Every kind of event, by the wire name its `kind` carries."""

RULES_NAMES: dict[type, str] = {
    TeenPattiRules: "teen_patti_rules",
    BragRules: "brag_rules",
    ThreeCardPokerRules: "three_card_poker_rules",
    CasinoRules: "casino_rules",
}
"""Every rules model an observation's `rules` may be, by the wire name its `kind` carries."""

HAND_NAME = "hand_name"
"""The `kind` of a hand's name (in an event, a reason, or a sentence's values)."""

WORD = "word"
"""The `kind` of a catalog word in a sentence's values."""

PHASE = "phase"
"""The `kind` of a phase in a sentence's values."""

WIRE_NAMES: dict[type, str] = {**EVENT_NAMES, **RULES_NAMES}
"""Every record class that carries a `kind`, by its wire name."""

CLASSES: dict[str, type] = {name: kind for kind, name in WIRE_NAMES.items()}
"""Each wire name's class: how a decoder reads a `kind`."""

HAND_NAME_KEYS: dict[str, str] = {
    # a hand's whole name
    "Trail of {ranks}": "trail",
    "Prial of {ranks}": "prial",
    "Three of a kind, {ranks}": "three_of_a_kind",
    "Pure sequence {cards}": "pure_sequence",
    "Sequence {cards}": "sequence",
    "Colour {cards}": "colour",
    "Running flush {cards}": "running_flush",
    "Run {cards}": "run",
    "Flush {cards}": "flush",
    "Straight flush {cards}": "straight_flush",
    "Straight {cards}": "straight",
    "High card {cards}": "high_card",
    "Pair of {ranks}, {kicker} kicker": "pair",
    "Score {score}": "score",
    # a category's title alone (what an ante bonus pays for)
    "Trail": "title_trail",
    "Prial": "title_prial",
    "Three of a kind": "title_three_of_a_kind",
    "Pure sequence": "title_pure_sequence",
    "Sequence": "title_sequence",
    "Colour": "title_colour",
    "Running flush": "title_running_flush",
    "Run": "title_run",
    "Flush": "title_flush",
    "Straight flush": "title_straight_flush",
    "Straight": "title_straight",
    "High card": "title_high_card",
    "Pair": "title_pair",
    "Score": "title_score",
}
"""A hand name's English template (the catalogs' message) → the key the wire gives it."""

HAND_NAME_TEMPLATES: dict[str, str] = {key: template for template, key in HAND_NAME_KEYS.items()}
"""Each hand-name key's English template."""

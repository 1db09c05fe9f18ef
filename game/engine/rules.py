"""Rule sets as validated data: every house-rule option of RULES.md, and the named presets.

A preset is just a rule set with chosen values. A bad option value is refused with a sentence
(RulesError), never a traceback.

>>> make_rules("brag", ante=2).ante
2
>>> make_rules("teen_patti", boot=0)
Traceback (most recent call last):
...
game.engine.rules.RulesError: boot: must be at least 1 (got 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from game.engine.bounded_text import MAX_DIGITS, plain_digits
from game.engine.cards import Card, CardParseError, Rank, Suit, parse
from game.engine.family import Family
from game.engine.hands import Knobs, PersonalJoker, Ranking, get_ranking
from game.engine.marks import N_
from game.engine.paytables import STANDARD_ANTE_BONUS, STANDARD_PAY_TABLE


class RulesError(ValueError):
    """A rule set or option value that cannot be played; the message is one sentence."""


class _Rules(BaseModel):
    """Shared behaviour of every rule set: frozen, no unknown options, wild cards checked."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    wild_cards: str = Field(
        "", description=N_("Wild cards (floaters), e.g. '2s 2h 2d 2c'; each stands for any card.")
    )

    @field_validator("wild_cards")
    @classmethod
    def _wild_cards_parse(cls, value: str) -> str:
        try:
            cards = parse(value)
        except CardParseError as error:
            raise ValueError(str(error)) from None
        return " ".join(str(card) for card in cards)


Direction = Literal["clockwise", "counterclockwise"]


MOST_OPEN_JOKERS = 3
"""The most open joker cards a table may turn up."""


def read_ranks(text: str) -> tuple[Rank, ...]:
    """Ranks from text such as 'A K 4 7' or '10 J'; raises ValueError naming a bad one."""
    ranks: list[Rank] = []
    for token in text.replace(",", " ").split():
        try:
            (card,) = parse(f"{token}s")
        except (CardParseError, ValueError):
            raise ValueError(f"'{token}' is not a rank: write 2-9, 10 or T, J, Q, K or A") from None
        if card.rank in ranks:
            raise ValueError(f"the rank {card.rank.label} is named twice")
        ranks.append(card.rank)
    return tuple(ranks)


def cards_of_ranks(ranks: Sequence[Rank]) -> frozenset[Card]:
    """Every card (all four suits) of the given ranks."""
    return frozenset(Card(rank, suit) for rank in ranks for suit in Suit)


class TeenPattiRules(_Rules):
    """Teen Patti (Flush / Flash) and its lowball and wild-card variants (RULES.md, TPF, TPT).

    The variant knobs (wild ranks, open jokers, a personal joker, reversed card ranks, four
    cards dealt, the 999 scoring) compose every variant preset; each is checked with a sentence.
    """

    family: Literal[Family.TEEN_PATTI] = Family.TEEN_PATTI
    ranking: Literal["teen_patti", "muflis", "nine_nine_nine"] = Field(
        "teen_patti",
        description=N_("Hand ranking: normal, Muflis (lowest hand wins) or 999 (highest number)."),
    )
    wild_ranks: str = Field(
        "", description=N_("Ranks whose every card is wild, e.g. 'A K 4 7' (AK47).")
    )
    open_jokers: int = Field(
        0,
        description=N_(
            "Cards turned face up after the deal (0-3); every card of their ranks is wild."
        ),
    )
    personal_joker: Literal["none", "lowest", "highest"] = Field(
        "none", description=N_("Each player's own lowest or highest card is wild for them alone.")
    )
    personal_joker_every: bool = Field(
        False,
        description=N_(
            "Every card of the personal joker's rank in the hand is wild, too "
            "(with a personal joker)."
        ),
    )
    reversed_ranks: bool = Field(
        False, description=N_("Card ranks reversed (2 high, ace low); categories keep their order.")
    )
    cards_dealt: Literal[3, 4] = Field(
        3, description=N_("Cards dealt each: 3, or 4 played as the best three (ties: the fourth).")
    )
    fewer_wilds_win: bool = Field(
        True, description=N_("Between otherwise equal hands, the one with fewer wild cards wins.")
    )
    a23: Literal["highest", "second", "lowest"] = Field(
        "highest",
        description=N_("Where A-2-3 stands among runs: highest (TPF), after A-K-Q, lowest."),
    )
    boot: int = Field(1, description=N_("The ante everyone puts in; the first stake."))
    deal_direction: Direction = Field(
        "clockwise", description=N_("Deal and play clockwise (TPF) or counter-clockwise (TPT).")
    )
    show_cost: Literal["pagat", "tagalog"] = Field(
        "pagat",
        description=N_("Show costs: only the asker pays (TPF), or both pay (TPT's reading)."),
    )
    sideshow: bool = Field(
        True, description=N_("Seen players may ask the previous player to compare.")
    )
    blind_limit: int | None = Field(
        None,
        description=N_("A blind player must look after this many blind turns (none: no limit)."),
    )
    chaal_limit: int | None = Field(
        None, description=N_("No seen bet may exceed this, no blind bet half of it (none: no cap).")
    )
    pot_limit: int | None = Field(
        None,
        description=N_("When the pot reaches this, everyone still in must show (none: no cap)."),
    )
    running_short: Literal["cover", "pack"] = Field(
        "cover",
        description=N_(
            "Short of money: show for what you have (two left) or cover the pot (three or "
            "more); or pack."
        ),
    )

    @field_validator("boot")
    @classmethod
    def _positive_boot(cls, value: int) -> int:
        return _at_least(value, 1)

    @field_validator("wild_ranks")
    @classmethod
    def _wild_ranks_parse(cls, value: str) -> str:
        return " ".join(rank.label for rank in read_ranks(value))

    @field_validator("open_jokers")
    @classmethod
    def _open_jokers_range(cls, value: int) -> int:
        if not 0 <= value <= MOST_OPEN_JOKERS:
            raise ValueError(f"must be between 0 and {MOST_OPEN_JOKERS} (got {value})")
        return value

    @field_validator("blind_limit", "chaal_limit", "pot_limit")
    @classmethod
    def _positive_limit(cls, value: int | None) -> int | None:
        return None if value is None else _at_least(value, 1)

    def model_post_init(self, context: Any, /) -> None:
        """Check options against each other once all are set."""
        if self.chaal_limit is not None and self.chaal_limit < 2 * self.boot:
            raise ValueError(
                f"chaal_limit {self.chaal_limit} is below twice the boot ({2 * self.boot}): "
                "seen players could never bet"
            )
        wild = self.wild_cards or self.wild_ranks or self.open_jokers
        if self.ranking == "nine_nine_nine" and (
            wild or self.personal_joker != "none" or self.reversed_ranks
        ):
            raise ValueError(
                "the 999 scoring counts digits, so it plays without wild cards, jokers or "
                "reversed ranks"
            )
        if self.personal_joker != "none" and self.cards_dealt != 3:
            raise ValueError(
                "a personal joker is the lowest or highest of three cards: deal 3 cards with it"
            )

    @property
    def variant_knobs(self) -> Knobs:
        """The knobs the hand ranking reads: reversed ranks, personal joker, wild tie-break."""
        return Knobs(
            reversed_ranks=self.reversed_ranks,
            personal_joker=PersonalJoker(self.personal_joker),
            personal_joker_every=self.personal_joker_every,
            fewer_wilds_win=self.fewer_wilds_win,
        )

    def fixed_wild_cards(self) -> frozenset[Card]:
        """The cards wild at every deal: the named wild cards and every card of the wild ranks."""
        return frozenset(parse(self.wild_cards)) | cards_of_ranks(read_ranks(self.wild_ranks))

    def hand_ranking(self, open_cards: Sequence[Card] = ()) -> Ranking:
        """The ranking these rules play; `open_cards` are this deal's open jokers, if any."""
        wild = self.fixed_wild_cards() | cards_of_ranks(
            tuple(dict.fromkeys(card.rank for card in open_cards))
        )
        return get_ranking(self.ranking, a23=self.a23, wild_cards=wild, knobs=self.variant_knobs)


class BragRules(_Rules):
    """3 Card Brag with every house option of RULES.md (BRG, BRS)."""

    family: Literal[Family.BRAG] = Family.BRAG
    ante: int = Field(1, description=N_("What everyone puts in before each deal."))
    min_bet: int = Field(1, description=N_("The smallest bet (open value)."))
    max_bet: int = Field(20, description=N_("The largest bet (open value)."))
    deal_direction: Direction = Field(
        "clockwise", description=N_("The dealer passes to the left (clockwise) or to the right.")
    )
    raise_limit: Literal["none", "pot"] = Field(
        "none", description=N_("No bet may put in more than the pot already holds ('pot').")
    )
    see_cost: Literal["double", "equal"] = Field(
        "double",
        description=N_("Seeing an open player costs twice the last bet, or just equals it."),
    )
    open_pack: bool = Field(
        False, description=N_("The pack lies face up: its bottom card and folded hands show.")
    )
    retained_hand: Literal["two_hands", "face_up"] = Field(
        "two_hands",
        description=N_("A retained blind hand plays beside a new hand, or faces a face-up hand."),
    )
    running_short: Literal["cover", "borrow"] = Field(
        "cover",
        description=N_(
            "Short of money: cover the pot (side pot), or fold / borrow from the richest."
        ),
    )
    showdown_by_agreement: bool = Field(
        True, description=N_("With three or more in, all may agree to show down at once.")
    )
    cards_dealt: Literal[3, 4] = Field(
        3,
        description=N_("Cards dealt each: 3, or 4 (four-card brag: discard one after looking)."),
    )

    @field_validator("ante", "min_bet", "max_bet")
    @classmethod
    def _positive(cls, value: int) -> int:
        return _at_least(value, 1)

    def model_post_init(self, context: Any, /) -> None:
        """Check options against each other once all are set."""
        if self.max_bet < self.min_bet:
            raise ValueError(
                f"max_bet {self.max_bet} is below min_bet {self.min_bet}: raise the maximum"
            )
        if self.cards_dealt == 4 and self.retained_hand == "face_up":
            raise ValueError(
                "the face-up form makes everyone look at once to beat a three-card hand: "
                "deal 3 cards with it, or retain two hands"
            )

    def hand_ranking(self) -> Ranking:
        """The Brag ranking with these wild cards."""
        return get_ranking("brag", wild_cards=self.wild_cards)


def _at_least(value: int, lowest: int) -> int:
    if value < lowest:
        raise ValueError(f"must be at least {lowest} (got {value})")
    return value


def _sentence(error: ValidationError, options: Iterable[str]) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "rules"
    message = first["msg"].removeprefix("Value error, ")
    if first["type"] == "extra_forbidden":  # RulesError speaks English (CLI)
        named = ", ".join(name for name in options if name != "family")
        raise RulesError(f"{where}: is not an option of this game (its options: {named})") from None
    if first["type"] == "literal_error":
        for family in Family:  # a family reads as its name, as before it was an enum
            message = message.replace(repr(family), repr(family.value))
        message = f"{message} (got {first['input']!r})"
    return f"{where}: {message}"


class Preset(BaseModel):
    """A named, complete rule set the player can pick."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    title: str
    tagline: str
    """What sets this preset apart, in a few words (under its name in the setup's list)."""
    summary: str
    family: Family
    options: dict[str, object] = Field(default_factory=dict)
    lesson: str = ""
    """A variant's rule in a sentence or two, shown the first time a player sits at it."""

    def rules(self) -> Rules:
        """The validated rule set of this preset."""
        return make_rules(self.family, **self.options)

    def defining_rules(self) -> tuple[str, ...]:
        """The rules that make this preset what it is: the fields where its rule set differs
        from its family's default rules, in the rules model's order."""
        chosen = self.rules().model_dump()
        defaults = make_rules(self.family).model_dump()
        return tuple(field for field, value in chosen.items() if defaults[field] != value)


APP_TABLE_LIMITS: dict[str, object] = {"blind_limit": 4, "chaal_limit": 128, "pot_limit": 1024}
"""The popular apps' Teen Patti table limits at a boot of 1: look after 4 blind turns, no bet above
128 boots, and everyone shows when the pot reaches 1,024 boots."""

WHY_TABLE_LIMITS = N_(
    "The limits keep the game a contest of cards: without them a player who never looks can "
    "outlast one who does, since a seen player pays double and may not ask a blind one to show."
)
"""One sentence on why the Teen Patti table limits exist, for the rules page and setup."""

PRESETS: dict[str, Preset] = {
    preset.name: preset
    for preset in (
        Preset(
            name="teen_patti",
            title=N_("Teen Patti"),
            tagline=N_("The classic, with the apps' limits"),
            summary=N_("Blind and seen stakes, show and sideshow, with the apps' table limits."),
            family=Family.TEEN_PATTI,
            options=dict(APP_TABLE_LIMITS),
        ),
        Preset(
            name="teen_patti_no_limit",
            title=N_("Teen Patti, no limits"),
            tagline=N_("No blind, chaal or pot limit"),
            summary=N_("The rule texts' form (pagat's Flush rules): no blind, chaal or pot limit."),
            family=Family.TEEN_PATTI,
        ),
        Preset(
            name="muflis",
            title=N_("Teen Patti Muflis"),
            tagline=N_("Lowball: the lowest hand wins"),
            summary=N_("Lowball teen patti: the lowest hand wins the show."),
            family=Family.TEEN_PATTI,
            options={"ranking": "muflis", **APP_TABLE_LIMITS},
        ),
        Preset(
            name="jokers",
            title=N_("Deuces wild"),
            tagline=N_("All four 2s are wild"),
            summary=N_("All four 2s are wild; fewer wild cards win a tie."),
            family=Family.TEEN_PATTI,
            options={"wild_cards": "2s 2h 2d 2c", **APP_TABLE_LIMITS},
        ),
        Preset(
            name="joker",
            title=N_("Joker"),
            tagline=N_("A card turned up: its rank is wild"),
            summary=N_(
                "A card turned up on the table after the deal: every card of its rank is wild."
            ),
            family=Family.TEEN_PATTI,
            options={"open_jokers": 1, **APP_TABLE_LIMITS},
            lesson=(
                N_(
                    "After the deal one card is turned face up in the middle of the table, and "
                    "every card of its rank is wild for everyone. With a 4 turned up, A-3-4 plays "
                    "as A-2-3."
                )
            ),
        ),
        Preset(
            name="ak47",
            title="AK47",
            tagline=N_("Every A, K, 4 and 7 is wild"),
            summary=N_("Every ace, king, 4 and 7 is wild."),
            family=Family.TEEN_PATTI,
            options={"wild_ranks": "A K 4 7", **APP_TABLE_LIMITS},
            lesson=(
                N_(
                    "Every ace, king, 4 and 7 is wild: A-K-4 plays as A-A-A, and Q-4-7 as Q-Q-Q. "
                    "Between otherwise equal hands, fewer wild cards win."
                )
            ),
        ),
        Preset(
            name="highest_joker",
            title=N_("Highest Joker"),
            tagline=N_("Your highest card is wild for you"),
            summary=N_("Each player's own highest card is wild for that player alone."),
            family=Family.TEEN_PATTI,
            options={"personal_joker": "highest", **APP_TABLE_LIMITS},
            lesson=(
                N_(
                    "Your own highest card is wild for you alone: 6-9-K plays as 6-9-9. Everyone "
                    "has their own joker."
                )
            ),
        ),
        Preset(
            name="lowest_joker",
            title=N_("Lowest Joker"),
            tagline=N_("Your lowest card is wild for you"),
            summary=N_("Each player's own lowest card is wild for them alone; a lowest pair both."),
            family=Family.TEEN_PATTI,
            options={"personal_joker": "lowest", "personal_joker_every": True, **APP_TABLE_LIMITS},
            lesson=(
                N_(
                    "Your own lowest card is wild for you alone, and a lowest pair makes both wild:"
                    " A-K-K plays as A-A-A. The ace counts high."
                )
            ),
        ),
        Preset(
            name="nine_nine_nine",
            title="999",
            tagline=N_("The highest 3-digit number wins"),
            summary=N_(
                "Suits ignored, 10s and pictures 0, ace 1: the highest 3-digit number wins."
            ),
            family=Family.TEEN_PATTI,
            options={"ranking": "nine_nine_nine", **APP_TABLE_LIMITS},
            lesson=(
                N_(
                    "Suits do not matter: 10s and pictures count 0, an ace 1, 2-9 their value, and "
                    "your three digits make the highest number they can: 9-K-4 is 940. The highest "
                    "number wins."
                )
            ),
        ),
        Preset(
            name="best_of_four",
            title=N_("Best of Four"),
            tagline=N_("Four cards: play the best three"),
            summary=N_("Four cards each, played as the best three; the fourth breaks a tie."),
            family=Family.TEEN_PATTI,
            options={"cards_dealt": 4, **APP_TABLE_LIMITS},
            lesson=(
                N_(
                    "You get four cards and play the best three of them; when the best threes are "
                    "equal, the fourth card decides. Looking shows you all four."
                )
            ),
        ),
        Preset(
            name="high_low",
            title=N_("High-Low"),
            tagline=N_("Ranks upside down: 2 high, ace low"),
            summary=N_("Card ranks reversed (2 high, ace low); a pair of 2s is the best pair."),
            family=Family.TEEN_PATTI,
            options={"reversed_ranks": True, "a23": "second", **APP_TABLE_LIMITS},
            lesson=(
                N_(
                    "Card ranks are upside down: 2 is the highest card and the ace the lowest, so a"
                    " pair of 2s is the best pair. Trails still beat sequences, as ever."
                )
            ),
        ),
        Preset(
            name="brag",
            title=N_("3 Card Brag"),
            tagline=N_("The British classic"),
            summary=N_("Unshuffled pack, blind play counts double, retain a blind hand."),
            family=Family.BRAG,
        ),
        Preset(
            name="brag_floaters",
            title=N_("Brag with floaters"),
            tagline=N_("9♦, J♣ and A♦ are wild"),
            summary=N_("Floaters are wild cards: 9♦, J♣ and A♦ each stand for any card."),
            family=Family.BRAG,
            options={"wild_cards": "9d Jc Ad"},
        ),
        Preset(
            name="four_card_brag",
            title=N_("Four-card Brag"),
            tagline=N_("Discard one, brag with three"),
            summary=N_(
                "Four cards each; a seen player discards one before betting; equal hands "
                "compare the discards, then the seen player wins."
            ),
            family=Family.BRAG,
            options={"cards_dealt": 4},
            lesson=(
                N_(
                    "You get four cards. When you look you must discard one face down before "
                    "betting; equal hands compare the discards, then a seen hand beats a blind one."
                )
            ),
        ),
    )
}
"""Every preset by name (Three Card Poker's are added at the end of this module)."""


def get_preset(name: str) -> Preset:
    """The preset called `name`; raises RulesError naming the known presets."""
    preset = PRESETS.get(name)
    if preset is None:
        raise RulesError(f"'{name}' is not a game preset: choose one of {', '.join(PRESETS)}")
    return preset


# --- Three Card Poker ---

PayTableName = Literal[
    "40-30-6-3-1", "40-30-6-4-1", "40-30-5-4-1", "mini_royal_50", "mini_royal_100"
]
"""The Pair Plus pay tables (straight flush-trips-straight-flush-pair; mini-royal: suited A-K-Q)."""

AnteBonusName = Literal["5-4-1", "5-3-1", "4-3-1", "none"]
"""The casino Ante bonus tables (straight flush-trips-straight)."""


class _ThreeCardPokerCommon(_Rules):
    """Options both forms of Three Card Poker share: Pair Plus and its pay table, no wild cards."""

    pair_plus: bool = Field(True, description=N_("Players may add a Pair Plus bet to their hand."))
    pair_plus_bet: int = Field(10, description=N_("The size of a Pair Plus bet."))
    pay_table: PayTableName = Field(
        STANDARD_PAY_TABLE, description=N_("The Pair Plus pay table (each shows its house edge).")
    )

    @field_validator("pair_plus_bet")
    @classmethod
    def _positive_pair_plus(cls, value: int) -> int:
        return _at_least(value, 1)

    @field_validator("wild_cards")
    @classmethod
    def _no_wild_cards(cls, value: str) -> str:
        if value:
            raise ValueError("Three Card Poker plays without wild cards (the pay tables need none)")
        return value

    def hand_ranking(self) -> Ranking:
        """The Three Card Poker ranking (straight above flush, A-2-3 lowest)."""
        return get_ranking("three_card_poker")


class ThreeCardPokerRules(_ThreeCardPokerCommon):
    """Three Card Poker with a designated player who banks the table (RULES.md, TCP)."""

    family: Literal[Family.THREE_CARD_POKER] = Family.THREE_CARD_POKER
    base_bet: int = Field(10, description=N_("The Base Bet every player posts; a Call equals it."))
    tie: Literal["push", "designated_player"] = Field(
        "push",
        description=N_("A tie with a qualified designated player pushes, or the DP wins it."),
    )
    pair_plus_on_lost_call: Literal["loses", "pushes"] = Field(
        "loses", description=N_("Pair Plus on a Call that lost to the designated player.")
    )

    @field_validator("base_bet")
    @classmethod
    def _positive_base(cls, value: int) -> int:
        return _at_least(value, 1)


class CasinoRules(_ThreeCardPokerCommon):
    """Casino Three Card Poker: the house deals and banks; Ante and Play, Ante bonus."""

    family: Literal[Family.CASINO] = Family.CASINO
    ante: int = Field(10, description=N_("The Ante every player posts; a Play bet equals it."))
    ante_bonus: AnteBonusName = Field(
        STANDARD_ANTE_BONUS,
        description=N_("Ante bonus for straight flush, trips, straight, paid when playing."),
    )

    @field_validator("ante")
    @classmethod
    def _positive_ante(cls, value: int) -> int:
        return _at_least(value, 1)


PRESETS["three_card_poker"] = Preset(
    name="three_card_poker",
    title=N_("Three Card Poker"),
    tagline=N_("A designated player banks"),
    summary=N_("A designated player banks the table in turn; Base, Call and Pair Plus."),
    family=Family.THREE_CARD_POKER,
)
PRESETS["casino"] = Preset(
    name="casino",
    title=N_("Casino Three Card Poker"),
    tagline=N_("Play against the house"),
    summary=N_("Solo practice against the house: Ante and Play, Pair Plus, Ante bonus 5-4-1."),
    family=Family.CASINO,
)


Rules = TeenPattiRules | BragRules | ThreeCardPokerRules | CasinoRules
"""A rule set of any family; its `family` field says which."""

RULE_MODELS: dict[str, type[Rules]] = {
    model.model_fields["family"].default: model
    for model in (TeenPattiRules, BragRules, ThreeCardPokerRules, CasinoRules)
}
"""Every rules model by its family (a `Family`, which is its name)."""


def buy_in(rules: Rules) -> int | None:
    """The fewest starting chips that cover a table's limits, or None where nothing caps a hand.

    The apps seat a player with enough for the table: at a Teen Patti table with a pot limit, a
    stack of the pot limit lets every hand run to its forced show (no seat pays the whole pot).

    >>> buy_in(get_preset("teen_patti").rules())
    1024
    >>> buy_in(get_preset("teen_patti_no_limit").rules()) is None
    True
    """
    if isinstance(rules, TeenPattiRules):
        return rules.pot_limit
    return None


STACKS = (50, 100, 200, 500, 1000, 2000, 5000)
"""The starting chips offered at a table whose limits need no buy-in."""

DEFAULT_STACK = 200
"""The starting chips asked for when nobody chose any (fitted to the table's buy-in)."""


def stack_choices(rules: Rules) -> tuple[int, ...]:
    """The starting chips offered: at a table whose limits need a buy-in, that buy-in and 2x and
    5x it (so the chips always cover the limits); else the usual amounts.

    >>> stack_choices(get_preset("teen_patti").rules())
    (1024, 2048, 5120)
    """
    cover = buy_in(rules)
    return STACKS if cover is None else tuple(cover * times for times in (1, 2, 5))


def starting_stack(rules: Rules, wanted: int = DEFAULT_STACK) -> int:
    """The chips every seat starts with: `wanted` when the table offers it, else the nearest
    choice the table offers (every way to start a table seats its players by this rule).

    >>> starting_stack(get_preset("teen_patti").rules())
    1024
    >>> starting_stack(get_preset("brag").rules())
    200
    """
    choices = stack_choices(rules)
    if wanted in choices:
        return wanted
    return min(choices, key=lambda choice: abs(choice - wanted))


FORMER_VALUES: dict[str, dict[str, object]] = {
    Family.TEEN_PATTI: {"running_short": "pack"},
}
"""Options added after saves and hand histories were first written, by family, with the value
that played before each existed: a file without one plays as it did when it was written."""


def recorded_options(rules: Rules) -> dict[str, object]:
    """The options a file records: those away from their defaults, and every option added since
    files were first written (so that a file without one is known to be older)."""
    options = rules.model_dump(exclude={"family"}, exclude_defaults=True)
    every = rules.model_dump(exclude={"family"})
    for field in FORMER_VALUES.get(rules.family, {}):
        options[field] = every[field]
    return options


def make_recorded_rules(family: str, /, **options: object) -> Rules:
    """Rules as a file records them: an option the file lacks that came later takes the value
    that played before it existed (FORMER_VALUES); RulesError as make_rules.

    >>> make_recorded_rules("teen_patti").running_short
    'pack'
    >>> make_rules("teen_patti").running_short
    'cover'
    """
    return make_rules(family, **{**FORMER_VALUES.get(family, {}), **options})


def options_from_text(family: str, texts: Mapping[str, str]) -> dict[str, object]:
    """House rules written as text (the command line's NAME=VALUE) as options for make_rules:
    `none` is no value (no limit), a whole number is a number unless the option is itself text
    (wild_ranks=2), and the rest is left as text for the rules to read (true, muflis).

    >>> options_from_text("teen_patti", {"blind_limit": "6", "wild_ranks": "2", "sideshow": "no"})
    {'blind_limit': 6, 'wild_ranks': '2', 'sideshow': 'no'}
    """
    model = RULE_MODELS.get(family)
    fields = model.model_fields if model is not None else {}
    options: dict[str, object] = {}
    for name, text in texts.items():
        field = fields.get(name)
        if text.lower() == "none":
            options[name] = None
        elif plain_digits(text, MAX_DIGITS) and (field is None or field.annotation is not str):
            options[name] = int(text)
        else:
            options[name] = text
    return options


def make_rules(family: str, /, **options: object) -> Rules:
    """Build and validate a rule set; raises RulesError with one sentence on a bad option."""
    model = RULE_MODELS.get(family)
    if model is None:
        raise RulesError(f"'{family}' is not a game: choose one of {', '.join(RULE_MODELS)}")
    try:
        return model.model_validate(options)
    except ValidationError as error:
        raise RulesError(_sentence(error, model.model_fields)) from None
    except ValueError as error:
        raise RulesError(str(error)) from None

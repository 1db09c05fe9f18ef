"""A short tutorial for every variant of the apps: one scripted hand that shows what is wild or
reversed there, played on the variant's own preset like the games' tutorials.

Every Teen Patti variant's hand follows the same script (you look, bet 2 seen, Asha packs, Ravi
bets 2, you ask for the show), so only the words and the stacked deck differ; the words say what
your cards play as, and tests/teaching/test_variant_tutorials.py checks each claim against the
engine's own hand evaluation. Four-card Brag's hand adds the discard.
"""

from __future__ import annotations

from game.i18n import N_
from game.teaching.tutorials import TUTORIALS, Deal, Tutorial, they, you

NAMES = (N_("You"), "Asha", "Ravi")
"""The table of every variant's lesson: you, then Asha, then Ravi, who deals (so you act first)."""

DEALER = 2

LOOK = N_("Press See cards to look at your hand.")
"""The first move of every Teen Patti variant's hand."""

SHOW = N_(
    "Asha packed and Ravi bet 2: with two players left, ask for a SHOW. Both seen, it costs 2x "
    "the stake, 2, and the two hands are compared."
)
"""The last move of every Teen Patti variant's hand."""


def _teen_patti_lesson(
    preset: str, title: str, deck: str, opening: str, hand: str, closing: str
) -> Tutorial:
    """A variant's hand on the common script: look, bet 2 seen, and the show against Ravi.

    `deck` deals you, Asha and Ravi one card at a time from the top (and then any open joker);
    `hand` says what your cards play as, `closing` why the show goes your way.
    """
    return Tutorial(
        name=preset,
        title=title,
        preset=preset,
        names=NAMES,
        dealer=DEALER,
        deals=(
            Deal(
                deck=deck,
                opening=opening,
                steps=(
                    you("look", LOOK),
                    you("bet 2", hand),
                    they("1 look"),
                    they("1 fold"),
                    they("2 look"),
                    they("2 bet 2"),
                    you("show", SHOW),
                ),
                closing=closing,
            ),
        ),
    )


JOKER = _teen_patti_lesson(
    "joker",
    N_("Joker: the open card makes wild cards"),
    # You 7c Kd Ks; Asha 9h 5c 2d; Ravi As Ad 9d; then the 7h is turned up.
    "7c 9h As Kd 5c Ad Ks 2d 9d 7h",
    N_(
        "After the deal one card is turned face up in the middle: the joker. Every card of its "
        "rank is wild for everyone, whatever its suit."
    ),
    N_(
        "The open card is the 7♥, so every 7 is wild. Your 7♣ joins your two kings: K-K-K, a "
        "trail of kings. Bet 2 to stay in."
    ),
    N_(
        "Ravi's pair of aces is no match for a trail: the wild 7 made your K-K-K, and it wins "
        "the pot."
    ),
)

AK47 = _teen_patti_lesson(
    "ak47",
    N_("AK47: every ace, king, 4 and 7 is wild"),
    # You As 4d 9c; Asha 8c 6c 2h; Ravi Qs Qh 3d.
    "As 8c Qs 4d 6c Qh 9c 2h 3d",
    N_(
        "In AK47 every ace, king, 4 and 7 is wild, in every hand: a wild card plays as whatever "
        "card makes the hand best."
    ),
    N_(
        "You hold A♠ 4♦ 9♣: the ace and the 4 are both wild, so they become two more 9s. Your "
        "hand plays as 9-9-9, a trail of 9s! Bet 2 to stay in."
    ),
    N_("Ravi's pair of queens would beat A-4-9 in plain Teen Patti; here your trail of 9s wins."),
)

HIGHEST_JOKER = _teen_patti_lesson(
    "highest_joker",
    N_("Highest Joker: your own top card is wild"),
    # You Kd 8s 8h; Asha 9s 5h 2c; Ravi Td 6c 6s.
    "Kd 9s Td 8s 5h 6c 8h 2c 6s",
    N_(
        "In Highest Joker each player's own highest card is wild for that player alone, so "
        "everyone has a different joker."
    ),
    N_(
        "Your highest card, the K♦, is your joker: with your two 8s it plays as 8-8-8, a trail "
        "of 8s. Bet 2 to stay in."
    ),
    N_(
        "Ravi's highest card, his 10, was wild for him: 6-6-6, a trail of 6s. Your trail of 8s "
        "is higher and wins."
    ),
)

LOWEST_JOKER = _teen_patti_lesson(
    "lowest_joker",
    N_("Lowest Joker: your own lowest card is wild"),
    # You 3s 3d Qc; Asha 8h 6h Jd; Ravi 5c 9s Js.
    "3s 8h 5c 3d 6h 9s Qc Jd Js",
    N_(
        "In Lowest Joker each player's own lowest card is wild for that player alone, and a "
        "lowest pair makes both cards wild. The ace counts high."
    ),
    N_(
        "Your lowest cards are a pair of 3s, so both are wild: with your queen the hand plays as "
        "Q-Q-Q, a trail of queens. Bet 2 to stay in."
    ),
    N_(
        "Ravi's lowest card, his 5, became the 10 of spades for him: a pure sequence 9-10-J. "
        "Your trail of queens beats it."
    ),
)

NINE_NINE_NINE = _teen_patti_lesson(
    "nine_nine_nine",
    N_("999: the highest number wins"),
    # You 9c Kd 4s; Asha Jh 6h 2d; Ravi Ks Kh 8d.
    "9c Jh Ks Kd 6h Kh 4s 2d 8d",
    N_(
        "In 999 suits do not matter: 10s and pictures count 0, an ace 1, and 2 to 9 their value. "
        "Your three digits make the highest number they can, and the highest number wins."
    ),
    N_(
        "Your 9, king and 4 count 9, 0 and 4: the highest number they make is 940, a strong "
        "hand. Bet 2 to stay in."
    ),
    N_("Ravi's pair of kings counts 0 and 0: with his 8 he makes only 800. Your 940 wins."),
)

BEST_OF_FOUR = _teen_patti_lesson(
    "best_of_four",
    N_("Best of Four: four cards, the best three play"),
    # You 5s 6s 7s Kd; Asha 9h Td 4c 2d; Ravi Ac Ad 3h Js.
    "5s 9h Ac 6s Td Ad 7s 4c 3h Kd 2d Js",
    N_(
        "In Best of Four everyone gets four cards and plays the best three of them; when the "
        "best threes are equal, the fourth card decides."
    ),
    N_(
        "Of your four cards, 5♠ 6♠ 7♠ make a pure sequence, 5-6-7; the king is left over. Bet 2 "
        "to stay in."
    ),
    N_("Ravi's best three are a pair of aces: your pure sequence 5-6-7 beats it."),
)

HIGH_LOW = _teen_patti_lesson(
    "high_low",
    N_("High-Low: 2 is high, ace is low"),
    # You 2c 2d 5h; Asha 9s 7h Jc; Ravi As Ah Kd.
    "2c 9s As 2d 7h Ah 5h Jc Kd",
    N_(
        "In High-Low the card ranks are upside down: 2 is the highest card and the ace the "
        "lowest. The kinds of hand keep their order: a trail still beats a sequence."
    ),
    N_("You hold a pair of 2s: here no pair is higher. Bet 2 to stay in."),
    N_("Ravi's pair of aces is the lowest pair in High-Low: your pair of 2s wins."),
)

MUFLIS = _teen_patti_lesson(
    "muflis",
    N_("Muflis: the lowest hand wins"),
    # You 2c 4d 7s; Asha 9s 9h Jc; Ravi Ks Kh Qd.
    "2c 9s Ks 4d 9h Kh 7s Jc Qd",
    N_(
        "Muflis turns Teen Patti upside down: at the show the LOWEST hand wins. A trail is the "
        "worst hand, and a plain high card the best kind."
    ),
    N_(
        "Your 7-4-2 in mixed suits is no pair, no sequence and no colour: in Muflis that is a "
        "strong hand. Bet 2 to stay in."
    ),
    N_(
        "Ravi's pair of kings would win in plain Teen Patti; in Muflis it is worse than your "
        "7-4-2, so you win."
    ),
)

FOUR_CARD_BRAG = Tutorial(
    name="four_card_brag",
    title=N_("Four-card Brag: keep three, discard one"),
    preset="four_card_brag",
    names=NAMES,
    dealer=DEALER,
    deals=(
        Deal(
            # You Qh Qc 8h 3h; Asha 9s 5d 2c Jh; Ravi Ks Kh 4d 7c.
            deck="Qh 9s Ks Qc 5d Kh 8h 2c 4d 3h Jh 7c",
            opening=N_(
                "In Four-card Brag everyone gets four cards. Right after you look you must "
                "discard one face down, and you play the other three."
            ),
            steps=(
                you("look", N_("Press Look at cards to see your four cards.")),
                you(
                    "discard Qc",
                    N_(
                        "You hold Q♥ Q♣ 8♥ 3♥. In Brag a flush beats a pair, so keep Q♥ 8♥ 3♥, "
                        "a flush, and discard the Q♣."
                    ),
                ),
                you("bet 2", N_("Your three cards are a flush Q-8-3. Bet 2 on them.")),
                they("1 fold"),
                they("2 look"),
                they("2 discard 7c"),
                they("2 bet 2"),
                you(
                    "show",
                    N_(
                        "Asha folded and Ravi bet 2: with two players left you may SEE him for "
                        "twice the last bet, 4."
                    ),
                ),
            ),
            closing=N_(
                "Ravi kept a pair of kings; your flush Q-8-3 beats it and wins the pot. Had the "
                "hands been equal, the higher discard would have won."
            ),
        ),
    ),
)

VARIANT_TUTORIALS: dict[str, Tutorial] = {
    tutorial.name: tutorial
    for tutorial in (
        JOKER,
        AK47,
        HIGHEST_JOKER,
        LOWEST_JOKER,
        NINE_NINE_NINE,
        BEST_OF_FOUR,
        HIGH_LOW,
        MUFLIS,
        FOUR_CARD_BRAG,
    )
}
"""Every variant's lesson by its preset's name, in the order the lessons menu lists them."""

EVERY_TUTORIAL: dict[str, Tutorial] = {**TUTORIALS, **VARIANT_TUTORIALS}
"""The games' tutorials, then the variants' lessons, by name."""

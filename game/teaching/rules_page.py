"""The rules page, written from the rule set in play: the house options chosen are the rules shown.

>>> from game.engine.rules import make_rules
>>> page = rules_page(make_rules("teen_patti", boot=5))
>>> page[0].title, page[0].lines[0]
('Teen Patti', 'Everyone puts in the boot of 5 before the deal; the stake starts at 5.')
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.brag import FOUR_CARD_TIE_RULE
from game.engine.cards import parse
from game.engine.paytables import (
    ANTE_BONUS_TABLES,
    PAIR_PLUS_TABLES,
    PayTable,
    casino_house_edge,
    pair_plus_house_edge,
    percent,
)
from game.engine.rules import (
    WHY_TABLE_LIMITS,
    BragRules,
    CasinoRules,
    Rules,
    TeenPattiRules,
    ThreeCardPokerRules,
)
from game.engine.teen_patti import show_winner_rule, sideshow_loser_rule
from game.i18n import N_, _, ngettext, number
from game.teaching.hand_chart import format_pretty, hand_chart, run_note, wild_examples
from game.words.hands import rank_name, said_description
from game.words.said import said

_DEALING = {
    (3, "clockwise"): N_(
        "Three cards each, dealt one at a time clockwise; betting starts at the dealer's next "
        "seat and goes round until it ends."
    ),
    (3, "counter-clockwise"): N_(
        "Three cards each, dealt one at a time counter-clockwise; betting starts at the "
        "dealer's next seat and goes round until it ends."
    ),
    (4, "clockwise"): N_(
        "Four cards each, dealt one at a time clockwise; betting starts at the dealer's next "
        "seat and goes round until it ends."
    ),
    (4, "counter-clockwise"): N_(
        "Four cards each, dealt one at a time counter-clockwise; betting starts at the "
        "dealer's next seat and goes round until it ends."
    ),
}
"""How the cards go round, by the number dealt and the direction."""


@dataclass(frozen=True)
class Section:
    """A titled block of the rules page."""

    title: str
    lines: tuple[str, ...]


def _wild_line(wild_cards: str, fewer_wilds_win: bool = True) -> list[str]:
    if not wild_cards:
        return []
    wild = _("Wild cards: {cards}. A wild card stands for any card.").format(cards=wild_cards)
    return [f"{wild} {_tie_rule(fewer_wilds_win)}"]


def _tie_rule(fewer_wilds_win: bool) -> str:
    if fewer_wilds_win:
        return _("Between otherwise equal hands, the one with fewer wild cards wins.")
    return _("A hand made with wild cards ties an equal natural hand.")


EXAMPLE_OPEN_JOKER = "7h"
"""The open joker the rules page's chart is drawn with, at a table that turns one up."""


def _ranking_section(rules: Rules) -> Section:
    open_jokers = isinstance(rules, TeenPattiRules) and rules.open_jokers > 0
    if isinstance(rules, TeenPattiRules) and open_jokers:
        ranking = rules.hand_ranking(parse(EXAMPLE_OPEN_JOKER))
    else:
        ranking = rules.hand_ranking()
    rows = hand_chart(ranking)
    lines = []
    if open_jokers:
        rank = rank_name(parse(EXAMPLE_OPEN_JOKER)[0].rank)
        lines.append(_("Drawn as if a {rank} were the joker.").format(rank=rank))
    lines += [
        _("{hand}, e.g. {example} ({odds})").format(
            hand=row.name, example=row.example_description, odds=row.odds_text
        )
        for row in rows
    ]
    lines += [
        _("{cards} plays as {plays_as}: {description}").format(
            cards=format_pretty(hand), plays_as=value.plays_as, description=said_description(value)
        )
        for hand, value in wild_examples(ranking)
    ]
    if not ranking.spec.scoring:
        lines.append(run_note(ranking))
    if isinstance(rules, TeenPattiRules | BragRules) and rules.cards_dealt == 4:
        lines.append(
            _("The odds are for three cards: with four to choose from, each comes more often.")
        )
    lines.append(_("Equal hands are equal: no suit beats another."))
    return Section(_("Hands, best first"), tuple(lines))


def _variant_lines(rules: TeenPattiRules) -> list[str]:
    """One sentence for each variant knob the rules turn on."""
    lines = []
    if rules.ranking == "nine_nine_nine":
        lines.append(
            _(
                "999: suits do not count; 10, J, Q and K count 0, the ace 1, 2 to 9 their value. "
                "Your three digits make the highest number they can (9-K-4 is 940, 7-6-A is "
                "761); the highest number wins and equal numbers split the pot."
            )
        )
    if rules.wild_ranks:
        lines.append(
            _("Wild ranks: every {ranks} is wild, for everyone.").format(ranks=rules.wild_ranks)
        )
    if rules.open_jokers:
        count = rules.open_jokers
        lines.append(
            ngettext(
                "Joker: after the deal a card is turned face up in the middle of the table; "
                "every card of that rank is wild for everyone (joker 4: A-3-4 plays as A-2-3).",
                "Joker: after the deal {count} cards are turned face up in the middle of the "
                "table; every card of that rank is wild for everyone (joker 4: A-3-4 plays as "
                "A-2-3).",
                count,
            ).format(count=count)
        )
    if rules.personal_joker != "none":
        which = rules.personal_joker
        if which == "highest":
            lines.append(
                _(
                    "Highest joker: your own highest card is wild for you alone (6-9-K plays as "
                    "6-9-9); the ace counts high."
                )
            )
        else:
            lines.append(
                _(
                    "Lowest joker: your own lowest card is wild for you alone (A-K-K plays as "
                    "A-A-A); the ace counts high."
                )
            )
        if rules.personal_joker_every:
            if which == "highest":
                lines.append(
                    _("Every card of your highest rank is wild: a highest pair makes both wild.")
                )
            else:
                lines.append(
                    _("Every card of your lowest rank is wild: a lowest pair makes both wild.")
                )
    if rules.reversed_ranks:
        lines.append(
            _(
                "High-Low: card ranks are reversed, 2 highest and the ace lowest, while the "
                "categories keep their order: a pair of 2s is the best pair (this is not Muflis)."
            )
        )
    if rules.cards_dealt == 4:
        lines.append(
            _(
                "Four cards each: a hand plays as its best three, and between equal best threes "
                "the higher fourth card wins. Looking shows you all four."
            )
        )
    if rules.wild_ranks or rules.open_jokers or rules.personal_joker != "none":
        lines.append(_tie_rule(rules.fewer_wilds_win))
    return lines


def _teen_patti(rules: TeenPattiRules) -> list[Section]:
    boot = number(rules.boot)
    ranking = rules.hand_ranking()
    direction = "clockwise" if rules.deal_direction == "clockwise" else "counter-clockwise"
    play = [
        _(
            "Everyone puts in the boot of {boot} before the deal; the stake starts at {boot}."
        ).format(boot=boot),
        _(_DEALING[(rules.cards_dealt, direction)]),
        _("Blind (cards not looked at): bet 1x to 2x the stake; your bet becomes the stake."),
        _("Seen: bet 2x to 4x the stake; half your bet becomes the stake."),
        _("At your turn a blind player may look; from then on they play seen."),
        _("Pack (fold) at any turn and lose what you put in. The last player left wins the pot."),
    ]
    if ranking.spec.reverse:
        play.append(_("Muflis: at a show the LOWER hand wins."))
    if rules.blind_limit is not None:
        play.append(
            ngettext(
                "Blind limit: after {count} blind turn you must look.",
                "Blind limit: after {count} blind turns you must look.",
                rules.blind_limit,
            ).format(count=rules.blind_limit)
        )
    if rules.chaal_limit is not None:
        play.append(
            _("Chaal limit: no seen bet above {seen}, no blind bet above {blind}.").format(
                seen=number(rules.chaal_limit), blind=number(rules.chaal_limit // 2)
            )
        )
    if rules.pot_limit is not None:
        play.append(
            _("Pot limit: when the pot reaches {amount}, everyone still in shows.").format(
                amount=number(rules.pot_limit)
            )
        )
    if any(limit is not None for limit in (rules.blind_limit, rules.chaal_limit, rules.pot_limit)):
        play.append(_(WHY_TABLE_LIMITS))
    play += _wild_line(rules.wild_cards, rules.fewer_wilds_win)
    play += _variant_lines(rules)
    show = [
        _("Only with exactly two players left."),
        _("A blind player pays 1x the stake and looks only after paying."),
        _("A seen player may not ask a blind player for a show."),
        _("Both seen: the show costs 2x the stake."),
    ]
    if rules.show_cost == "tagalog":
        show.append(_("House rule (TPT): both players pay for the show."))
    show.append(said(show_winner_rule(ranking)))
    sections = [Section(_("Teen Patti"), tuple(play)), Section(_("Show"), tuple(show))]
    if rules.sideshow:
        sections.append(
            Section(
                _("Sideshow"),
                (
                    _(
                        "When everyone left is seen (three or more), bet the minimum (2x) and ask "
                        "the player who bet just before you to compare hands privately."
                    ),
                    said(sideshow_loser_rule(ranking)),
                    _("Refused: betting goes on with the player after the asker."),
                ),
            )
        )
    else:
        sections.append(Section(_("Sideshow"), (_("Sideshows are off at this table."),)))
    sections.append(Section(_("Running short"), tuple(_running_short_lines(rules))))
    return sections


def _running_short_lines(rules: TeenPattiRules) -> list[str]:
    """What a player who cannot afford the smallest bet may do, by the table's house rule."""
    if rules.running_short == "pack":
        return [
            _(
                "If you cannot afford the smallest bet, you must pack; only where a show is "
                "allowed anyway (two players left) may you show with what you have left."
            )
        ]
    return [
        _(
            "If you cannot afford the smallest bet with two players left, you may show for what "
            "you have: whatever the other player put in beyond you goes back to them."
        ),
        _(
            "With three or more in, you may cover the pot: put in all you have; the others bet "
            "on into a new pot, and the covered pot goes to the better of your hand and that "
            "pot's winner (a tie to the winner)."
        ),
    ]


def _brag(rules: BragRules) -> list[Section]:
    betting = [
        _("Everyone antes {ante}; the deal passes to the left.").format(ante=number(rules.ante)),
        _("The first player folds or bets {least} to {most}.").format(
            least=number(rules.min_bet), most=number(rules.max_bet)
        ),
        _(
            "Every later player folds or bets at least as much as the previous player: "
            "there is no equalising, what you put in before does not count."
        ),
        _("A blind player's bets count double: they pay half."),
    ]
    if rules.raise_limit == "pot":
        betting.append(_("No bet may put in more than the pot already holds."))
    if rules.see_cost == "double":
        see = _("Only with two players left. Seeing costs twice the last bet.")
    else:
        see = _(
            "Only with two players left. Seeing costs the last bet (twice when the other player "
            "is blind)."
        )
    seeing = [
        see,
        _("You cannot see a blind man: an open player may only bet or fold against a blind one."),
        _("A blind player sees for twice the blind stake."),
        _(
            "The other player shows first; you show only if you beat them. Equal or worse, you "
            "lose and your cards stay hidden."
        ),
    ]
    pack = [
        _("The pack is shuffled only at the start, and after a hand seen and won by a prial."),
        _(
            "Folded hands go to the bottom of the pack in folding order; at the end the other "
            "hands follow. The next deal comes off the top."
        ),
    ]
    if rules.open_pack:
        pack.append(_("Open pack: the pack lies face up, so its bottom card shows."))
    blind = [_("A blind player left alone does not win: the pot carries to the next deal.")]
    if rules.retained_hand == "two_hands":
        blind += [
            _("They keep the blind hand and get a new one: look at the new, the old, or neither."),
            _(
                "Having looked at one, keep it (the other folds unseen) or fold it and play the "
                "other blind. Never look at both."
            ),
            _("Win again unseen: keep one of the two, sight unseen. Never three hands."),
        ]
    else:
        blind += [
            _("Face-up form: they get a second hand face up; everyone else must beat it or fold."),
            _(
                "All fold: the blind player takes the antes and keeps the blind hand. Anyone "
                "stays: the face-up hand is thrown in and play goes on normally."
            ),
        ]
    short = (
        [
            _(
                "Cover the pot: put in all you have; the others bet on into a side pot, and the "
                "covered pot goes to the better of the side-pot winner and your hand (a tie to "
                "them)."
            )
        ]
        if rules.running_short == "cover"
        else [
            _(
                "Short of money you must fold, or borrow from the richest player; loans are "
                "repaid at the end of the deal as far as the borrower can."
            )
        ]
    )
    if rules.showdown_by_agreement:
        short.append(_("With three or more in, all may agree to show down at once."))
    short += _wild_line(rules.wild_cards)
    four = _four_card_lines(rules)
    return [
        *([Section(_("Four-card Brag"), tuple(four))] if four else []),
        Section(_("3 Card Brag: betting"), tuple(betting)),
        Section(_("Seeing"), tuple(seeing)),
        Section(_("The pack"), tuple(pack)),
        Section(_("Blind hands"), tuple(blind)),
        Section(_("Money and agreements"), tuple(short)),
    ]


def _four_card_lines(rules: BragRules) -> list[str]:
    """Four-card brag's discard, blind and tie rules (none when three cards are dealt)."""
    if rules.cards_dealt == 3:
        return []
    return [
        _(
            "Four cards each. When you look you must at once discard one face down, before you "
            "bet, and play the other three."
        ),
        _(
            "A blind player keeps all four: the blind hand plays as its best three, the fourth "
            "counting as its discard. A retained blind hand keeps its four cards too; discard "
            "when you look at it."
        ),
        _("Tie rule: {rule}.").format(rule=_(FOUR_CARD_TIE_RULE)),
        _(
            "A discard stays face down, hidden from the others, unless equal hands shown down "
            "compare it."
        ),
    ]


def _pair_plus_lines(rules: ThreeCardPokerRules | CasinoRules) -> list[str]:
    if not rules.pair_plus:
        return [_("Pair Plus is not offered at this table.")]
    table = PAIR_PLUS_TABLES[rules.pay_table]
    edge = percent(pair_plus_house_edge(table))
    return [
        _("Pair Plus ({bet}) pays, to one: {odds}.").format(
            bet=number(rules.pair_plus_bet), odds=_odds_text(rules, table)
        ),
        _("House edge of this Pair Plus table, by our enumeration: {edge}.").format(edge=edge),
    ]


def _odds_text(rules: ThreeCardPokerRules | CasinoRules, table: PayTable) -> str:
    names = rules.hand_ranking().spec.names
    parts = [f"{_(names[category]).lower()} {odds}" for category, odds in table.odds]
    if table.mini_royal is not None:
        parts.insert(0, _("suited A-K-Q {odds}").format(odds=table.mini_royal))
    return ", ".join(parts)


def _three_card_poker(rules: ThreeCardPokerRules) -> list[Section]:
    if rules.tie == "push":
        qualified = _(
            "Qualified: each hand is compared with the designated player's alone; the better "
            "hand wins Base and Call at even money. A tie pushes."
        )
    else:
        qualified = _(
            "Qualified: each hand is compared with the designated player's alone; the better "
            "hand wins Base and Call at even money. A tie goes to the designated player."
        )
    if rules.pair_plus_on_lost_call == "loses":
        lost = _(
            "Pair Plus is paid only after a winning Call (or a non-qualifying bank); on a lost "
            "Call it loses."
        )
    else:
        lost = _(
            "Pair Plus is paid only after a winning Call (or a non-qualifying bank); on a lost "
            "Call it pushes."
        )
    lines = [
        _(
            "One player, the designated player, banks the table; the role moves round each deal "
            "and a player may waive it. A seat that cannot cover the table may not bank."
        ),
        _("Everyone else posts a Base Bet of {bet} and may add Pair Plus.").format(
            bet=number(rules.base_bet)
        ),
        _("Look at your cards, then fold (losing Base and Pair Plus) or Call (equal to the Base)."),
        _(
            "The designated player qualifies with queen-high or better. Not qualified: Calls get "
            "no action, the Base is paid even money and Pair Plus is paid."
        ),
        qualified,
        lost,
        _(
            "The bank pays only as far as its money reaches, in order from its left; a hand it "
            "cannot cover is dead and its wagers are returned."
        ),
    ]
    return [Section(_("Three Card Poker"), tuple(lines + _pair_plus_lines(rules)))]


def _casino(rules: CasinoRules) -> list[Section]:
    bonus = ANTE_BONUS_TABLES[rules.ante_bonus]
    odds = _odds_text(rules, bonus)
    if odds:
        bonus_line = _(
            "Ante bonus, paid when you play whatever the dealer holds, to one: {odds}."
        ).format(odds=odds)
    else:
        bonus_line = _(
            "Ante bonus, paid when you play whatever the dealer holds, to one: none at this table."
        )
    lines = [
        _("The house deals and banks. Post an Ante of {ante}, and Pair Plus if you like.").format(
            ante=number(rules.ante)
        ),
        _("Look at your cards: fold (losing the Ante) or Play (a bet equal to the Ante)."),
        _(
            "The dealer qualifies with queen-high. Not qualified: the Ante is paid even money "
            "and the Play pushes. Qualified: the better hand wins Ante and Play at even money."
        ),
        bonus_line,
        _(
            "Play with Q-6-4 or better; with that play the house edge is {edge} of the Ante, by "
            "our enumeration."
        ).format(edge=percent(casino_house_edge(rules.ante_bonus))),
    ]
    return [Section(_("Casino Three Card Poker"), tuple(lines + _pair_plus_lines(rules)))]


def rules_page(rules: Rules) -> list[Section]:
    """The rules page for a rule set: the game's sections, then its hand ranking."""
    if isinstance(rules, TeenPattiRules):
        sections = _teen_patti(rules)
    elif isinstance(rules, BragRules):
        sections = _brag(rules)
    elif isinstance(rules, ThreeCardPokerRules):
        sections = _three_card_poker(rules)
    elif isinstance(rules, CasinoRules):
        sections = _casino(rules)
    else:
        raise ValueError(f"no rules page for {type(rules).__name__}")
    return [*sections, _ranking_section(rules)]

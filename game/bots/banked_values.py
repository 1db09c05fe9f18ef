"""Print each level's exact Three Card Poker value per hand: `python -m game.bots.banked_values`.

Every one of the 22,100 player hands against every one of the 18,424 dealer (or designated
player) hands; a level's random choices enter as their probabilities. Values are per hand as a
player, in percent of the Base Bet (Ante), Pair Plus included when the level posts it.
"""

from __future__ import annotations

from game.bots.banked import BANKED_POLICIES, BankedTable, level_expected_value


def main() -> None:
    """Print the markdown table."""
    print("| level | designated-player game, as a player | casino game |")
    print("|---|---|---|")
    tables = (BankedTable(casino=False), BankedTable(casino=True))
    for name, policy in BANKED_POLICIES.items():
        values = [level_expected_value(policy, table) * 100 for table in tables]
        print(f"| {name} | {values[0]:+.3f} % of the Base | {values[1]:+.3f} % of the Ante |")


if __name__ == "__main__":
    main()

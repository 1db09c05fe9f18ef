"""Build the shipped hand-strength tables: `python -m game.bots.build_tables [--samples N]`."""

from __future__ import annotations

import argparse
import json
import time

from game.bots.four_card_strength import build_four_card_table
from game.bots.strength import (
    DATA_FOLDER,
    SHIPPED_RANKINGS,
    VARIANT_TABLES,
    StrengthTable,
    build_table,
    shipped_ranking,
    table_name,
    variant_ranking,
)


def main() -> None:
    """Build every shipped table and write it as JSON beside the bots."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=400, help="deals per level for k >= 3")
    parser.add_argument("--only", default=None, help="build just this table name")
    parser.add_argument(
        "--variants", action="store_true", help="build just the variant presets' tables"
    )
    arguments = parser.parse_args()
    DATA_FOLDER.mkdir(exist_ok=True)
    rankings = (
        [] if arguments.variants else [(shipped_ranking(*entry), 3) for entry in SHIPPED_RANKINGS]
    )
    rankings += [variant_ranking(*entry) for entry in VARIANT_TABLES]
    built: set[str] = set()
    for ranking, cards in rankings:
        name = table_name(ranking, cards)
        if (arguments.only and name != arguments.only) or name in built:
            continue
        built.add(name)
        started = time.perf_counter()
        table: StrengthTable = (
            build_four_card_table(ranking, samples=arguments.samples)
            if cards == 4
            else build_table(ranking, samples=arguments.samples)
        )
        path = DATA_FOLDER / f"strength-{table.name}.json"
        path.write_text(json.dumps(table.as_json(), separators=(",", ":")) + "\n", "utf-8")
        weakest_high = table.chance(0, 1)
        print(
            f"{table.name}: {table.levels} levels, {time.perf_counter() - started:.1f} s, "
            f"{path.stat().st_size // 1024} KB, weakest hand p1 {weakest_high:.4f}"
        )


if __name__ == "__main__":
    main()

"""Build the shipped hand-strength tables: `python -m game.bots.build_tables [--samples N]`."""

from __future__ import annotations

import argparse
import json
import time

from game.bots.strength import (
    DATA_FOLDER,
    SHIPPED_RANKINGS,
    build_table,
    shipped_ranking,
    table_name,
)


def main() -> None:
    """Build every shipped table and write it as JSON beside the bots."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=400, help="deals per level for k >= 3")
    parser.add_argument("--only", default=None, help="build just this table name")
    arguments = parser.parse_args()
    DATA_FOLDER.mkdir(exist_ok=True)
    for name, a23, wild in SHIPPED_RANKINGS:
        ranking = shipped_ranking(name, a23, wild)
        if arguments.only and table_name(ranking) != arguments.only:
            continue
        started = time.perf_counter()
        table = build_table(ranking, samples=arguments.samples)
        path = DATA_FOLDER / f"strength-{table.name}.json"
        path.write_text(json.dumps(table.as_json(), separators=(",", ":")) + "\n", "utf-8")
        weakest_high = table.chance(0, 1)
        print(
            f"{table.name}: {table.levels} levels, {time.perf_counter() - started:.1f} s, "
            f"{path.stat().st_size // 1024} KB, weakest hand p1 {weakest_high:.4f}"
        )


if __name__ == "__main__":
    main()

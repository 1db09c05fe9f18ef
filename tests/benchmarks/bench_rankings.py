"""Benchmark: time to tabulate all 22,100 hands for each ranking (target under 20 ms)."""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always

from game.engine.hands import RANKING_NAMES, get_ranking


def main() -> None:
    """Print the median and best time to tabulate each ranking."""
    for name in RANKING_NAMES:
        ranking = get_ranking(name)
        samples = []
        for _ in range(30):
            start = time.perf_counter()
            ranking.tabulate()
            samples.append((time.perf_counter() - start) * 1000)
        print(
            f"tabulate {name:<17} 22,100 hands: median {statistics.median(samples):6.2f} ms, "
            f"best {min(samples):6.2f} ms (target < 20 ms)"
        )


if __name__ == "__main__":
    main()

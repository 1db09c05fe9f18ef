"""Write the golden state frame of each game family, checked byte for byte by
tests/network/test_golden_frames.py:

    .venv/bin/python tests/golden/make_frames.py

writes tests/golden/frames/FAMILY.json: the exact text of the state frame the seat to act is
sent four moves into a seeded deal (the family's first preset, deal 1, seed 11, random bots at
three seats or the family's fewest), with a 30 s clock.
Regenerate them only when the wire changes on purpose (the protocol version moves, or an
additive change), and read the difference before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always

from game.engine.families import FAMILIES
from game.engine.family import Family
from game.network.frames import EventCursor, state_frame
from game.session import SeatPlan, Session

FRAMES = Path(__file__).resolve().parent / "frames"
SEED = 11
CLOCK = 30.0
MOVES = 4
"""How many moves into the deal the kept state comes (fewer if the deal ends first)."""


def golden_frame(family: Family) -> str:
    """The state frame the seat to act is sent after up to MOVES moves of a seeded deal."""
    info = FAMILIES[family]
    plans = [SeatPlan.bot(f"Bot {index}", "random") for index in range(max(3, info.seats.start))]
    session = Session(info.presets[0].rules(), plans, seed=SEED)
    session.start_deal()
    frame = ""
    for number in range(1, MOVES + 2):
        if session.game.deal_over:
            break
        frame = state_frame(session, EventCursor(), number, CLOCK, session.game.to_act)
        session.step()
    return frame


def path_of(family: Family) -> Path:
    """Where a family's golden frame is kept."""
    return FRAMES / f"{family.value}.json"


def main() -> None:
    """Write every family's golden frame."""
    FRAMES.mkdir(exist_ok=True)
    for family in Family:
        path_of(family).write_text(golden_frame(family) + "\n", encoding="utf-8")
        print(path_of(family))


if __name__ == "__main__":
    main()

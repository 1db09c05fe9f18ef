"""Write the golden files of the current format versions into saves/ (run by hand, once per
format version: `python tests/persistence/make_golden.py`); old versions are never rewritten."""

import json
from pathlib import Path

from game.engine.rules import get_preset
from game.persistence.last_game import LAST_GAME_VERSION, LastGame, SeatChoiceRecord
from game.persistence.saves import SAVE_VERSION, SessionSave, snapshot
from game.persistence.settings import SETTINGS_VERSION, Settings
from game.session import SeatPlan, Session

SAVES = Path(__file__).resolve().parents[2] / "saves"


def _played(preset: str, seed: int, until: str) -> Session:
    players = 1 if preset == "casino" else 4
    plans = [SeatPlan.person("You")] + [
        SeatPlan.bot(name, "easy") for name in ("Asha", "Ravi", "Meera")[: players - 1]
    ]
    for seat in range(players):
        plans[seat] = SeatPlan.bot(plans[seat].name, "easy")
    session = Session(get_preset(preset).rules(), plans, stack=300, seed=seed)
    for _ in range(5000):
        if session.game.deal_over:
            if until == "retained" and getattr(session.game, "retained", None):
                break
            session.start_deal()
        else:
            session.step()
            if until == "mid-deal" and session.game.deal_number >= 3 and not session.game.deal_over:
                break
    session.seats[0] = SeatPlan.person("You")
    return session


def main() -> None:
    """Write settings, three session saves and the JSON schemas for the current versions."""
    golden = SAVES / "golden"
    schemas = SAVES / "schemas"
    golden.mkdir(parents=True, exist_ok=True)
    schemas.mkdir(parents=True, exist_ok=True)
    settings = Settings(
        animation_speed=1.5,
        card_back="blue",
        four_colour_deck=True,
        language="hi",
        network_name="Asha",
    )
    (golden / f"settings-v{SETTINGS_VERSION}.json").write_text(settings.model_dump_json(indent=2))
    last = LastGame(
        preset="brag",
        options={"open_pack": True, "max_bet": 50},
        seats=[
            SeatChoiceRecord(name="You", kind="person"),
            SeatChoiceRecord(name="Asha", kind="hard"),
        ],
        stack=500,
    )
    (golden / f"last-game-v{LAST_GAME_VERSION}.json").write_text(last.model_dump_json(indent=2))
    cases = {
        "brag-retained": ("brag", 5, "retained"),
        "teen-patti-mid-deal": ("teen_patti", 3, "mid-deal"),
        "three-card-poker-mid-deal": ("three_card_poker", 4, "mid-deal"),
    }
    for name, (preset, seed, until) in cases.items():
        save = snapshot(_played(preset, seed, until))
        path = golden / f"session-{name}-v{SAVE_VERSION}.json"
        path.write_text(save.model_dump_json(indent=2))
    for model, version, stem in (
        (Settings, SETTINGS_VERSION, "settings"),
        (SessionSave, SAVE_VERSION, "session-save"),
        (LastGame, LAST_GAME_VERSION, "last-game"),
    ):
        schema = json.dumps(model.model_json_schema(), indent=2, sort_keys=True)
        (schemas / f"{stem}-v{version}.schema.json").write_text(schema + "\n")


if __name__ == "__main__":
    main()

"""Starting the table: settings in, seats and a session, the window (or a screenshot), settings out.

`run_app` is what `python -m game` runs without a verb. It loads the settings (a problem with
the file becomes a notice on screen), seats "You" and three bots (or two people for hot-seat),
deals, plays, and saves the window size and fullscreen choice on the way out.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from game.engine.actions import Bet, Fold, Look
from game.engine.rules import RulesError, get_preset
from game.persistence.settings import Settings, load_settings, save_settings
from game.session import SeatPlan, Session
from game.ui.art import ArtStyle

PLAYABLE_FAMILIES = ("teen_patti", "brag")
"""Game families the table can play so far."""

BOT_NAMES = ("Priya", "Oliver", "Arjun", "Meera", "Harry", "Kabir", "Amelia", "Rohan", "Isla")
"""Indian and British names for the bots."""

HOTSEAT_NAMES = ("Asha", "Tom")
"""The two people of a hot-seat table."""

STACK = 200
"""Chips each seat starts a session with."""

SEATS = 4
"""Seats at the table."""

CARD_BACKS = {"classic": "red", "blue": "blue", "green": "green"}
FELTS = {"green": "green", "blue": "blue", "red": "red", "charcoal": "grey"}


def game_problem(name: str) -> str:
    """Why the table cannot play the preset `name` ('' when it can)."""
    try:
        preset = get_preset(name)
    except RulesError as error:
        return str(error)
    if preset.family not in PLAYABLE_FAMILIES:
        return f"'{name}' has no table yet; play one of: " + ", ".join(
            sorted(key for key, value in _presets().items() if value in PLAYABLE_FAMILIES)
        )
    return ""


def _presets() -> dict[str, str]:
    from game.engine.rules import PRESETS

    return {name: preset.family for name, preset in PRESETS.items()}


def style_from(settings: Settings) -> ArtStyle:
    """The art options the settings choose."""
    return ArtStyle(
        four_colour=settings.four_colour_deck,
        back=CARD_BACKS.get(settings.card_back, "red"),
        felt=FELTS.get(settings.table_colour, "green"),
    )


def seat_plans(seed: int, hotseat: bool = False, seats: int = SEATS) -> list[SeatPlan]:
    """'You' and bots with names picked by the seed; hot-seat: two people, then bots."""
    names = random.Random(seed).sample(BOT_NAMES, seats)
    if hotseat:
        people = [SeatPlan(name, True) for name in HOTSEAT_NAMES]
        return people + [SeatPlan(name, False, "easy") for name in names[: seats - 2]]
    return [SeatPlan("You", True)] + [SeatPlan(name, False, "easy") for name in names[1:seats]]


def new_session(preset: str, seed: int, hotseat: bool = False, seats: int = SEATS) -> Session:
    """A fresh session of the preset with the usual seats."""
    rules = get_preset(preset).rules()
    return Session(rules, seat_plans(seed, hotseat, seats), stack=STACK, seed=seed)


def scripted_session(preset: str, seed: int, seats: int = SEATS) -> Session:
    """A session dealt and played to a lively moment: bets, a seen player, a packed seat.

    The bots act by a fixed script (bet, look then bet, fold, bet ...) until the person's
    turn, and the person looks at their cards, so the picture shows their hand face up.
    """
    session = new_session(preset, seed, seats=seats)
    game = session.game
    session.start_deal()
    script = ("bet", "look", "fold", "bet", "look", "bet")
    for step in range(len(script) * 2):
        seat = game.to_act
        if seat is None or session.is_human(seat):
            break
        legal = {type(option.action): option for option in game.legal_actions()}
        wanted = script[step % len(script)]
        if wanted == "look" and Look in legal:
            session.submit(Look(seat))
            legal = {type(option.action): option for option in game.legal_actions()}
            wanted = "bet"
        if wanted == "bet" and Bet in legal:
            session.submit(Bet(seat, legal[Bet].low))
        elif Fold in legal:
            session.submit(Fold(seat))
    seat = game.to_act
    if seat is not None and session.is_human(seat):
        looks = [option.action for option in game.legal_actions()]
        look = next((action for action in looks if isinstance(action, Look)), None)
        if look is not None and look.hand == "only":
            session.submit(look)
    return session


def _seed(arguments: argparse.Namespace) -> int:
    seed = getattr(arguments, "seed", None)
    return int(seed) if seed is not None else int(time.time()) % 1_000_000


def _preset(arguments: argparse.Namespace, settings: Settings, notes: list[str]) -> str:
    chosen = getattr(arguments, "game", None)
    if chosen:
        return str(chosen)
    if game_problem(settings.last_preset):
        notes.append(f"The last game, '{settings.last_preset}', cannot be played here yet.")
        return "teen_patti"
    return settings.last_preset


def run_app(arguments: argparse.Namespace) -> int:
    """Open the table (or write `--screenshot` and exit); returns the exit status."""
    from game.ui.app import App, render_screenshot
    from game.ui.table_scene import TableScene

    loaded = load_settings()
    settings = loaded.value
    notes = [loaded.problem] if loaded.problem else []
    preset = _preset(arguments, settings, notes)
    problem = game_problem(preset)
    if problem:
        print(f"trey: {problem}", file=sys.stderr)
        return 2
    seed = _seed(arguments)
    hotseat = bool(getattr(arguments, "hotseat", False))
    style = style_from(settings)
    title = get_preset(preset).title
    screenshot = getattr(arguments, "screenshot", None)
    if screenshot:
        session = scripted_session(preset, seed)
        render_screenshot(
            Path(screenshot),
            lambda: TableScene(
                session, style=style, speed=settings.animation_speed, notes=notes, title=title
            ),
        )
        return _save(settings, preset)

    def fresh() -> Session:
        nonlocal seed
        seed += 1
        return new_session(preset, seed, hotseat)

    app = App(size=(settings.window_width, settings.window_height), fullscreen=settings.fullscreen)
    scene = TableScene(
        new_session(preset, seed, hotseat),
        style=style,
        speed=settings.animation_speed,
        notes=notes,
        new_session=fresh,
        title=title,
    )
    status = app.run(scene)
    width, height = app.windowed_size
    settings.window_width = max(640, min(7680, int(width)))
    settings.window_height = max(360, min(4320, int(height)))
    settings.fullscreen = app.fullscreen
    return _save(settings, preset) or status


def _save(settings: Settings, preset: str) -> int:
    settings.last_preset = preset
    problem = save_settings(settings)
    if problem:
        print(f"trey: {problem}", file=sys.stderr)
    return 0

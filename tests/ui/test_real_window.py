"""A real window under Xvfb: start `python -m game --game teen_patti --seed 3` (straight to the
table), click through a whole hand like a person (See cards, then Pack, wait for the bots, Next
deal), take a screenshot of the screen and check the game closes cleanly through the pause menu,
the session summary and the main menu (Escape, Q, M, Q).

Needs Xvfb, xdotool and ImageMagick's `import`; without them the test is skipped LOUDLY. On
Debian/Ubuntu: `apt-get install -y xvfb xdotool imagemagick`.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from card_faces import seat_faces_shown
from preset_games import create_preset_game
from x_display import (
    game_window,
    is_red,
    needs_x,
    run,
    start_game,
    wait_for,
    what_the_game_said,
    xvfb,
)

from game.engine.actions import Bet
from game.ui.kit.layout import Box
from game.ui.shell.seating import new_session
from game.ui.table.controls import controls_for
from game.ui.table.hud import ControlPanel

WINDOW = (1280, 720)

pytestmark = needs_x("real-window test")


@pytest.fixture
def display() -> Iterator[str]:
    """A private Xvfb screen, stopped afterwards."""
    with xvfb((1280, 800)) as name:
        yield name


def blind_turn_buttons() -> dict[str, Box]:
    """Where the buttons of a blind Teen Patti turn sit (the same code lays out the game's)."""
    game = create_preset_game("teen_patti", [200] * 4, seed=1)
    game.start_deal()
    for _ in range(3):
        game.apply(Bet(game.to_act or 0, 1))
    panel = ControlPanel()
    panel.show_actions(controls_for(game.legal_actions(), "teen_patti", True))
    return {button.label: button.box for button in panel.buttons}


class Screen:
    """Screenshots of the X screen and clicks in the game's window."""

    def __init__(self, display: str, game: subprocess.Popen[str], folder: Path) -> None:
        self.display = display
        self.window, geometry = game_window(display, game, WINDOW)
        self.folder = folder
        self.shots = 0
        self.left, self.top = geometry["X"], geometry["Y"]
        self.width, self.height = geometry["WIDTH"], geometry["HEIGHT"]

    def pixel(self, logical: tuple[float, float]) -> tuple[int, int]:
        """A logical point in window pixels (the window may be scaled and letterboxed)."""
        scale = min(self.width / 1280, self.height / 720)
        return (
            round((self.width - 1280 * scale) / 2 + logical[0] * scale),
            round((self.height - 720 * scale) / 2 + logical[1] * scale),
        )

    def grab(self) -> pygame.Surface:
        """A screenshot of the whole screen, as ImageMagick's `import -window root` sees it."""
        self.shots += 1
        path = self.folder / f"screen-{self.shots}.png"
        run(self.display, "import", "-window", "root", str(path))
        return pygame.image.load(str(path))

    def colour(self, logical: tuple[float, float]) -> pygame.Color:
        """The colour on screen at a logical point of the game."""
        x, y = self.pixel(logical)
        return self.grab().get_at((self.left + x, self.top + y))

    def click(self, logical: tuple[float, float]) -> None:
        """Move the mouse there and click, like a person."""
        x, y = self.pixel(logical)
        run(
            self.display,
            "xdotool",
            "mousemove",
            "--window",
            self.window,
            str(x),
            str(y),
            "click",
            "1",
        )


def is_gold(colour: pygame.Color) -> bool:
    """The Next deal button's gold."""
    return colour.r > 170 and 100 < colour.g < 200 and colour.b < 90


def edge(box: Box) -> tuple[float, float]:
    """A point inside a button but clear of its label."""
    return (box.x + 10, box.centre[1])


def test_a_person_plays_a_hand_in_a_real_window(display: str, tmp_path: Path) -> None:
    game = start_game(display, tmp_path, "--game", "teen_patti", "--seed", "3")
    try:
        screen = Screen(display, game, tmp_path)
        window = screen.window
        assert run(display, "xdotool", "getwindowname", window).strip() == "Trey"
        assert (screen.width, screen.height) == WINDOW
        buttons = blind_turn_buttons()
        look, pack = buttons["See cards"], buttons["Pack"]
        wait_for("the person's turn", lambda: is_red(screen.colour(edge(pack))))
        screen.click(look.centre)
        # after looking, Pack is still the red button of the bottom row, wherever it moved
        row_y = pack.centre[1]

        def red_in_bottom_row() -> float | None:
            shot = screen.grab()
            for x in range(860, 1270, 6):
                px, py = screen.pixel((x, row_y))
                if is_red(shot.get_at((screen.left + px, screen.top + py))):
                    return float(x)
            return None

        wait_for("the seen turn", lambda: red_in_bottom_row() is not None and True)
        left = red_in_bottom_row()
        assert left is not None
        screen.click((left + 30, row_y))
        next_deal = (872.0, 656.0)
        wait_for("the end of the deal", lambda: is_gold(screen.colour(next_deal)), 60)
        shot = screen.grab()
        pygame.image.save(shot, str(tmp_path / "end-of-deal.png"))
        colours = {
            tuple(shot.get_at((x, y)))
            for x in range(0, shot.get_width(), 37)
            for y in range(0, shot.get_height(), 29)
        }
        assert len(colours) > 50, "the screen is not blank"
        felt = shot.get_at((screen.left + 640, screen.top + 250))
        assert felt.g > felt.r, "green felt in the middle"
        screen.click(next_deal)
        wait_for("the next deal", lambda: not is_gold(screen.colour(next_deal)), 10)
        for key in ("Escape", "q", "m", "q"):  # pause, quit to menu, main menu, quit
            run(display, "xdotool", "key", "--window", window, key)
            time.sleep(0.3)
        try:
            status = game.wait(timeout=10)
        except subprocess.TimeoutExpired:
            game.terminate()
            status = game.wait(timeout=10)
        assert status == 0, what_the_game_said(game)
        settings = tmp_path / "config" / "trey" / "settings.json"
        assert settings.exists(), "settings saved on the way out"
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()


HANDOFF_BACKDROP = (14, 22, 18)
"""The hand-off card's backdrop (game/ui/table/handoff.py BACKDROP), filling the whole window."""


def stop_game(game: subprocess.Popen[str]) -> None:
    """Kill the game if it still runs."""
    if game.poll() is None:
        game.kill()
        game.wait()


def test_hot_seat_hand_off_appears_by_itself_three_times(display: str, tmp_path: Path) -> None:
    """Two people and two bots: after each person's bet, touching nothing, the next person's
    'Pass to NAME' card comes up on its own (within a second of the bots' longest turns)."""
    game = start_game(display, tmp_path, "--game", "teen_patti", "--seed", "3", "--hotseat")
    try:
        screen = Screen(display, game, tmp_path)
        window = screen.window

        def state() -> str:
            shot = screen.grab()
            corner = shot.get_at((screen.left + 3, screen.top + 3))
            if tuple(corner)[:3] == HANDOFF_BACKDROP:
                return "handoff"
            for x in range(860, 1270, 6):
                for y in (656, 684):  # the bottom row of two rows of buttons, or of one
                    px, py = screen.pixel((x, y))
                    if is_red(shot.get_at((screen.left + px, screen.top + py))):
                        return "controls"
            if is_gold(
                shot.get_at(
                    (
                        screen.left + screen.pixel((872, 656))[0],
                        screen.top + screen.pixel((872, 656))[1],
                    )
                )
            ):
                return "next deal"
            return "waiting"

        def key(name: str) -> None:
            run(display, "xdotool", "key", "--window", window, name)

        handoffs = 0
        wait_for("a person's turn", lambda: state() in ("handoff", "controls"), 30)
        if state() == "handoff":
            time.sleep(0.5)
            key("Return")
            wait_for("the first person's controls", lambda: state() == "controls", 10)
        while handoffs < 3:
            key("b")  # bet (blind or seen): the deal goes on; touch nothing afterwards
            acted = time.monotonic()
            seen = ""
            # the bet's animation, at most two bots' turns (≤ 1.2 s each at speed 2: 0.6 s) and
            # their animations; the old game showed the card only after an input event
            while time.monotonic() - acted < 8.0:
                seen = state()
                if seen in ("handoff", "next deal"):
                    break
                time.sleep(0.1)
            if seen == "next deal":
                key("n")
                wait_for("a person's turn", lambda: state() in ("handoff", "controls"), 20)
                if state() == "controls":
                    continue
                seen = "handoff"
            assert seen == "handoff", (
                f"no hand-off card {time.monotonic() - acted:.1f} s after acting"
            )
            handoffs += 1
            shot = screen.grab()
            pygame.image.save(shot, str(tmp_path / f"handoff-{handoffs}.png"))
            time.sleep(0.6)  # the card ignores input for its first 0.4 s
            screen.click((640, 120))  # a stray click on the screen does not skip it
            time.sleep(0.3)
            assert state() == "handoff", "a stray click skipped the hand-off"
            key("Return")
            wait_for("the next person's controls", lambda: state() == "controls", 10)
    finally:
        stop_game(game)


def test_save_at_the_end_of_a_deal_and_load_it_in_a_real_window(
    display: str, tmp_path: Path
) -> None:
    """Play a deal to its end, save it by name through the save dialog (G, type, Enter), quit;
    start again, Load game: the finished table comes back with its result, log and Next deal."""
    saves = tmp_path / "data" / "trey" / "saves"
    game = start_game(display, tmp_path, "--game", "teen_patti", "--seed", "3")
    try:
        screen = Screen(display, game, tmp_path)
        window = screen.window
        buttons = blind_turn_buttons()
        pack = buttons["Pack"]
        wait_for("the person's turn", lambda: is_red(screen.colour(edge(pack))))

        def key(*names: str) -> None:
            for name in names:
                run(display, "xdotool", "key", "--window", window, name)
                time.sleep(0.25)

        key("f")  # pack: the bots finish the deal
        next_deal = (872.0, 656.0)
        wait_for("the end of the deal", lambda: is_gold(screen.colour(next_deal)), 60)
        key("Escape", "g")  # pause, then the save dialog (its own G is not typed)
        # the default name cleared as a person holding BackSpace would (one call, not 45 turns)
        run(display, "xdotool", "key", "--window", window, "--delay", "30", *["BackSpace"] * 45)
        time.sleep(0.25)
        run(display, "xdotool", "type", "--window", window, "--delay", "40", "Finished deal")
        time.sleep(0.4)
        key("Return")
        wait_for("the named save", lambda: (saves / "Finished deal.json").exists(), 10)
        key("Escape", "Escape", "q", "m", "q")  # resume, pause, quit to menu, menu, quit
        game.wait(timeout=15)
    finally:
        stop_game(game)
    assert sorted(path.stem for path in saves.glob("*.json")) == ["Finished deal", "autosave"]
    (saves / "autosave.json").unlink()  # only the named save is left to load
    game = start_game(display, tmp_path)
    try:
        screen = Screen(display, game, tmp_path)
        window = screen.window
        time.sleep(1.0)
        for name in ("l", "Return"):  # Load game, then the one save
            run(display, "xdotool", "key", "--window", window, name)
            time.sleep(0.6)
        wait_for("the loaded, finished table", lambda: is_gold(screen.colour((872.0, 656.0))), 20)
        shot = screen.grab()
        pygame.image.save(shot, str(tmp_path / "loaded.png"))

        def inked(left: int, top: int, right: int, bottom: int) -> int:
            """How many bright text pixels a logical box holds."""
            count = 0
            for x in range(left, right, 2):
                for y in range(top, bottom, 2):
                    px, py = screen.pixel((x, y))
                    colour = shot.get_at((screen.left + px, screen.top + py))
                    count += colour.r > 180 and colour.g > 150
            return count

        assert inked(16, 604, 400, 708) > 40, "the log tells the deal"
        assert inked(300, 384, 980, 416) > 40, "the result is on show"
    finally:
        stop_game(game)


class XImage(ctypes.Structure):
    """The head of Xlib's XImage, as far as the pixels' address and layout."""

    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.c_void_p),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
    ]


class ScreenCamera:
    """Screenshots of part of the X screen in a few milliseconds: the pixels `import -window
    root` saves, read with Xlib's XGetImage in this process (each `import` run takes 0.2–0.5 s
    here, too slow for a picture every 100 ms)."""

    ALL_PLANES = (1 << 64) - 1
    Z_PIXMAP = 2

    def __init__(self, display: str, area: pygame.Rect) -> None:
        library = ctypes.util.find_library("X11")
        if library is None:
            pytest.fail("libX11 is missing (Xvfb and xdotool need it)")
        self.xlib = ctypes.CDLL(library)
        self.xlib.XOpenDisplay.restype = ctypes.c_void_p
        self.xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.xlib.XDefaultRootWindow.restype = ctypes.c_ulong
        self.xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.xlib.XGetImage.restype = ctypes.POINTER(XImage)
        self.xlib.XGetImage.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_uint,
            ctypes.c_uint,
            ctypes.c_ulong,
            ctypes.c_int,
        ]
        self.xlib.XDestroyImage.argtypes = [ctypes.POINTER(XImage)]
        self.xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.connection = self.xlib.XOpenDisplay(display.encode())
        if not self.connection:
            pytest.fail(f"cannot open the X display {display}")
        self.root = self.xlib.XDefaultRootWindow(self.connection)
        self.area = area

    def shoot(self) -> pygame.Surface:
        """The area as it is on screen now."""
        area = self.area
        image = self.xlib.XGetImage(
            self.connection,
            self.root,
            area.x,
            area.y,
            area.width,
            area.height,
            self.ALL_PLANES,
            self.Z_PIXMAP,
        )
        if not image:
            pytest.fail("XGetImage failed")
        head = image.contents
        layout = (head.bits_per_pixel, head.byte_order, head.bytes_per_line)
        pixels = ctypes.string_at(head.data, head.bytes_per_line * head.height)
        self.xlib.XDestroyImage(image)
        # blue, green, red, pad per pixel: the layout of a 32-bit surface with these masks
        picture = pygame.Surface(area.size, 0, 32, (0xFF0000, 0xFF00, 0xFF, 0))
        assert layout == (32, 0, picture.get_pitch()), "a 24-bit little-endian X screen"
        picture.get_buffer().write(pixels, 0)
        return picture

    def close(self) -> None:
        """Let go of the display."""
        self.xlib.XCloseDisplay(self.connection)


def test_hot_seat_screen_never_shows_toms_cards_after_he_acts(display: str, tmp_path: Path) -> None:
    """Tom looks at his cards and chaals; the bots act; Asha is handed the screen. Screenshots
    every 100 ms from Tom's chaal until Asha's "I'm ready" never show Tom's card faces (found
    by the card art at every place the table may draw his seat, not by any flag)."""
    seed, tom = 3, 1
    expected = new_session("teen_patti", seed, hotseat=True)
    expected.start_deal()  # the game deals the same cards from the same seed
    assert expected.game.to_act == tom, "Tom acts first"
    cards = tuple(expected.game.players[tom].hands[0])
    seats = len(expected.names)
    game = start_game(display, tmp_path, "--game", "teen_patti", "--seed", str(seed), "--hotseat")
    try:
        screen = Screen(display, game, tmp_path)
        window = screen.window
        camera = ScreenCamera(
            display, pygame.Rect(screen.left, screen.top, screen.width, screen.height)
        )

        def key(name: str) -> None:
            run(display, "xdotool", "key", "--window", window, name)

        def handoff(shot: pygame.Surface) -> bool:
            return tuple(shot.get_at((3, 3)))[:3] == HANDOFF_BACKDROP

        def toms_faces(shot: pygame.Surface) -> int:
            return len(seat_faces_shown(shot, seats, tom, cards))

        wait_for("the hand-off to Tom", lambda: handoff(camera.shoot()), 30)
        time.sleep(0.6)  # the card ignores input for its first 0.4 s
        key("Return")
        wait_for("Tom's turn", lambda: not handoff(camera.shoot()), 10)
        time.sleep(0.5)
        key("l")  # Tom sees his cards: the finder must find them, or it proves nothing
        wait_for("Tom's cards face up", lambda: toms_faces(camera.shoot()) == 3, 10)

        def controls(shot: pygame.Surface) -> bool:
            """Whether Tom's buttons are up (the red Pack button in their bottom row)."""
            return any(is_red(shot.get_at(screen.pixel((x, 684)))) for x in range(860, 1270, 6))

        wait_for("Tom's buttons after the look", lambda: controls(camera.shoot()), 10)
        key("b")  # Tom chaals
        pressed = time.monotonic()
        shots: list[pygame.Surface] = []
        covered_at: float | None = None
        while time.monotonic() - pressed < 20:
            started = time.monotonic()
            shot = camera.shoot()
            if not shots and controls(shot):
                continue  # the key is not handled yet: the chaal is not applied
            # the chaal is applied (its buttons are gone): from now until Asha is ready, no
            # screenshot may show Tom's cards
            shots.append(shot)
            if handoff(shot) and covered_at is None:
                covered_at = started
            if covered_at is not None and started - covered_at > 0.6:
                key("Return")  # Asha: "I'm ready"
                break
            time.sleep(max(0.0, 0.1 - (time.monotonic() - started)))
        camera.close()
        assert covered_at is not None, "Asha was never handed the screen"
        leaks = [index for index, shot in enumerate(shots) if toms_faces(shot)]
        for index in (*leaks[:3], 0, len(shots) - 1):
            pygame.image.save(shots[index], str(tmp_path / f"after-chaal-{index}.png"))
        assert len(shots) >= 10, f"only {len(shots)} screenshots"
        assert not leaks, f"Tom's cards on {len(leaks)} of {len(shots)} screenshots: {leaks[:8]}"
    finally:
        stop_game(game)

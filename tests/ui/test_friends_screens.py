"""The friends room's screens drawn without a network: the lobby (host and joiner), the host's
seat controls, the leave menu and the network table fed states encoded from a session on this
machine, as a server sends them — at 1280×720 and the smallest window, in every language: no
text cut, no two controls over each other, and the table's additions where they belong.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import shutil
from pathlib import Path

import pygame
import pytest

from game.engine.rules import PRESETS
from game.i18n import set_language
from game.network.address import TableAddress
from game.network.codec import encode
from game.network.discovery import FoundTable
from game.network.protocol import (
    PROTOCOL_VERSION,
    Lobby,
    Reaction,
    SeatInfo,
    State,
    TableInfo,
    Welcome,
)
from game.network.remote_table import RemoteTable
from game.network.server import TableServer
from game.persistence.kept_seats import KeptSeat, keep_seat, kept_seat
from game.session import Session
from game.statistics import STATISTICS_VERSION, load_lifetime, save_lifetime, statistics_file
from game.ui.art import fonts
from game.ui.art.portrait_art import portrait
from game.ui.friends.friends_scene import FriendsScene
from game.ui.friends.host_scene import HostScene
from game.ui.friends.join_scene import Browser, JoinScene
from game.ui.friends.leave_scene import PANEL as leave_panel
from game.ui.friends.leave_scene import LeaveScene
from game.ui.friends.link import TableLink
from game.ui.friends.lobby_scene import LobbyScene, SeatsScene
from game.ui.friends.network_table import REACT_BUTTON, NetworkTable
from game.ui.friends.reactions import CANDIDATE_SYMBOLS, drawn_symbols, reaction_words
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.widgets import FormScene, TextField
from game.ui.menus.menu_scene import MainMenuScene
from game.ui.shell.app import MINIMUM_SIZE, App
from game.ui.shell.rooms import new_context
from game.ui.shell.scene import Scene, SceneStack
from game.ui.shell.seating import scripted_session
from game.ui.table import table_view

WINDOWS = [(1280, 720), MINIMUM_SIZE]
SAVES = Path(__file__).resolve().parents[2] / "saves"
NAMES = ("Asha", "Tom", "Priya", "Oliver")


class Hosting:
    """Stands for a hosted table in the host's lobby (the screens only ask whether there is
    one)."""


def lobby_message(started: bool = False) -> Lobby:
    """Four seats: the host, a friend who dropped, an open seat, a bot."""
    return Lobby(
        players=[
            SeatInfo(seat=0, name="Asha", kind="remote", connected=True, host=True),
            SeatInfo(seat=1, name="Tom", kind="remote", connected=False),
            SeatInfo(seat=2, name="", kind="open", connected=True, level="medium"),
            SeatInfo(seat=3, name="Oliver", kind="bot", connected=True, level="hard"),
        ],
        started=started,
        waiting=1,
    )


def fed_table(session: Session, seat: int | None = 0, clock: float | None = 21.0) -> RemoteTable:
    """A client never connected, given what a server would send `seat` (None: a spectator) of
    `session` now."""
    name = NAMES[seat] if seat is not None else "Kabir"
    remote = RemoteTable(TableAddress.at("127.0.0.1", 1), "K7QM4P", name, spectator=seat is None)
    info = TableInfo(
        preset="teen_patti",
        family=session.rules.family,
        rules={},
        seats=len(session.names),
        deals=None,
        turn_seconds=30.0,
        on_expiry="pack",
        spectators=True,
        shuffle="csprng",
        commitment=None,
    )
    observation = session.observe(seat)
    state = State(
        state=1,
        observation=encode(dataclasses.replace(observation, history=())),
        events=[encode(event) for event in observation.history],
        legal=[],
        clock=clock,
    )
    for message in (
        Welcome(protocol=PROTOCOL_VERSION, seat=seat, resume=None, table=info),
        lobby_message(True),
        state,
    ):
        remote.inbox.put(message)
    remote.pump()
    return remote


def table_scene(hosting: bool, seat: int | None = 0) -> NetworkTable:
    """A network table of teen patti in the middle of a deal, Tom dropped, reactions shown
    (`seat` None: to a spectator)."""
    session = scripted_session("teen_patti", 3)
    remote = fed_table(session, seat)
    link = TableLink(remote, Hosting() if hosting else None)  # type: ignore[arg-type]
    table = NetworkTable(new_context(seed=3), link, PRESETS["teen_patti"].title)
    SceneStack().push(table)
    table.finish_animations()
    table.reactions.arrive(1, "Nice hand!")
    table.reactions.arrive(3, "★")
    return table


def screens() -> dict[str, Scene]:
    """Every friends screen that needs a table to show."""
    context = new_context(seed=3)
    made: dict[str, Scene] = {}
    for hosting in (True, False):
        remote = RemoteTable(TableAddress.at("127.0.0.1", 1), "K7QM4P", "Asha")
        remote.seat, remote.lobby = 0, lobby_message()
        page = "http://192.168.1.20:8765/#K7QM4P" if hosting else None
        hosted = Hosting() if hosting else None
        link = TableLink(remote, hosted, ["192.168.1.20:8765"], page)  # type: ignore[arg-type]
        who = "host" if hosting else "joiner"
        made[f"lobby {who}"] = LobbyScene(context, link, "Teen Patti", None)
        table = table_scene(hosting)
        made[f"table {who}"] = table
        made[f"leave {who}"] = LeaveScene(context, table)
    made["seats"] = SeatsScene(context, made["table host"].link, "Teen Patti")  # type: ignore[attr-defined]
    menu = table_scene(False)
    menu.menu_open = True
    made["reactions"] = menu
    made["table watcher"] = table_scene(False, None)
    return made


def overlapping(scene: FormScene) -> list[tuple[str, str]]:
    """Pairs of the form's items whose boxes overlap."""
    return [
        (one.ident, other.ident)
        for one, other in itertools.combinations(scene.items, 2)
        if one.box.intersects(other.box)
    ]


@pytest.mark.parametrize("language", ["en", "hi", "tl"])
@pytest.mark.parametrize("size", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_friends_screens_fit_every_word(size: tuple[int, int], language: str) -> None:
    set_language(language)
    try:
        cut: dict[str, list[tuple[str, int, int]]] = {}
        for name, scene in screens().items():
            if scene.scenes is None:
                SceneStack().push(scene)
            fonts.OVERFLOWS.clear()
            scene.draw(pygame.Surface(size))
            if fonts.OVERFLOWS:
                cut[name] = sorted(set(fonts.OVERFLOWS))
            if isinstance(scene, FormScene):
                assert overlapping(scene) == [], name
        assert not cut, f"cut to fit: {cut}"
    finally:
        set_language("en")


def test_the_table_shows_the_clock_the_dropped_badge_and_the_reactions() -> None:
    table = table_scene(hosting=True)
    assert table.narrator.names[0] == "You" and table.narrator.names[2] == "Seat 3"
    assert table.clock_left is None or table.clock_left == 21.0
    table.update(0.5)
    assert table.clock_left == pytest.approx(21.0)
    table.update(0.5)
    assert table.clock_left == pytest.approx(20.5), "the clock counts down on this screen"
    surface = pygame.Surface((1280, 720))
    fonts.RECORDINGS.append(set())
    try:
        table.draw(surface)
        drawn = fonts.RECORDINGS[-1]
    finally:
        fonts.RECORDINGS.pop()
    assert "DISCONNECTED" in drawn, "Tom dropped"
    assert "Nice hand!" in drawn and 3 in table.reactions.shown
    assert "★" not in drawn, "a symbol is drawn as its coloured picture, not as text"
    assert "21" in drawn, "the seconds left under the ring"
    table.reactions.toggle_mute(1)
    assert 1 not in table.reactions.shown
    assert not table.reactions.arrive(1, "Oops!"), "a muted player's reactions stay away"
    table.update(5.0)
    assert table.reactions.shown == {}, "bubbles go after a few seconds"


def test_reactions_are_capped_in_rate_and_length_and_known_phrases_translated() -> None:
    table = table_scene(hosting=False)
    sent: list[str] = []
    table.remote.react = sent.append  # type: ignore[method-assign]
    table.menu_open = True
    phrase = next(entry for entry in table.menu_entries() if entry[1] == "say:Good luck!")
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=phrase[0].centre))
    assert sent == ["Good luck!"] and not table.menu_open
    table.menu_open = True
    table.press_menu("say:Thanks!")
    assert sent == ["Good luck!"], "one reaction every two seconds"
    table.update(2.1)
    table.press_menu("say:Thanks!")
    assert sent == ["Good luck!", "Thanks!"]
    assert reaction_words("x" * 40) == "x" * 24 + "…"
    set_language("hi")
    try:
        assert reaction_words("Good luck!") == "शुभकामनाएँ!"
    finally:
        set_language("en")
    assert set(drawn_symbols()) <= set(CANDIDATE_SYMBOLS) and drawn_symbols()
    assert REACT_BUTTON.contains(REACT_BUTTON.centre)


def test_a_reaction_from_the_network_shows_at_its_seat() -> None:
    table = table_scene(hosting=False)
    table.reactions.shown.clear()
    table.remote.inbox.put(Reaction(text="Well played", seat=2))
    table.update(0.0)
    assert table.reactions.shown[2][0] == "Well played"


def test_the_host_chooses_house_rules_and_the_table_is_served_with_them() -> None:
    host = HostScene(new_context(seed=3), "teen_patti")
    choice = host.choices[0]
    before = host.options[choice.field]
    host.step_option(choice, 1)
    assert host.options[choice.field] != before
    config = host.config()
    assert config.preset == "teen_patti" and config.seats == len(host.seats)
    assert config.options == host.options and config.options[choice.field] != before
    assert TableServer(config).rules == host.rules()
    assert config.host_name == "Host" and config.deal_pause > 0 and config.bot_pause


def test_the_main_menu_opens_play_with_friends_and_its_two_ways(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Browser, "start", lambda self: None)  # no multicast in tests
    context = new_context(seed=3)
    stack = SceneStack()
    stack.push(MainMenuScene(context))

    def key(code: int) -> None:
        top = stack.top
        assert top is not None
        top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))

    key(pygame.K_f)
    assert isinstance(stack.top, FriendsScene)
    key(pygame.K_h)
    assert isinstance(stack.top, HostScene)
    key(pygame.K_ESCAPE)
    key(pygame.K_j)
    assert isinstance(stack.top, JoinScene)
    key(pygame.K_ESCAPE)
    key(pygame.K_ESCAPE)
    assert isinstance(stack.top, MainMenuScene)


def test_the_letter_of_a_key_that_opens_a_screen_is_not_typed_into_its_field(
    monkeypatch: pytest.MonkeyPatch, app: App
) -> None:
    """pygame sends KEYDOWN then TEXTINPUT: J opens Join (its address field focused) and the
    "j" is the key's, not the address's; letters typed on the new screen go in."""
    monkeypatch.setattr(Browser, "start", lambda self: None)  # no multicast in tests
    app.scenes.push(MainMenuScene(new_context(seed=3)))

    def key(code: int, letter: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=letter))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        app.pump()

    key(pygame.K_f, "f")
    assert isinstance(app.scenes.top, FriendsScene)
    key(pygame.K_j, "j")
    join = app.scenes.top
    assert isinstance(join, JoinScene) and join.focused_ident == "address"
    assert join.address == "", "the J that opened Join is not typed into the address"
    key(pygame.K_1, "1")
    assert join.address == "1", "a key pressed on the field types its letter"


def test_your_seat_at_a_network_table_shows_your_own_portrait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Labelled 'You' as at a table on this machine, with the face of your name (the one the
    lobby and the other players show), not the face of 'You'."""
    drawn: list[str] = []

    def recorded(name: str, diameter: int, muted: bool = False) -> pygame.Surface:
        drawn.append(name)
        return portrait(name, diameter, muted)

    monkeypatch.setattr(table_view, "portrait", recorded)
    table_view._plate_image.cache_clear()
    table = table_scene(hosting=False)
    assert table.narrator.names[0] == "You", "your plate says You"
    table.draw(pygame.Surface((1280, 720)))
    assert NAMES[0] in drawn and "You" not in drawn, drawn


@pytest.mark.parametrize("dropped", [False, True], ids=["connected", "dropped"])
@pytest.mark.parametrize("size", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_turn_clocks_seconds_are_clear_of_the_plate_its_badge_and_cards(
    size: tuple[int, int], dropped: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whichever seat is to act, the seconds sit clear of its plate's edge, of its dropped
    player's badge and of its cards, on screen."""
    table = table_scene(hosting=True)
    table.update(0.0)  # the clock as the table sent it
    observation = table.observe()
    lobby = table.remote.lobby
    assert lobby is not None
    if dropped:
        players = [info.model_copy(update={"connected": False}) for info in lobby.players]
        table.remote.lobby = lobby.model_copy(update={"players": players})
    viewport = Viewport.fit(size)
    surface = pygame.Surface(size)
    for seat, place in enumerate(table.layout().seats):
        acting = dataclasses.replace(observation, to_act=seat)
        monkeypatch.setattr(table, "observe", lambda acting=acting: acting)
        badges = table.away_badges(viewport, surface.get_rect())
        seconds = table.draw_clock(surface, viewport, badges)
        assert seconds is not None
        assert surface.get_rect().contains(seconds), seat
        around = [pygame.Rect(viewport.box(box)) for box in (place.plate, place.cards_area)]
        around += [rect for _words, rect in badges.values()]
        assert seconds.collidelist(around) == -1, (seat, seconds, around)
        info = table.remote.lobby.players[seat]
        assert (seat in badges) == (info.kind != "bot" and not info.connected)


@pytest.mark.parametrize("language", ["en", "hi", "tl"])
@pytest.mark.parametrize("size", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_leave_menus_hints_stay_in_its_panel_clear_of_the_table(
    size: tuple[int, int], language: str
) -> None:
    """The key hints of the menu over a network table are in the menu's panel, not over the
    React button, your plate or the clock's seconds at the bottom of the screen; a message
    keeps clear of them."""
    set_language(language)
    try:
        table = table_scene(hosting=True)
        table.update(0.0)
        leave = LeaveScene(new_context(seed=3), table)
        assert table.scenes is not None
        table.scenes.push(leave)
        leave.say("The table could not be reached: it may have closed.")
        viewport = Viewport.fit(size)
        surface = pygame.Surface(size)
        leave.draw(surface)
        hint = leave.hint_rect
        assert hint is not None
        assert pygame.Rect(viewport.box(leave_panel)).contains(hint)
        plate = table.layout().seats[0].plate
        seconds = table.draw_clock(surface, viewport)
        below = [pygame.Rect(viewport.box(box)) for box in (REACT_BUTTON, plate)]
        assert seconds is not None
        assert hint.collidelist([*below, seconds]) == -1
        assert hint.collidelist(leave.message_rects) == -1
    finally:
        set_language("en")


def test_a_name_filled_in_again_replaces_the_old_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A field's words are all selected when the focus comes to it: the first letter typed (or
    Backspace) replaces them, as in any text box; the letters after it add on."""
    monkeypatch.setattr(Browser, "start", lambda self: None)  # no multicast in tests
    context = new_context(seed=3)
    context.settings.network_name = "Meera"
    join = JoinScene(context, browsing=False)
    SceneStack().push(join)

    def key(code: int) -> None:
        join.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))

    def type_in(letters: str) -> None:
        for letter in letters:
            join.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=letter))

    while join.focused_ident != "name":
        key(pygame.K_DOWN)
    name = join.item("name")
    join.draw(pygame.Surface((1280, 720)))
    assert isinstance(name, TextField) and name.selected, "the old name is shown selected"
    type_in("Ravi")
    assert join.name == "Ravi", "typed over the old name, not after it"
    key(pygame.K_UP)
    key(pygame.K_DOWN)
    key(pygame.K_BACKSPACE)
    assert join.name == "", "Backspace on a selected name empties the field"
    type_in("Ann")
    key(pygame.K_BACKSPACE)
    assert join.name == "An", "once typing, Backspace takes one letter"
    join.address = "192.168.1.20:8765"
    address = join.item("address").box.centre
    join.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=address, rel=(0, 0), buttons=()))
    assert join.focused_ident == "address"
    type_in("0")
    assert join.address == "192.168.1.20:87650", "the pointer passing over selects nothing"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        join.handle_event(pygame.event.Event(kind, pos=address, button=1))
    type_in("10.0.0.5:8765")
    assert join.address == "10.0.0.5:8765", "a click on the field selects its words"


def test_the_joiners_lobby_speaks_to_the_joiner() -> None:
    """'Read the room code out to your friends' is the host's line."""
    context = new_context(seed=3)
    lines = {}
    for who, hosting, watching in (
        ("host", True, False),
        ("joiner", False, False),
        ("watcher", False, True),
    ):
        remote = RemoteTable(TableAddress.at("127.0.0.1", 1), "K7QM4P", "Asha", spectator=watching)
        link = TableLink(remote, Hosting() if hosting else None)  # type: ignore[arg-type]
        lines[who] = LobbyScene(context, link, "Teen Patti", None).subtitle
    assert "your friends" in lines["host"]
    assert "your friends" not in lines["joiner"] and "joined" in lines["joiner"]
    assert "watching" in lines["watcher"]


def test_a_full_table_found_on_the_network_can_be_picked_to_watch_or_take_ones_seat_back() -> None:
    full = FoundTable("Kabir", "192.168.1.31", 8765, "brag", 0, PROTOCOL_VERSION)
    older = FoundTable("Priya", "192.168.1.44", 9000, "casino", 3, PROTOCOL_VERSION - 1)

    def join_screen() -> JoinScene:
        join = JoinScene(new_context(seed=3), browsing=False)
        SceneStack().push(join)
        join.shown_found = [full, older]
        join.rebuild()
        return join

    join = join_screen()
    tile = join.item("found:0")
    assert tile.enabled and getattr(tile, "subtitle", "") == "3 Card Brag · full: you may watch"
    assert not join.item("found:1").enabled, "another version of Trey cannot be joined"
    join.focus_on("found:0")
    join.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert join.address == "192.168.1.31:8765" and join.focused_ident == "code"
    assert join.watching and join.message == "Every seat is taken: type the room code to watch."
    keep_seat(
        KeptSeat(address="192.168.1.31:8765", code="K7QM4P", token="t" * 32, seat=2, name="Tom")
    )
    join = join_screen()
    assert getattr(join.item("found:0"), "subtitle", "") == "3 Card Brag · your seat is kept"
    join.choose(full)
    assert (join.address, join.code, join.watching) == ("192.168.1.31:8765", "K7QM4P", False)
    assert join.focused_ident == "code"
    assert join.message == "Your seat at this table is kept: Join takes it back."


@pytest.mark.parametrize("size", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def test_a_spectator_is_told_it_watches_whose_table_and_how_to_leave(
    size: tuple[int, int],
) -> None:
    table = table_scene(False, None)
    assert table.viewer is None
    assert table.watching_words() == "Watching Asha's table — Esc to leave"
    surface = pygame.Surface(size)
    table.draw(surface)
    viewport = Viewport.fit(size)
    line = table.draw_watching(surface, viewport)
    assert surface.get_rect().contains(line)
    plates = [pygame.Rect(viewport.box(place.plate)) for place in table.layout().seats]
    assert not any(line.colliderect(plate) for plate in plates), "clear of every seat"
    player = table_scene(False)
    assert player.viewer == 0
    drawn: list[str] = []
    player.draw_watching = lambda *_: drawn.append("watching")  # type: ignore[method-assign]
    player.draw(surface)
    assert drawn == [], "a player is not told it watches"


def state_of(session: Session, seat: int, number: int) -> State:
    """What a server sends `seat` of `session` now, as state `number`."""
    observation = session.observe(seat)
    return State(
        state=number,
        observation=encode(dataclasses.replace(observation, history=())),
        events=[encode(event) for event in observation.history],
        legal=[],
        clock=None,
    )


def finish_deal(session: Session) -> None:
    """Play the deal under way to its end (the person's seat takes its last legal move)."""
    for _ in range(500):
        if session.game.deal_over:
            return
        if session.bot_to_act():
            session.step()
        else:
            session.submit(session.game.legal_actions()[-1].action)
    raise AssertionError("the deal did not end")


def test_each_deal_a_seat_sees_end_counts_once_as_a_network_deal() -> None:
    """A deal already over when the screen came (another run of the game may have counted it)
    does not count; the next one counts once, apart from the deals played on this machine."""
    session = scripted_session("teen_patti", 3)
    finish_deal(session)
    remote = fed_table(session)
    table = NetworkTable(new_context(seed=3), TableLink(remote), PRESETS["teen_patti"].title)
    SceneStack().push(table)
    assert table.observe().deal_over
    table.update(0.0)
    assert load_lifetime().value.network_games == {}, "seen already over: not counted"
    session.start_deal()
    finish_deal(session)
    remote.inbox.put(state_of(session, 0, 2))
    for _ in range(3):
        table.update(0.0)
    lifetime = load_lifetime().value
    record = lifetime.network_games["teen_patti"]
    assert record.hands_played == 1 and lifetime.games == {}
    assert (
        record.net_chips == session.observe(0).seats[0].stack - session.observe(0).start_stacks[0]
    )


def test_an_old_statistics_file_loads_with_no_network_deals() -> None:
    statistics_file().parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(SAVES / "golden" / "statistics-v1.json", statistics_file())
    loaded = load_lifetime()
    assert loaded.problem == ""
    assert loaded.value.games["brag"].hands_played == 12
    assert loaded.value.network_games == {}
    assert save_lifetime(loaded.value) == ""
    assert json.loads(statistics_file().read_text())["schema_version"] == STATISTICS_VERSION, (
        "saved in this build's format, so an older build does not take it for its own"
    )


@pytest.mark.parametrize("seats", range(2, 8))
def test_the_reactions_menu_stands_clear_of_every_seat_and_your_cards(seats: int) -> None:
    """The menu opens on the felt above your own cards (and your hand's name under them), and
    between the other seats' plates and cards, at every table size."""
    session = scripted_session("teen_patti", 3, seats=seats)
    link = TableLink(fed_table(session), None)
    table = NetworkTable(new_context(seed=3), link, PRESETS["teen_patti"].title)
    SceneStack().push(table)
    table.finish_animations()
    menu = table.menu_box()
    for seat in table.layout().seats:
        boxes = [seat.plate, *(box for hand in seat.hands for box in hand)]
        assert not any(menu.intersects(box) for box in boxes), (seat.seat, seat.side)
    assert all(box.y + box.height <= menu.y + menu.height for box, _, _ in table.menu_entries())


def test_the_reaction_symbols_are_drawn_large_and_in_colour() -> None:
    """Each offered symbol is a coloured picture (not one-colour text), on the menu's buttons
    and in a seat's bubble; a bubble of your own stands left of your bet, not over your cards."""
    from game.ui.art.reaction_art import reaction_icon

    for symbol in drawn_symbols():
        icon = reaction_icon(symbol, 38)
        assert icon is not None and icon.get_size() == (38, 38)
        colours = {
            icon.get_at((x, y))[:3]
            for x in range(0, 38, 2)
            for y in range(0, 38, 2)
            if icon.get_at((x, y))[3] > 200
        }
        saturated = [c for c in colours if max(c) - min(c) > 80]
        assert len(saturated) >= 3, f"{symbol} is drawn in colour"
    table = table_scene(hosting=False)
    table.reactions.shown.clear()
    table.reactions.arrive(0, "🔥")
    surface = pygame.Surface((1280, 720))
    table.draw(surface)
    own = table.layout().seats[0]
    middle = (round(own.bet.x - 8 - 4 - 19), round(own.bet.centre[1]))  # the icon's middle
    fire = surface.get_at(middle)[:3]
    assert fire[0] > 200 and fire[2] < 120, "the flame stands left of your bet"
    top = min(box.y for hand in own.hands for box in hand)
    assert middle[1] + 19 + 4 < top, "over none of your cards"


@pytest.mark.parametrize("seats", [3, 5, 6, 7])
def test_a_top_seats_bubble_stands_beside_its_plate_not_over_its_name(seats: int) -> None:
    from game.ui.friends.network_table import bubble_place

    session = scripted_session("teen_patti", 3, seats=seats)
    layout = NetworkTable(
        new_context(seed=3), TableLink(fed_table(session), None), "Teen Patti"
    ).layout()
    plates = [seat.plate for seat in layout.seats]
    for seat in layout.seats:
        if seat.side != "top":
            continue
        anchor, (x, y), room = bubble_place(layout.seats, seat)
        left = x - room if anchor == "midright" else x
        bubble = Box(left, y - 20, room, 40)
        assert not any(bubble.intersects(plate) for plate in plates), (seat.seat, anchor)
        assert room >= 90, "room for the phrases"


def test_a_seat_the_table_describes_beyond_the_limits_is_not_kept_and_nothing_crashes() -> None:
    """A welcome whose token is longer than a kept seat may hold (a hostile or later server):
    one sentence, said once; nothing kept on disk and the token never in the sentence."""
    session = scripted_session("teen_patti", 3)
    remote = fed_table(session, 1)
    info = remote.table
    assert info is not None
    token = "T" * 100
    remote.inbox.put(Welcome(protocol=PROTOCOL_VERSION, seat=1, resume=token, table=info))
    remote.pump()
    link = TableLink(remote, None)
    said = link.follow()
    assert said == "This table's seat cannot be kept for later." and token not in said
    assert link.follow() == "", "said once"
    assert kept_seat("127.0.0.1:1", "K7QM4P") is None

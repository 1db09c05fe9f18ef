"""The command line: start the game, or run a verb (rank, replay, simulate, serve, join) without
a window."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from game.engine.base import MOST_SEATS
from game.engine.bounded_text import shortened
from game.engine.cards import CardParseError, parse, parse_hand
from game.engine.hands import RANKING_NAMES, Ranking, RankingError, get_ranking

if TYPE_CHECKING:
    from game.network.server import TableConfig

EXIT_USAGE = 2

DEFAULT_PRESET = "teen_patti"
"""The preset `simulate` plays without --game."""


class UsageError(Exception):
    """A problem with what the user typed: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see --help)\n")


def _preset_ranking(arguments: argparse.Namespace) -> tuple[Ranking, int, str]:
    """The ranking, hand size and title of `--game PRESET` (with `--open` cards)."""
    from game.engine.rules import BragRules, RulesError, TeenPattiRules, get_preset

    if arguments.ranking is not None or arguments.a23 is not None or arguments.wild is not None:
        raise UsageError("--game sets the ranking: leave out --ranking, --a23 and --wild")
    try:
        preset = get_preset(arguments.game)
        rules = preset.rules()
    except RulesError as error:
        raise UsageError(str(error)) from None
    wanted = rules.open_jokers if isinstance(rules, TeenPattiRules) else 0
    open_cards = parse(arguments.open) if arguments.open else ()
    if len(open_cards) != wanted:
        if not wanted:
            raise UsageError(f"{preset.title} turns up no open joker: leave out --open")
        raise UsageError(
            f"{preset.title} turns up {wanted} open joker card{'s' if wanted > 1 else ''}: "
            "name it with --open, e.g. --open 7h"
        )
    ranking: Ranking = (
        rules.hand_ranking(open_cards)
        if open_cards and isinstance(rules, TeenPattiRules)
        else rules.hand_ranking()
    )
    size = rules.cards_dealt if isinstance(rules, TeenPattiRules | BragRules) else 3
    return ranking, size, preset.title


def _rank(arguments: argparse.Namespace) -> int:
    if arguments.game is not None:
        ranking, size, title = _preset_ranking(arguments)
    else:
        if arguments.open is not None:
            raise UsageError("--open names a preset's open joker: give --game too")
        ranking = get_ranking(
            arguments.ranking or "teen_patti", a23=arguments.a23, wild_cards=arguments.wild or ()
        )
        size, title = 3, ranking.spec.title
    cards = parse_hand(arguments.cards, size)
    if arguments.open and set(parse(arguments.open)) & set(cards):
        raise UsageError("an open joker card is on the table, so it cannot be in the hand")
    value = ranking.evaluate(cards)
    place = ranking.place(cards)
    if arguments.json:
        print(
            json.dumps(
                {
                    "category": value.category_name,
                    "description": value.description,
                    "plays_as": value.plays_as,
                    "beats": place.beats,
                    "ties": place.ties,
                    "loses_to": place.loses_to,
                }
            )
        )
        return 0
    others = place.beats + place.ties + place.loses_to
    share = 100 * place.beats / others
    print(f"{value.description}  [{value.category_name}, {title} ranking]")
    if value.wild_count or len(cards) > 3:
        print(f"Plays as {value.plays_as}.")
    print(
        f"Beats {place.beats:,} of the other {others:,} hands, ties {place.ties:,}, "
        f"loses to {place.loses_to:,} (better than {share:.1f} % of hands)."
    )
    return 0


def _add_rank(verbs: argparse._SubParsersAction[_Parser]) -> None:
    rank = verbs.add_parser(
        "rank",
        help="how good is a three-card hand?",
        description="Print a hand's category, description, what it plays as, and its place "
        "among all 22,100 hands (270,725 for a four-card game).",
    )
    rank.add_argument(
        "cards", help="three cards (four in a four-card game), e.g. 'As 2h 3d' or 'A♠ 2♥ 3♦'"
    )
    rank.add_argument(
        "--game", default=None, help="rank by a game preset's rules, e.g. ak47 or joker"
    )
    rank.add_argument("--open", default=None, help="the open joker card(s) of --game, e.g. 7h")
    rank.add_argument(
        "--ranking",
        default=None,
        metavar="{" + ",".join(RANKING_NAMES) + "}",
        help="which game's ranking (default teen_patti)",
    )
    rank.add_argument(
        "--a23",
        default=None,
        metavar="{highest,second,lowest}",
        help="where A-2-3 stands among the runs (teen patti option)",
    )
    rank.add_argument("--wild", default=None, help="wild cards, e.g. '2s 2h 2d 2c'")
    rank.add_argument("--json", action="store_true", help="print one JSON object")
    rank.set_defaults(handler=_rank)


def _replay(arguments: argparse.Namespace) -> int:
    from pathlib import Path

    from game.engine.history import HistoryError, replay
    from game.persistence.reading import HISTORY_LIMIT, FileProblem, read_text

    try:
        text = read_text(Path(arguments.file), HISTORY_LIMIT)
    except FileProblem as problem:
        raise UsageError(str(problem)) from None
    if text is None:
        raise UsageError(f"cannot read {arguments.file}: there is no such file")
    try:
        result = replay(text)
    except HistoryError as error:
        raise UsageError(str(error)) from None
    summary = result.summary()
    if arguments.json:
        print(json.dumps(summary))
        return 0
    names = [name or f"seat {seat}" for seat, name in enumerate(result.names)]
    print(f"{summary['game']}: replayed {summary['deals']} deal(s)")
    for seat, stack in enumerate(result.game.stacks):
        print(f"  {names[seat]:<12} {stack:>8}")
    print(f"  pot {summary['pot']}, carried {summary['carried']}")
    return 0


def _add_replay(verbs: argparse._SubParsersAction[_Parser]) -> None:
    verb = verbs.add_parser(
        "replay",
        help="replay a hand history file",
        description="Replay a hand history and print the final pots and stacks.",
    )
    verb.add_argument("file", help="a hand history in the trey-history notation")
    verb.add_argument("--json", action="store_true", help="print one JSON object")
    verb.set_defaults(handler=_replay)


def _simulate(arguments: argparse.Namespace) -> int:
    import gc

    from game.agents.agent import SeatError
    from game.engine.families import family_info
    from game.engine.rules import RulesError, get_preset
    from game.simulate import InvariantError, simulate

    try:
        preset = get_preset(arguments.game)
    except RulesError as error:
        raise UsageError(str(error)) from None
    seats = family_info(preset.family).seats
    levels: list[str] = []
    if arguments.seats:
        from game.bots.registry import command_line_bot

        levels = [level.strip() for level in arguments.seats.split(",") if level.strip()]
        for level in levels:
            try:
                command_line_bot(level)
            except ValueError as error:
                raise UsageError(str(error)) from None
        arguments.players = len(levels)
    if arguments.players not in seats:
        raise UsageError(
            f"{preset.title} seats {seats.start} to {seats.stop - 1} players, "
            f"not {arguments.players}"
        )
    if arguments.hands < 1:
        raise UsageError("--hands must be at least 1")
    gc.freeze()  # what is loaded lives as long as the run: the collector need not walk it again
    try:
        report = simulate(
            arguments.game,
            arguments.players,
            arguments.hands,
            arguments.seed,
            check=not arguments.fast,
            duplicate=arguments.duplicate,
            levels=levels,
        )
    except InvariantError as error:
        print(f"trey simulate: invariant broken: {error}", file=sys.stderr)
        return 1
    except SeatError as error:
        print(f"trey simulate: {shortened(str(error), 300)}", file=sys.stderr)
        return 1
    data = report.as_dict()
    if arguments.json:
        print(json.dumps(data))
        return 0
    print(f"{data['hands']} hands of {arguments.game}, {data['hands_per_second']} hands/s")
    for seat in report.seats:
        line = seat.as_dict()
        print(
            f"  seat {line['seat']} {line['bot']:<8} net {line['net']:>8}  "
            f"mean {line['mean']:+.3f} [{line['ci95_low']:+.3f}, {line['ci95_high']:+.3f}]"
        )
    return 0


def _add_simulate(verbs: argparse._SubParsersAction[_Parser]) -> None:
    verb = verbs.add_parser(
        "simulate",
        help="play many hands headless and check the rules hold",
        description="Play hands headless (random-legal seats, or the bots named by --seats), "
        "checking invariants after every step unless --fast.",
    )
    verb.add_argument("--game", default=DEFAULT_PRESET, help="a game preset (default teen_patti)")
    seats = f"seats at the table: 2 to {MOST_SEATS} (casino: 1 to {MOST_SEATS})"
    verb.add_argument("--players", type=int, default=4, help=seats)
    verb.add_argument("--hands", type=int, default=1000, help="how many deals to play")
    verb.add_argument("--seed", type=int, default=0, help="seed for cards and choices")
    verb.add_argument("--json", action="store_true", help="print one JSON object")
    verb.add_argument("--fast", action="store_true", help="skip the invariant checks")
    verb.add_argument(
        "--seats",
        default=None,
        help="a bot level per seat, e.g. expert,easy,hard+bluffer (sets --players)",
    )
    verb.add_argument(
        "--duplicate",
        action="store_true",
        help="replay every deal with the seats rotated so the luck of the cards cancels",
    )
    verb.set_defaults(handler=_simulate)


EXIT_NETWORK = 1
"""The exit status of a table that cannot be served or joined (one sentence on stderr)."""


def house_rules(pairs: Sequence[str]) -> dict[str, str]:
    """The command line's NAME=VALUE house rules, by name (the rules read the values)."""
    texts: dict[str, str] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        name, text = name.strip(), text.strip()
        if not equals or not name or not text:
            raise UsageError(f"--rule takes NAME=VALUE, e.g. blind_limit=6 (got '{pair}')")
        texts[name] = text
    return texts


def serve_config(arguments: argparse.Namespace) -> TableConfig:
    """The table `trey serve` was asked for (its starting chips `--chips`, else the table's own
    buy-in rule; `trey serve` refuses chips the rule does not offer)."""
    from pathlib import Path

    from game.engine.rules import RulesError, get_preset, options_from_text
    from game.network.server import TableConfig

    bots = tuple(level.strip() for level in (arguments.bots or "").split(",") if level.strip())
    if any(":" in level for level in bots):
        raise UsageError("--bots takes the game's bot levels; an outside bot joins with trey join")
    texts = house_rules(arguments.rule or [])
    try:
        options = options_from_text(get_preset(arguments.game).family, texts)
    except RulesError as error:
        raise UsageError(str(error)) from None
    return TableConfig(
        preset=arguments.game,
        options=options,
        seats=arguments.seats,
        bots=bots,
        code=arguments.code or "",
        deals=arguments.deals,
        turn_seconds=arguments.turn_seconds,
        on_expiry=arguments.on_expiry,
        spectators=not arguments.no_spectators,
        verifiable=arguments.verifiable,
        history=Path(arguments.history) if arguments.history else None,
        stack=arguments.chips,
        web=not arguments.no_web,
    )


def _serve(arguments: argparse.Namespace) -> int:
    import asyncio

    from game.network.server import TableServer, TableSetupError, offered_stack

    config = serve_config(arguments)
    try:
        server = TableServer(config)
        if config.stack is not None:
            offered_stack(server.rules, config.stack)
    except TableSetupError as error:
        raise UsageError(str(error)) from None
    logging.getLogger("trey").setLevel(logging.INFO)
    try:
        return asyncio.run(_run_server(server, arguments.host, arguments.port, arguments.advertise))
    except KeyboardInterrupt:
        return 0
    except OSError as error:
        print(
            f"trey serve: cannot listen on {arguments.host}:{arguments.port}: "
            f"{error.strerror or error}",
            file=sys.stderr,
        )
        return EXIT_NETWORK


async def _run_server(server: object, host: str, port: int, advertise: str | None = None) -> int:
    """Serve the table until it ends (its deals played, or stopped by a signal), advertised on
    the local network under `advertise` (never with its code) if given."""
    import asyncio
    import contextlib
    import signal

    from game.network.discovery import Announcement
    from game.network.server import TableServer

    assert isinstance(server, TableServer)
    bound = await server.start(host, port)
    from game.network.collector import serve_many

    # what is loaded is frozen, the table's long-lived objects as they age; sweeps on the loop
    serve_many(asyncio.get_running_loop().call_soon_threadsafe)
    start: dict[str, object] = {"port": bound, "code": server.code}
    if server.config.web:
        from game.web.invitation import page_host, page_url, terminal_qr

        start["url"] = url = page_url(page_host(host), bound, server.code)
        print(f"A phone joins by scanning this code, or at {url}", file=sys.stderr)
        with contextlib.suppress(UnicodeEncodeError):  # a terminal without block characters
            print(terminal_qr(url), file=sys.stderr, end="", flush=True)
    print(json.dumps(start), flush=True)
    announcement = None
    if advertise:
        where = None if host in ("", "0.0.0.0", "::") else [host]
        free = server.last_lobby.waiting
        announcement = Announcement(advertise, bound, server.config.preset, free, addresses=where)
        server.on_lobby = lambda lobby: announcement.update(lobby.waiting)
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(
                signal_number, lambda: asyncio.ensure_future(server.stop("host_left"))
            )
    try:
        await server.wait_closed()
    finally:
        if announcement is not None:
            await asyncio.to_thread(announcement.close)
    return 0


def _add_serve(verbs: argparse._SubParsersAction[_Parser]) -> None:
    verb = verbs.add_parser(
        "serve",
        help="host a table for players on other machines (no window)",
        description="Serve one table over websockets, and the phone page on the same port. "
        'Prints one JSON line {"port": P, "code": "...", "url": "http://HOST:P/#CODE"} on start, '
        "and the page's QR code on stderr; logs go to stderr. The table starts when every "
        "seat that is not a bot is taken.",
    )
    verb.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for the local network)",
    )
    verb.add_argument("--port", type=int, default=0, help="port (default 0: a free port)")
    verb.add_argument("--game", default=DEFAULT_PRESET, help="a game preset (default teen_patti)")
    verb.add_argument("--seats", type=int, default=2, help="seats at the table (default 2)")
    verb.add_argument(
        "--bots",
        default="",
        help="a bot level per bot seat, e.g. easy,hard (bots take the last seats)",
    )
    verb.add_argument("--code", default=None, help="the room code (default: a random one)")
    verb.add_argument(
        "--rule",
        action="append",
        metavar="NAME=VALUE",
        help="a house rule on top of the preset's, e.g. blind_limit=6, sideshow=false, "
        "chaal_limit=none (again for each rule)",
    )
    verb.add_argument("--deals", type=int, default=None, help="end the table after K deals")
    verb.add_argument(
        "--chips",
        type=int,
        default=None,
        metavar="N",
        help="chips each seat starts with: one of the table's buy-in choices, as the Host "
        "screen offers them (default: the table's own)",
    )
    verb.add_argument(
        "--turn-seconds",
        type=float,
        default=None,
        help="a turn clock; on expiry the seat packs (see --on-expiry)",
    )
    verb.add_argument(
        "--on-expiry",
        choices=("pack", "bot"),
        default="pack",
        help="when a turn clock runs out: the seat packs, or a bot plays the turn",
    )
    verb.add_argument("--no-spectators", action="store_true", help="refuse spectators")
    verb.add_argument(
        "--no-web",
        action="store_true",
        help="do not serve the phone page (a browser is told so in one sentence)",
    )
    verb.add_argument(
        "--verifiable",
        action="store_true",
        help="commit to the shuffle's seed before the first deal, reveal it at the end",
    )
    verb.add_argument(
        "--history",
        default=None,
        metavar="FILE",
        help="write the table's hand history to FILE (trey replay FILE reads it)",
    )
    verb.add_argument(
        "--advertise",
        default=None,
        metavar="NAME",
        help="advertise the table on the local network (zeroconf) as NAME; players still "
        "need the room code, which is never advertised",
    )
    verb.set_defaults(handler=_serve)


def _join(arguments: argparse.Namespace) -> int:
    import asyncio

    from game.bots.registry import command_line_bot
    from game.network.address import AddressError, TableAddress
    from game.network.client import JoinError, join_table

    try:
        where = TableAddress.read(arguments.address)
    except AddressError as error:
        raise UsageError(str(error)) from None
    if arguments.deals is not None and arguments.deals < 1:
        raise UsageError("--deals must be at least 1")
    try:
        bot = command_line_bot(arguments.bot)
    except ValueError as error:
        raise UsageError(str(error)) from None
    try:
        report = asyncio.run(
            join_table(where, arguments.code, arguments.name, bot, arguments.deals)
        )
    except JoinError as error:
        print(f"trey join: {shortened(str(error), 300)}", file=sys.stderr)
        return EXIT_NETWORK
    except KeyboardInterrupt:
        return EXIT_NETWORK
    data = report.as_dict()
    if arguments.json:
        print(json.dumps(data))
        return 0
    print(
        f"seat {data['seat']}: {data['deals']} deals, net {data['net']:+}, "
        f"{data['reconnects']} reconnects; the table {data['ended'] or 'ended'}"
    )
    return 0


def _add_join(verbs: argparse._SubParsersAction[_Parser]) -> None:
    verb = verbs.add_parser(
        "join",
        help="a bot plays a seat at a table served on another machine",
        description="Join a table served by trey serve; a bot plays the seat.",
    )
    verb.add_argument(
        "address",
        metavar="ADDRESS",
        help="where the table is served: HOST:PORT, or wss://NAME[/PATH] behind a TLS proxy",
    )
    verb.add_argument("--code", required=True, help="the table's room code")
    verb.add_argument("--name", required=True, help="the seat's name at the table")
    verb.add_argument(
        "--bot", default="medium", help="a bot level (default medium) or FILE.py:CLASS"
    )
    verb.add_argument("--deals", type=int, default=None, help="leave after K deals")
    verb.add_argument("--json", action="store_true", help="print one JSON object at the end")
    verb.set_defaults(handler=_join)


def _play(arguments: argparse.Namespace) -> int:
    """Open the table window (or write a screenshot): the default with no verb."""
    from game.engine.rules import RulesError, get_preset

    if arguments.game is not None:
        try:
            get_preset(arguments.game)
        except RulesError as error:
            raise UsageError(str(error)) from None
    if arguments.scene is not None and arguments.screenshot is None:
        raise UsageError("--scene picks what --screenshot draws: give --screenshot OUT.png too")
    from game.loading import loading_modules

    with loading_modules():  # the window's modules: pygame, the art, the screens
        from game.ui.shell.launch import run_app

    return run_app(arguments)


def build_parser() -> _Parser:
    """The full argument parser: global flags and every verb."""
    parser = _Parser(prog="trey", description="Teen Patti, 3 Card Brag and Three Card Poker.")
    parser.add_argument("--screenshot", metavar="OUT.png", help="render a table frame and exit")
    parser.add_argument("--game", default=None, help="game preset for the screenshot or new game")
    parser.add_argument("--seed", type=int, default=None, help="seed for a deterministic deal")
    parser.add_argument(
        "--hotseat", action="store_true", help="two people take turns at one screen, plus bots"
    )
    parser.add_argument(
        "--scene", default=None, help="with --screenshot: menu, setup, settings, ..."
    )
    parser.add_argument(
        "--language",
        choices=("en", "hi", "tl"),
        default=None,
        help="the game's language: en (English), hi (Hindi), tl (Tagalog); it is saved",
    )
    verbs = parser.add_subparsers(dest="verb", parser_class=_Parser)
    _add_rank(verbs)
    _add_replay(verbs)
    _add_simulate(verbs)
    _add_serve(verbs)
    _add_join(verbs)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit status."""
    logging.basicConfig(format="trey: %(message)s", level=logging.WARNING, stream=sys.stderr)
    parser = build_parser()
    arguments = parser.parse_args(argv)
    try:
        if arguments.verb is None:
            return _play(arguments)
        handler: Callable[[argparse.Namespace], int] = arguments.handler
        return handler(arguments)
    except (CardParseError, RankingError, UsageError) as error:
        print(f"{parser.prog}: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        sys.stderr.close()
        return 0

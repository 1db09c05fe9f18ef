"""The host and join screens filled in for the README pictures (`--screenshot OUT.png --scene
host|join`): a made-up address, code and name, and tables as a browse finds them."""

from __future__ import annotations

from game.network.discovery import FoundTable
from game.network.protocol import PROTOCOL_VERSION as PROTOCOL
from game.ui.friends.host_scene import HostScene
from game.ui.friends.join_scene import JoinScene
from game.ui.shell.context import GameContext
from game.ui.shell.scene import Scene


def friends_screen(scene: str, preset: str, context: GameContext) -> Scene:
    """The host screen (`scene` 'host') or the join screen ('join'), ready to draw."""
    if scene == "host":
        return HostScene(context, preset)
    join = JoinScene(context, browsing=False)
    join.address, join.code, join.name = "192.168.1.20:8765", "K7QM4P", "Asha"
    # tables as a browse finds them, named by their hosts: names are data, not words
    join.shown_found = [
        FoundTable("Meera", "192.168.1.20", 8765, "muflis", 2, PROTOCOL),
        FoundTable("Kabir", "192.168.1.31", 8765, "four_card_brag", 0, PROTOCOL),
        FoundTable("Priya", "192.168.1.44", 9000, "casino", 3, 0),
    ]
    join.rebuild("code")
    return join

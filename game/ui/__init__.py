"""The pygame front end, in rooms: shell (app loop, scene stack, routes), art, kit (layout and
widgets), table, play, menus, lessons and history.

Nothing in `game.engine` imports this package; this package reads engine records only. A screen
opens another room's screen through `context.routes`; only the shell imports every room.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

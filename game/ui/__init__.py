"""The pygame front end: app loop and scenes, layout, vector card art, tweens and the table view.

Nothing in `game.engine` imports this package; this package reads engine records only.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

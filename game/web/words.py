"""Every sentence the phone page shows, in English, marked for the game's catalogs.

The page's scripts write these same English sentences (`t("Join")`); a test checks that each
one they use is listed here, so the catalogs and /lang/*.json hold them all.
"""

from __future__ import annotations

from game.i18n import N_

WEB_WORDS: tuple[str, ...] = (N_("Join"),)
"""The page's sentences (its catalog entries), in English."""

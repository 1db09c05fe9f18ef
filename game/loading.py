"""Loading the game's modules with the cyclic garbage collector out of the way.

Loading the modules makes hundreds of thousands of objects that live as long as the program
(classes, functions, the methods dataclasses write, tables) and hardly any garbage; the cyclic
collector, started by every few hundred new objects, walks them again and again as they pile up
(about a sixth of a start's CPU time). `loading_modules` pauses it while modules load and then
freezes what they made (`gc.freeze`: moved where no collection walks them), so neither the
start nor any later collection during play walks them again. The code Python compiles from
text while they load (the methods dataclasses write, annotations written as text) is taken
from the kept code (`game/kept_code.py`) rather than compiled again at every start.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from game.kept_code import keeping_generated_code


@contextmanager
def loading_modules() -> Iterator[None]:
    """Pause the cyclic collector for the block (modules being imported), then freeze every
    object made so far and let the collector run again (unless it was off before). Code
    compiled from text meanwhile (dataclasses' methods, forward references) is compiled once
    and kept between runs (`kept_code`)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        with keeping_generated_code():
            yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()

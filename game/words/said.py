"""A refusal or rule text (a `Said` from the engine) as a sentence in the player's language."""

from __future__ import annotations

from game.engine.hands import HandName
from game.engine.phases import Phase
from game.engine.said import Said, Value, Word
from game.i18n import _, ngettext, number
from game.words.hands import said_hand
from game.words.phases import phase_task


def said(sentence: Said | str) -> str:
    """The sentence in the player's language (a str is already in it and is kept)."""
    if isinstance(sentence, str):
        return sentence
    parts: list[str] = []
    for part in sentence.sentences():
        if not part.template:
            continue
        template = (
            ngettext(part.template, part.plural, part.count) if part.plural else _(part.template)
        )
        parts.append(template.format(**{name: _value(value) for name, value in part.values}))
    return " ".join(parts)


def _value(value: Value) -> str:
    if isinstance(value, int):
        return number(value)
    if isinstance(value, Word):
        return _(value.text)
    if isinstance(value, HandName):
        return said_hand(value)
    if isinstance(value, Phase):
        return phase_task(value)
    return value

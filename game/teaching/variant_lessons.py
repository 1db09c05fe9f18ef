"""The lesson bubble of a variant: the first time a person sits at a table of a variant preset,
a sentence or two from the preset's own data explains its rule (settings remember it was shown).

A table is of a variant when its rules play that preset's knobs (the table limits aside), so a
custom table built from the same knobs in the setup screen gets the same lesson.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.rules import APP_TABLE_LIMITS, PRESETS, Rules


@dataclass(frozen=True)
class VariantLesson:
    """The preset a table plays as a variant, its title and the words of its lesson."""

    preset: str
    title: str
    words: str


def variant_lesson(rules: Rules) -> VariantLesson | None:
    """The lesson of the variant preset whose knobs `rules` play; None for the classic games."""
    chosen = rules.model_dump()
    for name, preset in PRESETS.items():
        if not preset.lesson or preset.family != rules.family:
            continue
        knobs = {key: value for key, value in preset.options.items() if key not in APP_TABLE_LIMITS}
        if all(chosen.get(key) == value for key, value in knobs.items()):
            return VariantLesson(name, preset.title, preset.lesson)
    return None


def lesson_to_show(rules: Rules, already_seen: list[str]) -> VariantLesson | None:
    """The variant's lesson if its bubble has not been shown before (per `already_seen`)."""
    lesson = variant_lesson(rules)
    if lesson is None or lesson.preset in already_seen:
        return None
    return lesson

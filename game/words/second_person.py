"""Sentences said to the person: "You" is the name of their own seat, and sentences about it
take the second person ('You were left alone', 'against you', Tagalog's 'panalo ka').

Pure text (no pygame), shared by the narration of every family.
"""

from __future__ import annotations

import re

from game.i18n import N_, _, language

YOU = N_("You")
"""The name of the person's own seat: sentences about it are written in the second person."""

_YOU_VERBS = {
    "was": "were",
    "is": "are",
    "has": "have",
    "wins": "win",
    "beats": "beat",
    "loses": "lose",
    "covered": "covered",
    "keeps": "keep",
    "pays": "pay",
    "gets": "get",
    "takes": "take",
    "stands": "stand",
    "qualifies": "qualify",
    "owes": "owe",
    "ties": "tie",
}
"""Third-person verbs of the engine's English sentences and their form after "You"."""

_YOU_VERB = re.compile(r"\bYou (" + "|".join(_YOU_VERBS) + r")\b")

_TAGALOG_YOU = (
    ("Si {you} ", "{you} "),
    (" si {you}", " ka"),
    (" ni {you}", " mo"),
    (" kay {you}", " sa iyo"),
)
"""Tagalog's person markers before a name, and what they become for you: 'panalo si Ikaw' →
'panalo ka', 'Kinuha ni Ikaw' → 'Kinuha mo'."""


def spoken_to_you(sentence: str) -> str:
    """A translated reason that names your seat as a name would be named, said to you (only
    Tagalog marks names: 'si {seat}', 'ni {seat}'; other languages come back as they are)."""
    if language() != "tl":
        return sentence
    you = _(YOU)
    for marked, plain in _TAGALOG_YOU:
        sentence = sentence.replace(marked.format(you=you), plain.format(you=you))
    return sentence


def you_form(sentence: str) -> str:
    """'You was left alone' → 'You were left alone': verbs after "You" in the second person."""
    return _YOU_VERB.sub(lambda match: f"{YOU} {_YOU_VERBS[match.group(1)]}", sentence)


_OBJECT_YOU = re.compile(r"(?<=[a-z0-9)] )You\b")
"""'You' after a word inside a sentence: an object ('against You'), written 'you'."""


def object_you(sentence: str) -> str:
    """'Priya asks for a show against You.' → '... against you.' (a subject keeps its capital)."""
    return _OBJECT_YOU.sub("you", sentence)

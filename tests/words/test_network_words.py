"""The network's refusals, errors and byes said by reason key in the player's language, the
server's English only for a reason this game does not know."""

from __future__ import annotations

import typing

from game.i18n import set_language
from game.network.protocol import ByeReason, ErrorReason, RefusalReason
from game.words.network import (
    ENDINGS,
    PROBLEMS,
    REFUSALS,
    ending_words,
    problem_words,
    refusal_words,
)

CLIENT_PROBLEMS = ("unreachable", "lost")
"""The reasons the client's own troubles carry (besides the server's errors)."""


def test_every_reason_of_the_protocol_has_its_sentence() -> None:
    assert set(typing.get_args(RefusalReason)) <= set(REFUSALS)
    assert set(typing.get_args(ErrorReason)) | set(CLIENT_PROBLEMS) <= set(PROBLEMS)
    assert set(typing.get_args(ByeReason)) <= set(ENDINGS)


def test_a_known_reason_is_said_in_the_players_language_and_an_unknown_one_as_sent() -> None:
    set_language("hi")
    try:
        assert problem_words("code", "that room code is not this table's") == (
            "यह रूम कोड इस टेबल का नहीं है: होस्ट से जाँच लें।"
        )
        assert ending_words("host_left", "the host closed the table") == ("होस्ट ने टेबल बंद कर दी।")
        assert refusal_words("not_your_turn", "wait") == "अभी आपकी बारी नहीं है।"
        assert problem_words("newer_reason", "a newer server's sentence") == (
            "a newer server's sentence"
        )
    finally:
        set_language("en")
    assert refusal_words("stale", "").startswith("The table moved on")
    assert ending_words("unknown", "") == "Something went wrong with the network table."

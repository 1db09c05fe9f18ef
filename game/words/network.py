"""What a network table's server and connection say, in the player's language, by reason key.

The server writes its refusals, errors and byes in English with a reason key (see the Literal
types of game/network/protocol.py); the client's own troubles carry one too ('unreachable',
'lost'). A screen says the sentence of the key here, and the server's English only for a key
this game does not know (a newer server's).
"""

from __future__ import annotations

from game.i18n import N_, _

REFUSALS: dict[str, str] = {
    "stale": N_("The table moved on before your move arrived: here it is as it stands."),
    "duplicate": N_("That move was already sent."),
    "not_your_turn": N_("It is not your turn."),
    "illegal": N_("That is not one of your moves now."),
    "unreadable": N_("The table could not read what this game sent."),
    "rate": N_("Slow down: too many messages at once."),
    "spectator": N_("Spectators watch quietly."),
    "too_long": N_("That reaction is too long."),
    "not_started": N_("The table has not started yet."),
}
"""One message refused while the connection stays open."""

PROBLEMS: dict[str, str] = {
    "protocol": N_("That table runs another version of Trey: update both games to the same."),
    "code": N_("That room code is not this table's: check it with the host."),
    "full": N_("That table is full: every seat is taken."),
    "spectators": N_("That table does not allow spectators."),
    "resume": N_("Your seat could not be taken back: join again."),
    "unreadable": N_("The table sent something this game cannot read."),
    "hello_first": N_("The table expected this game to say hello first."),
    "too_big": N_("A message was too big for the table."),
    "flood": N_("This game sent too many messages, so the table closed the connection."),
    "too_slow": N_("The connection was too slow to join in time."),
    "replaced": N_("Your seat was taken over: the host gave it to a bot, or you joined again."),
    "unreachable": N_("No Trey table answers at that address: check it and the network."),
    "lost": N_("The connection to the table was lost."),
}
"""Why a connection was refused or ended (the server's errors and the client's own)."""

ENDINGS: dict[str, str] = {
    "finished": N_("The table has played all its deals."),
    "host_left": N_("The host closed the table."),
    "cannot_deal": N_("No further deal can start: too few players have chips."),
    "leaving": N_("You left the table."),
}
"""Why a table ended (a bye)."""


def _said(sentences: dict[str, str], reason: str, fallback: str) -> str:
    if reason in sentences:
        return _(sentences[reason])
    return fallback or _("Something went wrong with the network table.")


def refusal_words(reason: str, fallback: str = "") -> str:
    """A refused message's sentence; the server's own (`fallback`) for an unknown reason."""
    return _said(REFUSALS, reason, fallback)


def problem_words(reason: str, fallback: str = "") -> str:
    """A refused or broken connection's sentence; `fallback` for an unknown reason."""
    return _said(PROBLEMS, reason, fallback)


def ending_words(reason: str, fallback: str = "") -> str:
    """A table's end in a sentence; `fallback` for an unknown reason."""
    return _said(ENDINGS, reason, fallback)

"""A remote seat's move, read and checked at the edge before the turn loop sees it."""

from __future__ import annotations

from game.engine.actions import Action, ActionParseError, parse_action
from game.engine.game import Game
from game.network.protocol import ActionMessage, RefusalReason


def checked_move(
    game: Game, seat: int, message: ActionMessage, state: int, answered: int
) -> Action | tuple[RefusalReason, str]:
    """The action a seat's message asks for, read at the edge, or why it is refused: it answers
    a state already answered or not the latest, it is not the seat's turn, or the move cannot
    be read. Whether the game allows it is the turn loop's to say (it refuses a remote seat's
    illegal move naming the rule, and the turn stays open)."""
    if message.state == answered:
        return ("duplicate", f"state {message.state} is already answered")
    if message.state != state:
        return ("stale", f"that answers state {message.state}; the table is at {state}")
    if game.to_act != seat:
        return ("not_your_turn", "it is not your turn")
    move = message.move.strip()
    try:
        if not move or move[0].isdigit():
            raise ActionParseError("write the move without a seat, e.g. 'bet 4'")
        action = parse_action(f"{seat} {move}")
    except ActionParseError as error:
        return ("illegal", str(error))
    return action

"""CFR+ on small heads-up abstractions of Teen Patti and Brag, solved offline.

The abstract game (one per family, amounts in boots/antes):

- Each player's hand is one of BUCKETS equal-mass strength buckets (by percentile in the
  ranking's strength table), dealt independently (card removal between the two hands ignored);
  bucket against bucket wins, ties and loses by the table's class counts.
- Both start blind, ante 1 each; the first to act is the seat after the dealer. Looking is a
  public action; a blind player's strategy cannot depend on its bucket (one information set
  for all its buckets), a seen player's can.
- Teen Patti: blind bets 1x or 2x the stake (the bet becomes the stake), seen bets 2x or 4x
  (half becomes the stake); a show costs 1x the stake blind, 2x seen, and a seen player may not
  show a blind one; equal hands go to the player who did not pay.
- Brag: bets are open values; each is the previous (at least the minimum 1) or double it (at
  most the maximum 20), a blind player paying half (rounded up); seeing costs twice the last
  bet (blind: twice the blind stake), an open player may not see a blind one, and the payer
  wins only with a strictly better hand. A blind player left alone does not win: the pot
  carries to the next deal; the abstraction splits it evenly (both have a like chance at it).
- Teen Patti table limits (Limits, in boots) as the rules have them: after `blind_turns` blind
  bets a blind player may only look or fold; no seen bet above the chaal limit, no blind bet
  above half of it; once the pot reaches the pot limit both show and a tie splits.
- Only the first RAISES bets may be raises, and after MOST_BETS bets only show (see) and fold
  remain, as the rules allow them, so a seen player facing a blind one, whom it may not show,
  can only fold (the rules let it bet on to its last chips and show for what it has): the
  places the abstraction departs from the rules, to keep the tree small enough to solve in
  minutes.

`solve()` runs CFR+ (regret matching+, alternating updates, linearly weighted average) with
vectors over buckets on the public tree, and `exploitability()` computes each player's best
response to the average strategy in the abstract game. `python -m game.bots.build_strategy`
solves one abstraction per preset (its ranking and limits), prints the exploitability and writes
game/bots/data/strategy-<preset>.json.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from game.engine.families import Family
from game.engine.rules import Rules, TeenPattiRules

BUCKETS = 8
"""Strength buckets per player in the abstraction."""

MOST_BETS = 9
"""Bets allowed before only show and fold remain (enough for a blind limit of 4 to bind)."""

RAISES = 3
"""Only the first this many bets of a deal may be raises; later bets are at the stake."""

BRAG_MAXIMUM = 20
"""The Brag preset's largest bet (open value)."""


@dataclass(frozen=True)
class Limits:
    """Teen Patti table limits in the abstraction, in boots (None: no limit).

    `blind_turns`: a blind player must look (or fold) after this many blind bets; `chaal`: no
    seen bet above it, no blind bet above half of it; `pot`: when the pot reaches it, both show
    and the better hand takes it (a tie splits).
    """

    blind_turns: int | None = None
    chaal: int | None = None
    pot: int | None = None


NO_LIMITS = Limits()


def limits_of(rules: Rules | None) -> Limits:
    """A Teen Patti rule set's table limits in boots (any other family has none)."""
    if not isinstance(rules, TeenPattiRules):
        return NO_LIMITS
    boot = rules.boot
    return Limits(
        rules.blind_limit,
        None if rules.chaal_limit is None else rules.chaal_limit // boot,
        None if rules.pot_limit is None else -(-rules.pot_limit // boot),
    )


@dataclass
class Node:
    """A public state of the abstract game."""

    history: str
    player: int = -1
    blind: tuple[bool, bool] = (True, True)
    actions: list[str] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)
    paid: tuple[float, float] = (1.0, 1.0)
    terminal: str = ""
    payer: int = -1


@dataclass(frozen=True)
class _State:
    family: str
    player: int
    blind: tuple[bool, bool]
    paid: tuple[float, float]
    stake: int
    bets: int
    last_value: int
    limits: Limits = NO_LIMITS
    blind_bets: tuple[int, int] = (0, 0)


def _cost(state: _State, action: str) -> tuple[float, int, int]:
    """(chips paid, new stake, new last value) of a betting action."""
    me = state.player
    if state.family == Family.TEEN_PATTI:
        stake = state.stake
        if state.blind[me]:
            amount = stake if action == "bet" else 2 * stake
            return amount, amount, 0
        amount = 2 * stake if action == "bet" else 4 * stake
        return amount, amount // 2, 0
    required = max(state.last_value, 1)
    value = required if action == "bet" else min(BRAG_MAXIMUM, 2 * required)
    amount = -(-value // 2) if state.blind[me] else value
    return amount, 0, value


def _show_cost(state: _State) -> float:
    me = state.player
    if state.family == Family.TEEN_PATTI:
        return state.stake if state.blind[me] else 2 * state.stake
    if state.blind[me]:
        return 2 * -(-state.last_value // 2)
    return 2 * state.last_value


def build_tree(family: str, limits: Limits = NO_LIMITS) -> Node:
    """The public tree of the abstract game of a family ('teen_patti' or 'brag')."""
    start = _State(family, 0, (True, True), (1.0, 1.0), 1, 0, 0, limits)
    return _build(start, "")


def _legal(state: _State) -> list[str]:
    me, other = state.player, 1 - state.player
    limits = state.limits
    if (
        state.blind[me]
        and limits.blind_turns is not None
        and state.blind_bets[me] >= limits.blind_turns
    ):
        return ["look", "fold"]  # the blind limit: look or pack
    capped = state.bets >= MOST_BETS
    actions: list[str] = []
    if state.blind[me] and not capped:
        actions.append("look")
    if not capped:
        for bet in ("bet", "raise"):
            if bet == "raise" and state.bets >= RAISES:
                continue
            if bet == "raise" and state.family == Family.BRAG:
                if max(state.last_value, 1) >= BRAG_MAXIMUM:
                    continue
            elif not _within_chaal(state, _cost(state, bet)[0]):
                continue
            actions.append(bet)
    can_show = state.blind[me] or not state.blind[other]
    if state.family == Family.BRAG and state.last_value == 0:
        can_show = False
    if can_show:
        actions.append("show")
    actions.append("fold")
    return actions


def _within_chaal(state: _State, amount: float) -> bool:
    """Whether a Teen Patti bet keeps to the chaal limit (half of it for a blind player)."""
    limit = state.limits.chaal
    if state.family != Family.TEEN_PATTI or limit is None:
        return True
    return amount <= (limit // 2 if state.blind[state.player] else limit)


def _build(state: _State, history: str) -> Node:
    node = Node(history, state.player, state.blind, paid=state.paid)
    node.actions = _legal(state)
    me = state.player
    for action in node.actions:
        label = history + action[0]
        if action == "look":
            blind = (False, state.blind[1]) if me == 0 else (state.blind[0], False)
            child = _build(replace(state, blind=blind), label)
        elif action in ("bet", "raise"):
            amount, stake, value = _cost(state, action)
            paid = _add(state.paid, me, amount)
            blind_bets = state.blind_bets
            if state.blind[me]:
                blind_bets = _add_turn(blind_bets, me)
            pot_limit = state.limits.pot
            if (
                state.family == Family.TEEN_PATTI
                and pot_limit is not None
                and sum(paid) >= pot_limit
            ):
                child = Node(label, paid=paid, terminal="limit", blind=state.blind)
            else:
                child = _build(
                    replace(
                        state,
                        player=1 - me,
                        paid=paid,
                        stake=stake,
                        bets=state.bets + 1,
                        last_value=value,
                        blind_bets=blind_bets,
                    ),
                    label,
                )
        elif action == "show":
            paid = _add(state.paid, me, _show_cost(state))
            child = Node(label, paid=paid, terminal="show", payer=me, blind=state.blind)
        else:
            child = Node(label, paid=state.paid, terminal="fold", payer=me, blind=state.blind)
        node.children.append(child)
    return node


def _add(paid: tuple[float, float], seat: int, amount: float) -> tuple[float, float]:
    return (paid[0] + amount, paid[1]) if seat == 0 else (paid[0], paid[1] + amount)


def _add_turn(turns: tuple[int, int], seat: int) -> tuple[int, int]:
    return (turns[0] + 1, turns[1]) if seat == 0 else (turns[0], turns[1] + 1)


def count_nodes(node: Node) -> int:
    """How many decision nodes the tree has."""
    if node.terminal:
        return 0
    return 1 + sum(count_nodes(child) for child in node.children)


@dataclass
class Equity:
    """Bucket against bucket: chance the first wins outright and chance of a tie."""

    win: list[list[float]]
    tie: list[list[float]]


def equity_from_counts(counts: Sequence[int], buckets: int = BUCKETS) -> Equity:
    """Split levels (weakest first, with their hand counts) into equal-mass buckets."""
    total = sum(counts)
    members: list[list[tuple[int, float]]] = [[] for _ in range(buckets)]
    below = 0
    for level, count in enumerate(counts):
        bucket = min(buckets - 1, int((below + count / 2) / total * buckets))
        members[bucket].append((level, count / total))
        below += count
    win = [[0.0] * buckets for _ in range(buckets)]
    tie = [[0.0] * buckets for _ in range(buckets)]
    for first in range(buckets):
        mass_first = sum(weight for _, weight in members[first])
        for second in range(buckets):
            mass_second = sum(weight for _, weight in members[second])
            won = tied = 0.0
            for level, weight in members[first]:
                for other, other_weight in members[second]:
                    if level > other:
                        won += weight * other_weight
                    elif level == other:
                        tied += weight * other_weight
            win[first][second] = won / (mass_first * mass_second)
            tie[first][second] = tied / (mass_first * mass_second)
    return Equity(win, tie)


def bucket_bounds(counts: Sequence[int], buckets: int = BUCKETS) -> list[int]:
    """The bucket of every level, as equity_from_counts() cuts them."""
    total = sum(counts)
    result = []
    below = 0
    for count in counts:
        result.append(min(buckets - 1, int((below + count / 2) / total * buckets)))
        below += count
    return result


class Solver:
    """CFR+ over one abstract game; strategies are per (history, bucket or blind)."""

    def __init__(self, family: str, equity: Equity, limits: Limits = NO_LIMITS) -> None:
        self.family = family
        self.root = build_tree(family, limits)
        self.equity = equity
        self.regrets: dict[str, list[list[float]]] = {}
        self.average: dict[str, list[list[float]]] = {}
        self.iteration = 0

    def _key(self, node: Node) -> str:
        return node.history

    def _tables(self, node: Node) -> tuple[list[list[float]], list[list[float]]]:
        key = self._key(node)
        rows = 1 if node.blind[node.player] else BUCKETS
        if key not in self.regrets:
            self.regrets[key] = [[0.0] * len(node.actions) for _ in range(rows)]
            self.average[key] = [[0.0] * len(node.actions) for _ in range(rows)]
        return self.regrets[key], self.average[key]

    @staticmethod
    def _match(regret: list[float]) -> list[float]:
        positive = [max(0.0, value) for value in regret]
        total = sum(positive)
        if total <= 0:
            return [1.0 / len(regret)] * len(regret)
        return [value / total for value in positive]

    def current(self, node: Node) -> list[list[float]]:
        """This iteration's strategy per bucket (one row repeated when blind)."""
        regrets, _ = self._tables(node)
        rows = [self._match(row) for row in regrets]
        return rows * BUCKETS if len(rows) == 1 else rows

    def average_strategy(self, node: Node) -> list[list[float]]:
        """The averaged strategy per bucket (uniform where never reached)."""
        _, average = self._tables(node)
        rows = []
        for row in average:
            total = sum(row)
            rows.append([v / total for v in row] if total > 0 else [1 / len(row)] * len(row))
        return rows * BUCKETS if len(rows) == 1 else rows

    def _terminal(self, node: Node, opponent_reach: list[float], player: int) -> list[float]:
        """Value per own bucket for `player` at a terminal, weighted by the opponent's reach."""
        paid = node.paid
        pot = paid[0] + paid[1]
        mine = paid[player]
        scale = 1.0 / BUCKETS
        total_reach = sum(opponent_reach) * scale
        if node.terminal == "fold":
            winner = 1 - node.payer
            other_blind = node.blind[winner]
            if self.family == Family.BRAG and other_blind:
                return [total_reach * (pot / 2 - mine)] * BUCKETS
            value = (pot - mine) if winner == player else -mine
            return [total_reach * value] * BUCKETS
        win, tie = self.equity.win, self.equity.tie
        values = []
        for bucket in range(BUCKETS):
            total = 0.0
            for other, reach in enumerate(opponent_reach):
                if reach == 0:
                    continue
                won = win[bucket][other]
                tied = tie[bucket][other]
                # The payer needs a strictly better hand; a tie goes to the other. At the pot
                # limit nobody paid to show, and a tie splits.
                if node.payer < 0:
                    share = won + tied / 2
                else:
                    share = won if node.payer == player else won + tied
                total += reach * (share * (pot - mine) - (1 - share) * mine)
            values.append(total * scale)
        return values

    def solve(self, iterations: int) -> None:
        """Run CFR+ iterations (alternating: player 0 then player 1)."""
        for _ in range(iterations):
            self.iteration += 1
            for traverser in (0, 1):
                self._walk_traverser(self.root, [[1.0] * BUCKETS, [1.0] * BUCKETS], traverser)

    def _walk_traverser(self, node: Node, reach: list[list[float]], traverser: int) -> list[float]:
        if node.terminal:
            return self._terminal(node, reach[1 - traverser], traverser)
        player = node.player
        strategy = self.current(node)
        child_values = []
        for index, child in enumerate(node.children):
            scaled = [r * strategy[b][index] for b, r in enumerate(reach[player])]
            child_reach = [scaled, reach[1]] if player == 0 else [reach[0], scaled]
            child_values.append(self._walk_traverser(child, child_reach, traverser))
        if player != traverser:
            return [sum(values[b] for values in child_values) for b in range(BUCKETS)]
        count = len(node.children)
        values = [
            sum(strategy[b][a] * child_values[a][b] for a in range(count)) for b in range(BUCKETS)
        ]
        regrets, average = self._tables(node)
        weight = self.iteration
        if node.blind[player]:
            row = regrets[0]
            for a in range(count):
                gain = sum(child_values[a][b] - values[b] for b in range(BUCKETS))
                row[a] = max(0.0, row[a] + gain)
            own = sum(reach[player]) / BUCKETS
            for a in range(count):
                average[0][a] += weight * own * strategy[0][a]
        else:
            for b in range(BUCKETS):
                row = regrets[b]
                for a in range(count):
                    row[a] = max(0.0, row[a] + child_values[a][b] - values[b])
                    average[b][a] += weight * reach[player][b] * strategy[b][a]
        return values

    def exploitability(self) -> tuple[float, float, float]:
        """(best response of player 0, of player 1, their mean) in boots per hand."""
        responses = []
        for responder in (0, 1):
            values = self._best_response(self.root, [[1.0] * BUCKETS, [1.0] * BUCKETS], responder)
            responses.append(sum(values) / BUCKETS)
        return responses[0], responses[1], (responses[0] + responses[1]) / 2

    def _best_response(self, node: Node, reach: list[list[float]], responder: int) -> list[float]:
        if node.terminal:
            return self._terminal(node, reach[1 - responder], responder)
        player = node.player
        if player != responder:
            strategy = self.average_strategy(node)
            total = [0.0] * BUCKETS
            for index, child in enumerate(node.children):
                scaled = [r * strategy[b][index] for b, r in enumerate(reach[player])]
                child_reach = [scaled, reach[1]] if player == 0 else [reach[0], scaled]
                values = self._best_response(child, child_reach, responder)
                total = [t + v for t, v in zip(total, values, strict=True)]
            return total
        child_values = [self._best_response(child, reach, responder) for child in node.children]
        if node.blind[player]:
            best = max(range(len(child_values)), key=lambda a: sum(child_values[a]))
            return child_values[best]
        return [max(values[b] for values in child_values) for b in range(BUCKETS)]

    def strategy_table(self) -> dict[str, list[list[float]]]:
        """Every information set's average strategy, rounded: history -> rows per bucket."""
        table: dict[str, list[list[float]]] = {}
        for key, average in self.average.items():
            rows = []
            for row in average:
                total = sum(row)
                probabilities = [v / total for v in row] if total > 0 else [1 / len(row)] * len(row)
                rows.append([round(p, 3) for p in probabilities])
            table[key] = rows
        return table


def reached_histories(solver: Solver, threshold: float = 1e-4) -> set[str]:
    """Histories the average strategies reach with probability at least `threshold`."""
    found: set[str] = set()

    def walk(node: Node, reach: list[list[float]]) -> None:
        """Visit a node reached with these per-bucket reaches."""
        if node.terminal:
            return
        mass = (sum(reach[0]) / BUCKETS) * (sum(reach[1]) / BUCKETS)
        if mass < threshold:
            return
        found.add(node.history)
        player = node.player
        strategy = solver.average_strategy(node)
        for index, child in enumerate(node.children):
            scaled = [r * strategy[b][index] for b, r in enumerate(reach[player])]
            walk(child, [scaled, reach[1]] if player == 0 else [reach[0], scaled])

    walk(solver.root, [[1.0] * BUCKETS, [1.0] * BUCKETS])
    return found

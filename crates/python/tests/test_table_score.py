"""gamesolver.scoring.table_score (exact expected results from tablebase
starts) against independent numbers: the tables' own values, hand-checked
positions, a Monte Carlo estimate, and the absorbing-chain solver against
closed forms."""

import random
from collections.abc import Mapping

import numpy as np
import pytest

from gamesolver import scoring
from gamesolver._absorbing import absorption

# Bottom's elephant on a1 beside top's on b1, bottom to move: taking it
# (a1b1) wins at once, the other move (a1a2) loses by force.
TAKE_OR_LOSE = "7/7/7/7/7/7/7/7/Ee5 w"
# Won for the side to move in 33 and 11 plies; lost in 2.
STARTS = ["7/7/7/7/7/7/1e5/7/E6 w", "7/7/3e3/7/7/7/7/7/E6 b", "7/7/7/7/7/7/7/3e3/E6 w"]


class BestMoves(Mapping):
    """The tables' first best move in every position (a perfect policy), or
    a losing move in the positions of ``blunder`` where there is one."""

    def __init__(self, tablebase, blunder=()):
        self.tablebase = tablebase
        self.blunder = set(blunder)

    def __getitem__(self, text):
        report = self.tablebase.probe(text)
        if text in self.blunder:
            losing = [m.move for m in report.moves if m.value == "loss"]
            if losing:
                return losing[0]
        return report.best[0]

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0


def uniform(observations, masks):
    return masks.astype(float)


def test_perfect_play_scores_the_table_value(elephant_tablebase, jungle):
    tablebase, _, _ = elephant_tablebase
    points = {"win": 1.0, "draw": 0.0, "loss": -1.0}
    judged = scoring.table_score(BestMoves(tablebase), jungle, tablebase, STARTS)
    assert [s.table_value for s in judged.starts] == ["win", "win", "loss"]
    for start in judged.starts:
        assert start.expected_return == pytest.approx(points[start.table_value], abs=1e-12)
        assert start.win + start.draw + start.loss == pytest.approx(1.0)
    assert judged.graph_positions > 10


def test_a_losing_move_scores_a_loss(elephant_tablebase, jungle):
    tablebase, _, _ = elephant_tablebase
    blunders = BestMoves(tablebase, blunder=[TAKE_OR_LOSE])
    judged = scoring.table_score(blunders, jungle, tablebase, [TAKE_OR_LOSE])
    assert judged.starts[0].loss == pytest.approx(1.0, abs=1e-12)
    assert judged.expected_return == pytest.approx(-1.0, abs=1e-12)


def test_hand_checked_position(elephant_tablebase, jungle):
    tablebase, _, _ = elephant_tablebase
    # Uniform play: half the time the capture (a win), half the time a1a2,
    # lost by force whatever bottom plays next: exactly even.
    judged = scoring.table_score(uniform, jungle, tablebase, [TAKE_OR_LOSE])
    start = judged.starts[0]
    assert (start.win, start.loss) == (pytest.approx(0.5, abs=1e-12), pytest.approx(0.5, abs=1e-12))
    # The capture alone: a win against any opponent, in one position.
    take = {TAKE_OR_LOSE: "a1b1"}
    for opponent in ("perfect", "random"):
        alone = scoring.table_score(take, jungle, tablebase, [TAKE_OR_LOSE], opponent=opponent)
        assert alone.starts[0].win == 1.0 and alone.graph_positions == 2


def monte_carlo(jungle, start, games, seed, max_plies=2000):
    """Uniform play for both sides from ``start`` on positions without
    history (the convention of table_score): (wins, losses) of the side to
    move at the start."""
    rng = random.Random(seed)
    agent = jungle.state_from_string(start).current_player()
    wins = losses = 0
    for _ in range(games):
        state = jungle.state_from_string(start)
        for _ in range(max_plies):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            if not state.is_terminal():
                state = jungle.state_from_string(str(state))
        if state.is_terminal():
            r = state.returns()[agent]
            wins += r > 0
            losses += r < 0
    return wins, losses


def test_agrees_with_monte_carlo(elephant_tablebase, jungle):
    tablebase, _, _ = elephant_tablebase
    start = STARTS[0]
    exact = scoring.table_score(uniform, jungle, tablebase, [start], opponent="random").starts[0]
    assert 0.5 < exact.win < 0.99
    games = 3000
    wins, losses = monte_carlo(jungle, start, games, seed=7)
    sigma = (exact.win * (1 - exact.win) / games) ** 0.5
    assert abs(wins / games - exact.win) < 5 * sigma
    assert abs(losses / games - exact.loss) < 5 * sigma + 1e-3


def test_bad_starts_and_opponents(elephant_tablebase, jungle):
    tablebase, _, _ = elephant_tablebase
    with pytest.raises(ValueError, match="opponent"):
        scoring.table_score(uniform, jungle, tablebase, STARTS, opponent="oracle")
    with pytest.raises(ValueError, match="do not cover"):
        scoring.table_score(uniform, jungle, tablebase, ["7/7/7/7/7/7/1r5/7/E6 w"])
    with pytest.raises(ValueError, match="max_positions"):
        scoring.table_score(uniform, jungle, tablebase, STARTS[:1], max_positions=5)
    with pytest.raises(ValueError, match="not legal"):
        scoring.table_score(lambda o, m: np.full(len(o), 99), jungle, tablebase, STARTS[:1])


# The absorbing-chain solver against closed forms.


def test_gamblers_ruin():
    # A fair walk on 0..n: from k it ends at n (a win) with probability k/n.
    n = 12
    edges = [[] if k in (0, n) else [(0.5, k - 1), (0.5, k + 1)] for k in range(n + 1)]
    ends = [(0.0, 1.0)] + [None] * (n - 1) + [(1.0, 0.0)]
    values = absorption(edges, ends)
    for k in range(n + 1):
        assert values[k][0] == pytest.approx(k / n, abs=1e-12)
        assert values[k][1] == pytest.approx(1 - k / n, abs=1e-12)


def test_a_cycle_without_end_is_a_draw():
    # 0 -> 1 or 2 alike; 1 <-> 2 for ever ... except 2 -> 3 (a win) a third
    # of the time; 4 <-> 5 never end.
    edges = [[(0.5, 1), (0.5, 4)], [(1.0, 2)], [(2 / 3, 1), (1 / 3, 3)], [], [(1.0, 5)], [(1.0, 4)]]
    ends = [None, None, None, (1.0, 0.0), None, None]
    values = absorption(edges, ends)
    assert values[1] == pytest.approx((1.0, 0.0))
    assert values[0] == pytest.approx((0.5, 0.0))
    assert values[4] == (0.0, 0.0) and values[5] == (0.0, 0.0)
    with pytest.raises(ValueError, match="max_component"):
        absorption(edges, ends, max_component=1)

"""gamesolver.scoring against independent numbers: the MDP module's exact
optima (backward induction in Rust) and the solved table's own moves."""

from fractions import Fraction

import numpy as np
import pytest

import gamesolver
from gamesolver import mdp, scoring
from gamesolver.vector import SelfPlayVectorEnv

ELEPHANTS = "7/7/7/7/7/7/1e5/7/E6 w"


@pytest.mark.parametrize("side,seat", [("x", 0), ("o", 1)])
@pytest.mark.parametrize("opponent,name", [("random", "random"), ("minimax", "perfect")])
def test_the_mdp_optimum_scores_its_value(side, seat, opponent, name):
    solution = mdp.solve(opponent=opponent, side=side, exact=True)
    score = scoring.exact_score(solution.policy, opponent=name, agent_player=seat)
    assert score.expected_return == solution.value
    assert (score.win, score.draw, score.loss) == tuple(
        solution.outcome_probabilities[k] for k in ("win", "draw", "loss")
    )


def perfect_policy(ttt):
    table = gamesolver.solve(ttt)

    def policy(observations, masks):
        # Decode the board from the observation: plane 0 = X, plane 1 = O.
        actions = []
        for obs in observations:
            cells = ["X" if obs[0].flat[c] else "O" if obs[1].flat[c] else "." for c in range(9)]
            state = ttt.state_from_string("".join(cells))
            actions.append(state.move_to_action(table.best_moves(state)[0]))
        return np.array(actions)

    return policy


def test_perfect_play_is_unexploitable(ttt):
    policy = perfect_policy(ttt)
    assert scoring.exploitability(policy) == 0
    for seat in (0, 1):
        assert scoring.exact_score(policy, opponent="perfect", agent_player=seat).expected_return == 0


def test_uniform_random_play(ttt):
    uniform = lambda obs, masks: masks.astype(float)  # noqa: E731
    score = scoring.exact_score(uniform, opponent="random")
    # Both sides random: X wins 737/1260 of the games (58.5 %), 8/63 are drawn.
    assert (score.win, score.draw) == (Fraction(737, 1260), Fraction(8, 63))
    assert score.win + score.draw + score.loss == 1
    played = gamesolver.random_playouts(ttt, 200_000, seed=1)
    assert abs(played["first_wins"] / played["games"] - float(score.win)) < 0.005
    assert scoring.exploitability(uniform) > Fraction(1, 2)
    assert scoring.exact_score(uniform, opponent="perfect").expected_return < 0


def test_a_policy_must_play_legal_moves():
    with pytest.raises(ValueError, match="not legal"):
        scoring.exact_score(lambda obs, masks: np.zeros(len(obs), dtype=int), opponent="random")
    with pytest.raises(ValueError, match="solved table"):
        scoring.exact_score(lambda obs, masks: masks, game="jungle")
    with pytest.raises(ValueError, match="opponent"):
        scoring.exact_score(lambda obs, masks: masks, opponent="oracle")


def test_table_accuracy(elephant_tablebase, jungle):
    tablebase, _, _ = elephant_tablebase
    env = SelfPlayVectorEnv("jungle", 16, position=ELEPHANTS)
    env.reset(seed=4)
    positions = []
    for _ in range(6):
        positions += [str(env.state(i)) for i in range(16) if not env.state(i).is_terminal()]
        env.step(env.sample_legal_actions())
    best = {}
    for text in positions:
        report = tablebase.probe(text)
        if report is not None and report.best:
            best[text] = report.best[0]
    judged = scoring.table_accuracy(best, "jungle", tablebase, list(best))
    assert judged.positions == len(best) > 20 and judged.accuracy == 1.0
    first = {text: jungle.state_from_string(text).legal_actions()[0] for text in best}
    rough = scoring.table_accuracy(first, "jungle", tablebase, list(best))
    assert rough.positions == judged.positions
    assert rough.kept + rough.wins_lost + rough.draws_lost == rough.positions
    assert rough.accuracy < 1.0

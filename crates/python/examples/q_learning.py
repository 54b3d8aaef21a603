"""Tabular Q-learning on gamesolver/tictactoe-v0 against the random opponent.

The agent (X) learns from episodes only; every ``--check-every`` episodes
the exact expected return of its greedy policy is computed (over every
reply of the random opponent, with fractions) and compared with the
optimum, 191/192, that ``gamesolver.mdp.solve`` proves.

    python examples/q_learning.py [--episodes 300000] [--seed 0]
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from fractions import Fraction

import gymnasium as gym
import numpy as np

import gamesolver
import gamesolver.envs  # registers the environments


def greedy(q, key, legal):
    values = q[key]
    return max(legal, key=lambda a: values[a])


def exact_value(q, state):
    """Expected return of the greedy policy from ``state`` (X to move) against uniform random O."""
    if state.is_terminal():
        return Fraction(int(state.returns()[0]))
    after = state.clone()
    after.apply_action(greedy(q, str(state), state.legal_actions()))
    if after.is_terminal():
        return Fraction(int(after.returns()[0]))
    replies = after.legal_actions()
    total = Fraction(0)
    for reply in replies:
        child = after.clone()
        child.apply_action(reply)
        total += exact_value(q, child)
    return total / len(replies)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, default=300_000)
    parser.add_argument("--check-every", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    optimum = gamesolver.mdp.solve(opponent="random", side="x").value  # Fraction(191, 192)
    env = gym.make("gamesolver/tictactoe-v0", opponent="random")
    rng = np.random.default_rng(args.seed)
    q = defaultdict(lambda: np.zeros(9))
    visits = defaultdict(lambda: np.zeros(9))
    start = gamesolver.load_game("tictactoe").new_initial_state()
    for episode in range(1, args.episodes + 1):
        _, info = env.reset(seed=args.seed + episode)
        epsilon = max(0.05, 1.0 - episode / (args.episodes / 2))
        done = False
        while not done:
            key, legal = info["state"], np.flatnonzero(info["action_mask"])
            if rng.random() < epsilon:
                action = int(rng.choice(legal))
            else:
                action = greedy(q, key, legal)
            _, reward, done, _, info = env.step(action)
            target = reward
            if not done:
                target = q[info["state"]][np.flatnonzero(info["action_mask"])].max()
            visits[key][action] += 1
            q[key][action] += (target - q[key][action]) / visits[key][action] ** 0.6
        if episode % args.check_every == 0:
            value = exact_value(q, start)
            print(f"episode {episode}: greedy policy value {value} = {float(value):.6f}")
            if value == optimum:
                print(f"the greedy policy is optimal ({optimum}) after {episode} episodes")
                return
    print(f"not optimal after {args.episodes} episodes")


if __name__ == "__main__":
    main()

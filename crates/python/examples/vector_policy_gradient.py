"""A small agent trained with numpy only on the vector environment, scored exactly.

A two-layer softmax policy (numpy, no framework) learns to play X at
tic-tac-toe against random play by REINFORCE on a batch of games stepped
in Rust (``gamesolver.vector.VectorEnv``). Every few updates its greedy
policy is scored **exactly** by ``gamesolver.scoring``: the expected return
(+1 win, 0 draw, -1 loss) against random play and against perfect play,
and its exploitability (what a best-responding opponent takes from it,
averaged over both seats), computed over every position it can meet, not
sampled::

    python crates/python/examples/vector_policy_gradient.py [--updates 300] [--envs 512]

The optimum against random play is 191/192 (``gamesolver.mdp``); against
perfect play it is 0 (a draw).
"""

from __future__ import annotations

import argparse

import numpy as np

from gamesolver import scoring
from gamesolver.vector import VectorEnv


class Policy:
    """observation (27) -> hidden (64, tanh) -> logits (9), masked softmax."""

    def __init__(self, rng: np.random.Generator, inputs: int, actions: int, hidden: int = 64):
        self.w1 = rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0, 0.01, (hidden, actions))
        self.b2 = np.zeros(actions)

    def forward(self, x: np.ndarray, masks: np.ndarray):
        h = np.tanh(x @ self.w1 + self.b1)
        logits = h @ self.w2 + self.b2
        logits = np.where(masks > 0, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        return h, p

    def greedy(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """The policy scoring evaluates: the most probable legal action."""
        _, p = self.forward(observations.reshape(len(observations), -1), masks)
        return np.argmax(np.where(masks > 0, p, -1.0), axis=1)

    def update(self, x, h, p, actions, advantages, lr):
        grad_logits = -p
        grad_logits[np.arange(len(actions)), actions] += 1.0
        grad_logits *= advantages[:, None] / len(actions)
        grad_h = (grad_logits @ self.w2.T) * (1 - h**2)
        self.w2 += lr * h.T @ grad_logits
        self.b2 += lr * grad_logits.sum(axis=0)
        self.w1 += lr * x.T @ grad_h
        self.b1 += lr * grad_h.sum(axis=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--updates", type=int, default=300)
    parser.add_argument("--envs", type=int, default=512)
    parser.add_argument("--every", type=int, default=25, help="score exactly every N updates")
    parser.add_argument("--lr", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    env = VectorEnv("tictactoe", args.envs, agent_player=0, opponent="random")
    inputs = int(np.prod(env.single_observation_space.shape))
    policy = Policy(rng, inputs, env.single_action_space.n)
    obs, info = env.reset(seed=args.seed)
    masks = info["action_mask"]
    # Each game's moves of the running episode: (observation, mask, action).
    episodes = [[] for _ in range(args.envs)]
    restarting = np.zeros(args.envs, dtype=bool)
    print("update  return vs random  return vs perfect  exploitability")
    for update in range(args.updates + 1):
        if update % args.every == 0:
            vs_random = scoring.exact_score(policy.greedy, opponent="random")
            vs_perfect = scoring.exact_score(policy.greedy, opponent="perfect")
            exploit = scoring.exploitability(policy.greedy)
            print(
                f"{update:6d}  {float(vs_random.expected_return):16.4f}"
                f"  {float(vs_perfect.expected_return):17.4f}  {float(exploit):14.4f}"
            )
        # Play until a batch of finished episodes is collected.
        xs, hs, ps, acts, returns = [], [], [], [], []
        while len(acts) < 4 * args.envs:
            x = obs.reshape(args.envs, -1)
            h, p = policy.forward(x, masks)
            cumulative = p.cumsum(axis=1)
            actions = (cumulative < rng.random((args.envs, 1))).sum(axis=1).clip(0, p.shape[1] - 1)
            obs, rewards, terminated, truncated, info = env.step(actions)
            masks = info["action_mask"]
            for i in np.flatnonzero(~restarting):
                episodes[i].append((x[i], h[i], p[i], actions[i]))
            for i in np.flatnonzero(terminated | truncated):
                for xi, hi, pi, ai in episodes[i]:
                    xs.append(xi)
                    hs.append(hi)
                    ps.append(pi)
                    acts.append(ai)
                    returns.append(rewards[i])
                episodes[i] = []
            restarting = terminated | truncated
        returns = np.asarray(returns)
        advantages = returns - returns.mean()
        policy.update(np.stack(xs), np.stack(hs), np.stack(ps), np.asarray(acts), advantages, args.lr)


if __name__ == "__main__":
    main()

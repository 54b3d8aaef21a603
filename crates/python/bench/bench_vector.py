"""Vectorised stepping speed: gamesolver.vector against pgx and pyspiel, same run.

Steps per second (games stepped × steps / seconds) with uniformly random
legal actions, for batches of 1, 64, 1,024 and 4,096 games:

* **gamesolver**: ``SelfPlayVectorEnv(game, N)`` for every registered game,
  ``env.step_random()`` in a loop (the random legal actions drawn in Rust
  in the step's own pass, as pgx draws its own inside its jit-compiled
  step; the actions of ``env.step(env.sample_legal_actions())``, which
  ``--two-calls`` measures), the buffers reused (``copy=False``;
  ``--copy`` measures the default copies);
* **pgx** (JAX on the CPU): ``tic_tac_toe`` and ``animal_shogi``, one
  jit-compiled, ``vmap``-ed function doing the random action
  (``jax.random.categorical`` over the legal-action mask) and
  ``pgx.experimental.auto_reset(env.step, env.init)``, compiled and warmed
  before timing, ``block_until_ready`` on the result;
* **pyspiel** (OpenSpiel): N states stepped one by one in a Python loop,
  the same number of states as the batch, the way a pyspiel user steps
  them (one call per state; a new state when one ends). Two loops, both
  measured: **like for like** (``pyspiel``): ``legal_actions``, a random
  choice, ``apply_action``, then what the vector env returns for every game
  at every step, the observation (``observation_tensor``) and the
  legal-action mask (``legal_actions_mask``) of the player to move (of
  player 0 once the game is over); and the **bare** loop
  (``pyspiel-bare``): the move alone, no observation or mask, pyspiel's
  fastest loop and a generous comparison.

And the engine opponent inside the batch: games per second of a random agent
against ``opponent="engine", nodes=1000`` (``--engine-batch`` games at once).

pgx usually lives in its own virtual environment: ``--pgx-python PATH``
runs the pgx part with that interpreter (this script, ``--part pgx``) and
reads its lines back; without it pgx is measured in this process if it can
be imported, else left out; likewise pyspiel (``pip install open_spiel``).

    python bench/bench_vector.py [--seconds 2] [--rounds 3] [--batches 1,64,1024,4096]
        [--pgx-python /path/to/pgx-venv/bin/python] [--copy] [--two-calls]
        [--part all|ours|pgx|pyspiel|engine]

Timings are wall-clock: run on a quiet machine (docs/PERFORMANCE.md says
under what load published figures were taken). Each figure is the best of
``--rounds`` rounds; the rounds of the libraries interleave, so a change of
the machine's load falls on every library alike.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from typing import Callable, Dict, List, Optional

#: pgx's names of the games both libraries have.
PGX_GAMES = {"tictactoe": "tic_tac_toe", "dobutsu": "animal_shogi"}
#: pyspiel's names of the games both libraries have.
PYSPIEL_GAMES = {"tictactoe": "tic_tac_toe", "uttt": "ultimate_tic_tac_toe"}


def timed(step: Callable[[], None], games: int, seconds: float, finish: Callable[[], None] = lambda: None) -> float:
    """Steps per second of ``step`` (which steps ``games`` games), run for
    about ``seconds`` after three warm-up calls."""
    for _ in range(3):
        step()
    finish()
    calls = 0
    begin = time.perf_counter()
    deadline = begin + seconds
    while True:
        step()
        calls += 1
        if calls % 8 == 0 or seconds == 0:
            finish()
            now = time.perf_counter()
            if now >= deadline:
                break
    return games * calls / (now - begin)


def ours(game: str, batch: int, seconds: float, copy: bool, two_calls: bool = False) -> float:
    from gamesolver.vector import SelfPlayVectorEnv

    env = SelfPlayVectorEnv(game, batch, copy=copy)
    env.reset(seed=0)
    if two_calls:
        return timed(lambda: env.step(env.sample_legal_actions()), batch, seconds)
    return timed(env.step_random, batch, seconds)


def engine_games_per_second(game: str, batch: int, seconds: float) -> float:
    """Finished games per second: a random agent against the engine at 1,000 nodes."""
    from gamesolver.vector import VectorEnv

    env = VectorEnv(game, batch, opponent="engine", nodes=1000, copy=False, max_episode_steps=300)
    env.reset(seed=0)
    finished = 0
    begin = time.perf_counter()
    while True:
        _, _, terminated, truncated, _ = env.step(env.sample_legal_actions())
        finished += int(terminated.sum() + truncated.sum())
        elapsed = time.perf_counter() - begin
        if elapsed >= seconds and finished > 0:
            return finished / elapsed


class PgxStepper:
    """One jit-compiled function: random legal actions, then pgx's step with auto-reset."""

    def __init__(self, name: str, batch: int) -> None:
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset

        env = pgx.make(name)
        step = auto_reset(env.step, env.init)

        def one(state, key):
            key, act_key, step_key = jax.random.split(key, 3)
            logits = jnp.log(state.legal_action_mask.astype(jnp.float32))
            action = jax.random.categorical(act_key, logits, axis=-1)
            keys = jax.random.split(step_key, batch)
            return jax.vmap(step)(state, action, keys), key

        self.one = jax.jit(one)
        key = jax.random.PRNGKey(0)
        self.state = jax.jit(jax.vmap(env.init))(jax.random.split(key, batch))
        self.key = key

    def step(self) -> None:
        self.state, self.key = self.one(self.state, self.key)

    def finish(self) -> None:
        self.state.observation.block_until_ready()


def pgx_rate(game: str, batch: int, seconds: float) -> float:
    stepper = PgxStepper(PGX_GAMES[game], batch)
    return timed(stepper.step, batch, seconds, stepper.finish)


def pyspiel_rate(game: str, batch: int, seconds: float, observe: bool) -> float:
    """Steps per second of ``batch`` pyspiel states stepped one by one:
    with each state's observation and legal-action mask (``observe``, like
    for like) or the move alone (bare)."""
    import pyspiel

    g = pyspiel.load_game(PYSPIEL_GAMES[game])
    states = [g.new_initial_state() for _ in range(batch)]
    rng = random.Random(0)

    def step() -> None:
        for i, state in enumerate(states):
            if state.is_terminal():
                states[i] = g.new_initial_state()
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    def step_observed() -> None:
        # What an RL loop needs of each state, as the vector env gives it.
        for i, state in enumerate(states):
            if state.is_terminal():
                states[i] = state = g.new_initial_state()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            player = max(state.current_player(), 0)  # a finished game's: player 0's view
            state.observation_tensor(player)
            state.legal_actions_mask(player)

    return timed(step_observed if observe else step, batch, seconds)


def importable(module: str) -> bool:
    try:
        __import__(module)
        return True
    except ImportError:
        return False


def pgx_in_subprocess(python: str, batches: List[int], seconds: float) -> Dict[str, float]:
    """Runs ``--part pgx`` under ``python``; its JSON lines, keyed "game/batch"."""
    command = [python, os.path.abspath(__file__), "--part", "pgx", "--rounds", "1",
               "--seconds", str(seconds), "--batches", ",".join(map(str, batches)), "--json"]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    rates = {}
    for line in output.splitlines():
        row = json.loads(line)
        rates[f"{row['game']}/{row['batch']}"] = row["steps_per_second"]
    return rates


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batches", default="1,64,1024,4096")
    parser.add_argument("--games", default=None, help="comma-separated (default: every registered game)")
    parser.add_argument("--pgx-python", default=None)
    parser.add_argument("--copy", action="store_true", help="gamesolver returns copies (the default API)")
    parser.add_argument("--two-calls", action="store_true",
                        help="gamesolver steps with step(sample_legal_actions()) instead of step_random()")
    parser.add_argument("--part", default="all", choices=["all", "ours", "pgx", "pyspiel", "engine"])
    parser.add_argument("--engine-batch", type=int, default=64)
    parser.add_argument("--json", action="store_true", help="one JSON line per figure")
    args = parser.parse_args(argv)
    batches = [int(b) for b in args.batches.split(",")]

    if args.part == "pgx":
        games = [g for g in (args.games.split(",") if args.games else PGX_GAMES)]
    else:
        import gamesolver

        games = args.games.split(",") if args.games else gamesolver.registered_names()
    parts = ["ours", "pgx", "pyspiel", "engine"] if args.part == "all" else [args.part]
    best: Dict[str, float] = {}

    def record(key: str, rate: float) -> None:
        best[key] = max(best.get(key, 0.0), rate)

    # pgx in this process: asked for (the subprocess's part) or importable here.
    pgx_here = (
        "pgx" in parts and args.pgx_python is None and (args.part == "pgx" or importable("pgx"))
    )
    for _ in range(args.rounds):
        for game in games:
            for batch in batches:
                if "ours" in parts:
                    record(f"gamesolver/{game}/{batch}", ours(game, batch, args.seconds, args.copy, args.two_calls))
                if "pgx" in parts and game in PGX_GAMES:
                    if pgx_here:
                        record(f"pgx/{game}/{batch}", pgx_rate(game, batch, args.seconds))
                if "pyspiel" in parts and game in PYSPIEL_GAMES and importable("pyspiel"):
                    record(f"pyspiel/{game}/{batch}", pyspiel_rate(game, batch, args.seconds, True))
                    record(f"pyspiel-bare/{game}/{batch}",
                           pyspiel_rate(game, batch, args.seconds, False))
        if "pgx" in parts and args.pgx_python is not None:
            pgx_games = [g for g in games if g in PGX_GAMES]
            if pgx_games:
                for key, rate in pgx_in_subprocess(args.pgx_python, batches, args.seconds).items():
                    if key.split("/")[0] in pgx_games:
                        record(f"pgx/{key}", rate)
        if "engine" in parts:
            for game in games:
                record(f"engine-games/{game}/{args.engine_batch}",
                       engine_games_per_second(game, args.engine_batch, args.seconds))

    if args.json:
        for key, rate in best.items():
            library, game, batch = key.split("/")
            print(json.dumps({"library": library, "game": game, "batch": int(batch), "steps_per_second": rate}))
        return
    from gamesolver._native import VectorGames

    # Builds before these two were added do not say.
    threads = getattr(VectorGames, "threads", lambda: "?")
    instructions = getattr(VectorGames, "instruction_set", lambda: "?")
    print(f"# {platform.platform()}, {os.cpu_count()} CPUs, python {platform.python_version()}, "
          f"best of {args.rounds} rounds of {args.seconds} s, gamesolver copy={args.copy}, "
          f"{threads()} threads, {instructions()} step, "
          f"load average {os.getloadavg()[0]:.2f}")
    if all(k.startswith("engine-games/") for k in best):
        batches = []
    print("| game | batch | gamesolver steps/s | pgx steps/s | × pgx | pyspiel steps/s "
          "(with observation and mask) | × pyspiel | pyspiel bare steps/s | × pyspiel bare |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for game in games:
        for batch in batches:
            ours_rate = best.get(f"gamesolver/{game}/{batch}")
            pgx = best.get(f"pgx/{game}/{batch}")
            spiel = best.get(f"pyspiel/{game}/{batch}")
            bare = best.get(f"pyspiel-bare/{game}/{batch}")

            def cell(x: Optional[float]) -> str:
                return f"{x:,.0f}" if x else "–"

            def ratio(x: Optional[float]) -> str:
                return f"{ours_rate / x:.1f}×" if x and ours_rate else "–"

            print(f"| {game} | {batch:,} | {cell(ours_rate)} | {cell(pgx)} | {ratio(pgx)} "
                  f"| {cell(spiel)} | {ratio(spiel)} | {cell(bare)} | {ratio(bare)} |")
    engine_rows = [(k, v) for k, v in best.items() if k.startswith("engine-games/")]
    if engine_rows:
        print()
        print("| game | engine opponent (1,000 nodes), batch | games/s |")
        print("|---|---:|---:|")
        for key, rate in engine_rows:
            _, game, batch = key.split("/")
            print(f"| {game} | {batch} | {rate:,.1f} |")


if __name__ == "__main__":
    main(sys.argv[1:])

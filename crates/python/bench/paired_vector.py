"""Two builds of the module, paired: their vectorised stepping rates round by round.

A single run's rate on a shared host moves by ±15% from minute to minute,
so a change of a few per cent shows only when the two builds run in turns
and each round's ratio is taken: this script runs ``bench_vector.py
--part ours --json`` under each ``PYTHONPATH`` in turn (A, B, A, B, …),
``--rounds`` times, and prints per game and batch both builds' rates, the
ratio B/A of each round and their median.

    python bench/paired_vector.py PATH_A PATH_B [--rounds 4] [--seconds 0.7]
        [--games uttt,tictactoe,dobutsu] [--batches 64,1024,4096] [--python PY]

``PATH_A`` and ``PATH_B`` are directories holding a ``gamesolver`` package
each (an unpacked wheel: ``unzip -d PATH wheels/gamesolver-*.whl``). Run on
a quiet machine: nothing compiling.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections import defaultdict
from typing import Dict, List, Optional, Tuple

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_vector.py")


def one_round(python: str, path: str, args: argparse.Namespace) -> Dict[Tuple[str, int], float]:
    """One ``bench_vector.py --part ours`` run with ``path`` first on the
    module path: its rates by (game, batch)."""
    command = [python, BENCH, "--part", "ours", "--json", "--rounds", "1",
               "--seconds", str(args.seconds), "--games", args.games, "--batches", args.batches]
    env = dict(os.environ, PYTHONPATH=path)
    output = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
    rates = {}
    for line in output.splitlines():
        row = json.loads(line)
        if row["library"] == "gamesolver":
            rates[(row["game"], row["batch"])] = row["steps_per_second"]
    return rates


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", help="directory holding build A's gamesolver package")
    parser.add_argument("b", help="directory holding build B's gamesolver package")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=0.7)
    parser.add_argument("--games", default="uttt,tictactoe,dobutsu")
    parser.add_argument("--batches", default="64,1024,4096")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to run both with")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    for path in (args.a, args.b):
        if not os.path.isdir(os.path.join(path, "gamesolver")):
            parser.error(f"{path} holds no gamesolver package")

    rates: Dict[Tuple[str, int], Dict[str, List[float]]] = defaultdict(lambda: {"a": [], "b": []})
    for _ in range(args.rounds):
        for side, path in (("a", args.a), ("b", args.b)):
            for key, rate in one_round(args.python, path, args).items():
                rates[key][side].append(rate)

    print(f"# B = {args.b} against A = {args.a}: {args.rounds} rounds of {args.seconds} s, "
          f"in turns; steps/s in millions")
    print("| game | batch | A | B | B/A by round | median B/A |")
    print("|---|---:|---|---|---|---:|")
    for (game, batch), by in sorted(rates.items()):
        ratios = [b / a for a, b in zip(by["a"], by["b"])]
        print(f"| {game} | {batch:,} | {listed(by['a'], 1e6)} | {listed(by['b'], 1e6)} "
              f"| {listed(ratios)} | **{statistics.median(ratios):.2f}×** |")


def listed(values: List[float], unit: float = 1.0) -> str:
    """``values`` divided by ``unit``, two decimals each, comma-separated."""
    return ", ".join(f"{value / unit:.2f}" for value in values)


if __name__ == "__main__":
    main()

"""Instruction counts of vectorised stepping, for callgrind (load-independent).

Steps ``SelfPlayVectorEnv(game, batch, copy=False)`` with random legal
actions drawn in Rust (``step(sample_legal_actions())``, or with
``--fused`` ``step_random()``: the draw in the step's own pass; the same
actions): ``--warm`` steps first, then ``--steps`` more; run it
twice under callgrind, with ``--steps 0`` and with the steps, and divide the
difference of the instruction totals by steps × batch (the instructions per
game-step, Python's call overhead spread over the batch included):

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.0 python count_vector.py --game tictactoe --batch 1024 --steps 0
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.1 python count_vector.py --game tictactoe --batch 1024 --steps 50
    callgrind_annotate /tmp/cg.1 | head   # and the totals' difference

``RAYON_NUM_THREADS=1`` in the environment keeps the count to one thread.
"""

from __future__ import annotations

import argparse
import os
import sys


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="tictactoe")
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--warm", type=int, default=20)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--fused", action="store_true", help="step with step_random()")
    args = parser.parse_args(argv)
    from gamesolver.vector import SelfPlayVectorEnv

    env = SelfPlayVectorEnv(args.game, args.batch, copy=False)
    env.reset(seed=0)
    for _ in range(args.warm + args.steps):
        if args.fused:
            env.step_random()
        else:
            env.step(env.sample_legal_actions())
    print(f"{args.game} batch {args.batch}: {args.warm} + {args.steps} steps", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])

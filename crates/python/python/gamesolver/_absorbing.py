"""Absorption probabilities of a finite Markov chain with cycles.

The chain's states are numbered ``0..n``; ``edges[s]`` lists ``(p, t)``:
from ``s`` the chain moves to ``t`` with probability ``p`` (the ``p`` of
``s`` sum to 1), and ``end[s]`` is ``None`` for a state that goes on or
the value of an absorbing one: ``(win, loss)``, ``(1, 0)``, ``(0, 1)`` or
``(0, 0)`` (a draw). :func:`absorption` gives, for every state, the
probabilities of ending in a win and in a loss; what is left (play that
never ends) is a draw.

Method: the states that cannot reach a win or a loss at all get ``(0, 0)``;
the others are cut into strongly connected components (Tarjan's algorithm,
iteratively), solved one at a time from the last (a component's exits are
solved before it): a component of one state without a loop directly, a
larger one as the linear system ``(I - Q) x = b`` (``numpy.linalg.solve``),
which is regular there because every state of it can end. The result is
exact up to floating-point rounding (about 1e-12), not sampled.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import numpy as np

Edges = Sequence[Sequence[Tuple[float, int]]]
End = Sequence[Optional[Tuple[float, float]]]


def _can_end(edges: Edges, end: End) -> List[bool]:
    """Whether each state can reach a win or a loss (backwards search)."""
    n = len(edges)
    parents: List[List[int]] = [[] for _ in range(n)]
    for s, out in enumerate(edges):
        for p, t in out:
            if p > 0:
                parents[t].append(s)
    alive = [e is not None and (e[0] > 0 or e[1] > 0) for e in end]
    stack = [s for s in range(n) if alive[s]]
    while stack:
        t = stack.pop()
        for s in parents[t]:
            if not alive[s]:
                alive[s] = True
                stack.append(s)
    return alive


def _components(edges: Edges, members: List[bool]) -> List[List[int]]:
    """The strongly connected components of the states in ``members``,
    each after every component it can reach (Tarjan's order)."""
    n = len(edges)
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: List[int] = []
    found: List[List[int]] = []
    counter = 0
    for root in range(n):
        if not members[root] or index[root] >= 0:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            s, i = work[-1]
            out = edges[s]
            if i < len(out):
                work[-1] = (s, i + 1)
                t = out[i][1]
                if not members[t]:
                    continue
                if index[t] < 0:
                    index[t] = low[t] = counter
                    counter += 1
                    stack.append(t)
                    on_stack[t] = True
                    work.append((t, 0))
                elif on_stack[t]:
                    low[s] = min(low[s], index[t])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[s])
            if low[s] == index[s]:
                component = []
                while True:
                    t = stack.pop()
                    on_stack[t] = False
                    component.append(t)
                    if t == s:
                        break
                found.append(component)
    return found


def absorption(edges: Edges, end: End, max_component: int = 4096) -> List[Tuple[float, float]]:
    """``(P(win), P(loss))`` from every state (see the module's text).
    Raises ValueError when a component of the chain has more than
    ``max_component`` states (a dense solve of that size is too slow)."""
    n = len(edges)
    alive = _can_end(edges, end)
    value: List[Tuple[float, float]] = [(0.0, 0.0)] * n
    for s in range(n):
        if end[s] is not None:
            value[s] = (float(end[s][0]), float(end[s][1]))
    going = [alive[s] and end[s] is None for s in range(n)]
    for component in _components(edges, going):
        if len(component) == 1 and all(t != component[0] for _, t in edges[component[0]]):
            s = component[0]
            value[s] = (
                sum(p * value[t][0] for p, t in edges[s]),
                sum(p * value[t][1] for p, t in edges[s]),
            )
            continue
        if len(component) > max_component:
            raise ValueError(
                f"a cycle of {len(component)} positions is more than max_component = "
                f"{max_component}: raise it (a dense solve of that size) or score fewer positions"
            )
        where = {s: k for k, s in enumerate(component)}
        size = len(component)
        matrix = np.eye(size)
        rhs = np.zeros((size, 2))
        for k, s in enumerate(component):
            for p, t in edges[s]:
                inside = where.get(t)
                if inside is None:
                    rhs[k, 0] += p * value[t][0]
                    rhs[k, 1] += p * value[t][1]
                else:
                    matrix[k, inside] -= p
        solved = np.linalg.solve(matrix, rhs)
        for k, s in enumerate(component):
            win, loss = (min(1.0, max(0.0, float(x))) for x in solved[k])
            value[s] = (win, loss)
    return value

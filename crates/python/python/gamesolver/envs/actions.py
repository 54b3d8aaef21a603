"""The actions the environments accept: whole numbers of the action space.

Gymnasium's and PettingZoo's contract is that an action is an element of
the action space (``Discrete(n)``): a Python ``int`` or a numpy integer
(also a 0-d integer array) from 0 to ``n - 1``. Anything else (``3.9``,
``"3"``, ``True``, ``None``, a vector, ``n`` or more) is refused with
:class:`InvalidAction`, never rounded or played.
"""

from __future__ import annotations

from typing import Any

import gymnasium.error
import numpy as np

__all__ = ["InvalidAction", "checked_action"]


class InvalidAction(gymnasium.error.InvalidAction, ValueError):
    """An action that is not an element of the action space
    (``gymnasium.error.InvalidAction``, also a ``ValueError``)."""


def checked_action(action: Any, n: int) -> int:
    """``action`` as an ``int`` in ``0 .. n - 1``, or :class:`InvalidAction`."""
    if isinstance(action, (bool, np.bool_)):
        value = None
    elif isinstance(action, (int, np.integer)):
        value = int(action)
    elif isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        value = int(action)
    else:
        value = None
    if value is None:
        raise InvalidAction(
            f"action {action!r} ({type(action).__name__}) is not an element of Discrete({n}): "
            "actions are whole numbers"
        )
    if not 0 <= value < n:
        raise InvalidAction(f"action {value} is outside Discrete({n}): actions are 0 to {n - 1}")
    return value

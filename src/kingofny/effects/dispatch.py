"""The effect dispatch under its old name: it is :mod:`kingofny._engine.dispatch` (kept for imports
written before 0.2; content packs use :mod:`kingofny.effects`)."""

from kingofny._engine.dispatch import (
    HookError,
    card_uses,
    checked,
    each,
    failed,
    in_market,
    in_play,
    overrides,
    owned,
    where,
    wrong,
)

__all__ = [
    "HookError",
    "card_uses",
    "checked",
    "each",
    "failed",
    "in_market",
    "in_play",
    "overrides",
    "owned",
    "where",
    "wrong",
]

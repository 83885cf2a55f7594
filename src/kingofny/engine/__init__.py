"""Deprecated: the rules engine is private since kingofny 0.2 (:mod:`kingofny._engine`).

Use the public API instead: ``import kingofny`` for playing (``new_game``, ``apply``,
``apply_traced``...), :mod:`kingofny.effects` for content packs. This alias, and every
``kingofny.engine.<module>`` under it, goes in 0.3.
"""

from kingofny._deprecated import alias_package, warn_moved

warn_moved(
    "kingofny.engine",
    "kingofny._engine",
    "use the public API: kingofny (playing) and kingofny.effects (content packs)",
)
alias_package(__name__, "kingofny._engine")

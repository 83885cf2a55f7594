"""The six monsters of the base game (components §4.1). They have no abilities of their own."""

from __future__ import annotations

from kingofny.model.monster import MonsterSpec

MONSTERS: tuple[MonsterSpec, ...] = (
    MonsterSpec("base:captain-fish", "Captain Fish", "a fish in a diving helmet on a robot body"),
    MonsterSpec("base:drakonis", "Drakonis", "an armoured dragon"),
    MonsterSpec("base:kong", "Kong", "a giant ape"),
    MonsterSpec("base:mantis", "Mantis", "a chainsaw-armed mantis"),
    MonsterSpec("base:rob", "Rob", "a robot"),
    MonsterSpec("base:sheriff", "Sheriff", "a T-rex with a sheriff's star"),
)
"""The base monsters, in the order a game picks them by default."""

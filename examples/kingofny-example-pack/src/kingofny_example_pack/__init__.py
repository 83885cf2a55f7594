"""An example kingofny content pack: the monster Gigazaur and the cards Big Claws and Street
Food, written with kingofny's public effect API."""

from __future__ import annotations

from kingofny.effects import (
    CONTENT_API_VERSION,
    Building,
    CardKind,
    CardSpec,
    ContentPack,
    Effect,
    GameState,
    MonsterSpec,
    Trigger,
    UnitKind,
    gain_vp,
    heal,
)

__version__ = "1.0.0"
PACK = "example"


class Gigazaur(Effect):
    """Gigazaur's ability: heal 1 whenever it destroys a building."""

    def on_destroy(self, state: GameState, owner: int, tile: Building | UnitKind) -> GameState:
        """Heal 1 for a building, nothing for a unit."""
        return heal(state, owner, 1) if isinstance(tile, Building) else state


class BigClaws(Effect):
    """Big Claws: +1 damage to each monster you attack."""

    damage_order = 25

    def attack_damage(self, state: GameState, owner: int, target: int, amount: int) -> int:
        """One more damage."""
        return amount + 1


class StreetFood(Effect):
    """Street Food: +1 VP and heal 3 when bought."""

    def on_buy(self, state: GameState, owner: int) -> GameState:
        """Score and heal."""
        return heal(gain_vp(state, owner, 1), owner, 3)


def manifest() -> ContentPack:
    """The pack, as the ``kingofny.content`` entry point ``example`` returns it."""
    return ContentPack(
        name=PACK,
        version=__version__,
        api_version=CONTENT_API_VERSION,
        monsters=(MonsterSpec("example:gigazaur", "Gigazaur", "a building-eating lizard"),),
        cards=(
            CardSpec(
                "example:big-claws",
                "Big Claws",
                5,
                CardKind.KEEP,
                "+1 damage to each monster you attack.",
                frozenset({Trigger.ATTACK_DAMAGE}),
            ),
            CardSpec(
                "example:street-food",
                "Street Food",
                3,
                CardKind.DISCARD,
                "+1 VP and heal 3.",
                frozenset({Trigger.ON_BUY}),
            ),
        ),
        effects={
            "example:gigazaur": Gigazaur(),
            "example:big-claws": BigClaws(),
            "example:street-food": StreetFood(),
        },
        description="An example pack: one monster with an ability, one KEEP and one DISCARD card",
    )

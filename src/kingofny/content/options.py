"""The option space of the content packs in play: every option their effects may offer or ask,
declared by each effect (:meth:`~kingofny.model.effect.Effect.option_space`), never guessed from
play. Integer action ids are numbered from it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kingofny.errors import PluginError
from kingofny.model.content import ContentTable, resolve

if TYPE_CHECKING:
    from kingofny.model.pack import ContentPack


def option_space(
    packs: Sequence[str | ContentPack] | ContentTable = ("base",),
) -> dict[str, tuple[str, ...]]:
    """Every option the effects of these packs may offer or ask (:meth:`Effect.option_space`),
    by effect key (a card, monster, token kind or mark), packs in order and keys sorted, so the
    result is the same wherever it is built. Raises :class:`~kingofny.errors.PluginError` for a
    declaration that is not a tuple of distinct non-empty strings. ``packs`` are pack names,
    manifests (as :func:`kingofny.new_game` takes them) or a game's content table."""
    table = packs if isinstance(packs, ContentTable) else resolve(packs)
    loaded = table.packs
    cards = {card.id: card for pack in loaded for card in pack.cards}
    space: dict[str, tuple[str, ...]] = {}
    for pack in loaded:
        for key in sorted(pack.effects):
            options = pack.effects[key].option_space(cards)
            if (
                type(options) is not tuple
                or not all(type(o) is str and o for o in options)
                or len(set(options)) != len(options)
            ):
                raise PluginError(
                    f"the option_space of {key!r} (pack {pack.name!r}) must be a tuple of "
                    f"distinct non-empty strings, got {options!r}"
                )
            if options:
                space[key] = options
    return space

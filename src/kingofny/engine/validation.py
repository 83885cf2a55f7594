"""The invariant checker of :mod:`kingofny.model.invariants`, told what the content packs and the
rules engine know: card kinds and copies, effect ids, maximum life, dice and rerolls.

:func:`state_problems` is what :func:`kingofny.from_json`, ``Scenario.build``,
:func:`kingofny.testing.check_state` and the conformance kit call.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from kingofny.content import registry
from kingofny.content.pack import ContentPack
from kingofny.engine.core import apply, chance_outcomes, legal_actions
from kingofny.engine.dispatch import owned
from kingofny.engine.economy import max_life
from kingofny.engine.turn import REROLLS, dice_count, reroll_allowance
from kingofny.errors import KingOfNYError, PluginError
from kingofny.model.cards import CardKind
from kingofny.model.invariants import Problem, find_problems
from kingofny.model.state import GameState
from kingofny.model.steps import CardChoice, ChanceStep

if TYPE_CHECKING:
    from kingofny.plugins import Registry


class _Content:
    """The :class:`~kingofny.model.invariants.ContentView` of the installed packs for the games
    that use ``packs``, as the registry is now (:func:`_content` keeps one while the registry
    stays unchanged: it is a pure function of the packs and the registry's tables)."""

    def __init__(self, reg: Registry, packs: tuple[ContentPack, ...]) -> None:
        self.registry = reg
        self.changes = reg.changes[0]  # read first: a change made meanwhile counts as newer
        self.packs = packs
        self._cards = reg.cards
        self._effects = frozenset(reg.effects)
        self._monsters = frozenset(m.id for pack in packs for m in pack.monsters)
        self._ids = tuple(sorted(c.id for pack in packs for c in pack.cards))
        self._copies = Counter(self._ids)
        self._known = frozenset(self._copies) | self._monsters | self._effects

    def current(self, reg: Registry, packs: tuple[ContentPack, ...]) -> bool:
        """Whether this view is still that of ``packs`` in ``reg``."""
        # Equal packs (the same ones, as a rule) give the same view.
        return self.registry is reg and self.changes == reg.changes[0] and self.packs == packs

    def monster_ids(self) -> frozenset[str]:
        return self._monsters

    def card_copies(self) -> Mapping[str, int]:
        return self._copies

    def card_ids(self) -> tuple[str, ...]:
        return self._ids

    def card_kind(self, card: str) -> CardKind | None:
        return self._cards[card].kind if card in self._copies else None

    def effect_ids(self) -> frozenset[str]:
        return self._effects

    def known_ids(self) -> frozenset[str]:
        return self._known

    def max_life(self, state: GameState, seat: int) -> int:
        return max_life(state, seat)

    def max_dice(self, state: GameState, seat: int) -> int:
        return dice_count(state, seat)

    def max_rerolls(self, state: GameState, seat: int) -> int:
        return max(REROLLS, reroll_allowance(state, seat))

    def may_add_symbols(self, state: GameState, seat: int) -> bool:
        # An eliminated monster has lost the cards that added symbols, not the symbols: its
        # turn ended at once (rulings §1) with them still unresolved.
        return state.monsters[seat].eliminated or bool(owned(state, seat))


_CONTENTS: Final[dict[tuple[str, ...], _Content]] = {}
"""The last content view made for each list of pack names; each entry checks that it is still
current before it is used (:meth:`_Content.current`), and the dict is bounded, cleared whole."""
_CONTENTS_LIMIT: Final = 64


def _content(reg: Registry, names: tuple[str, ...], packs: tuple[ContentPack, ...]) -> _Content:
    found = _CONTENTS.get(names)
    if found is None or not found.current(reg, packs):
        found = _Content(reg, packs)
        if len(_CONTENTS) >= _CONTENTS_LIMIT:
            _CONTENTS.clear()
        _CONTENTS[names] = found
    return found


def content_view(names: tuple[str, ...]) -> _Content:
    """What the invariant checker knows of the packs ``names`` (each loads, or PluginError)."""
    reg = registry.installed()
    return _content(reg, names, tuple(map(reg.pack, names)))


def state_problems(
    state: GameState, *, settled: bool = True, all_tiles: bool = True
) -> tuple[Problem, ...]:
    """Every invariant ``state`` breaks (see :mod:`kingofny.model.invariants`), and, for a
    consistent settled game in progress, whether anything can happen at the step on top: a
    decision with a legal action or a chance node with an outcome, as after every
    :func:`apply`. ``settled`` and ``all_tiles`` are those of
    :func:`~kingofny.model.invariants.find_problems`."""
    names = state.config.packs
    reg = registry.installed()
    packs: list[ContentPack] = []
    for i, name in enumerate(names):
        try:
            pack = reg.find(name, strict=True)
        except PluginError as exc:
            return (Problem(f"$.config.packs[{i}]", f"content pack {name!r} fails to load: {exc}"),)
        if pack is None:
            return (Problem(f"$.config.packs[{i}]", f"content pack {name!r} is not installed"),)
        packs.append(pack)
    content = _content(reg, tuple(names), tuple(packs))
    try:
        problems = find_problems(state, content, settled=settled, all_tiles=all_tiles)
    except KingOfNYError:
        raise
    except Exception as exc:  # a state built by hand with values of the wrong types
        return (Problem("$", f"the state is malformed and cannot be checked: {exc!r}"),)
    if problems or not settled or not state.agenda or state.winners is not None:
        return problems
    top = state.agenda[-1]
    at = f"$.agenda[{len(state.agenda) - 1}]"
    try:
        ask = chance_outcomes if isinstance(top, ChanceStep) else legal_actions
        if not ask(state):
            return (Problem(at, f"nothing can happen at this {top.KIND} step; the game is stuck"),)
    except PluginError:
        raise
    except Exception as exc:
        return (Problem(at, f"the engine cannot evaluate this position: {exc!r}"),)
    if isinstance(top, CardChoice):
        return _question_problems(state, top, at)
    return ()


def _question_problems(state: GameState, step: CardChoice, at: str) -> tuple[Problem, ...]:
    """A card's question holds what its effect wrote (options, data), which only the effect
    understands: each answer offered must apply (DESIGN Contract 3)."""
    for action in legal_actions(state):
        try:
            apply(state, action)
        except KingOfNYError as exc:
            return (Problem(at, f"{step.card}'s question cannot take {action}: {exc}"),)
    return ()

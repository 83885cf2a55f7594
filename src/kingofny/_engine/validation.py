"""The invariant checker of :mod:`kingofny.model.invariants`, told what the content packs and the
rules engine know: card kinds and copies, effect ids, maximum life, dice and rerolls.

:func:`state_problems` is what :func:`kingofny.from_json`, ``Scenario.build``,
:func:`kingofny.testing.check_state` and the conformance kit call.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from kingofny._engine.core import apply, chance_outcomes, legal_actions
from kingofny._engine.dispatch import owned
from kingofny._engine.economy import max_life
from kingofny._engine.turn import REROLLS, dice_count, reroll_allowance
from kingofny.errors import ArgumentError, ConfigError, KingOfNYError, PluginError
from kingofny.model.cards import CardKind
from kingofny.model.content import ContentTable, content_of
from kingofny.model.invariants import Problem, find_problems
from kingofny.model.state import GameState
from kingofny.model.steps import CardChoice, ChanceStep


class _Content:
    """The :class:`~kingofny.model.invariants.ContentView` of a game's content table (one per
    table, kept while the table lives)."""

    def __init__(self, table: ContentTable) -> None:
        self.table = table
        self._cards = table.cards
        self._effects = frozenset(table.effects)
        self._monsters = frozenset(table.monsters)
        self._ids = table.deck
        self._copies = table.card_copies
        self._known = frozenset(self._copies) | self._monsters | self._effects

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


_CONTENTS: Final[dict[ContentTable, _Content]] = {}
"""The content view of each table seen lately (a table is compared by identity; the dict is
bounded, cleared whole)."""
_CONTENTS_LIMIT: Final = 64


def content_view(table: ContentTable) -> _Content:
    """What the invariant checker knows of a game's content table."""
    found = _CONTENTS.get(table)
    if found is None:
        found = _Content(table)
        if len(_CONTENTS) >= _CONTENTS_LIMIT:
            _CONTENTS.clear()
        _CONTENTS[table] = found
    return found


def state_problems(
    state: GameState, *, settled: bool = True, all_tiles: bool = True
) -> tuple[Problem, ...]:
    """Every invariant ``state`` breaks (see :mod:`kingofny.model.invariants`), and, for a
    consistent settled game in progress, whether anything can happen at the step on top: a
    decision with a legal action or a chance node with an outcome, as after every
    :func:`apply`. ``settled`` and ``all_tiles`` are those of
    :func:`~kingofny.model.invariants.find_problems`."""
    try:
        table = content_of(state.config)
    except (ConfigError, PluginError) as exc:
        return (Problem("$.config.packs", str(exc)),)
    content = content_view(table)
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


def problems(
    state: GameState, *, settled: bool = True, all_tiles: bool = False
) -> tuple[Problem, ...]:
    """Every rule and consistency a state breaks, each a :class:`~kingofny.Problem` with the
    JSON path of what is wrong (empty for a consistent state): the checks
    :func:`kingofny.from_json` runs on what it reads. ``settled=False`` accepts a position
    still to be settled (:func:`kingofny.settle`: its top step is internal); ``all_tiles``
    demands all 45 tiles, as a whole game has them.
    """
    if not isinstance(state, GameState):
        raise ArgumentError("problems(state)", f"expected a GameState, got {state!r}")
    return state_problems(state, settled=settled, all_tiles=all_tiles)

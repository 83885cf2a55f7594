"""Small state-update helpers shared by the engine modules.

Every helper returns the updated state. They are kept cheap because ``apply`` is hot: tuple
splices and generated copy functions rather than repeated scans. The makers ``evolve`` keeps are
built once per class and set of fields, and never change once made, so threads may share them.

**Drafts.** ``apply`` runs several steps per decision, and each one used to copy the whole
:class:`~kingofny.model.state.GameState`. Instead, ``apply`` makes one private, mutable copy
of its input (:func:`draft`), every helper here updates that draft in place, and
:func:`freeze` makes it an ordinary frozen state before ``apply`` returns it. Nothing else
ever holds the draft, so no caller sees it change: the input is never touched, and the states
``apply`` returns are as immutable as ever. The rule that makes this safe: rules code never
reads a state after passing it to an update (it goes on with the state the update returned),
and an effect does not keep the state it is given after its hook returns. Nothing is memoised
for a draft (:func:`kingofny._engine.loop.legal` skips it; its hash is never cached), so an
effect that reads the draft through the public API (``legal_actions``, ``hash``...) cannot
leave a stale answer behind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

from kingofny._engine.debug import DEBUG
from kingofny.model.city import Borough, BoroughState, Location, Track
from kingofny.model.monster import MonsterState
from kingofny.model.state import (
    GameState,
    TurnState,
    draft_eq,
    draft_ne,
    draft_reduce,
    uncached_hash,
)
from kingofny.model.steps import Step

_T = TypeVar("_T")
_Maker = Callable[..., Any]
_MANHATTAN: Final = Borough.MANHATTAN
_MAKERS: Final[dict[tuple[type, tuple[str, ...]], _Maker]] = {}


def evolve(inst: _T, **changes: Any) -> _T:
    """A copy of the frozen attrs instance ``inst`` with ``changes`` applied.

    Same result as :func:`attrs.evolve`, several times faster (``apply`` calls this several
    times per step): see :func:`_maker`.
    """
    result: _T = maker(type(inst), *changes)(inst, *changes.values())
    return result


def maker(cls: type, *names: str) -> _Maker:
    """The copy function :func:`evolve` uses for ``cls`` and these changed fields, for hot call
    sites: ``maker(GameState, "agenda")(state, agenda)`` is ``evolve(state, agenda=agenda)``
    without the keyword packing."""
    key = (cls, names)
    found = _MAKERS.get(key)
    if found is None:
        found = _MAKERS.setdefault(key, _maker(cls, names))
    return found


def _maker(cls: type, names: tuple[str, ...], *, as_draft: bool = False) -> _Maker:
    """A function ``maker(inst, *values)`` that copies ``inst`` with the fields ``names`` set to
    ``values``, made once per class and set of changed fields.

    For a slotted attrs class without validators, converters or ``__attrs_post_init__`` (the
    engine's states), the copy is made without attrs' frozen ``__init__`` (one
    ``object.__setattr__`` per field): it is built as an instance of a same-layout subclass
    whose attributes can be stored, then its class is set back to ``cls``. The result is an
    ordinary frozen instance of ``cls``. A GameState maker given a draft (:func:`draft`)
    updates it in place instead. The maker's source is generated from the class's own field
    names, never from data. Other classes go through their constructor.
    """
    if cls is DRAFT:
        cls = GameState
    fields = attrs.fields(cls)
    known = [f.name for f in fields]
    unknown = [name for name in names if name not in known]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    plain = "__slots__" in cls.__dict__ and not hasattr(cls, "__attrs_post_init__")
    if not plain or any(f.validator or f.converter or not f.init for f in fields):
        at = {name: i for i, name in enumerate(known)}

        def construct(inst: Any, *values: Any) -> Any:
            current = [getattr(inst, name) for name in known]
            for name, value in zip(names, values):
                current[at[name]] = value
            return cls(*current)

        return construct
    twin = _twin(cls)
    given = {name: f"v{i}" for i, name in enumerate(names)}
    lines = [f"def make(inst, {', '.join(given.values())}):"]
    if cls is GameState and not as_draft:
        lines += ["    if type(inst) is twin:"]
        lines += [f"        inst.{name} = {value}" for name, value in given.items()]
        lines += ["        return inst"]
    lines += ["    o = new(twin)"]
    lines += [f"    o.{name} = {given.get(name, 'inst.' + name)}" for name in known]
    if hasattr(cls, "_attrs_cached_hash"):
        lines.append("    o._attrs_cached_hash = None")
    if not as_draft:
        lines.append("    o.__class__ = cls")
    lines.append("    return o")
    namespace: dict[str, Any] = {"new": object.__new__, "twin": twin, "cls": cls}
    exec("\n".join(lines), namespace)  # the source is built from attrs field names only
    made: _Maker = namespace["make"]
    return made


_TWINS: Final[dict[type, type]] = {}


def _twin(cls: type) -> type:
    """The same-layout subclass of ``cls`` whose attributes can be stored (made once)."""
    found = _TWINS.get(cls)
    if found is None:
        twin = type(f"_Building{cls.__name__}", (cls,), {"__slots__": ()})
        twin.__setattr__ = object.__setattr__  # type: ignore[assignment]
        twin.__delattr__ = object.__delattr__  # type: ignore[assignment]
        if cls is GameState:
            # A draft changes in place: it must never keep a hash taken before a change. To a
            # hook it is handed to, it is a GameState: its repr, equality and pickle say so.
            twin.__hash__ = uncached_hash  # type: ignore[assignment]
            twin.__eq__ = draft_eq  # type: ignore[assignment]
            twin.__ne__ = draft_ne  # type: ignore[assignment]
            twin.__reduce__ = draft_reduce  # type: ignore[assignment]
            twin.__qualname__ = cls.__qualname__
        found = _TWINS.setdefault(cls, twin)
    return found


DRAFT: Final = _twin(GameState)
"""The class of a draft (:func:`draft`): a GameState whose attributes can be stored."""
_NEW_DRAFT: Final = _maker(GameState, ("agenda",), as_draft=True)


def draft(state: GameState, agenda: tuple[Step, ...]) -> GameState:
    """A private, mutable copy of ``state`` with this agenda, which the helpers of this module
    then update in place (see the module's notes): ``apply`` makes one per call. Always a new
    copy, even of a draft (an effect calling ``apply`` on the state it was given must not see
    that state change). In the debug mode (:mod:`kingofny._engine.debug`) an ordinary frozen
    copy, so that every update copies."""
    if DEBUG.on:
        plain: GameState = _WITH_AGENDA(state, agenda)
        return plain
    copy: GameState = _NEW_DRAFT(state, agenda)
    return copy


def freeze(state: GameState) -> GameState:
    """``state`` as an ordinary frozen GameState: a draft is frozen in place (its cached hash,
    if one was taken while it changed, forgotten); any other state is returned as it is."""
    if type(state) is DRAFT:
        object.__setattr__(state, "_attrs_cached_hash", None)
        object.__setattr__(state, "__class__", GameState)
    return state


_WITH_AGENDA: Final = maker(GameState, "agenda")
_WITH_MONSTERS: Final = maker(GameState, "monsters")
_WITH_TURN: Final = maker(GameState, "turn")
_WITH_BOROUGHS: Final = maker(GameState, "boroughs")
_WITH_AGENDA_TURN: Final = maker(GameState, "agenda", "turn")
_WITH_VP_ENERGY: Final = maker(MonsterState, "vp", "energy")
_WITH_LOCATION: Final = maker(MonsterState, "location")


def set_monster(state: GameState, seat: int, monster: MonsterState) -> GameState:
    """``state`` with seat ``seat``'s monster replaced."""
    ms = state.monsters
    result: GameState = _WITH_MONSTERS(state, ms[:seat] + (monster,) + ms[seat + 1 :])
    return result


def set_borough(state: GameState, borough: Borough, tiles: BoroughState) -> GameState:
    """``state`` with one borough's tiles replaced."""
    bs = state.boroughs
    result: GameState = _WITH_BOROUGHS(state, bs[:borough] + (tiles,) + bs[borough + 1 :])
    return result


def set_turn(state: GameState, **changes: object) -> GameState:
    """``state`` with fields of the current turn changed."""
    turn = maker(TurnState, *changes)(state.turn, *changes.values())
    result: GameState = _WITH_TURN(state, turn)
    return result


def with_turn(state: GameState, turn: TurnState, *steps: Step) -> GameState:
    """``state`` with this turn and ``steps`` put on top of its agenda, in one copy: what
    ``push(state, *steps, turn=turn)`` does, without the keyword packing (a hot path)."""
    if steps:
        result: GameState = _WITH_AGENDA_TURN(state, state.agenda + steps[::-1], turn)
    else:
        result = _WITH_TURN(state, turn)
    return result


def pop(state: GameState) -> GameState:
    """``state`` without the step on top of its agenda."""
    result: GameState = _WITH_AGENDA(state, state.agenda[:-1])
    return result


def push(state: GameState, *steps: Step, **changes: Any) -> GameState:
    """``state`` with ``steps`` put on top of the agenda (the first one given runs first) and
    any other field ``changes`` made in the same copy."""
    agenda = state.agenda + steps[::-1]
    if not changes:
        result: GameState = _WITH_AGENDA(state, agenda)
        return result
    result = maker(GameState, "agenda", *changes)(state, agenda, *changes.values())
    return result


def gain(state: GameState, seat: int, *, vp: int = 0, energy: int = 0) -> GameState:
    """The monster gains (or, with negative amounts, loses) VP and Energy.

    A raw update with no effects consulted: VP and Energy never go below 0 (rulings D34). Rules
    code uses :mod:`kingofny._engine.economy`, which applies effects (healing is
    :func:`kingofny._engine.economy.heal`, which knows the monster's maximum Life).
    """
    m = state.monsters[seat]
    return set_monster(
        state, seat, _WITH_VP_ENERGY(m, max(0, m.vp + vp), max(0, m.energy + energy))
    )


def move_monster(state: GameState, seat: int, where: Location) -> GameState:
    """The monster now stands at ``where``."""
    return set_monster(state, seat, _WITH_LOCATION(state.monsters[seat], where))


def manhattan_occupants(state: GameState) -> tuple[int, ...]:
    """Seats in Manhattan, the 2–4 space's monster first."""
    found = []
    for i, m in enumerate(state.monsters):
        where = m.location
        if where is not None and where.borough is _MANHATTAN:
            found.append((where.track, i))
    if len(found) > 1:
        found.sort()
    return tuple([i for _, i in found])


def on_track(state: GameState, track: Track) -> int | None:
    """The seat on this Manhattan track, if any."""
    for i, m in enumerate(state.monsters):
        where = m.location
        if where is not None and where.track is track:
            return i
    return None

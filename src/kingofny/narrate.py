"""A readable, turn-by-turn log of a game, for people.

:func:`describe` turns one step of a game (the state before an event, the event, the state after
it) into log lines; :func:`narrate` does it for a whole game, e.g. the pairs that
:func:`kingofny.record.replay_states` yields::

    for line in narrate(replay_states(record)):
        print(line)

The log is worked out from the difference between the two states, so it describes everything that
happened between two decisions, forced moves and seeded chance included.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from kingofny.content import registry
from kingofny.engine.manhattan import ENTRY_VP
from kingofny.model.actions import (
    Action,
    Buy,
    DestroyBuilding,
    DestroyUnit,
    EndBuying,
    Flee,
    MoveTo,
    PlaceMonster,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StayPut,
    StopRolling,
    Sweep,
)
from kingofny.model.city import ZONE_EARNINGS, Location
from kingofny.model.dice import Dice
from kingofny.model.monster import MonsterState
from kingofny.model.outcomes import CardDraw, DiceRoll, Outcome, TileDraw
from kingofny.model.state import GameState
from kingofny.model.steps import RevealTile, RollDice, RollOff
from kingofny.record import Event

INDENT = "  "
"""The indentation of the lines that detail an event."""


def monster_name(state: GameState, seat: int) -> str:
    """The printed name of the monster in ``seat`` (its id if no pack knows it)."""
    monster_id = state.monsters[seat].monster
    try:
        return registry.monster(monster_id).name
    except KeyError:
        return monster_id


def card_name(card_id: str) -> str:
    """The printed name of a card (its id if no pack knows it)."""
    try:
        return registry.card(card_id).name
    except KeyError:
        return card_id


def place_name(location: Location | None) -> str:
    """A location in words: ``"Queens"``, ``"Upper Manhattan"``."""
    if location is None:
        return "nowhere"
    if location.zone is None:
        return location.borough.label
    return f"{str(location.zone).capitalize()} Manhattan"


def status(monster: MonsterState) -> str:
    """A monster's resources in brief: ``"7 VP, 8 life, 3 energy"``."""
    return f"{monster.vp} VP, {monster.life} life, {monster.energy} energy"


def describe_action(before: GameState, seat: int, action: Action) -> str:
    """The decision ``action`` of ``seat`` in ``before``, in words."""
    who = monster_name(before, seat)
    turn = before.turn
    if isinstance(action, PlaceMonster):
        return f"{who} starts in {action.borough.label}"
    if isinstance(action, Reroll):
        kept = turn.dice.minus(action.dice) if turn.dice.contains(action.dice) else None
        keeps = f"keeps {kept}, " if kept is not None and kept.total else ""
        return f"{who} {keeps}rerolls {action.dice}"
    if isinstance(action, StopRolling):
        return f"{who} stops rolling: {turn.dice}"
    if isinstance(action, ResolveFace):
        return f"{who} resolves {turn.unresolved[action.face]} {action.face}"
    if isinstance(action, DestroyBuilding):
        stacks = before.boroughs[action.borough].stacks
        top = stacks[action.stack].top if action.stack < len(stacks) else None
        return f"{who} destroys {top or 'a building'} in {action.borough.label}"
    if isinstance(action, DestroyUnit):
        return f"{who} destroys {_a(str(action.unit))} in {action.borough.label}"
    if isinstance(action, Flee):
        return f"{who} flees Manhattan to {action.borough.label}"
    if isinstance(action, StayInManhattan):
        return f"{who} stays in Manhattan"
    if isinstance(action, MoveTo):
        return f"{who} moves to {action.borough.label}"
    if isinstance(action, StayPut):
        return f"{who} stays put"
    if isinstance(action, Buy):
        card = before.market[action.slot] if action.slot < len(before.market) else None
        bought = card_name(card) if card is not None else f"slot {action.slot}"
        return f"{who} buys {bought}"
    if isinstance(action, Sweep):
        return f"{who} sweeps the market"
    if isinstance(action, EndBuying):
        return f"{who} ends buying"
    return f"{who}: {action}"


def describe_outcome(before: GameState, outcome: Outcome) -> str:
    """A chance outcome in words (explicit-chance records list them as events)."""
    step = before.pending
    if isinstance(outcome, DiceRoll):
        if isinstance(step, RollOff) and len(step.attacks) < len(step.contenders):
            seat = step.contenders[len(step.attacks)]
            return f"first-player roll: {monster_name(before, seat)} rolls {outcome.dice}"
        who = monster_name(before, before.turn.seat)
        kept = before.turn.dice
        if kept.total:
            return f"{who} rolls {outcome.dice}, dice now {kept.plus(outcome.dice)}"
        return f"{who} rolls {outcome.dice}"
    if isinstance(outcome, TileDraw):
        if isinstance(step, RevealTile):
            return f"revealed in {step.borough.label}: {outcome.building}"
        return f"revealed building: {outcome.building}"
    if isinstance(outcome, CardDraw):
        return f"revealed card: {card_name(outcome.card)}"
    return f"chance: {outcome}"


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"


def _signed(amount: int, unit: str) -> str:
    return f"{amount:+d} {unit}"


def _monster_changes(
    before: GameState,
    after: GameState,
    seat: int,
    *,
    skip_move: bool,
    earned: tuple[int, int] = (0, 0),
) -> list[str]:
    """What changed for one monster, ``earned`` (VP, energy) left out."""
    old, new = before.monsters[seat], after.monsters[seat]
    if old == new:
        return []
    who = monster_name(after, seat)
    lines: list[str] = []
    parts = []
    entered = (
        new.location is not None
        and new.location.in_manhattan
        and (old.location is None or not old.location.in_manhattan)
    )
    vp = new.vp - old.vp - earned[0] - (ENTRY_VP if entered else 0)
    life = new.life - old.life
    energy = new.energy - old.energy - earned[1]
    if vp:
        parts.append(_signed(vp, "VP"))
    if life and not new.eliminated:
        parts.append(_signed(life, "life"))
    if energy:
        parts.append(_signed(energy, "energy"))
    if parts:
        lines.append(f"{who}: {', '.join(parts)} (now {status(new)})")
    for card in new.cards[len(old.cards) :] if new.cards[: len(old.cards)] == old.cards else ():
        lines.append(f"{who} keeps {card_name(card)}")
    if new.eliminated and not old.eliminated:
        lines.append(f"{who} is eliminated!")
    elif new.location != old.location and not skip_move and new.location is not None:
        if entered:
            lines.append(f"{who} enters {place_name(new.location)} ({ENTRY_VP:+d} VP)")
        elif new.location.in_manhattan and new.location.zone != getattr(old.location, "zone", None):
            lines.append(f"{who} advances to {place_name(new.location)}")
        elif not new.location.in_manhattan:
            lines.append(f"{who} goes to {place_name(new.location)}")
    return lines


def _moves_itself(event: Event | None, seat: int) -> bool:
    return (
        event is not None
        and event.seat == seat
        and isinstance(event.move, (PlaceMonster, Flee, MoveTo))
    )


def _forced(before: GameState, event: Event, after: GameState, new_turn: bool) -> list[str]:
    """The resolutions and destructions the engine did by itself (a single choice left)."""
    move = event.move
    base: Dice | None = None
    if isinstance(move, ResolveFace):
        base = before.turn.unresolved.without_face(move.face)
    elif isinstance(move, StopRolling):
        base = before.turn.dice
    elif isinstance(move, Reroll) and before.turn.rerolls_left == 1:
        if not new_turn and not after.is_chance:
            base = after.turn.dice
    elif (
        isinstance(move, DiceRoll)
        and isinstance(before.pending, RollDice)
        and before.turn.rerolls_left == 0
    ):
        base = before.turn.dice.plus(move.dice)
    lines: list[str] = []
    who = monster_name(before, before.turn.seat)
    if base is not None:
        remaining = after.turn.unresolved if not new_turn else Dice.of(())
        for face in base.faces_present():
            if remaining[face] < base[face]:
                lines.append(f"{who} resolves {base[face] - remaining[face]} {face}")
    if not new_turn and after.turn.number == before.turn.number:
        chosen = move if isinstance(move, (DestroyBuilding, DestroyUnit)) else None
        skip = 1 if chosen is not None else 0
        buildings = after.turn.destroyed_buildings[len(before.turn.destroyed_buildings) :]
        units = after.turn.destroyed_units[len(before.turn.destroyed_units) :]
        if isinstance(chosen, DestroyBuilding):
            buildings = buildings[skip:]
        elif isinstance(chosen, DestroyUnit):
            units = units[skip:]
        lines += [f"{who} destroys {b}" for b in buildings]
        lines += [f"{who} destroys {_a(str(u))}" for u in units]
    return lines


def _goal_changes(before: GameState, after: GameState) -> list[str]:
    lines = []
    for goal, old, new in (
        ("Superstar", before.superstar, after.superstar),
        ("the Statue of Liberty", before.statue, after.statue),
    ):
        if new != old:
            if new is not None:
                lines.append(f"{monster_name(after, new)} takes {goal}")
            else:
                lines.append(f"{goal} returns to the supply")
    return lines


def _market(state: GameState) -> str:
    return " | ".join(card_name(c) if c is not None else "-" for c in state.market)


def turn_header(state: GameState) -> str:
    """The line that opens the current turn."""
    seat = state.turn.seat
    m = state.monsters[seat]
    return (
        f"== Turn {state.turn.number}: {monster_name(state, seat)} (seat {seat}) "
        f"in {place_name(m.location)}; {status(m)} =="
    )


def describe(before: GameState, event: Event | None, after: GameState) -> list[str]:
    """Log lines for what happened from ``before`` to ``after`` through ``event``.

    ``event`` is the decision or chance outcome applied to ``before`` (None describes only the
    difference). When a new turn started on the way, the lines of the old turn come first, then
    the new turn's header, its Manhattan earnings and its first roll.
    """
    lines: list[str] = []
    if event is not None:
        if event.seat is not None and isinstance(event.move, Action):
            if not isinstance(event.move, EndBuying):
                lines.append(describe_action(before, event.seat, event.move))
        elif isinstance(event.move, Outcome):
            lines.append(INDENT + describe_outcome(before, event.move))
    new_turn = after.turn.number != before.turn.number and after.turn.number > 0
    if event is not None:
        lines += [INDENT + line for line in _forced(before, event, after, new_turn)]
    owner = after.turn.seat
    earned = (0, 0)
    if new_turn:
        where = after.monsters[owner].location
        if where is not None and where.zone is not None and not after.monsters[owner].eliminated:
            earned = ZONE_EARNINGS[where.zone]
    details: list[str] = []
    for seat in range(len(after.monsters)):
        details += _monster_changes(
            before,
            after,
            seat,
            skip_move=_moves_itself(event, seat),
            earned=earned if new_turn and seat == owner else (0, 0),
        )
    details += _goal_changes(before, after)
    drawn_card = event is not None and isinstance(event.move, CardDraw)
    if (
        after.market != before.market
        and any(c is not None for c in after.market)
        and not drawn_card
    ):
        details.append(f"market: {_market(after)}")
    lines += [INDENT + line for line in details]
    if isinstance(event.move if event else None, Reroll) and not new_turn and not after.is_chance:
        lines.append(f"{INDENT}dice now: {after.turn.dice}")
    if new_turn and not after.is_terminal:
        lines.append(turn_header(after))
        if earned != (0, 0):
            lines.append(
                f"{INDENT}{monster_name(after, owner)} earns {earned[0]} VP and {earned[1]} "
                f"energy in {place_name(after.monsters[owner].location)}"
            )
        if after.turn.dice.total:
            lines.append(f"{INDENT}rolls {after.turn.dice}")
    return lines


def describe_start(state: GameState) -> list[str]:
    """The opening lines: the monsters, the first player, the market."""
    names = ", ".join(
        f"{monster_name(state, seat)} (seat {seat})" for seat in range(len(state.monsters))
    )
    lines = [f"King of New York: {names}"]
    if state.turn.number == 0 and state.current_player is not None:
        lines.append(f"{monster_name(state, state.turn.seat)} plays first")
    lines.append(f"market: {_market(state)}")
    placed = [
        f"{monster_name(state, seat)} in {place_name(m.location)}"
        for seat, m in enumerate(state.monsters)
        if m.location is not None
    ]
    if placed:
        lines.append("placed: " + ", ".join(placed))
    if state.turn.number > 0 and not state.is_terminal:
        lines.append(turn_header(state))
        if state.turn.dice.total:
            lines.append(f"{INDENT}rolls {state.turn.dice}")
    return lines


def describe_end(state: GameState) -> list[str]:
    """The closing lines: the winners and the final standings (nothing if the game goes on)."""
    if state.winners is None:
        return []
    if state.winners:
        names = " and ".join(
            f"{monster_name(state, s)} (seat {s}, {state.monsters[s].vp} VP)" for s in state.winners
        )
        verb = "win" if len(state.winners) > 1 else "wins"
        lines = [f"Game over after {state.turn.number} turns: {names} {verb}"]
    else:
        lines = [f"Game over after {state.turn.number} turns: nobody wins"]
    for seat, m in enumerate(state.monsters):
        fate = "eliminated" if m.eliminated else status(m)
        lines.append(f"{INDENT}{monster_name(state, seat)} (seat {seat}): {fate}")
    return lines


def narrate(steps: Iterable[tuple[Event | None, GameState]]) -> Iterator[str]:
    """The log of a game from ``(event, state after it)`` pairs, the first being
    ``(None, first state)`` as :func:`kingofny.record.replay_states` yields them."""
    previous: GameState | None = None
    for event, state in steps:
        if previous is None:
            yield from describe_start(state)
        else:
            yield from describe(previous, event, state)
        previous = state
    if previous is not None:
        yield from describe_end(previous)

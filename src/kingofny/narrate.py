"""A readable, turn-by-turn log of a game, for people.

:func:`describe` turns one event of a game (the state before it, the decision or chance outcome,
the state after it) into log lines; :func:`narrate` does it for a whole game, e.g. the pairs
that :func:`kingofny.record.replay_states` yields::

    for line in narrate(replay_states(record)):
        print(line)

Each event is replayed step by step, so everything it set off is told in the order it happened:
the dice it resolved, the damage dealt, who fled and who stayed, the tiles and cards revealed,
the monsters' moves and what they earned, forced moves and seeded chance included. The layout
is fixed: turn headers and the opening and closing lines start at the margin; what somebody does
or what happens in a turn is indented once (:data:`INDENT`); what that causes, twice.

The names are the printed ones (monsters, cards, boroughs, buildings in words such as "a
High-Rise (2 VP)"): no internal id appears in the prose. They, and the words of every action,
are :mod:`kingofny.wording`'s, which the terminal and the web page use too; the name helpers
(:func:`monster_name`, :func:`card_name`, :func:`place_name`, :func:`building_name`,
:func:`face_name`, ...) are listed here as well.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import attrs

from kingofny import StepRun, apply_traced, card_price
from kingofny.errors import KingOfNYError
from kingofny.model.actions import (
    Action,
    Buy,
    EndBuying,
    Flee,
    MoveTo,
    PlaceMonster,
    ResolveFace,
    Sweep,
)
from kingofny.model.city import Borough, Location, UnitKind
from kingofny.model.dice import Face
from kingofny.model.monster import MonsterState
from kingofny.model.outcomes import CardDraw, DiceRoll, Outcome, TileDraw
from kingofny.model.state import GameState
from kingofny.model.steps import (
    ApplyAttack,
    BeginResolution,
    CardRoll,
    ChanceStep,
    ChooseFace,
    DecisionStep,
    MovePhase,
    RevealTile,
    RollDice,
    RollOff,
    StartTurn,
    Step,
)
from kingofny.record import Event
from kingofny.wording import (
    action_words,
    building_kind_name,
    building_name,
    card_name,
    face_name,
    monster_name,
    option_text,
    place_name,
    reward_text,
    unit_name,
    with_article,
)

__all__ = [
    "INDENT",
    "building_kind_name",
    "building_name",
    "card_name",
    "describe",
    "describe_action",
    "describe_end",
    "describe_outcome",
    "describe_start",
    "face_name",
    "monster_name",
    "narrate",
    "option_text",
    "place_name",
    "reward_text",
    "status",
    "turn_header",
    "unit_name",
    "with_article",
]

INDENT = "  "
"""The indentation of one level: an event of a turn has one, what it causes two."""

_L1 = INDENT
_L2 = INDENT * 2


# -- names ----------------------------------------------------------------------------------------
# The printed names are :mod:`kingofny.wording`'s, imported above and listed in ``__all__``.


def status(monster: MonsterState) -> str:
    """A monster's resources in brief: ``"7 VP, 8 life, 3 energy"``."""
    return f"{monster.vp} VP, {monster.life} life, {monster.energy} energy"


# -- decisions and outcomes -----------------------------------------------------------------------


def describe_action(before: GameState, seat: int, action: Action) -> str:
    """The decision ``action`` of ``seat`` in ``before``, in words: ``"Kong keeps CCO, rerolls
    AAD"`` (:func:`kingofny.wording.action_words`, in the third person)."""
    return action_words(before, seat, action).told(monster_name(before, seat))


def describe_outcome(before: GameState, outcome: Outcome) -> str:
    """A chance outcome in words."""
    step = before.next_step
    if isinstance(outcome, DiceRoll):
        if isinstance(step, RollOff) and len(step.attacks) < len(step.contenders):
            seat = step.contenders[len(step.attacks)]
            attacks = outcome.dice[Face.ATTACK]
            return (
                f"first-player roll: {monster_name(before, seat)} rolls {outcome.dice} "
                f"({attacks} Attack)"
            )
        if isinstance(step, CardRoll):
            return (
                f"{monster_name(before, step.seat)} rolls {outcome.dice} for {card_name(step.card)}"
            )
        who = monster_name(before, before.turn.seat)
        kept = before.turn.dice
        if kept.total:
            return f"{who} rolls {outcome.dice}: dice now {kept.plus(outcome.dice)}"
        return f"{who} rolls {outcome.dice}"
    if isinstance(outcome, TileDraw):
        where = f" in {step.borough.label}" if isinstance(step, RevealTile) else ""
        return f"{with_article(building_name(outcome.building))} is revealed{where}"
    if isinstance(outcome, CardDraw):
        return f"{card_name(outcome.card)} is revealed in the market"
    return f"chance: {outcome}"


# -- what changed ---------------------------------------------------------------------------------


def _amounts(old: MonsterState, new: MonsterState, spends: bool, paid: int = 0) -> str:
    """The monster's gains and losses in words; ``paid``: a price spent in the same change,
    told apart from what the card then gave (Natural Selection's +4 Energy is no "gains 2")."""
    gains, losses = [], []
    for unit, delta in (
        ("VP", new.vp - old.vp),
        ("life", new.life - old.life),
        ("energy", new.energy - old.energy + paid),
    ):
        if delta > 0:
            gains.append(f"{delta} {unit}")
        elif delta < 0 and not (unit == "life" and new.eliminated):
            losses.append(f"{-delta} {unit}")
    words = [f"spends {paid} energy"] if paid else []
    if gains:
        words.append("gains " + " and ".join(gains))
    if losses:
        words.append(("spends " if spends and not paid else "loses ") + " and ".join(losses))
    return ", ".join(words)


def _elimination(who: str, old: MonsterState, new: MonsterState, cause: str | None) -> str:
    """``Kong loses 3 life to Mantis's Attack and is eliminated!``: the figure, and the cause
    when it is known (``cause``, or a card lost in the same change, such as Natural
    Selection)."""
    lost_cards = [c for c in old.cards if c not in new.cards]
    if cause is None and lost_cards:
        cause = card_name(lost_cards[0])
    life = old.life - new.life
    loses = f" loses {life} life" if life > 0 else ""
    to = f" to {cause}" if cause else ""
    if loses:
        return f"{who}{loses}{to} and is eliminated!"
    return f"{who} is eliminated{' by ' + cause if cause else ''}!"


def _cause(before: GameState, step: Step, move: Action | Outcome | None) -> str | None:
    """What a step's damage comes from, in words, for an elimination it causes."""
    if isinstance(step, ApplyAttack):
        return f"{monster_name(before, step.attacker)}'s Attack"
    if isinstance(move, ResolveFace) and isinstance(step, DecisionStep):
        if move.face is Face.OUCH:
            return "the units' counterattack (Ouch!)"
        return f"{monster_name(before, step.seat)}'s {face_name(move.face)}"
    card = getattr(step, "card", None)
    return card_name(card) if isinstance(card, str) else None


def _moved(old: Location | None, new: Location | None) -> str | None:
    if new == old or new is None:
        return None
    if new.in_manhattan and (old is None or not old.in_manhattan):
        return f"enters {place_name(new)}"
    if new.in_manhattan:
        if old is not None and new.zone != old.zone:
            return f"advances to {place_name(new)}"
        return f"moves to the other space of {place_name(new)}"
    if old is not None and old.in_manhattan:
        return f"leaves Manhattan for {place_name(new)}"
    return f"goes to {place_name(new)}"


def _token_lines(who: str, old: MonsterState, new: MonsterState) -> list[str]:
    lines = []
    kinds = sorted({k for k, _ in old.tokens} | {k for k, _ in new.tokens})
    for kind in kinds:
        delta = new.token_count(kind) - old.token_count(kind)
        name = kind.partition(":")[2] or kind
        if delta > 0:
            lines.append(f"{who} gets {delta} {name} token{'s' if delta > 1 else ''}")
        elif delta < 0:
            lines.append(f"{who} loses {-delta} {name} token{'s' if delta < -1 else ''}")
    return lines


def _changes(
    before: GameState,
    after: GameState,
    *,
    moved_itself: int | None = None,
    spender: int | None = None,
    bought: str | None = None,
    paid: int = 0,
    cause: str | None = None,
) -> list[str]:
    """What changed between two states, one line per fact, in seat order: each monster's move
    (unless ``moved_itself`` is the seat whose own decision moved it), resources (``paid``: the
    price ``spender`` paid), cards, tokens and elimination (with the life lost and what did it:
    ``cause``, else a card the monster lost with its life); then Superstar and the Statue of
    Liberty; then units appearing."""
    lines: list[str] = []
    for seat, (old, new) in enumerate(zip(before.monsters, after.monsters)):
        if old == new:
            continue
        who = monster_name(after, seat)
        if new.eliminated and not old.eliminated:
            lines.append(_elimination(who, old, new, cause))
            continue
        moved = None if seat == moved_itself else _moved(old.location, new.location)
        amounts = _amounts(old, new, spends=seat == spender, paid=paid if seat == spender else 0)
        if moved or amounts:
            text = f"{who} {moved}" if moved else who
            if amounts:
                text += (", " if moved else " ") + f"{amounts} (now {status(new)})"
            lines.append(text)
        gained: tuple[str, ...]
        lost: tuple[str, ...] = ()
        if new.cards[: len(old.cards)] == old.cards:
            gained = new.cards[len(old.cards) :]
        else:
            gained = tuple(c for c in new.cards if c not in old.cards)
            lost = tuple(c for c in old.cards if c not in new.cards)
        lines += [f"{who} keeps {card_name(c)}" for c in gained if c != bought]
        lines += [f"{who} discards {card_name(c)}" for c in lost]
        lines += _token_lines(who, old, new)
    for goal, old_holder, new_holder in (
        ("Superstar", before.superstar, after.superstar),
        ("the Statue of Liberty", before.statue, after.statue),
    ):
        if new_holder != old_holder:
            if new_holder is not None:
                lines.append(f"{monster_name(after, new_holder)} takes {goal}")
            else:
                lines.append(f"{goal[0].upper() + goal[1:]} returns to the supply")
    for borough, old_b, new_b in zip(Borough, before.boroughs, after.boroughs):
        for unit in UnitKind:
            was = old_b.units.count(unit) + old_b.fresh_units.count(unit)
            now = new_b.units.count(unit) + new_b.fresh_units.count(unit)
            if now > was:
                count = now - was
                what = with_article(unit_name(unit)) if count == 1 else f"{count} {unit_name(unit)}"
                verb = "appears" if count == 1 else "appear"
                lines.append(f"{what} {verb} in {borough.label}")
    return lines


# -- one step at a time ---------------------------------------------------------------------------


def turn_header(state: GameState, monster: MonsterState | None = None) -> str:
    """The line that opens the current turn (``monster``: the turn's monster as it stood when
    the turn began, default as it stands now)."""
    seat = state.turn.seat
    m = monster if monster is not None else state.monsters[seat]
    return (
        f"== Turn {state.turn.number}: {monster_name(state, seat)} (seat {seat}) "
        f"in {place_name(m.location)}; {status(m)} =="
    )


def _moves_itself(action: Action) -> bool:
    return isinstance(action, (PlaceMonster, Flee, MoveTo))


def _step_lines(
    before: GameState, step: Step, move: Action | Outcome | None, after: GameState
) -> list[str]:
    """The lines of one step of the agenda."""
    if isinstance(step, StartTurn):
        seat = after.turn.seat
        lines = [turn_header(after, before.monsters[seat])]
        old, new = before.monsters[seat], after.monsters[seat]
        where = new.location
        if (
            where is not None
            and where.in_manhattan
            and (new.vp, new.energy) != (old.vp, old.energy)
        ):
            lines.append(
                f"{_L1}{monster_name(after, seat)} earns "
                f"{_amounts(old, new, False).removeprefix('gains ')} in {place_name(where)} "
                f"(now {status(new)})"
            )
            lines += [_L1 + line for line in _changes(before, after)[1:]]
        else:
            lines += [_L1 + line for line in _changes(before, after)]
        return lines
    if isinstance(step, DecisionStep) and isinstance(move, Action):
        seat = step.seat
        headline = describe_action(before, seat, move)
        bought = None
        paid = 0
        if isinstance(move, Buy) and move.slot < len(before.market):
            bought = before.market[move.slot]
            if bought is not None:
                paid = card_price(before, seat, bought)
        details = _changes(
            before,
            after,
            moved_itself=seat if _moves_itself(move) else None,
            spender=seat if isinstance(move, (Buy, Sweep)) else None,
            bought=bought,
            paid=paid,
            cause=_cause(before, step, move),
        )
        if isinstance(move, EndBuying):
            return [_L1 + line for line in details]
        if isinstance(move, ResolveFace) and not details and not _asks(after, before):
            headline += _no_effect(before, seat, move.face)
        return [_L1 + headline] + [_L2 + line for line in details]
    if isinstance(step, ChanceStep) and isinstance(move, Outcome):
        text = describe_outcome(_with_top(before, step), move)
        first_roll = isinstance(step, RollDice) and not before.turn.dice.total
        level = _L1 if first_roll or isinstance(step, RollOff) or after.turn.number == 0 else _L2
        details = [_L2 + line for line in _changes(before, after)]
        if isinstance(step, RollDice) and not first_roll:
            text = (
                f"rolls {move.dice}: dice now {after.turn.dice}"
                if isinstance(move, DiceRoll)
                else text
            )
        return [level + text, *details]
    # Internal steps: what happens by itself is an event of the turn; the damage of an attack
    # is what the Attack resolved causes.
    level = _L2 if isinstance(step, (ApplyAttack, BeginResolution)) else _L1
    if isinstance(step, MovePhase):
        level = _L1
    return [level + line for line in _changes(before, after, cause=_cause(before, step, move))]


def _asks(after: GameState, before: GameState) -> bool:
    """Whether resolving left a step to follow (a destruction target, a roll, a question): its
    effect is told then."""
    top = after.next_step
    return top is not None and not isinstance(top, ChooseFace) and top not in before.agenda


def _no_effect(state: GameState, seat: int, face: Face) -> str:
    """Why resolving ``face`` changed nothing, in brackets after the line."""
    m = state.monsters[seat]
    if face is Face.HEAL:
        return " (no healing in Manhattan)" if m.in_manhattan else " (already at full life)"
    if face is Face.OUCH:
        return " (no units fire)"
    if face is Face.ATTACK:
        if not state.turn.manhattan_was_occupied:
            return " (nobody was in Manhattan when the turn began: no damage)"
        return " (nobody to hit)"
    if face is Face.CELEBRITY:
        return " (fewer than 3: no effect)"
    if face is Face.DESTRUCTION:
        return " (nothing to destroy)"
    return ""


def _with_top(state: GameState, step: Step) -> GameState:
    """``state`` with ``step`` on top of its agenda (the state a chance step was drawn in, for
    :func:`describe_outcome`)."""
    if state.next_step is step:
        return state
    return attrs.evolve(state, agenda=(*state.agenda, step))


def _trace(
    before: GameState, move: Action | Outcome, after: GameState
) -> tuple[StepRun, ...] | None:
    """The steps from ``before`` to ``after`` through ``move``, or None if they do not lead there
    (a state built by hand, or a view whose seed was dropped)."""
    try:
        reached, runs = apply_traced(before, move)
    except KingOfNYError:
        return None
    return runs if reached == after else None


def describe(
    before: GameState,
    event: Event | None,
    after: GameState,
    steps: Sequence[StepRun] | None = None,
) -> list[str]:
    """Log lines for what happened from ``before`` to ``after`` through ``event``, in the order
    it happened: the decision or outcome, then each step it set off (a new turn opens with its
    header). ``event`` is the decision or chance outcome applied to ``before``; None describes
    only the difference between the two states, as does a pair of states that ``event`` does
    not lead from one to the other.

    ``steps`` are the steps the move ran, as :func:`kingofny.apply_traced` returned them with
    ``after``: given, the move is not applied again to find them."""
    runs = steps
    if runs is None and event is not None:
        runs = _trace(before, event.move, after)
    if not runs:
        return _describe_difference(before, event, after)
    lines: list[str] = []
    previous = before
    for run in runs:
        lines += _step_lines(previous, run.step, run.move, run.state)
        previous = run.state
    return lines


def _describe_difference(before: GameState, event: Event | None, after: GameState) -> list[str]:
    """The fallback of :func:`describe`: the event, then what differs, then a new turn's
    header."""
    lines: list[str] = []
    if event is not None:
        if event.seat is not None and isinstance(event.move, Action):
            if not isinstance(event.move, EndBuying):
                lines.append(_L1 + describe_action(before, event.seat, event.move))
        elif isinstance(event.move, Outcome):
            lines.append(_L1 + describe_outcome(before, event.move))
    lines += [_L2 + line for line in _changes(before, after)]
    if after.turn.number != before.turn.number and after.turn.number > 0:
        lines.append(turn_header(after))
    return lines


def describe_start(state: GameState) -> list[str]:
    """The opening lines: the monsters, the first player, the market, the placements."""
    names = ", ".join(
        f"{monster_name(state, seat)} (seat {seat})" for seat in range(len(state.monsters))
    )
    lines = [f"King of New York: {names}"]
    if state.turn.number == 0 and state.current_player is not None:
        lines.append(f"{monster_name(state, state.turn.seat)} plays first")
    if any(c is not None for c in state.market):
        lines.append("market: " + " | ".join(card_name(c) if c else "-" for c in state.market))
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
            lines.append(f"{_L1}{monster_name(state, state.turn.seat)} rolls {state.turn.dice}")
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
        lines.append(f"{_L1}{monster_name(state, seat)} (seat {seat}): {fate}")
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

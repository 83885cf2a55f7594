"""Plain-language words for what a player sees and chooses on the web page: actions as button
labels, the question a state asks, dice, buildings and places.

The words are :mod:`kingofny.wording`'s, the same as in the game log and the terminal: an
action's label is its imperative there (:func:`kingofny.wording.action_words`), capitalised,
with dice in words (``"Reroll 2 Attack, Heal (keep Energy)"``, :func:`dice_words`) where the
terminal writes letters. Buildings and units are labelled as in the terminal
(:func:`kingofny.play.board.building_label`, :func:`kingofny.wording.unit_label`):
``"High-Rise (2 VP)"``, ``"Jet (3 to destroy, 2 energy)"``. A question it has no words of its
own for is :func:`kingofny.play.board.asked`'s.

Everything here reads the public API only (:mod:`kingofny`, :mod:`kingofny.wording`,
:mod:`kingofny.play.board`) and is free of any web framework, so other front ends may use it
too::

    >>> import kingofny
    >>> from kingofny.web.labels import action_label
    >>> state = kingofny.new_game(["kong", "mantis"], seed=1)
    >>> [action_label(state, a) for a in kingofny.legal_actions(state)][:2]
    ['Start in The Bronx', 'Start in Queens']
"""

from __future__ import annotations

from collections.abc import Sequence

import kingofny as k
from kingofny.effects import move_cost, open_boroughs
from kingofny.narrate import describe
from kingofny.play.board import asked
from kingofny.play.board import building_label as _building_label
from kingofny.wording import (
    DiceForm,
    action_words,
    card_name,
    dice_words,
    monster_name,
    place_name,
    source_name,
)

__all__ = [
    "action_label",
    "building_label",
    "dice_words",
    "log_lines",
    "move_price",
    "place_label",
    "question",
    "stuck_for_energy",
]


def place_label(location: k.Location | None) -> str:
    """Where a monster stands, in words: ``"Queens"``, ``"Lower Manhattan"``, and ``"off the
    board"`` before it is placed (:func:`kingofny.wording.place_name` otherwise)."""
    return "off the board" if location is None else place_name(location)


def building_label(building: k.Building) -> str:
    """A building as the terminal and the log show it: ``"High-Rise (2 VP)"``
    (:func:`kingofny.play.board.building_label`)."""
    return _building_label(building)


def action_label(state: k.GameState, action: k.Action) -> str:
    """What choosing ``action`` in ``state`` does, as a short imperative button label: the
    imperative of :func:`kingofny.wording.action_words` with dice in words, capitalised."""
    label = action_words(state, state.current_player, action, DiceForm.WORDS).imperative
    return label[:1].upper() + label[1:]


def question(state: k.GameState) -> str:
    """What the state asks now, in words (who decides, and about what); ``"Game over"`` at the
    end, and the chance event (``"Chance: roll the dice"``) at a chance node."""
    pending = k.waiting_for(state)
    if pending is None:
        return "Game over"
    kind = pending.kind
    who = monster_name(state, pending.seat) if pending.seat is not None else "Chance"
    if kind is k.PendingKind.PLACE:
        return f"{who}: choose the outer borough you start in"
    if kind is k.PendingKind.REROLL:
        left = state.turn.rerolls_left
        rerolls = f"{left} reroll{'s' if left != 1 else ''} left"
        return f"{who}: reroll any dice, or stop rolling ({rerolls})"
    if kind is k.PendingKind.RESOLVE:
        return f"{who}: choose which dice to resolve next ({dice_words(state.turn.unresolved)})"
    if kind is k.PendingKind.DESTROY:
        return f"{who}: spend your Destruction on a building or a unit"
    if kind is k.PendingKind.FLEE:
        by = state.turn.seat
        hitter = monster_name(state, by) if by != pending.seat else "an attack"
        return f"{who}: {hitter} hit you in Manhattan. Flee to an outer borough, or stay?"
    if kind is k.PendingKind.LEAVE_MANHATTAN:
        return f"{who}: you must leave Manhattan; choose an outer borough"
    if kind is k.PendingKind.SHOP:
        energy = state.monsters[pending.seat].energy if pending.seat is not None else 0
        return f"{who}: buy cards ({energy} energy), sweep the market, or end buying"
    if kind is k.PendingKind.CARD_QUESTION:
        card = source_name(state, pending.card) if pending.card else "A card"
        return f"{who}: {card} asks you to choose"
    # Moving, and the chance events: the terminal's words ("Kong: move to another borough, or
    # stay", "roll the dice").
    text = asked(state)
    return text if pending.seat is not None else f"Chance: {text}"


def move_price(state: k.GameState, action: k.Action) -> int:
    """The Energy that choosing ``action`` in ``state`` costs to move (New York Marathon in the
    market makes a move to another borough and a flight from Manhattan cost 2); 0 for any other
    action, or when moving is free."""
    pending = k.waiting_for(state)
    if pending is None or pending.seat is None:
        return 0
    voluntary = (pending.kind is k.PendingKind.MOVE and isinstance(action, k.MoveTo)) or (
        pending.kind is k.PendingKind.FLEE and isinstance(action, k.Flee)
    )  # leaving a closed Manhattan space is forced, and free
    return move_cost(state, pending.seat) if voluntary else 0


def stuck_for_energy(state: k.GameState, seat: int, action: k.Action) -> str | None:
    """Why ``seat`` stays (``action``, a stay the engine took as the only choice) although it
    could have moved, in words (``"moving costs 2 Energy while New York Marathon is in the
    market, and Kong has 1"``), or None if it was not for lack of Energy."""
    m = state.monsters[seat]
    if m.location is None:
        return None
    if isinstance(action, k.StayPut):
        room = open_boroughs(state, exclude=m.location.borough)
    elif isinstance(action, k.StayInManhattan):
        room = open_boroughs(state)
    else:
        return None
    cost = move_cost(state, seat)
    if not room or cost <= 0 or m.energy >= cost:
        return None
    cards = [card_name(c) for c in state.market if c == "base:new-york-marathon"]
    why = f"while {cards[0]} is in the market" if cards else "now"
    return f"moving costs {cost} Energy {why}, and {monster_name(state, seat)} has {m.energy}"


def log_lines(
    before: k.GameState,
    event: k.Event | None,
    after: k.GameState,
    steps: Sequence[k.StepRun] | None = None,
) -> list[str]:
    """The log lines of :func:`kingofny.narrate.describe` for ``event``, with what the page
    adds: a stay the engine took because the monster could not pay to move says so (``Kong
    stays in Queens (could not move: moving costs 2 Energy while New York Marathon is in the
    market, and Kong has 1)``)."""
    if steps is None and event is not None:
        try:
            reached, steps = k.apply_traced(before, event.move)
        except k.KingOfNYError:
            steps = None
        else:
            if reached != after:  # not the event's own step: tell only what changed
                steps = None
    if not steps:
        return describe(before, event, after, steps)
    lines: list[str] = []
    previous = before
    for run in steps:
        chunk = describe(previous, event, run.state, [run])
        seat = previous.current_player  # a stay is a decision: the seat deciding it
        if isinstance(run.move, (k.StayPut, k.StayInManhattan)) and seat is not None:
            why = stuck_for_energy(previous, seat, run.move)
            if why is not None:
                verb = "flee" if isinstance(run.move, k.StayInManhattan) else "move"
                note = f" (could not {verb}: {why})"
                head = chunk[0] if chunk else f"  {monster_name(previous, seat)} stays"
                chunk = [head + note, *chunk[1:]]
        lines += chunk
        previous = run.state
    return lines

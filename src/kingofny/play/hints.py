"""Hints: what the strongest bundled bot would do in a position, with a short budget.

The terminal's ``hint`` and the web app's **Hint** button both ask :func:`suggest`: the
strongest bundled bot, :class:`kingofny.PlannerPlayer`, with :data:`HINT_PLAYOUTS` playouts per
option (a few hundredths to a few tenths of a second), on the deciding monster's view
(:func:`kingofny.observe`: no seed, so the hint never knows the dice to come). A fresh bot with
a fixed seed answers each time, so the same position always gets the same hint.

::

    import kingofny as k
    from kingofny.play.hints import suggest

    state = k.new_game(4, seed=1)
    action = suggest(state)  # the action the planner would take, one of k.legal_actions(state)
"""

from __future__ import annotations

import kingofny as k

__all__ = ["HINT_BOT", "HINT_PLAYOUTS", "HINT_SEED", "HINT_SPEC", "hint_player", "suggest"]

HINT_PLAYOUTS = 6
"""Playouts per option of a hint: the planner's default budget, a few hundredths to a few
tenths of a second a decision."""
HINT_SPEC = f"planner:playouts={HINT_PLAYOUTS}"
"""The bot that gives hints, as a player spec (``kingofny simulate --players``)."""
HINT_BOT = f"the planner bot ({HINT_PLAYOUTS} playouts)"
"""The bot that gives hints, in words."""
HINT_SEED = 0
"""The seed of the hint's search: the same position always gets the same hint."""


def hint_player(seed: int = HINT_SEED, *, ms: float | None = None) -> k.PlannerPlayer:
    """A fresh hint bot: :class:`kingofny.PlannerPlayer` with :data:`HINT_PLAYOUTS` playouts
    and ``seed``; ``ms`` stops its lookaheads at that clock as well (a server's safety net: a
    search it cuts short need not give the same hint again)."""
    return k.PlannerPlayer(seed, playouts=HINT_PLAYOUTS, ms=ms)


def suggest(state: k.GameState, *, seed: int = HINT_SEED, ms: float | None = None) -> k.Action:
    """The action the hint bot chooses for the monster deciding in ``state``, one of
    :func:`kingofny.legal_actions` (the only one at once, without a search).

    The bot sees the decider's view only (:func:`kingofny.observe`). The same state and
    ``seed`` give the same action (unless the clock ``ms`` cuts the search short). Raises
    :class:`~kingofny.ArgumentError` if nobody decides in ``state`` (a chance node, the end).
    """
    seat = state.current_player
    if seat is None or state.is_chance or state.is_terminal:
        raise k.ArgumentError("suggest(state)", "nobody decides in this state")
    legal = k.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    action = hint_player(seed, ms=ms).choose(k.observe(state, seat), legal)
    return action if action in legal else legal[0]

"""Hints: what the strongest bundled bot would do in a position, with a short budget.

The terminal's ``hint`` and the web app's **Hint** button both ask :func:`suggest`: the search
bot :class:`kingofny.MCTSPlayer` with :data:`HINT_PLAYOUTS` playouts (about a tenth to half a
second), on the deciding monster's view (:func:`kingofny.observe`: no seed, so the hint never
knows the dice to come). A fresh bot with a fixed seed answers each time, so the same position
always gets the same hint.

::

    import kingofny as k
    from kingofny.play.hints import suggest

    state = k.new_game(4, seed=1)
    action = suggest(state)  # the action MCTS would take, one of k.legal_actions(state)
"""

from __future__ import annotations

import kingofny as k

__all__ = ["HINT_BOT", "HINT_PLAYOUTS", "HINT_SEED", "HINT_SPEC", "hint_player", "suggest"]

HINT_PLAYOUTS = 40
"""Playouts per hint: the budget of the strongest bot the page offers (``mcts:playouts=40``),
about a tenth to half a second a decision."""
HINT_SPEC = f"mcts:playouts={HINT_PLAYOUTS}"
"""The bot that gives hints, as a player spec (``kingofny simulate --players``)."""
HINT_BOT = f"the MCTS bot ({HINT_PLAYOUTS} playouts)"
"""The bot that gives hints, in words."""
HINT_SEED = 0
"""The seed of the hint's search: the same position always gets the same hint."""


def hint_player(seed: int = HINT_SEED, *, ms: float | None = None) -> k.MCTSPlayer:
    """A fresh hint bot: :class:`kingofny.MCTSPlayer` with :data:`HINT_PLAYOUTS` playouts and
    ``seed``; ``ms`` stops a search at that clock as well (a server's safety net: a search it
    cuts short need not give the same hint again)."""
    # ms is a hard cap here, not a mean to share out: no time management.
    return k.MCTSPlayer(seed, playouts=HINT_PLAYOUTS, ms=ms, manage_time=False)


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

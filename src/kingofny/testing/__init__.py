"""The public testing kit: build positions directly and drive them move by move.

:class:`Scenario` sets up a validated position at a chosen point of a turn (see
:mod:`kingofny.testing.scenario`); :func:`check_state` verifies the invariants of any state;
:func:`play` applies moves, checking every state on the way; :func:`play_if_offered` applies a
move only if it is asked (a decision with a single legal action is taken automatically, see
*Forced moves* in the concepts guide); :func:`roll`, :func:`reroll`,
:func:`resolve`, :func:`tile` and :func:`card` spell moves briefly::

    from kingofny.testing import Scenario, play, resolve, roll

    state = Scenario(["kong", "mantis"]).monster("mantis", manhattan="lower").build()
    state = play(state, roll("AAADDO"))
"""

from kingofny.testing.conformance import (
    ConformanceError,
    ConformanceReport,
    check_content_pack,
)
from kingofny.testing.scenario import (
    At,
    Scenario,
    card,
    card_id,
    check_state,
    monster_id,
    play,
    play_if_offered,
    reroll,
    resolve,
    roll,
    state_problems,
    tile,
    token_kinds,
)

__all__ = [
    "At",
    "ConformanceError",
    "ConformanceReport",
    "Scenario",
    "card",
    "card_id",
    "check_content_pack",
    "check_state",
    "monster_id",
    "play",
    "play_if_offered",
    "reroll",
    "resolve",
    "roll",
    "state_problems",
    "tile",
    "token_kinds",
]

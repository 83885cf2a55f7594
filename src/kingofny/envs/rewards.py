"""Rewards for the learning environments (issue 23 §3), in plain Python over game states.

- ``"win"`` (the default): at the end, +1 for a win (a shared win too), -1 for a loss, and
  ``no_winner`` (default -1) when nobody won (everybody eliminated in one turn: seed 000, *End
  of the Game*, "everybody loses"); 0 before.
- ``"rank"``: at the end, +1 for a winner; the others are placed, the living before the
  eliminated, then by VP (ties share their places), from 0 for the best placed down to -1 for
  the last.
- ``"shaped"``: ``"win"`` plus a potential-based shaping, ``potential(after) -
  potential(before)`` at each step, where the potential is ``0.5 * min(VP, 20) / 20 + 0.5 *
  Life / 12`` of the learner, and 0 once the game is over. The shaping sums to ``-potential``
  of the first position over any episode, whatever is played, so it changes no policy's
  ranking (Ng, Harada and Russell, 1999): it only makes progress visible before the end.
"""

from __future__ import annotations

from kingofny import GameState

__all__ = ["REWARDS", "final_reward", "outcome", "potential"]

REWARDS = ("win", "rank", "shaped")
"""The reward kinds the environments take (``reward=``)."""
VP_SCALE = 20
"""The VP a monster wins with."""
LIFE_SCALE = 12
"""The most Life a base monster may have."""


def outcome(state: GameState, seat: int) -> str:
    """``"win"``, ``"shared win"``, ``"loss"`` or ``"no winner"`` for ``seat`` once the game is
    over; ``""`` before."""
    winners = state.winners
    if winners is None:
        return ""
    if not winners:
        return "no winner"
    if seat in winners:
        return "win" if len(winners) == 1 else "shared win"
    return "loss"


def final_reward(state: GameState, seat: int, kind: str, no_winner: float = -1.0) -> float:
    """The reward ``seat`` gets when the game is over (0 before), by ``kind`` (see the module's
    documentation; ``"shaped"`` ends as ``"win"``)."""
    winners = state.winners
    if winners is None:
        return 0.0
    if kind != "rank":
        if not winners:
            return no_winner
        return 1.0 if seat in winners else -1.0
    if seat in winners:
        return 1.0
    others = [s for s in range(len(state.monsters)) if s not in winners]

    def standing(s: int) -> tuple[bool, int]:
        m = state.monsters[s]
        return (m.eliminated, -m.vp)

    mine = standing(seat)
    ahead = sum(1 for s in others if standing(s) < mine)
    tied = sum(1 for s in others if standing(s) == mine)
    place = ahead + (tied - 1) / 2  # 0 for the best placed, ties share the mean place
    return -place / (len(others) - 1) if len(others) > 1 else -1.0


def potential(state: GameState, seat: int) -> float:
    """The shaping potential of ``seat`` (see the module's documentation): 0 once the game is
    over or the monster is eliminated."""
    m = state.monsters[seat]
    if state.winners is not None or m.eliminated:
        return 0.0
    return 0.5 * min(m.vp, VP_SCALE) / VP_SCALE + 0.5 * min(m.life, LIFE_SCALE) / LIFE_SCALE

"""Regenerate the golden transcripts of a few seeded random games.

Run ``nox -s golden`` (or ``python tests/golden/regenerate.py``) after an intended rule change,
then review the diff of ``tests/golden/*.txt`` before committing it. ``test_golden.py`` rebuilds
the same transcripts in memory and fails when they differ from the files.

Each game is played in auto-chance mode with its seed, by a random policy
(``random.Random(seed).choice`` over :func:`kingofny.legal_actions`). Its chance outcomes are
logged as they are drawn, then the game is replayed in explicit-chance mode, one decision or
outcome at a time, so that every line of the transcript can name the turn, phase and step it
happened in. The replay must reach the seeded game's final position (minus the seed).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import kingofny
from kingofny import ActionOrOutcome, GameConfig, GameState, Outcome
from kingofny._engine.core import apply_logged, start

GOLDEN_DIR = Path(__file__).resolve().parent
"""Where the transcripts live."""
GAMES: tuple[tuple[int, int], ...] = ((2, 1), (4, 2), (6, 3))
"""(monsters, seed) of each golden game; the policy uses the same seed."""
MAX_STOPS = 5000
"""A random game that needs more stops than this is a bug."""


def file_name(players: int, seed: int) -> str:
    """The transcript's file name."""
    return f"game_{players}p_seed{seed}.txt"


def play_seeded(
    players: int, seed: int
) -> tuple[GameState, list[tuple[int | None, ActionOrOutcome]]]:
    """Play the seeded game: its final state and every event (seat or None for chance, move)."""
    policy = random.Random(seed)
    monsters = kingofny.new_game(players).config.monsters
    drawn: list[Outcome] = []
    state = start(GameConfig(monsters, seed), drawn)
    events: list[tuple[int | None, ActionOrOutcome]] = [(None, o) for o in drawn]
    for _ in range(MAX_STOPS):
        if state.is_terminal:
            return state, events
        action = policy.choice(kingofny.legal_actions(state))
        events.append((state.current_player, action))
        drawn = []
        state = apply_logged(state, action, drawn)
        events.extend((None, o) for o in drawn)
    raise RuntimeError(f"game {players}p seed {seed} is not over after {MAX_STOPS} stops")


def _short(key: str) -> str:
    """A card or token id without the base pack's prefix."""
    return key.removeprefix("base:")


def monster_summary(state: GameState, seat: int) -> str:
    """``seat name L.. V.. E.. where`` for one monster, with its cards, tokens and goal cards."""
    m = state.monsters[seat]
    name = m.monster.partition(":")[2] or m.monster
    if m.eliminated:
        return f"{seat} {name} out"
    text = f"{seat} {name} L{m.life} V{m.vp} E{m.energy} {m.location}"
    if m.cards:
        text += " cards=" + ",".join(_short(c) for c in m.cards)
    if m.tokens:
        text += " tokens=" + ",".join(f"{_short(kind)}:{n}" for kind, n in m.tokens)
    if state.superstar == seat:
        text += " +superstar"
    if state.statue == seat:
        text += " +statue"
    return text


def summary(state: GameState) -> str:
    """Every monster's life, VP, energy and location."""
    return " | ".join(monster_summary(state, seat) for seat in range(len(state.monsters)))


def transcript(players: int, seed: int) -> str:
    """The transcript of one golden game, as text."""
    final, events = play_seeded(players, seed)
    state = kingofny.new_game(final.config.monsters)
    lines = [
        "# kingofny golden transcript; regenerate with `nox -s golden` and review the diff",
        f"# {players} monsters, auto-chance seed {seed}, policy random.Random({seed}).choice",
        "# seats: " + ", ".join(f"{i}={mid}" for i, mid in enumerate(final.config.monsters)),
        "# columns: turn, phase, pending step, who (seat or chance), move",
        "# '== start of turn N': every monster as turn N begins (after its Manhattan earnings)",
    ]
    summarised = 0
    for seat, move in events:
        if state.turn.number != summarised:
            summarised = state.turn.number
            lines.append(
                f"== start of turn {summarised} (seat {state.turn_owner}): {summary(state)}"
            )
        pending = state.next_step
        assert pending is not None
        who = "chance" if seat is None else f"seat {seat}"
        assert seat == state.current_player, f"{who} moves but {state.current_player} decides"
        lines.append(
            f"T{state.turn.number:<3} {state.phase!s:<7} {pending.KIND:<14} {who:<7} {move}"
        )
        state = kingofny.apply(state, move)
    if state != kingofny.observe(final):
        raise AssertionError("the explicit replay does not reach the seeded game's final state")
    lines.append(f"== end after turn {state.turn.number}: {summary(state)}")
    assert state.winners is not None
    winners = ", ".join(f"seat {s}" for s in state.winners) or "nobody"
    lines.append(f"winners: {winners}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write every golden transcript; print what changed."""
    for players, seed in GAMES:
        path = GOLDEN_DIR / file_name(players, seed)
        text = transcript(players, seed)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8", newline="\n")
        status = "unchanged" if old == text else ("created" if old is None else "CHANGED")
        print(f"{path.name}: {status} ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

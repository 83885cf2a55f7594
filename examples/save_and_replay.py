"""Save a game and play it back: JSON game records and states.

:func:`kingofny.play_game` returns a :class:`kingofny.GameRecord`: the configuration, every
decision and every chance outcome. :func:`kingofny.to_json` writes it (or any state) as JSON in a
versioned envelope, :func:`kingofny.from_json` reads and validates it, and
:func:`kingofny.replay` plays it again to the very same final state. A saved state is a whole
position, mid-turn included: load it and keep playing.

Run it with ``python examples/save_and_replay.py --seed 11``.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Sequence
from pathlib import Path

import kingofny
from kingofny import GameRecord, GameState


def main(argv: Sequence[str] | None = None) -> int:
    """Save, load and replay; return 0 when everything round-trips, 1 otherwise."""
    parser = argparse.ArgumentParser(description="Save a game record and a state, and reload.")
    parser.add_argument("--seed", type=int, default=11, help="seed of the game (11)")
    parser.add_argument("--players", type=int, default=4, help="monsters, 2-6 (4)")
    parser.add_argument(
        "--dir", type=Path, default=None, help="where to write the files (a temporary directory)"
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as scratch:
        folder = args.dir if args.dir is not None else Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        ok = save_and_reload_record(folder, args.seed, args.players)
        ok = save_and_reload_state(folder, args.seed, args.players) and ok
    print("all round trips OK" if ok else "a round trip FAILED")
    return 0 if ok else 1


def save_and_reload_record(folder: Path, seed: int, players: int) -> bool:
    """Play a game, save its record, load it and replay it; whether the final states agree."""
    bots = [kingofny.HeuristicPlayer(seed)] + [
        kingofny.RandomPlayer(seed + s) for s in range(1, players)
    ]
    result = kingofny.play_game(bots, seed=seed)
    path = folder / "game.json"
    path.write_text(kingofny.to_json(result.record, indent=2), encoding="utf-8")
    print(
        f"played {result.turns} turns ({len(result.record.events)} events), winners "
        f"{list(result.winners or ())}; record saved to {path.name} ({path.stat().st_size} bytes)"
    )

    loaded = kingofny.from_json(path.read_text(encoding="utf-8"))
    if not isinstance(loaded, GameRecord):
        print("the file did not hold a game record")
        return False
    final = kingofny.replay(loaded)
    same = loaded == result.record and final == result.final_state
    print(f"record reloaded and replayed: final state {'equal' if same else 'DIFFERENT'}")
    return same


def save_and_reload_state(folder: Path, seed: int, players: int) -> bool:
    """Stop a game in the middle, save the state, load it and finish the game from both
    copies; whether they stay equal."""
    state = kingofny.new_game(players, seed=seed)
    bot = kingofny.RandomPlayer(seed)
    for _ in range(40):  # forty decisions in: a few turns into the game
        if state.is_terminal:
            break
        state = kingofny.apply(state, bot.choose(state, kingofny.legal_actions(state)))
    path = folder / "state.json"
    path.write_text(kingofny.to_json(state), encoding="utf-8")
    print(f"mid-game state saved to {path.name}: turn {state.turn.number}, phase {state.phase}")

    loaded = kingofny.from_json(path.read_bytes())
    if not isinstance(loaded, GameState) or loaded != state:
        print("the reloaded state is DIFFERENT")
        return False
    # The seed travels with the state, so both copies play on identically.
    original, copy = finish(state, seed), finish(loaded, seed)
    same = original == copy
    print(
        f"state reloaded: equal; both copies finished the game "
        f"{'identically' if same else 'DIFFERENTLY'} (winners {list(original.winners or ())})"
    )
    return same


def finish(state: GameState, seed: int) -> GameState:
    """Play ``state`` to the end with a random player seeded with ``seed``."""
    bot = kingofny.RandomPlayer(seed)
    while not state.is_terminal:
        state = kingofny.apply(state, bot.choose(state, kingofny.legal_actions(state)))
    return state


if __name__ == "__main__":
    raise SystemExit(main())

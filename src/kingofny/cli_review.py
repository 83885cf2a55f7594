"""The ``kingofny review`` command: the win-probability table and the costliest decisions of a
saved game (issue 21, *a coach for any game*).

:mod:`kingofny.cli` builds the parser with :func:`add_command` and hands the command to
:func:`run`; the work is :func:`kingofny.review.review_game`'s.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from kingofny.review import CostlyDecision, GameReview

__all__ = ["COMMAND", "add_command", "format_review", "run"]

COMMAND = "review"
"""The command this module runs."""


def add_command(commands: Any) -> None:
    """Add ``review`` to the subcommands of the parser."""
    rev = commands.add_parser(
        COMMAND,
        help="who was winning, and the costliest decisions of a saved game",
        description="Review a game record (simulate --save-record, a file of simulate "
        "--records, a web game's record, a kingofny play save): each monster's win "
        "probability after every decision, from the search bots' evaluation, and the "
        "decisions where the action chosen was estimated furthest below the best one.",
    )
    rev.add_argument("file", type=Path, metavar="RECORD", help="a game record or a play save")
    rev.add_argument(
        "--seats",
        default=None,
        metavar="SEATS",
        help="the seats whose decisions are reviewed: comma-separated seat numbers, or "
        "'human' (the people of a kingofny play save); default every seat",
    )
    rev.add_argument(
        "--top", type=int, default=3, metavar="N", help="costliest decisions per seat (3)"
    )
    rev.add_argument(
        "--samples", type=int, default=8, metavar="N", help="rollouts per action valued (8)"
    )
    rev.add_argument(
        "--horizon",
        choices=("turn", "round"),
        default="turn",
        help="where the rollouts valuing an action stop: the end of the decider's turn "
        "(default) or of the round",
    )
    rev.add_argument(
        "--max-actions",
        type=int,
        default=12,
        metavar="N",
        help="most actions valued per decision (12; rerolls are all valued exactly)",
    )
    rev.add_argument(
        "--budget",
        type=int,
        default=None,
        metavar="N",
        help="most rollouts for the whole review (default: no cap)",
    )
    rev.add_argument(
        "--search",
        action="store_true",
        help="the win probabilities from rollouts of every position (slower) instead of the "
        "evaluation of the position",
    )
    rev.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the rollouts (0)")
    rev.add_argument("--json", action="store_true", help="print the review as JSON")
    rev.add_argument(
        "--plot",
        type=Path,
        default=None,
        metavar="FILE",
        help="write a PNG of the win-probability curves (extra: kingofny[stats])",
    )


def _seats(text: str | None) -> list[int] | str | None:
    from kingofny.errors import ArgumentError

    if text is None:
        return None
    text = text.strip()
    if text == "human":
        return "human"
    try:
        seats = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        seats = []
    if not seats:
        raise ArgumentError(
            "--seats", f"expected comma-separated seat numbers or 'human', got {text!r}"
        )
    return seats


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``kingofny review`` with the parsed ``args``; 0 on success. Bad input raises a
    :class:`~kingofny.KingOfNYError` (:class:`~kingofny.review.ReviewError`,
    :class:`~kingofny.ArgumentError`, :class:`~kingofny.ConfigError` without matplotlib),
    which :func:`kingofny.cli.main` prints in one line with exit status 2."""
    from kingofny._files import read_text_file
    from kingofny.errors import ArgumentError
    from kingofny.review import (
        ReviewError,
        load_record,
        require_matplotlib,
        review_game,
        write_plot,
    )

    seats = _seats(args.seats)
    if args.plot is not None:
        if args.plot.is_dir():
            raise ArgumentError("--plot", f"{args.plot} is a directory; give a file name (.png)")
        require_matplotlib()
    text = read_text_file(args.file, "a game record", ReviewError)  # its errors name the file
    try:
        loaded = load_record(text)
    except ReviewError as exc:
        raise ReviewError(f"{args.file}: {exc}") from exc
    count = loaded.record.config.player_count
    if isinstance(seats, list) and any(not 0 <= seat < count for seat in seats):
        bad = next(seat for seat in seats if not 0 <= seat < count)
        raise ReviewError(f"--seats: no seat {bad} in this {count}-monster game (0 to {count - 1})")
    if seats == "human" and loaded.human_seats is None:
        raise ReviewError(
            f"{args.file} does not say who played: --seats human needs a kingofny play save"
        )
    progress = None
    if not args.json and err.isatty():

        def progress(done: int, total: int) -> None:
            err.write(f"\rreviewing: {done}/{total} decisions")
            if done == total:
                err.write("\r" + " " * 40 + "\r")
            err.flush()

    review = review_game(
        loaded,
        seats=seats,  # type: ignore[arg-type]
        top=args.top,
        samples=args.samples,
        horizon=args.horizon,
        max_actions=args.max_actions,
        search=args.search,
        budget=args.budget,
        seed=args.seed,
        progress=progress,
    )
    if args.plot is not None:
        write_plot(review, args.plot)
    if args.json:
        out.write(review.to_json(indent=1) + "\n")
    else:
        out.write(format_review(review) + "\n")
        if args.plot is not None:
            out.write(f"\nplot written to {args.plot}\n")
    return 0


def _pct(value: float) -> str:
    return f"{100 * value:.0f}"


def _decision_lines(rank: int, d: CostlyDecision) -> list[str]:
    return [
        f"  {rank}. turn {d.turn}, -{100 * d.loss:.1f} points: {d.asked}",
        f"     chose:  {d.chosen.words} ({100 * d.chosen.value:.1f}%)",
        f"     better: {d.best.words} ({100 * d.best.value:.1f}%)",
    ]


def format_review(review: GameReview) -> str:
    """The review as ``kingofny review`` prints it: the win probabilities (%) after each turn,
    then each reviewed seat's costliest decisions."""
    names = review.monsters
    widths = [max(4, len(name)) for name in names]
    lines = []
    if review.winners:
        won = ", ".join(f"{names[s]} (seat {s})" for s in review.winners)
        lines.append(f"Won by {won}.")
    elif review.winners == ():
        lines.append("Nobody won.")
    else:
        lines.append("The record stops before the end of the game.")
    lines.append("")
    lines.append("Win probability (%) after each turn:")
    lines.append("turn  " + "  ".join(name.rjust(width) for name, width in zip(names, widths)))
    for turn, win in review.by_turn():
        cells = "  ".join(_pct(w).rjust(width) for w, width in zip(win, widths))
        lines.append(f"{turn:>4}  {cells}")
    lines.append("")
    settings = review.settings
    lines.append(
        f"Costliest decisions (win probability given away; {settings.samples} rollouts "
        f"per action to the end of the {settings.horizon}):"
    )
    for summary in review.seats:
        lines.append(
            f"{summary.monster} (seat {summary.seat}): {summary.assessed} decisions assessed, "
            f"{100 * summary.mean_loss:.1f} points given away per decision"
        )
        if not summary.costliest:
            lines.append("  none: every decision assessed was the best found")
        for rank, decision in enumerate(summary.costliest, 1):
            lines.extend(_decision_lines(rank, decision))
    if review.skipped:
        lines.append(f"({review.skipped} decisions left unassessed: the budget ran out)")
    return "\n".join(lines)

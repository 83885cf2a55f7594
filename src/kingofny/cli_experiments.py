"""The experiment commands of ``kingofny``: ``compare``, ``ladder`` and ``study`` (issue 22).

:mod:`kingofny.cli` builds the parser with :func:`add_commands` and hands these commands to
:func:`run`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from kingofny.errors import ArgumentError

__all__ = ["COMMANDS", "add_commands", "run"]

COMMANDS = ("compare", "ladder", "study")
"""The commands this module runs."""
STUDIES = ("seats", "monsters", "shape", "cards")


def _spec_list(text: str) -> list[str]:
    from kingofny.players import split_specs

    return split_specs(text, "bots")


def add_commands(commands: Any) -> None:
    """Add ``compare``, ``ladder`` and ``study`` to the subcommands of the parser."""
    cmp = commands.add_parser(
        "compare",
        help="is bot A better than bot B? (paired games, SPRT)",
        description="Play A and B against the same field on paired deals (keyed chance, "
        "duplicate seating) until a sequential test (SPRT) accepts H0 (A is no better than B) "
        "or H1 (A is better by --margin of win rate), or the game cap is reached.",
    )
    cmp.add_argument("a", metavar="A", help="a bot spec (heuristic, mcts:playouts=80, ...)")
    cmp.add_argument("b", metavar="B", help="the bot spec to compare with")
    cmp.add_argument(
        "--field",
        default="heuristic",
        metavar="SPECS",
        help="the other seats' bots: one spec for every other seat, or one per seat, "
        "comma-separated (default heuristic)",
    )
    cmp.add_argument("--monsters", type=int, default=4, metavar="N", help="monsters (4)")
    cmp.add_argument("--margin", type=float, default=0.05, help="H1's win-rate difference (0.05)")
    cmp.add_argument("--alpha", type=float, default=0.05, help="false H1 rate (0.05)")
    cmp.add_argument("--beta", type=float, default=0.05, help="false H0 rate (0.05)")
    cmp.add_argument(
        "--max-games", type=int, default=2000, metavar="N", help="games each for A and B (2000)"
    )
    cmp.add_argument("--batch", type=int, default=8, metavar="N", help="deals between looks (8)")
    cmp.add_argument("--seed", type=int, default=1, metavar="S", help="seed (1)")
    cmp.add_argument("--workers", type=int, default=1, metavar="N", help="processes (1)")

    lad = commands.add_parser(
        "ladder",
        help="rate bots in mixed tables (Bradley-Terry, Plackett-Luce)",
        description="Play every table of --seats bots from --bots, paired games each (keyed "
        "chance, duplicate seating), one results file per table in DIR; then rate the bots: "
        "Bradley-Terry with bootstrap intervals, Plackett-Luce (extra stats) and the pairwise "
        "matrix of who finished ahead of whom.",
    )
    lad.add_argument("directory", type=Path, metavar="DIR", help="where the tables' files go")
    lad.add_argument(
        "--bots",
        type=_spec_list,
        default=None,
        metavar="SPECS",
        help="comma-separated bot specs (default: random, heuristic, expectimax, "
        "mcts:playouts=20, mcts:playouts=80)",
    )
    lad.add_argument("--games", type=int, default=40, metavar="N", help="games per table (40)")
    lad.add_argument("--seats", type=int, default=4, metavar="N", help="bots per table (4)")
    lad.add_argument("--seed", type=int, default=1, metavar="S", help="seed (1)")
    lad.add_argument("--workers", type=int, default=1, metavar="N", help="processes (1)")
    lad.add_argument("--resume", action="store_true", help="continue the tables in DIR")
    lad.add_argument("--report", action="store_true", help="only rate the tables already in DIR")

    stu = commands.add_parser(
        "study",
        help="balance studies: seats, monsters, game shape, cards",
        description="Play identical bots with keyed chance and measure: the first player's "
        "advantage (seats), each monster's win rate (monsters, an A/A test for the base game), "
        "game length and how games end and score (shape), or each card's causal effect on its "
        "holder's win rate (cards).",
    )
    stu.add_argument("study", choices=STUDIES, help="which study")
    stu.add_argument("--bot", default="heuristic", metavar="SPEC", help="the bots (heuristic)")
    stu.add_argument(
        "--games",
        type=int,
        default=200,
        metavar="N",
        help="games per player count (seats), games (monsters, shape) or deals (cards); 200",
    )
    stu.add_argument("--seed", type=int, default=1, metavar="S", help="seed (1)")
    stu.add_argument("--workers", type=int, default=1, metavar="N", help="processes (1)")
    stu.add_argument(
        "--packs", default="base", metavar="P,P", help="content packs (monsters study)"
    )
    stu.add_argument(
        "--cards", default=None, metavar="IDS", help="cards to study (default: every card)"
    )
    stu.add_argument("--json", type=Path, default=None, metavar="FILE", help="write the result")
    stu.add_argument(
        "--plot",
        type=Path,
        default=None,
        metavar="FILE",
        help="draw the result as a PNG (extra: kingofny[stats])",
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the experiment command of ``args``; the exit status."""
    if args.command == "compare":
        return _compare(args, out, err)
    if args.command == "ladder":
        return _ladder(args, out, err)
    return _study(args, out, err)


def _field(text: str, seats: int) -> list[str]:
    specs = _spec_list(text)
    if len(specs) == 1:
        return specs * seats
    if len(specs) != seats:
        raise ArgumentError("--field", f"expected 1 or {seats} specs, got {len(specs)}")
    return specs


def _compare(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from kingofny.players import player_factory
    from kingofny.tournament.compare import compare, format_comparison

    if not 2 <= args.monsters <= 6:
        raise ArgumentError("--monsters", f"expected 2 to 6, got {args.monsters}")
    field = [player_factory(spec) for spec in _field(args.field, args.monsters - 1)]

    def progress(state: Any, games: int) -> None:
        err.write(
            f"\r{games} games each: LLR {state.llr:+.2f} ({state.lower:.2f}, {state.upper:.2f})"
        )
        err.flush()

    result = compare(
        player_factory(args.a),
        player_factory(args.b),
        field,
        seed=args.seed,
        margin=args.margin,
        alpha=args.alpha,
        beta=args.beta,
        max_games=args.max_games,
        batch=args.batch,
        workers=args.workers,
        progress=progress if err.isatty() else None,
    )
    if err.isatty():
        err.write("\n")
    out.write(format_comparison(result) + "\n")
    return 0


def _ladder(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from kingofny.tournament.ladder import DEFAULT_BOTS, format_ladder, read_ladder, run_ladder

    if args.report:
        report = read_ladder(args.directory, seed=args.seed)
    else:

        def progress(table: int, tables: int, games: int) -> None:
            err.write(f"table {table}/{tables} done ({games} games)\n")

        report = run_ladder(
            args.bots or list(DEFAULT_BOTS),
            args.games,
            args.directory,
            seed=args.seed,
            seats=args.seats,
            workers=args.workers,
            resume=args.resume,
            progress=progress,
        )
    out.write(format_ladder(report) + "\n")
    return 0


def _study(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from kingofny.study import card_study, monster_study, seat_study, shape_study
    from kingofny.study.report import format_study

    options = {"seed": args.seed, "workers": args.workers}
    result: dict[str, Any]
    if args.study == "seats":
        result = seat_study(args.bot, args.games, **options)
    elif args.study == "monsters":
        packs = [p.strip() for p in args.packs.split(",") if p.strip()]
        result = monster_study(args.bot, args.games, packs=packs, **options)
    elif args.study == "shape":
        result = shape_study(args.bot, args.games, **options)
    else:
        cards = None if args.cards is None else [c.strip() for c in args.cards.split(",")]
        result = card_study(args.bot, args.games, cards=cards, **options)
    result = {"study": args.study, **result}
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=1) + "\n")
    if args.plot is not None:
        from kingofny.study.plots import write_study_plot

        write_study_plot(result, args.plot)
    out.write(format_study(result) + "\n")
    return 0

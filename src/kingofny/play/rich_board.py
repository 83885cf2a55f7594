"""The board drawn with rich tables (the optional ``play`` extra); the plain-text board of
:func:`kingofny.play.board.board_lines` is the fallback."""

from __future__ import annotations

from typing import TextIO

from kingofny.play.board import BoardView, dice_line, durability_legend, units_text

__all__ = ["available", "board_height", "print_board"]


def available() -> bool:
    """Whether rich is installed."""
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


def board_height(view: BoardView, width: int) -> int:
    """How many lines :func:`print_board` takes on a terminal ``width`` columns wide."""
    import io

    buffer = io.StringIO()
    print_board(view, buffer, width=width)
    return buffer.getvalue().count("\n")


def print_board(view: BoardView, out: TextIO, width: int | None = None) -> None:
    """Print ``view`` as rich tables on ``out`` (``width`` columns: the terminal's by
    default)."""
    from rich.console import Console
    from rich.table import Table

    console = Console(file=out, highlight=False, width=width)
    title = f"Turn {view.turn}: {view.turn_name}'s turn" if view.turn else "Setup"
    if view.viewer_title():
        title += " " + view.viewer_title()
    monsters = Table(title=title, title_justify="left", expand=False)
    for column in ("", "monster", "life", "VP", "energy", "where", "cards and tokens"):
        monsters.add_column(
            column, justify="right" if column in ("life", "VP", "energy") else "left"
        )
    for m in view.monsters:
        style = "dim" if m.eliminated else ("bold" if m.is_viewer else "")
        monsters.add_row(
            ">" if m.is_turn else "",
            m.name + ((" (deciding)" if view.shared else " (you)") if m.is_viewer else ""),
            str(m.life),
            str(m.vp),
            str(m.energy),
            m.where,
            ", ".join(m.cards + m.tokens) or "-",
            style=style,
        )
    console.print(monsters)
    city = Table(title="City (top building, +face-down tiles)", title_justify="left")
    for column in ("borough", "stacks", "units", "monsters"):
        city.add_column(column)
    for b in view.boroughs:
        city.add_row(b.name, " | ".join(b.stacks), units_text(b.units), ", ".join(b.monsters))
    console.print(city)
    console.print(durability_legend(), markup=False)
    price = view.price_heading()
    market = Table(
        title=f"Market (deck {view.deck}, discard {view.discard}; sweep 2 energy)",
        title_justify="left",
    )
    for column in ("#", "card", price, "kind", "text"):
        market.add_column(column)
    for c in view.market:
        market.add_row(c.letter, c.name, str(c.price), c.kind, c.text)
    console.print(market)
    dice = dice_line(view)
    if dice:
        console.print(dice, markup=False)
    console.print(f"Now: [bold]{view.question}[/bold]")

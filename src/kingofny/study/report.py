"""Text tables of the studies' results (the dictionaries :mod:`kingofny.study.studies`
returns, also read back from their JSON)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["format_study"]


def _pct(estimate: Mapping[str, Any]) -> str:
    return (
        f"{100 * estimate['value']:5.1f}%  "
        f"({100 * estimate['low']:.1f} to {100 * estimate['high']:.1f})"
    )


def _points(estimate: Mapping[str, Any]) -> str:
    return (
        f"{100 * estimate['value']:+5.1f}  "
        f"({100 * estimate['low']:+.1f} to {100 * estimate['high']:+.1f})"
    )


def _seats(result: Mapping[str, Any]) -> list[str]:
    lines = [
        f"first player's win rate, {result['games_per_count']} games per count "
        f"({result['bot']} bots, seed {result['seed']}; 95% Wilson interval)"
    ]
    for count, row in result["counts"].items():
        lines.append(
            f"  {count} monsters: {_pct(row['first_player'])}  fair share "
            f"{100 * row['fair_share']:.1f}%"
        )
    return lines


def _monsters(result: Mapping[str, Any]) -> list[str]:
    lines = [
        f"win rate by monster, {result['games']} games of {result['table']} monsters in random "
        f"seats ({result['bot']} bots, seed {result['seed']}; 95% Wilson interval)"
    ]
    from kingofny.tournament.report import monster_name

    for monster, row in sorted(result["monsters"].items(), key=lambda kv: -kv[1]["value"]):
        lines.append(f"  {monster_name(monster):<24} {_pct(row)}  of {row['n']} games")
    method = f" by {result['p_value_method']}" if "p_value_method" in result else ""
    lines.append(
        f"equal win rates: chi-square {result['chi_square']:.2f} on "
        f"{result['degrees_of_freedom']} degrees of freedom, p = {result['p_value']:.3f}{method}"
    )
    return lines


def _shape(result: Mapping[str, Any]) -> list[str]:
    turns = result["turns"]
    q = turns["quantiles"]
    lines = [
        f"{result['games']} games of {result['monsters']} monsters ({result['bot']} bots, "
        f"seed {result['seed']})",
        f"turns: mean {turns['mean']:.1f}; 5% {q['0.05']}, quartiles {q['0.25']}, {q['0.5']}, "
        f"{q['0.75']}; 95% {q['0.95']}",
        "how games end (95% Wilson interval):",
    ]
    for end, row in result["ends"].items():
        lines.append(f"  {end:<14} {_pct(row)}")
    for title, key in (("all monsters", "vp_sources_all"), ("the winners", "vp_sources_winners")):
        total = sum(result[key].values()) or 1
        parts = ", ".join(f"{src} {100 * vp / total:.0f}%" for src, vp in result[key].items())
        lines.append(f"VP of {title} by source: {parts}")
    return lines


def _cards(result: Mapping[str, Any]) -> list[str]:
    lines = [
        f"causal effect of holding a card, {result['deals']} deals of {result['monsters']} "
        f"monsters ({result['bot']} bots, seed {result['seed']}): the holder's win rate with "
        "the card minus without it, in points (95% interval); adjusted: minus the effect of "
        "the card's cost in Energy",
        f"  win rate without a gift: {_pct(result['control_win_rate'])}",
        f"  {'card':<26} {'cost':>4}  {'effect':<24} adjusted",
    ]
    rows = sorted(result["cards"].values(), key=lambda r: -r["effect"]["value"])
    for row in rows:
        lines.append(
            f"  {row['name']:<26} {row['cost']:>4}  {_points(row['effect']):<24} "
            f"{_points(row['adjusted'])}"
        )
    lines.append(
        "  Energy gifts: "
        + ", ".join(f"{e}: {100 * est['value']:+.1f}" for e, est in result["energy"].items())
    )
    return lines


_FORMATS = {"seats": _seats, "monsters": _monsters, "shape": _shape, "cards": _cards}


def format_study(result: Mapping[str, Any]) -> str:
    """A study's result as text (its ``"study"`` key says which)."""
    return "\n".join(_FORMATS[result["study"]](result))

"""What a human player sees: the board and the question asked, as plain data and as text.

:func:`board_view` describes a position for one seat in public terms only (names, not ids), as
frozen data that any front end can draw: the terminal (:func:`board_lines`, or rich tables
when rich is installed) and a web page alike.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Sequence

import attrs

import kingofny as k
from kingofny.model.steps import Destroy
from kingofny.narrate import (
    building_name,
    card_name,
    monster_name,
    place_name,
)
from kingofny.play.choices import slot_letter
from kingofny.wording import unit_label, unit_name

__all__ = [
    "BoardView",
    "BoroughRow",
    "MarketRow",
    "MonsterRow",
    "asked",
    "board_lines",
    "board_view",
    "building_label",
    "compact_lines",
    "dice_line",
    "durability_legend",
    "unit_label",
    "units_text",
]

FACE_LEGEND = "E energy, H heal, A attack, C celebrity, D destruction, O ouch"
"""The dice letters, as the board explains them."""
_SHORT_BUILDINGS = {"HIGH_RISE": "HR", "POWER_PLANT": "PP", "HOSPITAL": "HO"}
SHORT_LEGEND = "HRn=High-Rise n VP, PPn=Power Plant n energy, HOn=Hospital n life, +n below"
"""What the short stacks of a small screen mean (:attr:`BoroughRow.short_stacks`)."""
COMPACT_ROWS = 30
"""Terminals with fewer rows get the compact board (:func:`compact_lines`)."""


def building_label(building: k.Building) -> str:
    """A building as every front end shows it (the terminal's board and choices, the web page's
    tiles and buttons) and as the log tells it: ``"High-Rise (2 VP)"``, ``"Power Plant (3
    energy)"``, ``"Hospital (2 life)"`` (:func:`kingofny.narrate.building_name`). Destroying
    one takes as many Destruction as it earns (components §3.1)."""
    return building_name(building)


@attrs.frozen
class MonsterRow:
    """One monster on the board."""

    seat: int
    name: str
    life: int
    vp: int
    energy: int
    where: str
    """Where it stands in words ("Lower Manhattan"), or "eliminated"."""
    cards: tuple[str, ...]
    """The printed names of its KEEP cards."""
    tokens: tuple[str, ...]
    """Its tokens and goals in words ("2 web", "Superstar", "Statue of Liberty")."""
    is_viewer: bool
    """Whether this is the seat the view is for."""
    is_turn: bool
    """Whether it is this monster's turn."""
    eliminated: bool


@attrs.frozen
class BoroughRow:
    """One borough: its stacks (top building and face-down tiles under it), units, monsters."""

    name: str
    stacks: tuple[str, ...]
    """Each stack in words: ``"High-Rise (2 VP) +2"``, ``"empty"``."""
    units: tuple[str, ...]
    """Unit names, one per unit."""
    monsters: tuple[str, ...]
    short_stacks: tuple[str, ...] = ()
    """Each stack in a few characters, for small screens (:data:`SHORT_LEGEND`): ``"HR2+2"``
    (a High-Rise earning 2 VP, two face-down tiles under it), ``"?+3"`` (face down), ``"-"``
    (empty)."""


@attrs.frozen
class MarketRow:
    """A face-up card and what it costs the viewer."""

    slot: int
    """The slot, from 1 (``Buy(slot - 1)``)."""
    letter: str
    """The slot as the terminal shows it, from ``a``: on a screen whose choices are numbered,
    the market's cards are lettered, so that ``buy b`` and choice 2 are not confused."""
    name: str
    cost: int
    """The printed cost."""
    price: int
    """What it costs the viewer now (discounts included)."""
    kind: str
    """``"keep"`` or ``"discard"``."""
    text: str


@attrs.frozen
class BoardView:
    """A position as one seat sees it, in words."""

    turn: int
    turn_name: str
    """Whose turn it is."""
    viewer: int | None
    monsters: tuple[MonsterRow, ...]
    boroughs: tuple[BoroughRow, ...]
    market: tuple[MarketRow, ...]
    deck: int
    discard: int
    dice: str
    """The dice showing (notation such as ``AADO``), or "" when none."""
    rerolls_left: int
    unresolved: str
    """The dice still to resolve, or ""."""
    question: str
    """What is asked now, in words."""
    rolling: bool = False
    """Whether the dice are still being rolled (the Roll Dice step: rerolls may follow), rather
    than resolved or done with."""
    shared: bool = False
    """Whether several people share the screen (companion mode): the viewer is then the seat
    deciding, not "you"."""

    def price_heading(self) -> str:
        """Whose prices the market shows: ``your price``, ``Mantis's price`` on a shared
        screen, or the printed ``cost``."""
        you = next((m for m in self.monsters if m.is_viewer), None)
        if you is None:
            return "cost"
        return f"{you.name}'s price" if self.shared else "your price"

    def viewer_title(self) -> str:
        """The board title's note on the viewer: ``(you are Kong, seat 0)``, or ``(Mantis
        decides, seat 1)`` on a shared screen; "" without a viewer."""
        you = next((m for m in self.monsters if m.is_viewer), None)
        if you is None:
            return ""
        if self.shared:
            return f"({you.name} decides, seat {you.seat})"
        return f"(you are {you.name}, seat {you.seat})"


def durability_legend() -> str:
    """What destroying takes, for the board: ``"To destroy: Infantry 2, Jet 3, Tank 4
    Destruction; a building as many as it earns"`` (components §3.1)."""
    units = ", ".join(f"{unit_name(u)} {u.durability}" for u in k.UnitKind)
    return f"To destroy: {units} Destruction; a building as many as it earns"


def units_text(units: Sequence[str]) -> str:
    """Unit names grouped: ``"2 Infantry, Jet"``; ``"no units"`` for none."""
    counts = Counter(units)
    return ", ".join(f"{n} {name}" if n > 1 else name for name, n in counts.items()) or "no units"


def asked(state: k.GameState) -> str:
    """What the position waits for, in words: ``"Kong: choose dice to reroll, or stop"``."""
    pending = k.waiting_for(state)
    if pending is None:
        return "the game is over"
    who = monster_name(state, pending.seat) if pending.seat is not None else ""
    kind = k.PendingKind
    questions = {
        kind.PLACE: "choose the borough you start in",
        kind.REROLL: f"reroll some dice or stop ({state.turn.rerolls_left} reroll(s) left)",
        kind.RESOLVE: "choose which dice to resolve next",
        kind.DESTROY: "spend Destruction on a building or a unit"
        + (f" ({step.points} left)" if isinstance(step := state.next_step, Destroy) else ""),
        kind.FLEE: "you were hit in Manhattan: flee to an outer borough, or stay",
        kind.MOVE: "move to another borough, or stay",
        kind.LEAVE_MANHATTAN: "leave Manhattan for an outer borough",
        kind.SHOP: "buy cards, sweep the market, or end your turn",
        kind.CARD_QUESTION: f"answer {card_name(pending.card or '')}",
        kind.ROLL_OFF: "roll 8 dice for the first-player roll",
        kind.DICE_ROLL: "roll the dice",
        kind.TILE_REVEAL: "reveal a building tile",
        kind.CARD_REVEAL: "reveal a card for the market",
        kind.CARD_ROLL: f"roll for {card_name(pending.card or '')}",
    }
    text = questions.get(pending.kind, str(pending.kind))
    return f"{who}: {text}" if who else text


def board_view(state: k.GameState, seat: int | None = None) -> BoardView:
    """The board as ``seat`` sees it (prices are that seat's; None: printed costs)."""
    rows = []
    for i, m in enumerate(state.monsters):
        tokens = [f"{n} {kind.partition(':')[2] or kind}" for kind, n in m.tokens]
        if state.superstar == i:
            tokens.append("Superstar")
        if state.statue == i:
            tokens.append("Statue of Liberty")
        tokens += [unit_name(u) + " trophy" for u in m.trophies]
        rows.append(
            MonsterRow(
                seat=i,
                name=monster_name(state, i),
                life=m.life,
                vp=m.vp,
                energy=m.energy,
                where="eliminated"
                if m.eliminated
                else ("not placed yet" if m.location is None else place_name(m.location)),
                cards=tuple(card_name(c) for c in m.cards),
                tokens=tuple(tokens),
                is_viewer=i == seat,
                is_turn=i == state.turn.seat and state.turn.number > 0,
                eliminated=m.eliminated,
            )
        )
    boroughs = []
    for borough in k.Borough:
        tiles = state.borough(borough)
        stacks = tuple(
            "empty"
            if s.top is None and not s.hidden
            else ("face down" if s.top is None else building_label(s.top))
            + (f" +{s.hidden}" if s.hidden else "")
            for s in tiles.stacks
        )
        units = tuple(unit_name(u) for u in sorted(tiles.units + tiles.fresh_units))
        here = tuple(monster_name(state, i) for i in state.monsters_in(borough))
        short = tuple(_short_stack(s.top, s.hidden) for s in tiles.stacks)
        boroughs.append(BoroughRow(borough.label, stacks, units, here, short))
    market = []
    for slot, card in enumerate(state.market):
        if card is None:
            continue
        spec = k.find_card(card)
        price = spec.cost if seat is None else k.card_price(state, seat, card)
        market.append(
            MarketRow(
                slot + 1, slot_letter(slot), spec.name, spec.cost, price, str(spec.kind), spec.text
            )
        )
    turn = state.turn
    return BoardView(
        turn=turn.number,
        turn_name=monster_name(state, turn.seat),
        viewer=seat,
        monsters=tuple(rows),
        boroughs=tuple(boroughs),
        market=tuple(market),
        deck=len(state.deck),
        discard=len(state.discard),
        dice=str(turn.dice) if turn.dice.total else "",
        rerolls_left=turn.rerolls_left,
        unresolved=str(turn.unresolved) if turn.unresolved.total else "",
        question=asked(state),
        rolling=state.phase is k.Phase.ROLL,
    )


def _short_stack(top: k.Building | None, hidden: int) -> str:
    under = f"+{hidden}" if hidden else ""
    if top is None:
        return f"?{under}" if hidden else "-"
    return f"{_SHORT_BUILDINGS.get(top.kind.name, top.kind.name[:2])}{top.reward[1]}{under}"


def dice_line(view: BoardView, legend: bool = True) -> str:
    """The line about the dice that matters now, or "" when none does: while they are rolled,
    the dice showing and the rerolls left (``"Dice: EEAACD, 2 reroll(s) left"``); while they
    are resolved, the dice still to resolve (``"Dice still to resolve: AAC (rolled
    EEAACD)"``, or ``"Kong's dice ..."`` on another monster's turn); once they are all resolved
    (moving, buying) nothing, for the dice no longer say anything."""
    if not view.dice:
        return ""
    if view.rolling:
        left = f"{view.rerolls_left} reroll(s) left" if view.rerolls_left else "no rerolls left"
        return f"Dice: {view.dice}, {left}" + (f"   ({FACE_LEGEND})" if legend else "")
    if view.unresolved:
        turn = next((m for m in view.monsters if m.is_turn), None)
        whose = "Dice" if turn is None or turn.is_viewer else f"{view.turn_name}'s dice"
        rolled = f" (rolled {view.dice})" if view.unresolved != view.dice else ""
        tail = f"   ({FACE_LEGEND})" if legend else ""
        return f"{whose} still to resolve: {view.unresolved}{rolled}{tail}"
    return ""


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


def board_lines(view: BoardView, width: int | None = None) -> list[str]:
    """The board as plain text lines (the terminal's fallback when rich is not installed);
    with ``width``, a longer line (a card's text, a crowded borough) is wrapped at a word, its
    continuation indented, so that nothing runs past the terminal's edge."""
    lines = _board_lines(view)
    if width is None:
        return lines
    wrapped: list[str] = []
    for line in lines:
        if len(line) <= width:
            wrapped.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 3)
        wrapped += textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [
            line
        ]
    return wrapped


def compact_lines(view: BoardView, width: int = 80) -> list[str]:
    """The board for a small terminal (fewer than :data:`COMPACT_ROWS` rows): a line per monster
    and per borough, short stacks (:data:`SHORT_LEGEND`), the market's cards without their text
    (``cards`` shows it), no legends; every line cut to ``width``. With 4 monsters it takes 15
    lines, leaving an 80x24 screen room for the question and its choices."""
    title = f"Turn {view.turn}: {view.turn_name}'s turn" if view.turn else "Setup"
    if view.viewer_title():
        title += " " + view.viewer_title()
    lines = [title]
    rows = []
    for m in view.monsters:
        name = m.name + ("*" if m.is_viewer else "")
        extras = ", ".join(m.cards + m.tokens)
        rows.append(
            [">" if m.is_turn else " ", name, f"{m.life}life", f"{m.vp}VP", f"{m.energy}en",
             m.where + (f"; {extras}" if extras else "")]
        )  # fmt: skip
    lines += [" " + line for line in _table(rows)]
    lines.append(f"City {SHORT_LEGEND}")
    city = []
    for b in view.boroughs:
        extras = "; ".join(
            part for part in (units_text(b.units) if b.units else "", ", ".join(b.monsters)) if part
        )
        city.append([b.name, " ".join(b.short_stacks), extras])
    lines += [" " + line for line in _table(city)]
    line = f"Market ({view.price_heading()}, deck {view.deck}, 'cards' for texts):"
    for c in view.market:  # wrapped between cards, never inside one
        entry = f"{c.letter}. {c.name} {c.price}{'' if c.kind == 'keep' else ' discard'}"
        if len(line) + 2 + len(entry) > width:
            lines.append(line)
            line = " "
        line += "  " + entry
    lines.append(line)
    dice = dice_line(view, legend=False)
    if dice:
        lines.append(dice)
    lines.append(f"Now: {view.question}")
    return [line if len(line) <= width else line[: width - 1] + "…" for line in lines]


def _board_lines(view: BoardView) -> list[str]:
    lines = ["-" * 78]
    title = f"Turn {view.turn}: {view.turn_name}'s turn" if view.turn else "Setup"
    if view.viewer_title():
        title += "  " + view.viewer_title()
    lines.append(title)
    rows = [["", "monster", "life", "VP", "energy", "where", "cards and tokens"]]
    for m in view.monsters:
        mark = ">" if m.is_turn else " "
        name = m.name + ((" (deciding)" if view.shared else " (you)") if m.is_viewer else "")
        extras = ", ".join(m.cards + m.tokens) or "-"
        rows.append([mark, name, str(m.life), str(m.vp), str(m.energy), m.where, extras])
    lines += ["  " + line for line in _table(rows)]
    lines.append("City (stacks: top building, +face-down tiles under it)")
    city = []
    for b in view.boroughs:
        units = f"units: {units_text(b.units)}" if b.units else "no units"
        city.append([b.name, " | ".join(b.stacks), units])
    lines += ["  " + line for line in _table(city)]
    lines.append("  " + durability_legend())
    price_of = view.price_heading()
    lines.append(f"Market ({price_of}; deck {view.deck}, discard {view.discard}; sweep: 2 energy)")
    for c in view.market:
        shown = f"{c.price}" if c.price == c.cost else f"{c.price} (printed {c.cost})"
        lines.append(f"  {c.letter}. {c.name} [{c.kind}] {shown} energy: {c.text}")
    dice = dice_line(view)
    if dice:
        lines.append(dice)
    lines.append(f"Now: {view.question}")
    return lines

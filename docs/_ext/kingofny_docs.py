"""Sphinx directives that generate reference pages from kingofny itself at build time.

``.. kingofny-cards::``
    The cards (and monsters) of a content pack, read from the content registry
    (:mod:`kingofny._registry`): name, id, cost, KEEP/DISCARD, text, trigger points,
    borough discounts and buy conditions. Option ``:pack:`` (default ``base``).

``.. kingofny-defaults:: module.path``
    The "Defaults" table (Card / Question / Our answer / Source) of a module docstring, as the
    module states it, so the rulings page can never drift from the code.

``.. kingofny-card-triggers::``
    The trigger table of :mod:`kingofny.content.base.cards` (how each card uses its trigger
    points).

``.. kingofny-cli:: [subcommand]``
    The ``--help`` text of the ``kingofny`` command or one of its subcommands, from the real
    argument parser (:func:`kingofny.cli.build_parser`).

``.. kingofny-api::``
    Autodoc entries for every name of ``kingofny.__all__``, grouped by subject.

Three event handlers polish what autodoc renders:

- citations of the rules in any rendered text (``seed 000``, ``rulings D28``, ``rulings C1``,
  ``rulings §16``) become links to the :doc:`rules` page: a ruling id to its row of the
  rulings table, the rest to the list of citations (:func:`link_citations`);
- enum members are always listed, documented or not (:func:`keep_enum_members`);
- attrs defaults show as values, not as ``attr_dict['field'].default``
  (:func:`attrs_signature`).

Nothing here is copied by hand: rebuild the docs and the pages follow the code.
"""

from __future__ import annotations

import argparse
import enum
import importlib
import inspect
import os
import re
import textwrap
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

_WIDTH = "90"


def _rst_escape(text: str) -> str:
    """Escape characters that inline reST would interpret in card text."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|")


class _Generating(SphinxDirective):
    """A directive that writes reST and parses it in place."""

    def emit(self, lines: list[str]) -> list[nodes.Node]:
        holder = nodes.section()
        holder.document = self.state.document
        source = self.get_source_info()[0] or "<generated>"
        content = StringList()
        for index, line in enumerate(lines):
            content.append(line, source, index)
        nested_parse_with_titles(self.state, content, holder)
        return list(holder.children)


def _list_table(header: list[str], rows: list[list[str]], widths: str, cls: str) -> list[str]:
    out = [
        ".. list-table::",
        "   :header-rows: 1",
        f"   :widths: {widths}",
        f"   :class: {cls}",
        "",
    ]
    for row in [header, *rows]:
        for col, cell in enumerate(row):
            cell_lines = cell.splitlines() or [""]
            lead = "   * - " if col == 0 else "     - "
            out.append(lead + cell_lines[0])
            out.extend("       " + extra for extra in cell_lines[1:])
    out.append("")
    return out


_BUY_CONDITIONS = {
    "destroyed-jet": "only on a turn you destroyed a Jet",
    "destroyed-tank": "only on a turn you destroyed a Tank",
}
"""Buy conditions in words (the reference shows no raw markup; the aliases, transcription typos
kept for name lookup, are not shown either)."""


class CardsDirective(_Generating):
    """Generate the card and monster reference of a content pack from the registry."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"pack": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        from kingofny import _registry as registry
        from kingofny.model.cards import BuyCondition

        name = self.options.get("pack", "base")
        pack = registry.installed().pack(name)
        self.env.note_dependency(inspect.getfile(type(pack)))
        lines = [
            f"Pack ``{pack.name}`` version {pack.version} (content API {pack.api_version}): "
            f"{_rst_escape(pack.description)}. {len(pack.monsters)} monsters, "
            f"{len(pack.cards)} cards "
            f"({sum(1 for c in pack.cards if c.kind.value == 'keep')} KEEP, "
            f"{sum(1 for c in pack.cards if c.kind.value == 'discard')} DISCARD).",
            "",
        ]
        if pack.monsters:
            lines += [".. rubric:: Monsters", ""]
            lines += _list_table(
                ["Monster", "Id", "Description"],
                [[m.name, f"``{m.id}``", _rst_escape(m.description)] for m in pack.monsters],
                "20 25 55",
                "kingofny-monsters",
            )
        rows = []
        for card in sorted(pack.cards, key=lambda c: c.name.casefold()):
            triggers = ", ".join(
                f"``{t.name}``" for t in sorted(card.triggers, key=lambda t: t.name)
            )
            notes = []
            if card.discount_boroughs:
                boroughs = ", ".join(
                    b.name.replace("_", " ").title()
                    for b in sorted(card.discount_boroughs, key=lambda b: b.value)
                )
                notes.append(f"1 Energy less in {boroughs}")
            if card.buy_condition is not BuyCondition.NONE:
                notes.append(_BUY_CONDITIONS.get(card.buy_condition.value, "a buy condition"))
            rows.append(
                [
                    f"**{_rst_escape(card.name)}**\n``{card.id}``",
                    str(card.cost),
                    card.kind.name,
                    _rst_escape(card.text),
                    triggers or "—",
                    "; ".join(_rst_escape(n) for n in notes) or "—",
                ]
            )
        lines += [".. rubric:: Cards", ""]
        lines += _list_table(
            ["Card", "Cost", "Kind", "Text", "Trigger points", "Discounts, conditions"],
            rows,
            "18 5 8 35 18 16",
            "kingofny-cards",
        )
        return self.emit(lines)


def _docstring_tables(module_name: str) -> list[list[str]]:
    """The list-tables of a module docstring whose header starts with ``Card`` and ``Question``,
    as blocks of reST lines."""
    module = importlib.import_module(module_name)
    doc = inspect.getdoc(module) or ""
    lines = doc.splitlines()
    tables: list[list[str]] = []
    i = 0
    while i < len(lines):
        if lines[i].startswith(".. list-table::"):
            j = i + 1
            while j < len(lines) and (not lines[j].strip() or lines[j].startswith(" ")):
                j += 1
            block = lines[i:j]
            text = "\n".join(block)
            if "* - Card" in text and "- Question" in text:
                tables.append(block)
            i = j
        else:
            i += 1
    return tables


def _trigger_tables(module_name: str) -> list[list[str]]:
    module = importlib.import_module(module_name)
    doc = inspect.getdoc(module) or ""
    lines = doc.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(".. list-table::"):
            j = i + 1
            while j < len(lines) and (not lines[j].strip() or lines[j].startswith(" ")):
                j += 1
            block = lines[i:j]
            if "- Trigger points" in "\n".join(block):
                return [block]
    return []


class DefaultsDirective(_Generating):
    """Reproduce the Card / Question / Our answer / Source tables of a module docstring."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        name = self.arguments[0]
        module = importlib.import_module(name)
        self.env.note_dependency(inspect.getfile(module))
        tables = _docstring_tables(name)
        if not tables:
            raise self.error(f"{name} has no Card / Question defaults table")
        lines: list[str] = []
        for block in tables:
            lines += block + [""]
        return self.emit(lines)


class CardTriggersDirective(_Generating):
    """Reproduce the trigger table of the base cards module."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        name = "kingofny.content.base.cards"
        self.env.note_dependency(inspect.getfile(importlib.import_module(name)))
        tables = _trigger_tables(name)
        if not tables:
            raise self.error(f"{name} has no trigger table")
        return self.emit(tables[0] + [""])


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and name in action.choices:
            sub: Any = action.choices[name]
            return sub  # type: ignore[no-any-return]
    raise KeyError(name)


class CliDirective(SphinxDirective):
    """The ``--help`` of the kingofny command or of a subcommand, from the real parser."""

    optional_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        from kingofny import cli

        self.env.note_dependency(inspect.getfile(cli))
        old = os.environ.get("COLUMNS")
        os.environ["COLUMNS"] = _WIDTH
        try:
            parser = cli.build_parser()
            if self.arguments:
                parser = _subparser(parser, self.arguments[0])
            text = parser.format_help()
        finally:
            if old is None:
                os.environ.pop("COLUMNS", None)
            else:
                os.environ["COLUMNS"] = old
        block = nodes.literal_block(text, textwrap.dedent(text).rstrip())
        block["language"] = "text"
        return [block]


_API_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Playing the game", ("kingofny._engine.core",)),
    (
        "Game state",
        (
            "kingofny.model.state",
            "kingofny.model.pending",
            "kingofny.model.monster",
            "kingofny.model.steps",
        ),
    ),
    ("Actions", ("kingofny.model.actions",)),
    ("Chance outcomes and dice", ("kingofny.model.outcomes", "kingofny.model.dice")),
    ("The city", ("kingofny.model.city",)),
    ("Cards", ("kingofny.model.cards", "kingofny.lookup")),
    ("Players and tournaments", ("kingofny.players", "kingofny.runner")),
    ("Results files and their analysis", ("kingofny.tournament",)),
    ("Game records", ("kingofny.record",)),
    ("Serialisation", ("kingofny.serialize",)),
    ("Errors", ("kingofny.errors",)),
)


def _home(name: str, obj: object) -> str:
    module = getattr(obj, "__module__", None)
    if not isinstance(module, str) or not module.startswith("kingofny"):
        module = "kingofny.serialize" if name.isupper() else ""
    return module


class ApiDirective(_Generating):
    """Autodoc entries for every name in ``kingofny.__all__``, grouped by subject. A name that
    no group claims lands in "Other", so the page is always complete."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        import kingofny

        self.env.note_dependency(inspect.getfile(kingofny))
        names = list(kingofny.__all__)
        placed: set[str] = set()
        lines: list[str] = [".. currentmodule:: kingofny", ""]

        def entry(name: str) -> list[str]:
            obj = getattr(kingofny, name)
            if isinstance(obj, type) and issubclass(obj, BaseException):
                return [f".. autoexception:: {name}", ""]
            if isinstance(obj, type):
                return [f".. autoclass:: {name}", ""]
            if inspect.isfunction(obj):
                return [f".. autofunction:: {name}", ""]
            return [f".. autodata:: {name}", "   :annotation:", ""]

        groups = list(_API_GROUPS)
        for title, prefixes in groups:
            members = [
                n
                for n in names
                if n not in placed
                and any(_home(n, getattr(kingofny, n)).startswith(p) for p in prefixes)
            ]
            if not members:
                continue
            lines += [title, "-" * len(title), ""]
            for n in members:
                placed.add(n)
                lines += entry(n)
        rest = [n for n in names if n not in placed]
        if rest:
            lines += ["Other", "-----", ""]
            for n in rest:
                lines += entry(n)
        return self.emit(lines)


RULES_DOC = "rules"
"""The page the citations link to."""
CITATIONS_ANCHOR = "citations"
"""The target of the list of citation kinds on that page."""
_ID = r"(?:[CD]\d{1,2}|§\d{1,2})"
_CITATION = re.compile(rf"seed 000|rulings {_ID}(?:(?:, | / |; | and |–){_ID})*")
_RULING_ID = re.compile(_ID)


def ruling_anchor(ruling: str) -> str:
    """The anchor of a ruling id's row in the rulings table (``"D28"`` -> ``"ruling-d28"``);
    section references (``§16``) go to the list of citations."""
    if ruling.startswith("§"):
        return CITATIONS_ANCHOR
    return f"ruling-{ruling.lower()}"


def _citation_nodes(text: str, uri: str) -> list[nodes.Node] | None:
    """``text`` with its citations turned into references to ``uri`` (None: no citation)."""
    found = list(_CITATION.finditer(text))
    if not found:
        return None
    out: list[nodes.Node] = []
    at = 0
    for match in found:
        out.append(nodes.Text(text[at : match.start()]))
        cited = match.group(0)
        if cited == "seed 000":
            out.append(nodes.reference(cited, cited, refuri=f"{uri}#{CITATIONS_ANCHOR}"))
        else:
            pos = 0
            for rid in _RULING_ID.finditer(cited):
                out.append(nodes.Text(cited[pos : rid.start()]))
                anchor = ruling_anchor(rid.group(0))
                out.append(nodes.reference(rid.group(0), rid.group(0), refuri=f"{uri}#{anchor}"))
                pos = rid.end()
            out.append(nodes.Text(cited[pos:]))
        at = match.end()
    out.append(nodes.Text(text[at:]))
    return out


_NO_LINKS = (nodes.literal, nodes.literal_block, nodes.reference, nodes.target, nodes.title)


def link_citations(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Turn ``seed 000`` and ``rulings D28``-style citations in rendered text into links to the
    Rules page, where the reader can look them up."""
    builder = app.builder
    if not hasattr(builder, "get_relative_uri"):
        return
    try:
        uri = builder.get_relative_uri(docname, RULES_DOC)
    except Exception:
        return
    if docname == RULES_DOC:
        uri = ""
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or any(isinstance(p, _NO_LINKS) for p in _ancestors(parent)):
            continue
        replaced = _citation_nodes(text.astext(), uri)
        if replaced is not None:
            parent.replace(text, replaced)


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    found = []
    current: nodes.Node | None = node
    while current is not None:
        found.append(current)
        current = current.parent
    return found


def keep_enum_members(
    app: Sphinx, what: str, name: str, obj: object, skip: bool, options: Any
) -> bool | None:
    """List every member of an enum in the API reference, with or without a docstring."""
    if isinstance(obj, enum.Enum) and not name.startswith("_"):
        return False
    return None


_ATTR_DEFAULT = re.compile(r"attr_dict\['(\w+)'\]\.default")


def attrs_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Render attrs defaults as their values (autodoc with preserved defaults would print
    ``attr_dict['field'].default``); a long value is shortened to ``...``."""
    if not signature or "attr_dict[" not in signature:
        return None
    import attrs

    cls = obj if isinstance(obj, type) else None
    fields = attrs.fields_dict(cls) if cls is not None and attrs.has(cls) else {}

    def value(match: re.Match[str]) -> str:
        field = fields.get(match.group(1))
        if field is None:
            return "..."
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            return "<factory>"
        text = repr(default)
        return text if len(text) <= 30 else "..."

    return _ATTR_DEFAULT.sub(value, signature), return_annotation


def ruling_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Any,
    options: dict[str, Any] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:ruling:`D28``` shows ``D28`` and is the anchor citations of D28 link to."""
    node = nodes.inline(rawtext, text, ids=[ruling_anchor(text)], classes=["kingofny-ruling"])
    return [node], []


_OBSERVATION_MEANINGS = {
    "monster": "a monster's row, seat-relative (row 0 is the observer, then clockwise; absent "
    "seats are zeros): present, alive, Life / 12, VP / 40, Energy / 40, borough, zone and "
    "track (one-hot), whose turn and who decides, Superstar and the Statue of Liberty, its "
    "cards (one flag per card), tokens and trophies / 10",
    "borough": "a borough: the top building of each stack (one-hot), the face-down tiles under "
    "it / 3, units and fresh units / 10, the souvenir",
    "market": "a market slot: the card showing (one-hot over every card)",
    "deck": "cards left in the deck / cards in the game",
    "discard": "cards in the discard pile / cards in the game",
    "dice": "the dice showing, per face / 8",
    "unresolved": "the dice left to resolve, per face / 16",
    "rolled": "the dice rolled, per face / 8",
    "rerolls_left": "rerolls left / 4",
    "waiting": "what the position waits for (one-hot over the kinds of pending step)",
    "asks": "the card asking or rolling, if any (one-hot)",
}
"""What each section of the observation holds (the names of :func:`kingofny.ids.observation_names`
give every value)."""


class ObservationDirective(_Generating):
    """The observation's layout: each section's offset, size and meaning, generated from
    :func:`kingofny.ids.observation_names` for the base game."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        from kingofny.ids import observation_names
        from kingofny.model.city import Borough

        boroughs = {str(b) for b in Borough}
        names = observation_names(("base",))
        rows: list[list[str]] = []
        seen: set[str] = set()
        start = 0
        for i, name in enumerate([*names, ""]):
            if i < len(names) and name.split(".")[0] == names[start].split(".")[0]:
                continue
            section = names[start].split(".")[0]
            family = "borough" if section in boroughs else section.split("[")[0]
            meaning = _OBSERVATION_MEANINGS.get(family)
            if meaning is None:
                raise self.error(f"observation section {section!r} has no meaning in the docs")
            if family in seen:
                meaning = "the same, for the next one"
            seen.add(family)
            first, last = names[start], names[i - 1]
            rows.append(
                [f"``{section}``", str(start), str(i - start), f"{meaning} (``{first}`` to "
                 f"``{last}``)" if i - start > 1 else f"{meaning} (``{first}``)"]
            )  # fmt: skip
            start = i
        lines = [f"{len(names)} values in all (base game).", ""]
        lines += _list_table(["section", "offset", "size", "meaning"], rows, "18 8 6 68", "obs")
        return self.emit(lines)


class _JsonDirective(_Generating):
    """A directive that draws a JSON file under ``docs/`` (its one argument)."""

    required_arguments = 1
    has_content = False

    def read_json(self) -> Any:
        """The file's content; the page is rebuilt when the file changes."""
        import json
        from pathlib import Path

        path = Path(self.env.srcdir) / self.arguments[0]
        self.env.note_dependency(str(path))
        try:
            return json.loads(path.read_text())
        except (OSError, ValueError) as exc:
            raise self.error(f"cannot read {self.arguments[0]}: {exc}") from None


class StudyDirective(_JsonDirective):
    """A balance study's result (a JSON file that ``kingofny study --json`` wrote, under
    ``docs/``) as the text table ``kingofny study`` prints, so that the page shows what the last
    ``nox -s study`` measured."""

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        from kingofny.study.report import format_study

        result = self.read_json()
        lines = [".. code-block:: text", ""]
        lines += ["   " + line for line in format_study(result).splitlines()]
        return self.emit([*lines, ""])


class TrainingCurveDirective(_JsonDirective):
    """The learning curve ``examples/train_ppo.py`` wrote (its ``curve.json``, under ``docs/``):
    one row per checkpoint, then the final evaluation at an unseen seed."""

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        curve = self.read_json()

        def rate(row: dict[str, Any]) -> str:
            return (
                f"{100 * row['rate']:.1f}% ({100 * row['low']:.1f} to {100 * row['high']:.1f}), "
                f"{row['games']} games"
            )

        rows = [
            [
                c["label"],
                f"{c['ppo_steps']:,}",
                f"{c['wall_minutes']:.0f}",
                rate(c["random"]),
                rate(c["heuristic"]),
            ]
            for c in curve["checkpoints"]
        ]
        final = curve.get("final")
        if final is not None:
            rows.append(
                [
                    f"**{final['label']}**, seed {final['unseen_seed']}",
                    "",
                    f"{curve.get('wall_minutes', 0):.0f}",
                    rate(final["random"]),
                    rate(final["heuristic"]),
                ]
            )
        header = ["checkpoint", "PPO steps", "wall minutes", "vs 3 random", "vs 3 heuristic"]
        return self.emit(_list_table(header, rows, "22 12 10 28 28", "curve"))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the ``ruling`` role and the event handlers."""
    app.add_role("ruling", ruling_role)
    app.connect("doctree-resolved", link_citations)
    app.connect("autodoc-skip-member", keep_enum_members)
    app.connect("autodoc-process-signature", attrs_signature)
    app.add_directive("kingofny-cards", CardsDirective)
    app.add_directive("kingofny-defaults", DefaultsDirective)
    app.add_directive("kingofny-card-triggers", CardTriggersDirective)
    app.add_directive("kingofny-cli", CliDirective)
    app.add_directive("kingofny-api", ApiDirective)
    app.add_directive("kingofny-observation", ObservationDirective)
    app.add_directive("kingofny-study", StudyDirective)
    app.add_directive("kingofny-training-curve", TrainingCurveDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

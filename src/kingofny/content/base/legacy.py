"""The card options kingofny 0.1.0 wrote (JSON schema 1), in today's naming style.

0.1.0 named the answers to card questions and the card uses in several styles (``heal-2``,
``seat-1``, ``H>E``, ``C:E>O``, bare card ids, ``discard-web``, ``move-bronx``,
``send-fresh-jet-bronx``, ``buy-base:stomp``). Reading a schema 1 document maps each one to the
option the card offers now, so saved games and records of 0.1.0 still load and replay.
"""

from __future__ import annotations

import re

from kingofny.effects import Face, option

_CONVERSION = re.compile(r"^(?:C:)?([AHECDO])>([AHECDO])$")
_PREFIXED = {
    "base:next-stage": ("heal-", "heal"),
    "base:photo-op": ("seat-", "seat"),
    "base:subway": ("move-", "move"),
    "base:super-speed": ("move-", "move"),
}
_SEND = re.compile(r"^send-(fresh-)?(infantry|jet|tank)-([a-z-]+)$")
_WHOLE = {
    ("web", "discard-web"): "discard:token:web",
    ("curse", "discard-curse"): "discard:token:curse",
    ("base:carapace", "discard"): "discard:card:base:carapace",
    ("base:chameleon", "C"): "discard:celebrity",
}


def upgrade_option(card: str, old: str) -> str:
    """The option of ``card`` today for the option ``old`` written by kingofny 0.1.0; an option
    already in today's style (or unknown) is returned as it is."""
    whole = _WHOLE.get((card, old))
    if whole is not None:
        return whole
    conversion = _CONVERSION.match(old)
    if conversion is not None and (card == "base:chameleon") == old.startswith("C:"):
        source, target = (Face.from_symbol(s) for s in conversion.groups())
        return option("convert", source, target)
    prefixed = _PREFIXED.get(card)
    if prefixed is not None and old.startswith(prefixed[0]):
        return f"{prefixed[1]}:{old.removeprefix(prefixed[0])}"
    if card in ("base:tesla-cannon", "base:columbia-university") and old.startswith("base:"):
        return f"card:{old}"
    if card == "base:scavenger" and old.startswith("buy-"):
        return f"buy:card:{old.removeprefix('buy-')}"
    send = _SEND.match(old) if card == "base:stink-attack" else None
    if send is not None:
        fresh, unit, to = send.groups()
        return f"send:{unit}:{to}" + (":fresh" if fresh else "")
    return old

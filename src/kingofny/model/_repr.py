"""One ``__repr__`` for the model's attrs classes, shared instead of generated per class.

attrs compiles a ``__repr__`` for every class it makes, and compiling is most of what making a
class costs: about 40% of the source it compiles for a class is that method, and the model
defines some sixty classes when ``import kingofny`` runs. A repr is never on the engine's hot
path, so the classes are declared with ``repr=False`` and the root of each hierarchy sets
``__repr__ = fields_repr``; the text is exactly the one attrs writes. A subclass declared
without ``repr=False`` (a plugin's own step, say) gets attrs' generated one, which writes the same.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from attrs import AttrsInstance

_busy = threading.local()
"""Per thread, the ids of the objects whose repr is being written (attrs' guard against
cycles: an object met again inside its own repr is written ``...``)."""


def fields_repr(self: AttrsInstance) -> str:
    """``Name(field=value, ...)`` over the attrs fields shown in reprs, as attrs writes it: a
    field's own ``repr`` callable if it has one, ``NOTHING`` for an unset field that is not set
    by ``__init__``, and ``...`` for an object met again while its repr is being written."""
    try:
        busy: set[int] = _busy.ids
    except AttributeError:
        busy = _busy.ids = set()
    key = id(self)
    if key in busy:
        return "..."
    busy.add(key)
    try:
        return _write(self)
    finally:
        busy.discard(key)


def _write(self: AttrsInstance) -> str:
    """The repr text, without the guard against cycles."""
    parts = []
    for field in attrs.fields(type(self)):
        show = field.repr
        if show is False:
            continue
        name = field.name
        value = getattr(self, name) if field.init else getattr(self, name, attrs.NOTHING)
        # ``repr=True`` or the field's own callable, as attrs' generated method reads it.
        parts.append(f"{name}={value!r}" if isinstance(show, bool) else f"{name}={show(value)}")
    return f"{self.__class__.__qualname__.rsplit('>.', 1)[-1]}({', '.join(parts)})"

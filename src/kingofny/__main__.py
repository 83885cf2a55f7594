"""``python -m kingofny``: the ``kingofny`` command."""

from __future__ import annotations

import sys

from kingofny.cli import main

if __name__ == "__main__":
    sys.exit(main())

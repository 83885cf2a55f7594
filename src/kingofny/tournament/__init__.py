"""Tournaments at scale and their analysis.

- :mod:`~kingofny.tournament.series`: the engine behind :func:`kingofny.simulate` (seed plan,
  process pool, Ray);
- :mod:`~kingofny.tournament.isolate`: bots in their own processes;
- :mod:`~kingofny.tournament.results`: results files (JSON Lines) and :func:`load_results`;
- :mod:`~kingofny.tournament.report`: win rates with Wilson intervals, game length, card lift,
  ratings (:func:`report`), and :mod:`~kingofny.tournament.plots` (extra ``stats``);
- :mod:`~kingofny.tournament.compare` and :mod:`~kingofny.tournament.sprt`: is bot A better than
  bot B, on paired games with a sequential test (``kingofny compare``);
- :mod:`~kingofny.tournament.ladder`: ratings of many bots in mixed tables (``kingofny ladder``).
"""

from __future__ import annotations

from kingofny.errors import ResultsError
from kingofny.tournament.report import Report, format_report, report, wilson_interval
from kingofny.tournament.results import GameRow, Results, load_results

__all__ = [
    "GameRow",
    "Report",
    "Results",
    "ResultsError",
    "format_report",
    "load_results",
    "report",
    "wilson_interval",
]

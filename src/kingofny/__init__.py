"""kingofny: a typed, immutable rules engine for the board game King of New York.

The whole stable API is importable from here and listed in ``__all__``::

    import kingofny
    state = kingofny.new_game(4, seed=7)
    while not state.is_terminal:
        state = kingofny.apply(state, kingofny.legal_actions(state)[0])

``__all__`` is grouped by topic (playing, states, actions, chance, the city, cards, players,
records and JSON, errors). Content-pack authors have their own single import,
:mod:`kingofny.effects`.
"""

from importlib import import_module as _import_module
from typing import TYPE_CHECKING as _TYPE_CHECKING

# Games find installed packs through the registry, which installs its finder on import.
import kingofny._registry  # noqa: F401

# First: importing _build chooses the build (KINGOFNY_PURE_PYTHON) before the core loads.
from kingofny._build import compiled as _compiled
from kingofny._engine.core import (
    ActionOrOutcome,
    apply,
    apply_traced,
    chance_outcomes,
    debug_states,
    debug_states_enabled,
    grant_card,
    is_terminal,
    legal_actions,
    new_game,
    observe,
    reseed,
    sample_outcome,
    settle,
    winners,
)
from kingofny._version import __version__
from kingofny.errors import (
    ArgumentError,
    ConfigError,
    EffectError,
    IllegalActionError,
    KingOfNYError,
    PlayerError,
    PluginError,
    ReplayError,
    ResultsError,
    ScenarioError,
    SchemaVersionError,
    SerializationError,
)
from kingofny.lookup import card_price, find_card, find_monster
from kingofny.model.actions import (
    Action,
    Buy,
    DestroyBuilding,
    DestroyUnit,
    EndBuying,
    Flee,
    MoveTo,
    Pass,
    PlaceMonster,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StayPut,
    StopRolling,
    Sweep,
    UseCard,
)
from kingofny.model.cards import BuyCondition, CardKind, CardSpec
from kingofny.model.city import (
    Borough,
    BoroughState,
    Building,
    BuildingKind,
    Location,
    Reward,
    Stack,
    Track,
    UnitKind,
    Zone,
)
from kingofny.model.content import ContentTable
from kingofny.model.dice import Dice, Face
from kingofny.model.monster import MonsterSpec, MonsterState
from kingofny.model.outcomes import CardDraw, ChanceKind, DiceRoll, Outcome, TileDraw
from kingofny.model.pending import Pending, PendingKind
from kingofny.model.problems import Problem
from kingofny.model.state import GameConfig, GameState, TurnState, waiting_for
from kingofny.model.steps import Phase, Step
from kingofny.model.trace import StepRun
from kingofny.players import Player, RandomPlayer

if _TYPE_CHECKING:  # what mypy and readers see; at run time these load on first use
    from kingofny._engine.validation import problems
    from kingofny.players.expectimax import ExpectimaxPlayer
    from kingofny.players.heuristic import HeuristicPlayer
    from kingofny.players.mcts import MCTSPlayer
    from kingofny.players.planner import PlannerPlayer
    from kingofny.record import (
        Event,
        GameRecord,
        apply_recorded,
        replay,
        replay_states,
        start_record,
    )
    from kingofny.runner import Fault, GameResult, TournamentSummary, play_game
    from kingofny.serialize import (
        RECORD_FORMAT,
        SCHEMA_VERSION,
        STATE_FORMAT,
        from_json,
        record_from_dict,
        record_from_json,
        record_to_dict,
        state_from_dict,
        state_from_json,
        state_to_dict,
        to_json,
    )
    from kingofny.tournament.report import Report, format_report, report, wilson_interval
    from kingofny.tournament.results import GameRow, Results, load_results
    from kingofny.tournament.series import simulate

COMPILED: bool = _compiled()
"""Whether the rules core runs compiled (mypyc) in this process, or as pure Python: a build
without a C compiler, an editable install, or ``KINGOFNY_PURE_PYTHON=1`` run pure Python."""

__all__ = [  # noqa: RUF022 (grouped by topic, not sorted)
    "__version__",
    "COMPILED",
    # -- playing the game -------------------------------------------------------------------
    "new_game",
    "legal_actions",
    "apply",
    "apply_traced",
    "StepRun",
    "chance_outcomes",
    "sample_outcome",
    "observe",
    "reseed",
    "settle",
    "grant_card",
    "is_terminal",
    "winners",
    "ActionOrOutcome",
    "debug_states",
    "debug_states_enabled",
    # -- what a state is and what it waits for ------------------------------------------------
    "GameState",
    "GameConfig",
    "ContentTable",
    "TurnState",
    "MonsterState",
    "MonsterSpec",
    "Phase",
    "Step",
    "waiting_for",
    "Pending",
    "PendingKind",
    "problems",
    "Problem",
    # -- actions: the decisions a player makes -------------------------------------------------
    "Action",
    "PlaceMonster",
    "Reroll",
    "StopRolling",
    "ResolveFace",
    "DestroyBuilding",
    "DestroyUnit",
    "Flee",
    "StayInManhattan",
    "MoveTo",
    "StayPut",
    "Buy",
    "Sweep",
    "EndBuying",
    "Pass",
    "UseCard",
    # -- chance outcomes and dice -------------------------------------------------------------
    "Outcome",
    "ChanceKind",
    "DiceRoll",
    "CardDraw",
    "TileDraw",
    "Dice",
    "Face",
    # -- the city ---------------------------------------------------------------------------
    "Borough",
    "BoroughState",
    "Building",
    "BuildingKind",
    "Location",
    "Reward",
    "Stack",
    "Track",
    "UnitKind",
    "Zone",
    # -- cards and monsters: specs, lookup, prices -------------------------------------------
    "CardSpec",
    "CardKind",
    "BuyCondition",
    "find_card",
    "find_monster",
    "card_price",
    # -- players and tournaments --------------------------------------------------------------
    "Player",
    "RandomPlayer",
    "HeuristicPlayer",
    "MCTSPlayer",
    "ExpectimaxPlayer",
    "PlannerPlayer",
    "play_game",
    "simulate",
    "GameResult",
    "TournamentSummary",
    "Fault",
    # -- results files and their analysis ------------------------------------------------------
    "load_results",
    "Results",
    "GameRow",
    "report",
    "Report",
    "format_report",
    "wilson_interval",
    # -- game records and JSON ------------------------------------------------------------------
    "GameRecord",
    "Event",
    "replay",
    "replay_states",
    "start_record",
    "apply_recorded",
    "to_json",
    "from_json",
    "state_to_dict",
    "state_from_dict",
    "state_from_json",
    "record_to_dict",
    "record_from_dict",
    "record_from_json",
    "STATE_FORMAT",
    "RECORD_FORMAT",
    "SCHEMA_VERSION",
    # -- errors -----------------------------------------------------------------------------
    "KingOfNYError",
    "IllegalActionError",
    "ArgumentError",
    "ConfigError",
    "ScenarioError",
    "SerializationError",
    "SchemaVersionError",
    "ReplayError",
    "ResultsError",
    "PluginError",
    "EffectError",
    "PlayerError",
]

# -- lazily loaded names ------------------------------------------------------------------------
# The bots (heuristic and search), the runner, game records and JSON load on first use (PEP
# 562), so that ``import kingofny`` stays cheap; ``dir()``, ``from kingofny import *`` and
# autodoc see them all the same.
# Each is imported in full on first access, then cached in the module's globals, so
# ``__getattr__`` runs once per name. Two threads asking at once are safe: Python's import lock
# makes the second wait until the first has finished importing the module, and both then get
# the same object.

_LAZY: dict[str, str] = {
    "problems": "kingofny._engine.validation",
    "HeuristicPlayer": "kingofny.players.heuristic",
    "MCTSPlayer": "kingofny.players.mcts",
    "ExpectimaxPlayer": "kingofny.players.expectimax",
    "PlannerPlayer": "kingofny.players.planner",
    **dict.fromkeys(
        ("Event", "GameRecord", "apply_recorded", "replay", "replay_states", "start_record"),
        "kingofny.record",
    ),
    **dict.fromkeys(("Fault", "GameResult", "TournamentSummary", "play_game"), "kingofny.runner"),
    "simulate": "kingofny.tournament.series",
    **dict.fromkeys(("GameRow", "Results", "load_results"), "kingofny.tournament.results"),
    **dict.fromkeys(
        ("Report", "format_report", "report", "wilson_interval"), "kingofny.tournament.report"
    ),
    **dict.fromkeys(
        (
            "RECORD_FORMAT",
            "SCHEMA_VERSION",
            "STATE_FORMAT",
            "from_json",
            "record_from_dict",
            "record_from_json",
            "record_to_dict",
            "state_from_dict",
            "state_from_json",
            "state_to_dict",
            "to_json",
        ),
        "kingofny.serialize",
    ),
}
"""The names loaded on first use, with the module each comes from."""


if not _TYPE_CHECKING:  # mypy sees the imports above instead, and still flags unknown names

    def __getattr__(name: str) -> object:
        """Import a lazily loaded name's module on first use (PEP 562) and cache the name; a
        deprecated name warns and gives its new spelling."""
        module = _LAZY.get(name)
        if module is None:
            renamed = _RENAMED.get(name)
            if renamed is None:
                raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
            import warnings

            warnings.warn(
                f"kingofny.{name} is deprecated since kingofny 0.2 and goes in 0.3: use "
                f"kingofny.{renamed}",
                DeprecationWarning,
                stacklevel=2,
            )
            return globals()[renamed]
        return globals().setdefault(name, getattr(_import_module(module), name))


_RENAMED: dict[str, str] = {"Move": "ActionOrOutcome"}
"""Names renamed in 0.2, with their new spelling: they still work, with a DeprecationWarning,
until 0.3."""


def __dir__() -> list[str]:
    """The module's public names (the lazily loaded ones included) and its submodules."""
    return sorted({name for name in globals() if not name.startswith("_")} | {*__all__})

"""kingofny: a typed, immutable rules engine for the board game King of New York.

The whole stable API is importable from here and listed in ``__all__``::

    import kingofny
    state = kingofny.new_game(4, seed=7)
    while not state.is_terminal:
        state = kingofny.apply(state, kingofny.legal_actions(state)[0])
"""

from kingofny._version import __version__
from kingofny.engine.core import (
    Move,
    apply,
    chance_outcomes,
    is_terminal,
    legal_actions,
    new_game,
    observe,
    winners,
)
from kingofny.errors import (
    ConfigError,
    IllegalActionError,
    KingOfNYError,
    PlayerError,
    PluginError,
    ReplayError,
    ScenarioError,
    SchemaVersionError,
    SerializationError,
)
from kingofny.model.actions import (
    Action,
    Buy,
    DestroyBuilding,
    DestroyUnit,
    EndBuying,
    Flee,
    MoveTo,
    PlaceMonster,
    Reroll,
    ResolveFace,
    StayInManhattan,
    StayPut,
    StopRolling,
    Sweep,
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
from kingofny.model.dice import Dice, Face
from kingofny.model.monster import MonsterSpec, MonsterState
from kingofny.model.outcomes import CardDraw, DiceRoll, Outcome, TileDraw
from kingofny.model.state import GameConfig, GameState, TurnState
from kingofny.model.steps import Phase, Step
from kingofny.players import HeuristicPlayer, Player, RandomPlayer
from kingofny.record import Event, GameRecord, replay, replay_states
from kingofny.runner import GameResult, TournamentSummary, play_game, simulate
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

__all__ = [
    "RECORD_FORMAT",
    "SCHEMA_VERSION",
    "STATE_FORMAT",
    "Action",
    "Borough",
    "BoroughState",
    "Building",
    "BuildingKind",
    "Buy",
    "BuyCondition",
    "CardDraw",
    "CardKind",
    "CardSpec",
    "ConfigError",
    "DestroyBuilding",
    "DestroyUnit",
    "Dice",
    "DiceRoll",
    "EndBuying",
    "Event",
    "Face",
    "Flee",
    "GameConfig",
    "GameRecord",
    "GameResult",
    "GameState",
    "HeuristicPlayer",
    "IllegalActionError",
    "KingOfNYError",
    "Location",
    "MonsterSpec",
    "MonsterState",
    "Move",
    "MoveTo",
    "Outcome",
    "Phase",
    "PlaceMonster",
    "Player",
    "PlayerError",
    "PluginError",
    "RandomPlayer",
    "ReplayError",
    "Reroll",
    "ResolveFace",
    "Reward",
    "ScenarioError",
    "SchemaVersionError",
    "SerializationError",
    "Stack",
    "StayInManhattan",
    "StayPut",
    "Step",
    "StopRolling",
    "Sweep",
    "TileDraw",
    "TournamentSummary",
    "Track",
    "TurnState",
    "UnitKind",
    "Zone",
    "__version__",
    "apply",
    "chance_outcomes",
    "from_json",
    "is_terminal",
    "legal_actions",
    "new_game",
    "observe",
    "play_game",
    "record_from_dict",
    "record_from_json",
    "record_to_dict",
    "replay",
    "replay_states",
    "simulate",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "to_json",
    "winners",
]

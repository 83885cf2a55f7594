"""The public API that cards and monsters are written in: one import for content-pack authors.

Everything the base game's 64 cards use is here, listed in ``__all__``: the manifest
(:class:`ContentPack`), card and monster specs, the :class:`Effect` base class and its trigger
points, the effect primitives, the steps an effect may push (a question, a roll) and the game
values hooks receive::

    from kingofny.effects import ContentPack, Effect, GameState, heal

The :class:`Effect` class and the trigger points are defined in :mod:`kingofny.model.effect` and
:mod:`kingofny.model.triggers` (types of the model, so that the content registry and the engine
need not import this package); :mod:`kingofny.effects.api` and :mod:`kingofny.effects.triggers`
are their old spellings, kept. The primitives are in :mod:`kingofny.effects.primitives`. This
package is the stable spelling of all of them.
"""

from kingofny._engine.dispatch import owned
from kingofny.content.options import option_space
from kingofny.effects.options import option
from kingofny.effects.primitives import (
    JETS,
    SEISMIC,
    add_marker,
    advance_zone,
    ask,
    bought,
    capacity,
    check_eliminations,
    clamp_life,
    damage,
    discard_card,
    enter_manhattan,
    entered,
    evolve,
    extra_turn,
    gain_energy,
    gain_vp,
    give_tokens,
    has_mark,
    heal,
    lose_all_life,
    manhattan_occupants,
    mark,
    max_life,
    move_cost,
    must_enter,
    open_boroughs,
    push,
    remove_tokens,
    roll,
    set_borough,
    set_monster,
    set_turn,
    settle_manhattan,
    spend_energy,
    stop_waiting,
    take_from_market,
    unmark,
    voluntary_move,
    wait_for_reveals,
    win,
    withdraw_win,
)
from kingofny.errors import EffectError, IllegalActionError, PluginError
from kingofny.lookup import card_spec, find_card
from kingofny.model.cards import BuyCondition, CardKind, CardSpec
from kingofny.model.city import OUTER_BOROUGHS, Borough, Building, UnitKind, Zone
from kingofny.model.dice import EMPTY_DICE, FACES, Dice, Face
from kingofny.model.effect import Context, Effect, Goal, Source
from kingofny.model.limits import MAX_MONSTERS
from kingofny.model.monster import MonsterSpec
from kingofny.model.pack import CONTENT_API_VERSION, ContentPack
from kingofny.model.state import GameState
from kingofny.model.steps import ApplyAttack, CardChoice, CardRoll, Destroy, RevealCard
from kingofny.model.triggers import Trigger

__all__ = [  # noqa: RUF022 (grouped by topic, not sorted)
    # -- the manifest: what a pack declares -------------------------------------------------
    "CONTENT_API_VERSION",
    "ContentPack",
    "CardSpec",
    "CardKind",
    "BuyCondition",
    "MonsterSpec",
    # -- effects and the trigger points they act at -----------------------------------------
    "Effect",
    "option_space",
    "Trigger",
    "Context",
    "Source",
    "Goal",
    # -- asking and rolling: the steps an effect pushes, and their option names -------------
    "ask",
    "roll",
    "option",
    "CardChoice",
    "CardRoll",
    # -- primitives: score, heal, damage, tokens ---------------------------------------------
    "gain_vp",
    "gain_energy",
    "spend_energy",
    "heal",
    "max_life",
    "clamp_life",
    "damage",
    "lose_all_life",
    "check_eliminations",
    "give_tokens",
    "remove_tokens",
    "add_marker",
    # -- primitives: cards and the market -----------------------------------------------------
    "bought",
    "discard_card",
    "take_from_market",
    "unmark",
    "wait_for_reveals",
    "stop_waiting",
    "card_spec",
    "find_card",
    # -- primitives: moving and Manhattan -------------------------------------------------
    "voluntary_move",
    "move_cost",
    "must_enter",
    "open_boroughs",
    "enter_manhattan",
    "entered",
    "advance_zone",
    "capacity",
    "manhattan_occupants",
    "settle_manhattan",
    "JETS",
    "SEISMIC",
    # -- primitives: the turn --------------------------------------------------------------
    "mark",
    "has_mark",
    "extra_turn",
    "win",
    "withdraw_win",
    "owned",
    # -- raw updates, for what no rule watches ---------------------------------------------
    "evolve",
    "push",
    "set_monster",
    "set_turn",
    "set_borough",
    # -- the game values hooks receive ----------------------------------------------------
    "GameState",
    "Dice",
    "Face",
    "FACES",
    "MAX_MONSTERS",
    "EMPTY_DICE",
    "Borough",
    "OUTER_BOROUGHS",
    "Building",
    "UnitKind",
    "Zone",
    "ApplyAttack",
    "Destroy",
    "RevealCard",
    # -- errors an effect raises ------------------------------------------------------------
    "IllegalActionError",
    "PluginError",
    "EffectError",
]

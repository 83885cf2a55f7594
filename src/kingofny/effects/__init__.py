"""The public API that cards and monsters are written in: one import for content-pack authors.

Everything the base game's 64 cards use is here, listed in ``__all__``: the manifest
(:class:`ContentPack`), card and monster specs, the :class:`Effect` base class and its trigger
points, the effect primitives, the steps an effect may push (a question, a roll) and the game
values hooks receive::

    from kingofny.effects import ContentPack, Effect, GameState, heal

This package is the stable spelling of all of them (they are defined in the model and in
:mod:`kingofny.effects.primitives`; import them from here).

What a pack gets, and what it does not (0.2):

* **Primitives** apply the rules and tell the effects that watch them: gaining Energy goes
  through Power Tap, damage through armour and eliminations, a lost card lowers the maximum
  Life. Prefer them.
* **Raw updates**, for what no rule watches (a turn mark, a card's own bookkeeping):
  :func:`evolve` (a frozen value with fields changed), :func:`set_monster`, :func:`set_turn`
  and :func:`set_borough`. No rule or effect runs; the effect answers for the result being a
  position of the game. The base game's cards use them, so they stay.
* **Steps**: an effect asks with :func:`ask` and rolls with :func:`roll`; it does not put
  engine steps on the agenda itself. The step classes here (:class:`CardChoice`,
  :class:`CardRoll`, :class:`ApplyAttack`, :class:`Destroy`, :class:`RevealCard`) are to read:
  what a hook is handed, or what is on top of ``state.agenda``. ``push``, the engine's raw
  agenda update, is deprecated here (0.2) and goes in 0.3.

What a hook may do with the state it is given (docs: *Writing hooks*): read it, through the
public API too (``legal_actions``, ``hash``, ``to_json``...); call primitives and raw updates
on it; return the state they return. It may not keep it after returning, change it in place
(``object.__setattr__``), or return another game's state: :func:`kingofny.debug_states`
catches the last two, and :func:`kingofny.testing.check_content_pack` plays in that mode.
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
    # -- raw updates, for what no rule watches (no effect runs) -------------------------------
    "evolve",
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


def __getattr__(name: str) -> object:
    """``push``, deprecated in 0.2 (effects ask with :func:`ask` and roll with :func:`roll`);
    it still works, with a DeprecationWarning, until 0.3."""
    if name != "push":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import warnings

    from kingofny._engine.ops import push

    warnings.warn(
        "kingofny.effects.push is deprecated since kingofny 0.2 and goes in 0.3: an effect asks "
        "with ask() and rolls with roll()",
        DeprecationWarning,
        stacklevel=2,
    )
    return push

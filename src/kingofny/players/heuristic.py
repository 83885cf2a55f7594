"""A fast rule-based bot: no search, a few hand-tuned valuations of dice, boroughs and cards.

It plays the base game's economy: Victory Points from Manhattan, Superstar and High-Rises, staying
alive (healing outside Manhattan, fleeing when hurt), and driving the others out of Manhattan or
out of the game with Attacks. Card effects are valued only from the card data (cost, kind and a
printed "+N VP"), so the bot stays sensible as effects are implemented, but does not rely on them.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Sequence

from kingofny.errors import ArgumentError, IllegalActionError
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
from kingofny.model.cards import CardKind, CardSpec
from kingofny.model.city import Borough, Reward, UnitKind
from kingofny.model.content import content_of
from kingofny.model.dice import FACES, Dice, Face
from kingofny.model.monster import MAX_LIFE, WINNING_VP, MonsterState
from kingofny.model.state import GameState

_VP_TEXT = re.compile(r"\+(\d+) VP")
_SELF_DAMAGE_TEXT = re.compile(r"you take (\d+) damage", re.IGNORECASE)
_HARMFUL_TEXT = ("Drop your VP to 0",)
_LETHAL_FACE_TEXT = re.compile(
    r"ends with any (\w+) in your result, lose this card and all of your Life", re.IGNORECASE
)
"""A KEEP card that kills its owner when a turn ends with a face showing (Natural Selection:
"If a turn of yours ends with any Celebrity in your result, lose this card and all of your
Life")."""
LETHAL_FACE_VALUE = -10.0
"""What a die showing a lethal face is worth: always rerolled while rerolls are left."""


def _lethal_face(card: CardSpec) -> Face | None:
    """The face that costs the owner of ``card`` all its Life if a turn ends with it showing,
    read from the card's text (None for other cards)."""
    return _lethal_face_in(card.text)


@functools.lru_cache(maxsize=256)
def _lethal_face_in(text: str) -> Face | None:
    """:func:`_lethal_face` by the card's text (kept: it is asked at every reroll valuation)."""
    found = _LETHAL_FACE_TEXT.search(text)
    if found is None:
        return None
    return next((f for f in FACES if f.name.lower() == found.group(1).lower()), None)


SUPERSTAR_THRESHOLD = 3
"""Celebrity needed to take Superstar."""
STATUE_THRESHOLD = 3
"""Ouch! needed to take the Statue of Liberty."""
STATUE_VP = 3
"""VP the Statue of Liberty is worth."""


def _reward_value(reward: Reward, amount: int, me: MonsterState) -> float:
    """What ``amount`` of a resource is worth to ``me``, in VP-equivalents."""
    if reward is Reward.VP:
        return float(amount)
    if reward is Reward.ENERGY:
        return 0.3 * amount
    missing = max(0, MAX_LIFE - me.life)
    return 0.6 * min(amount, missing)


class HeuristicPlayer:
    """A deterministic rule-based bot that clearly beats random play.

    Its rules, by decision:

    * **Rolling**: values each face for this position (Attacks when they hit someone, Heals while
      hurt outside Manhattan, Destruction while something in the borough can be destroyed,
      Celebrity when holding Superstar or two or more towards it, Ouch! only when chasing the
      Statue of Liberty with no Unit around) and rerolls every die worth less than a fresh one;
      a face that a card it holds makes lethal at the end of the turn (Natural Selection's
      Celebrity) is always rerolled.
    * **Resolving**: Heal first if the Ouch! would kill, Destruction first if it can remove Units
      that would fire, then Ouch!, the rest, and Heal after the damage.
    * **Destruction**: the best set of targets the points can pay for (a tiny knapsack), most
      valuable first.
    * **Manhattan**: after an attack, flees when its Life is at or below ``flee_life`` plus
      ``flee_per_attacker`` for each monster outside Manhattan (each may attack it before its
      next turn), unless it already has 20 VP; otherwise stays.
    * **Boroughs**: places and moves where cheap, rewarding tops stand and few Units do.
    * **Buying**: the best-valued affordable card (VP cards, cheap KEEP cards), never one that
      would cost it the game (a VP wipe, self-damage it cannot survive, or a card that kills on
      a face at the end of a turn, like Natural Selection); sweeps only when rich and the
      market offers nothing.

    ``seed`` only breaks ties and picks among actions the bot does not know (content it has never
    seen), so the same seed gives the same choices.
    """

    name = "heuristic"
    """The label used by the runner and the command line."""

    def __init__(
        self, seed: int | None = None, *, flee_life: int = 2, flee_per_attacker: float = 2.0
    ) -> None:
        if (
            isinstance(flee_life, bool)
            or not isinstance(flee_life, int)
            or not 0 <= flee_life <= 100
        ):
            raise ArgumentError(
                "HeuristicPlayer(flee_life)", f"expected an int from 0 to 100, got {flee_life!r}"
            )
        if (
            isinstance(flee_per_attacker, bool)
            or not isinstance(flee_per_attacker, (int, float))
            or not 0 <= flee_per_attacker <= 100  # refuses nan and inf too
        ):
            raise ArgumentError(
                "HeuristicPlayer(flee_per_attacker)",
                f"expected a number from 0 to 100, got {flee_per_attacker!r}",
            )
        self._rng = random.Random(seed)
        self.flee_life = flee_life
        """Flee Manhattan when damaged down to this much Life or less, ..."""
        self.flee_per_attacker = flee_per_attacker
        """...plus this much per monster outside Manhattan (each may attack before our turn)."""

    def __repr__(self) -> str:
        return (
            f"HeuristicPlayer(flee_life={self.flee_life}, "
            f"flee_per_attacker={self.flee_per_attacker})"
        )

    # -- dispatch -------------------------------------------------------------------------------

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        """The bot's pick among ``legal``; always one of them."""
        if not legal:
            raise IllegalActionError("no legal action to choose from")
        seat = view.current_player
        if seat is None or len(legal) == 1:
            return legal[0]
        handler = self._handler(legal[0])
        choice = handler(view, seat, legal) if handler is not None else None
        if choice is None or choice not in legal:
            return legal[self._rng.randrange(len(legal))]
        return choice

    def _handler(
        self, first: Action
    ) -> Callable[[GameState, int, Sequence[Action]], Action | None] | None:
        if isinstance(first, (Reroll, StopRolling)):
            return self._reroll
        if isinstance(first, ResolveFace):
            return self._resolve
        if isinstance(first, (DestroyBuilding, DestroyUnit)):
            return self._destroy
        if isinstance(first, (StayInManhattan, Flee)):
            return self._flee
        if isinstance(first, (PlaceMonster, MoveTo, StayPut)):
            return self._go
        if isinstance(first, (Buy, Sweep, EndBuying)):
            return self._shop
        return None

    # -- boroughs -------------------------------------------------------------------------------

    def _borough_score(self, view: GameState, seat: int, borough: Borough) -> float:
        """How good a borough is to stand in: rewarding cheap tops, few Units, few monsters."""
        me = view.monsters[seat]
        tiles = view.boroughs[borough]
        score = 0.0
        for stack in tiles.stacks:
            if stack.top is not None:
                reward, amount = stack.top.reward
                score += _reward_value(reward, amount, me) / stack.top.durability
        score -= 0.6 * tiles.unit_count
        score += 0.5 * sum(1 for u in tiles.units if u is UnitKind.TANK)
        others = sum(1 for i in view.monsters_in(borough) if i != seat)
        return score - 0.3 * others

    def _best_borough(
        self, view: GameState, seat: int, options: Sequence[tuple[Borough, Action]]
    ) -> Action | None:
        if not options:
            return None
        return max(options, key=lambda o: (self._borough_score(view, seat, o[0]), -o[0]))[1]

    def _go(self, view: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        """Placement, the Move step and leaving Manhattan: the best borough; stay unless clearly
        better elsewhere."""
        options: list[tuple[Borough, Action]] = []
        stay: Action | None = None
        for action in legal:
            if isinstance(action, (PlaceMonster, MoveTo)):
                options.append((action.borough, action))
            elif isinstance(action, StayPut):
                stay = action
        best = self._best_borough(view, seat, options)
        here = view.monsters[seat].location
        if stay is None or here is None:
            return best
        if best is None:
            return stay
        target = best.borough if isinstance(best, (PlaceMonster, MoveTo)) else here.borough
        gain = self._borough_score(view, seat, target) - self._borough_score(
            view, seat, here.borough
        )
        return best if gain > 0.5 else stay

    def _flee(self, view: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        """Flee when hurt badly; otherwise stay and keep earning."""
        me = view.monsters[seat]
        attackers = sum(
            1
            for i, m in enumerate(view.monsters)
            if i != seat and m.alive and m.location is not None and not m.in_manhattan
        )
        stay = next((a for a in legal if isinstance(a, StayInManhattan)), None)
        if stay is not None and me.vp >= WINNING_VP and me.life > 2:
            return stay
        if me.life > self.flee_life + self.flee_per_attacker * attackers and stay is not None:
            return stay
        options = [(a.borough, a) for a in legal if isinstance(a, Flee)]
        return self._best_borough(view, seat, options) or stay

    # -- dice -----------------------------------------------------------------------------------

    def _face_values(
        self,
        view: GameState,
        seat: int,
        showing: Dice,
        rerolls_left: int,
        plans: Sequence[float],
    ) -> Callable[[Dice], list[float]]:
        """The value of one more die of each face (a list indexed by the face), as a function
        of the dice already kept (for the additive faces: Heal, Attack, Destruction), given the
        dice showing (for the sets: Celebrity, Ouch!); ``plans[p]`` is the value of the best use
        of ``p`` Destruction points. What does not depend on the kept dice is worked out once,
        here."""
        me = view.monsters[seat]
        loc = me.location
        here = view.boroughs[loc.borough] if loc is not None else None
        base = [0.0] * len(FACES)
        base[Face.ENERGY] = 0.3
        # Heal: only outside Manhattan, only up to the missing life.
        heal = 0.0 if me.in_manhattan else (0.9 if me.life <= 4 else 0.6)
        missing = MAX_LIFE - me.life
        # Attack: only if it will hit someone.
        targets = [
            m.life
            for i, m in enumerate(view.monsters)
            if i != seat
            and m.alive
            and m.location is not None
            and m.in_manhattan != me.in_manhattan
        ]
        attack = view.turn.manhattan_was_occupied and bool(targets)
        per = 0.35 * len(targets) if me.in_manhattan else 0.7
        # Celebrity: VP for the Superstar, else worth chasing with two showing.
        celebs = showing[Face.CELEBRITY]
        if view.superstar == seat:
            base[Face.CELEBRITY] = 1.0
        elif celebs >= SUPERSTAR_THRESHOLD - 1:
            base[Face.CELEBRITY] = 1.2
        elif celebs == 1 and rerolls_left >= 2:
            base[Face.CELEBRITY] = 0.45
        # Ouch: bad unless chasing the Statue with (almost) nobody to shoot us.
        units_here = here.unit_count if here is not None else 0
        ouches = showing[Face.OUCH]
        chase = view.statue != seat and (
            (ouches >= STATUE_THRESHOLD - 1 and units_here == 0)
            or (ouches >= STATUE_THRESHOLD and units_here <= 1 and me.life > units_here + 1)
        )
        base[Face.OUCH] = 1.0 if chase else -0.4 * (units_here + 1)
        # A card that kills on a face showing at the end of the turn: never keep that face.
        cards = content_of(view.config).cards
        lethal_faces = [
            face
            for face in (_lethal_face(cards[c]) if c in cards else None for c in me.cards)
            if face is not None
        ]

        def values(kept: Dice) -> list[float]:
            result = base.copy()
            if heal and missing - kept[Face.HEAL] > 0:
                result[Face.HEAL] = heal
            if attack:
                attacks = kept[Face.ATTACK] + 1
                result[Face.ATTACK] = per + 1.5 * sum(1 for life in targets if life <= attacks)
            # Destruction: while something more can be destroyed with one more point.
            if here is not None:
                points = kept[Face.DESTRUCTION]
                now, more, two_more = (
                    plans[min(p, len(plans) - 1)] for p in range(points, points + 3)
                )
                if more > now:
                    result[Face.DESTRUCTION] = more - now
                elif rerolls_left and two_more > now:
                    result[Face.DESTRUCTION] = 0.5 * (two_more - now)
            for face in lethal_faces:
                result[face] = LETHAL_FACE_VALUE
            return result

        return values

    def _reroll(self, view: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        """Keep the dice worth more than a fresh die; reroll the others."""
        dice = view.turn.dice
        rerolls = view.turn.rerolls_left
        kept = Dice.of(())
        plans = self._destroy_values(view, seat, dice.total + 2)
        face_values = self._face_values(view, seat, dice, rerolls, plans)
        # Keep faces greedily: most valuable dice first, re-valuing as the kept set grows.
        remaining = list(dice)
        keep_faces: list[Face] = []
        while remaining:
            values = face_values(kept)
            fresh = sum(values) / len(values)
            best = max(remaining, key=lambda f: (values[f], -f))
            if values[best] <= fresh:
                break
            remaining.remove(best)
            keep_faces.append(best)
            kept = Dice.of(keep_faces)
        reroll = dice.minus(kept)
        if reroll.total == 0:
            return StopRolling()
        return Reroll(reroll)

    def _resolve(self, view: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        """Heal before a killing Ouch!, clear Units before Ouch!, heal after damage."""
        faces = [a.face for a in legal if isinstance(a, ResolveFace)]
        unresolved = view.turn.unresolved
        me = view.monsters[seat]
        loc = me.location
        here = view.boroughs[loc.borough] if loc is not None else None
        units = here.unit_count if here is not None else 0
        order: list[Face] = []
        if Face.OUCH in faces and units >= me.life:
            order.append(Face.HEAL)
        if Face.OUCH in faces and here is not None and here.units:
            cheapest = min(u.durability for u in here.units)
            if unresolved[Face.DESTRUCTION] >= cheapest:
                order.append(Face.DESTRUCTION)
        order += [Face.OUCH, Face.CELEBRITY, Face.ENERGY, Face.DESTRUCTION, Face.ATTACK, Face.HEAL]
        for face in order:
            if face in faces:
                return ResolveFace(face)
        return None

    # -- destruction ----------------------------------------------------------------------------

    def _destroy_plan(
        self, view: GameState, seat: int, points: int
    ) -> tuple[float, tuple[tuple[int, float, Action], ...]]:
        """The most valuable set of targets ``points`` Destruction can pay for in the monster's
        borough: (value, targets as (cost, value, action))."""
        return self._destroy_plans(view, seat, points)[max(0, points)]

    def _destroy_targets(
        self, view: GameState, seat: int, points: int
    ) -> list[tuple[int, float, int | UnitKind]]:
        """What ``points`` Destruction could destroy in the monster's borough, one at a time:
        (cost, value, stack index or Unit)."""
        me = view.monsters[seat]
        loc = me.location
        if loc is None:
            return []
        tiles = view.boroughs[loc.borough]
        targets: list[tuple[int, float, int | UnitKind]] = []
        for index, stack in enumerate(tiles.stacks):
            top = stack.top
            if top is not None and top.durability <= points:
                # A destroyed building leaves a Unit behind that fires on Ouch!.
                value = _reward_value(*top.reward, me) - 0.15 * top.durability
                targets.append((top.durability, value, index))
        for unit in tiles.units:
            if unit.durability <= points:
                targets.append((unit.durability, _reward_value(*unit.reward, me) + 0.3, unit))
        return targets

    def _destroy_plans(
        self, view: GameState, seat: int, points: int
    ) -> list[tuple[float, tuple[tuple[int, float, Action], ...]]]:
        """:meth:`_destroy_plan` for every number of points from 0 to ``points`` at once (one
        knapsack: entry ``c`` is the best set costing at most ``c``, and a target that costs
        more than ``c`` cannot be in it, so each entry is the plan for ``c`` points alone)."""
        empty: tuple[float, tuple[tuple[int, float, Action], ...]] = (0.0, ())
        best = [empty] * (max(0, points) + 1)
        loc = view.monsters[seat].location
        if loc is None:
            return best
        for cost, value, target in self._destroy_targets(view, seat, points):
            action: Action = (
                DestroyUnit(loc.borough, target)
                if isinstance(target, UnitKind)
                else DestroyBuilding(loc.borough, target)
            )
            item = (cost, value, action)
            # 0/1 knapsack over the points: best[c] is the best (value, targets) costing <= c.
            for capacity in range(points, cost - 1, -1):
                base_value, base_items = best[capacity - cost]
                if base_value + value > best[capacity][0] + 1e-9:
                    best[capacity] = (base_value + value, (*base_items, item))
        return best

    def _destroy_values(self, view: GameState, seat: int, points: int) -> list[float]:
        """The values of :meth:`_destroy_plans` alone: the same knapsack without building the
        targets' actions (the reroll valuation asks it at every decision)."""
        best = [0.0] * (max(0, points) + 1)
        for cost, value, _ in self._destroy_targets(view, seat, points):
            for capacity in range(points, cost - 1, -1):
                if best[capacity - cost] + value > best[capacity] + 1e-9:
                    best[capacity] = best[capacity - cost] + value
        return best

    def _destroy(self, view: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        """The most valuable target of the best affordable set."""
        step = view.next_step
        points = getattr(step, "points", None)
        if not isinstance(points, int):
            return None
        _, plan = self._destroy_plan(view, seat, points)
        for _, _, action in sorted(plan, key=lambda item: -item[1]):
            if action in legal:
                return action
        # Destroying something is compulsory: take the most rewarding legal target.
        return max(legal, key=lambda a: self._target_value(view, seat, a))

    def _target_value(self, view: GameState, seat: int, action: Action) -> float:
        me = view.monsters[seat]
        if isinstance(action, DestroyUnit):
            return _reward_value(*action.unit.reward, me)
        if isinstance(action, DestroyBuilding):
            top = view.boroughs[action.borough].stacks[action.stack].top
            if top is not None:
                return _reward_value(*top.reward, me)
        return 0.0

    # -- buying ---------------------------------------------------------------------------------

    def card_value(self, view: GameState, seat: int, card: CardSpec) -> float:
        """How much the bot wants a card: printed VP, KEEP cards (cheaper is better), minus
        self-inflicted damage it cannot afford; cards that would wreck it score below 0."""
        me = view.monsters[seat]
        if any(text in card.text for text in _HARMFUL_TEXT) or _lethal_face(card) is not None:
            # Natural Selection: with 7 dice, even rerolling every Celebrity it ends about 1 turn
            # in 30 with one showing, and then it takes all the bot's Life.
            return -10.0
        value = 0.0
        vp = _VP_TEXT.search(card.text)
        if vp and card.kind is CardKind.DISCARD:
            value += int(vp.group(1))
        if card.kind is CardKind.KEEP:
            value += 1.5
        hurt = _SELF_DAMAGE_TEXT.search(card.text)
        if hurt:
            damage = int(hurt.group(1))
            value -= 10.0 if damage >= me.life else 0.5 * damage
        return value - 0.1 * card.cost

    def _shop(self, view: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        """Buy the best-valued affordable card; sweep only when rich and the market is poor."""
        best: tuple[float, Action] | None = None
        for action in legal:
            if isinstance(action, Buy):
                card_id = view.market[action.slot]
                spec = None if card_id is None else content_of(view.config).cards.get(card_id)
                if spec is None:
                    continue
                value = self.card_value(view, seat, spec)
                if value > 0 and (best is None or value > best[0]):
                    best = (value, action)
        if best is not None:
            return best[1]
        energy = view.monsters[seat].energy
        sweep = next((a for a in legal if isinstance(a, Sweep)), None)
        if sweep is not None and energy >= 8:
            return sweep
        return next((a for a in legal if isinstance(a, EndBuying)), None)

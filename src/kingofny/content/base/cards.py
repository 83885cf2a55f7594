"""The 64 power cards of the base game, as data.

Sources: the card list, costs, kinds, borough discounts, buy conditions and variant spellings come
from ``research/components.md`` §1; the rulebook example cards (Chameleon, "Tesla Canon") from
seed 000, *Card Description*; the way each effect is meant to work, and the defaults where the
cards are silent, from ``research/rulings.md`` §9–§17 (cited as ``rulings §N`` and ``rulings
D<n>``). The ``text`` of each card is our own short paraphrase, not the printed wording.

The two goal cards (Superstar, Statue of Liberty) are not power cards and are not listed here.

Names and aliases
-----------------

``name`` is the published name as far as the sources show it (components §1 and §6.2: "Tesla
Cannon", "Power Tap", "I ♥ NY Tourist" and "Bulletproof" are not all photo-verified). ``aliases``
holds every other spelling listed for the card in components §1, as transcribed there (typos
included, letter case kept), so that fan transcriptions can be matched; match names
case-insensitively.

Trigger table
-------------

Which :class:`~kingofny.model.triggers.Trigger` points each card's effect uses, and how. The
effects are implemented against this table; ``CardSpec.triggers`` holds the same sets (a test
checks that they agree). "Owner" is the monster holding a KEEP card, or the buyer of a DISCARD
card. "Decision step" means the effect pushes a choice onto the agenda instead of calling a
player.

.. list-table::
   :header-rows: 1
   :widths: 20 25 55

   * - Card
     - Trigger points
     - How the effect uses them
   * - Air Force One
     - ``MARKET``, ``ON_BUY``
     - MARKET: buyable only on a turn in which the buyer destroyed a Jet (by any means).
       ON_BUY: +4 VP, then every Unit deals 1 damage to each monster in its borough, buyer
       included, all at once; not Ouch (no Statue, Bulletproof or Carapace) and not an attack
       (nobody may flee) (rulings §16).
   * - Antimatter Pellets
     - ``ATTACK_DAMAGE``
     - For each target that would take at least 1 damage, a chance step rolls one die; on Ouch
       that target's damage is doubled. Order: extra Attacks, Shadow Double, this, Tesla
       Antennae (rulings D20).
   * - Artificial Heart
     - ``FACE_CONVERSION``
     - The owner may turn any number of its Heal dice into Energy before either type resolves
       (allowed in Manhattan).
   * - Broadway Star
     - ``GOAL_CHANGE``, ``TURN_START``
     - GOAL_CHANGE: +1 VP when the owner takes Superstar. TURN_START: +1 VP if the owner holds
       Superstar.
   * - Brooklyn Bridge
     - ``MARKET``, ``ON_BUY``
     - MARKET: 1 Energy less if the buyer is in Brooklyn. ON_BUY: +4 VP.
   * - Bulletproof
     - ``ARMY``
     - Each Ouch fire event that damages the owner (anyone's roll; 1, 2 or 3+ Ouch) deals 1 less
       damage, minimum 0; Air Force One is not Ouch (rulings §9, D30).
   * - Can Opener
     - ``DESTRUCTION_RULES``
     - A Tank costs the owner 3 Destruction instead of 4.
   * - Carapace
     - ``MAX_LIFE``, ``ARMY``, ``TOKENS``, ``ANY_TIME``
     - MAX_LIFE: +2 while owned. ARMY + TOKENS: one Carapace token per Ouch die in the owner's
       final result. ANY_TIME: the owner may discard it, even in response to damage, to heal 1
       per token (maximum drops first); a forced discard heals nothing (rulings D25).
   * - Central Park
     - ``MARKET``, ``ON_BUY``
     - MARKET: 1 Energy less in Manhattan. ON_BUY: +2 VP, heal 2.
   * - Chameleon
     - ``FACE_CONVERSION``
     - The owner discards any number of Celebrity dice; for each, a decision step sets one
       unresolved die to any face. Discarded Celebrity no longer count for Superstar.
   * - Chinatown Regular
     - ``ENTER_BOROUGH``
     - Heal 2 whenever the owner enters Manhattan (non-dice healing works there).
   * - Climb the Empire State Building
     - ``RESOLUTION_START``, ``FACE_RESOLVE``, ``EXTRA_TURN``
     - RESOLUTION_START: note whether the owner is in Manhattan. FACE_RESOLVE (once, as the
       first type resolves): if the owner was in Manhattan then and the final faces of its
       dice (after Chameleon and the other conversions) include all six faces, +2 VP and
       schedule an extra turn. EXTRA_TURN: it follows this turn; extra turns can chain
       (rulings D28).
   * - Columbia University
     - ``MARKET``, ``ON_BUY``
     - ON_BUY: +2 VP and open a claim for the buyer. MARKET: the next KEEP card revealed (on any
       turn; the claimant picks among simultaneous reveals) goes to the claimant free, counts
       as bought at cost 0, and is replaced at once; 1 Energy less in Manhattan (rulings D15).
   * - Coney Island
     - ``MARKET``, ``ON_BUY``
     - MARKET: 1 Energy less in Brooklyn. ON_BUY: +3 VP.
   * - Curse
     - ``AFTER_ATTACK``, ``TOKENS``
     - After each of the owner's attacks, every monster it damaged gets one Curse token. The
       token rules (reroll tax, Heal die to discard) are engine rules (see the notes below).
   * - Diva
     - ``GOAL_CHANGE``
     - Other monsters need 4 Celebrity, not 3, to take Superstar from the owner; the taker
       scores as usual (rulings D8).
   * - Drain
     - ``AFTER_ATTACK``
     - Once per attack that damages the owner, take up to 2 Energy from the attacker.
   * - Drink the Hudson
     - ``MARKET``, ``ON_BUY``
     - MARKET: 1 Energy less in Manhattan, Brooklyn or Staten Island. ON_BUY: +13 Energy,
       +1 VP, heal 2 (reward from one transcription only).
   * - Ego Trip
     - ``GOAL_CHANGE``, ``TURN_START``
     - GOAL_CHANGE: +1 Energy when the owner takes Superstar. TURN_START: +1 Energy if the
       owner holds Superstar.
   * - Extra Head
     - ``DICE_COUNT``
     - +1 die (green) while owned.
   * - Fireball
     - ``ATTACK_TARGETS``
     - The owner's attack also hits the other monsters in its own borough (with 5–6 players,
       the other Manhattan monster, which may flee); blocked by the empty-Manhattan rule.
   * - Flatiron Building
     - ``MARKET``, ``ON_BUY``
     - MARKET: 1 Energy less in Manhattan. ON_BUY: +2 VP.
   * - Fury
     - ``RESULT_MODIFY``
     - Checked once: if the owner's borough holds at least 3 Units, add 1 Destruction and
       1 Energy to the result.
   * - General Ellis
     - ``MARKET``, ``ON_BUY``
     - MARKET: buyable only on a turn in which the buyer destroyed a Tank. ON_BUY: +3 VP, then
       1 damage to every monster, buyer included (rulings D21); not an attack, nobody flees.
   * - Hailing Cabs
     - ``RESULT_MODIFY``, ``DESTRUCTION_RULES``
     - RESULT_MODIFY: decision step, add 2 Destruction or not. DESTRUCTION_RULES: if added, the
       owner may destroy only Units this turn.
   * - Holland Tunnel
     - ``MARKET``, ``ON_BUY``
     - MARKET: 1 Energy less in Manhattan. ON_BUY: +6 VP, then every monster, buyer included,
       gains 3 Energy, each gain going through ENERGY_GAIN (Power Tap).
   * - Hunter
     - ``TILE_DESTROYED``
     - Heal 1 for each Infantry the owner destroys (works in Manhattan).
   * - I ♥ NY Tourist
     - ``ON_BUY``, ``ENTER_BOROUGH``, ``TOKENS``
     - ON_BUY: place a Souvenir in the owner's borough if it has none. ENTER_BOROUGH: the same
       for each borough entered (Manhattan and fleeing included, zone advances not). Each
       placement: +1 VP, +1 Energy; one Souvenir per borough; they stay if the card goes (D26).
   * - Jinx Aura
     - ``REROLL_RULES``
     - Other monsters must use every reroll they have, each of at least one die of their
       choice; Web tokens remove rerolls first; a reroll with no legal die is skipped.
   * - King of Queens
     - ``TURN_START``
     - If the owner starts its turn in Queens: +1 Energy, heal 1.
   * - Leveler
     - ``TILE_DESTROYED``
     - The first Building the owner destroys in a turn gives +1 VP (once per turn).
   * - Long Neck
     - ``DESTRUCTION_RULES``
     - A Jet costs the owner 2 Destruction instead of 3.
   * - Natural Selection
     - ``ON_BUY``, ``DICE_COUNT``, ``END_TURN``
     - ON_BUY: +4 Energy, heal 4. DICE_COUNT: +1 die (green). END_TURN: if the final faces show
       a Celebrity, the owner loses the card and all its Life, also on the turn it was bought
       (rulings D14).
   * - New York Marathon
     - ``ON_BUY``, ``MOVE_RULES``
     - MOVE_RULES: while face up in the market, every voluntary move (fleeing included) costs
       2 Energy and a monster that cannot pay cannot make it; mandatory moves are free.
       ON_BUY: +2 VP, +2 Energy, heal 2.
   * - Next Stage
     - ``ON_BUY``
     - The buyer's VP drop to 0; a decision step splits the VP lost between Energy (1 each) and
       healing (1 each, capped at maximum Life).
   * - Of Another World
     - ``FACE_CONVERSION``
     - The owner may turn Heal dice into Energy and Energy dice into Heal, per die, before they
       resolve (rulings D18; the "spend Life as Energy" reading is open).
   * - Overload
     - ``ON_BUY``, ``ENERGY_GAIN``
     - ON_BUY: +4 Energy. ENERGY_GAIN: in a turn where the owner's Energy dice resolve, they
       give 1 Energy fewer in total, minimum 0 (rulings D31).
   * - Painbow
     - ``RESULT_MODIFY``, ``WIN``
     - RESULT_MODIFY (after all other added symbols and conversions): at least 2 Destruction
       adds 1 Attack, at least 4 adds 2 instead. WIN: at least 6 Destruction win the game at
       the end of the turn if the owner survives it (rulings D19; seed 000 *Card
       Clarifications*). Destruction still resolves.
   * - Personal Spotlight
     - ``RESOLUTION_START``
     - +1 VP if the final roll shows at least one Celebrity, counted as rolled (Celebrity that
       Chameleon discards still count).
   * - Phoenix Blood
     - ``DAMAGE_TAKEN``
     - +1 Energy per damage event the owner takes, not per point (rulings D32).
   * - Photo Op
     - ``ON_BUY``
     - Decision step: choose a monster (eliminated ones too); +1 VP per damage the buyer dealt
       it this turn by attacks or its own cards, not by Units (rulings D16).
   * - Power Substation
     - ``ON_BUY``
     - +1 VP, +8 Energy, then 3 damage to the buyer (this can eliminate it).
   * - Power Tap
     - ``ENERGY_GAIN``
     - When another monster's Energy gained this turn first reaches 3, it pays the owner
       1 Energy; once per monster per turn, never the owner itself (rulings D17).
   * - Regeneration
     - ``TURN_START``
     - Heal 1 (works in Manhattan).
   * - Scavenger
     - ``MARKET``
     - In the owner's Buy step, KEEP cards in the discard pile may be bought for 1 Energy less,
       minimum 0; this counts as buying (ON_BUY of the bought card fires).
   * - Seismic Ray
     - ``DESTRUCTION_RULES``
     - The owner may spend Destruction on tiles of another borough for 1 Energy per point
       (rulings §16 default; per point, not once).
   * - Shadow Double
     - ``ATTACK_DAMAGE``
     - The owner's attack damage is doubled (rulings D20 order).
   * - Sharp Shooter
     - ``DESTRUCTION_RULES``, ``TILE_DESTROYED``
     - DESTRUCTION_RULES: Jets in every borough may be targeted at their normal cost.
       TILE_DESTROYED: +1 VP per Jet the owner destroys.
   * - Stink Attack
     - ``ENTER_BOROUGH``
     - On moving into a new borough (voluntary, forced or fleeing), decision step: send up to
       4 Units there away, each to a different borough; moved Units keep their fresh status
       (rulings D27).
   * - Stomp
     - ``RESULT_MODIFY``
     - Add 1 Destruction to the result.
   * - Subterranean Cable
     - ``ON_BUY``
     - +4 Energy, then 4 damage to the buyer (this can eliminate it).
   * - Subway
     - ``ON_BUY``, ``EXTRA_TURN``, ``MOVE_RULES``
     - ON_BUY: heal 2 and schedule an extra turn. EXTRA_TURN: it follows this turn. MOVE_RULES:
       during it the monster may move any number of times at any moment; capacity, New York
       Marathon and the normal Move step still apply (rulings D13).
   * - Super Speed
     - ``BEFORE_ROLL``
     - Optional extra Move step before the first roll, with the normal Move options; entering
       Manhattan this way does not enable attacks this turn (rulings D12).
   * - Terminal Rage
     - ``ON_BUY``, ``EXTRA_TURN``, ``REROLL_RULES``
     - ON_BUY: schedule an extra turn. EXTRA_TURN: it follows this turn. REROLL_RULES: from
       then on the owner may never reroll Attack dice.
   * - Tesla Antennae
     - ``ATTACK_DAMAGE``
     - +1 damage to each target with more Life than the owner, compared before the damage,
       added last (rulings D20).
   * - Tesla Cannon
     - ``ON_BUY``
     - +2 VP, then every monster holding a KEEP card discards one of its choice via a decision
       step, buyer first, then in turn order; goal cards are not KEEP cards; the cards go to
       the discard pile; maximum Life is recomputed; Carapace discarded this way heals nothing.
   * - The Unisphere
     - ``MARKET``, ``ON_BUY``
     - MARKET: 1 Energy less in Queens. ON_BUY: +4 VP.
   * - Towering Titan
     - ``RESULT_MODIFY``
     - Add 2 Attack to the result (still blocked by the empty-Manhattan rule).
   * - Trash Thrower
     - ``AFTER_ATTACK``
     - Each monster the owner attacks loses 1 VP per attack, floored at 0.
   * - Trophy Hunter
     - ``TILE_DESTROYED``
     - +1 VP for each Unit the owner destroys.
   * - Universal Soldier
     - ``FACE_CONVERSION``
     - The owner may turn any of its Heal dice into Attack and/or Attack dice into Heal before
       they resolve.
   * - Violent Star
     - ``GOAL_CHANGE``
     - When the owner takes Superstar from a monster, 2 damage to that monster; when a monster
       takes it from the owner, 1 damage to that monster; none from the supply; not an attack.
   * - Webspinner
     - ``AFTER_ATTACK``, ``TOKENS``
     - After each of the owner's attacks, every monster it damaged gets one Web token. The
       token rules (fewer rerolls, Attack die to discard) are engine rules (see the notes).
   * - Yankee Stadium
     - ``MARKET``, ``ON_BUY``
     - MARKET: 1 Energy less in the Bronx. ON_BUY: +5 VP, heal 5.

Notes for the effects issue
---------------------------

- **Borough discounts** are 1 Energy off, minimum 0, using the buyer's borough at its Buy step
  (rulings §12). Drink the Hudson is the only card with three boroughs.
- **Buy conditions** (Air Force One, General Ellis) need a per-turn record of the unit kinds the
  active monster destroyed; any means of destroying counts (rulings §12).
- **Token rules live in the engine, not in the cards.** Web and Curse tokens keep working after
  Webspinner or Curse leaves play (rulings §15): Web removes one reroll per token at
  ``REROLL_RULES`` and lets the holder spend an Attack die to discard one token; Curse charges
  1 Energy per token for a reroll that includes Ouch dice (rulings D9) at ``REROLL_RULES`` and
  lets the holder spend a Heal die, in Manhattan too (seed 000, *Effects of Manhattan*, which
  overrules rulings D11), to discard one token.
- **No trigger point for "the owner dealt damage outside an attack".** Curse and Webspinner
  should also hand out tokens after damage dealt by the owner's cards (General Ellis, Violent
  Star; rulings §15, D10), and Photo Op counts that damage (D16). Either the dealing effect
  calls the same hand-out, or a ``DAMAGE_DEALT`` trigger is added; ``AFTER_ATTACK`` alone only
  covers attacks.
- **New York Marathon acts from the market row**, not from an owner: the engine must consult the
  ``MOVE_RULES`` effects of face-up market cards. Its effect ends when it is bought or swept.
- **Effects that outlive their DISCARD card**: Columbia University's claim, and Subway's free
  movement during its extra turn, must be recorded in the game state when the card is bought.
- **Ordering inside a trigger point.** ``RESULT_MODIFY``: Stomp, Fury, Hailing Cabs and Towering
  Titan before Painbow, which counts the final Destruction. ``ATTACK_DAMAGE``: Shadow Double,
  then Antimatter Pellets, then Tesla Antennae (rulings D20). ``TURN_START``: the active
  player's choice (rulings D22).
- **Hailing Cabs timing.** rulings §16 lets the owner decide "when Destruction starts to
  resolve", but Painbow must count the added Destruction; deciding at ``RESULT_MODIFY``, before
  any type resolves, satisfies both.
- **``ARMY`` is called for every monster the fire hits**, not only the roller (Bulletproof), and
  for the roller's own Ouch dice (Carapace tokens).
"""

from __future__ import annotations

from collections.abc import Iterable

from kingofny.model.cards import BuyCondition, CardKind, CardSpec
from kingofny.model.city import Borough
from kingofny.model.triggers import Trigger

BASE_PACK = "base"
"""The content-pack name of the base game; every card id here starts with ``"base:"``."""

_KEEP = CardKind.KEEP
_DISCARD = CardKind.DISCARD


def _card(
    slug: str,
    name: str,
    cost: int,
    kind: CardKind,
    text: str,
    triggers: Iterable[Trigger],
    *,
    boroughs: Iterable[Borough] = (),
    condition: BuyCondition = BuyCondition.NONE,
    aliases: tuple[str, ...] = (),
) -> CardSpec:
    """Build a base-game :class:`CardSpec` with the id ``base:<slug>``."""
    return CardSpec(
        id=f"{BASE_PACK}:{slug}",
        name=name,
        cost=cost,
        kind=kind,
        text=text,
        triggers=frozenset(triggers),
        discount_boroughs=frozenset(boroughs),
        buy_condition=condition,
        aliases=aliases,
    )


CARDS: tuple[CardSpec, ...] = (
    _card(
        "air-force-one",
        "Air Force One",
        6,
        _DISCARD,
        "Only buyable on a turn in which you destroyed a Jet. +4 VP; then every Unit deals"
        " 1 damage to each Monster in its own borough, you included.",
        (Trigger.MARKET, Trigger.ON_BUY),
        condition=BuyCondition.DESTROYED_JET,
        aliases=("Air FOrce One", "AIR FORCE ONCE"),
    ),
    _card(
        "antimatter-pellets",
        "Antimatter Pellets",
        4,
        _KEEP,
        "Every Monster you attack rolls a die; if it comes up Ouch, your attack hurts that"
        " Monster twice as much.",
        (Trigger.ATTACK_DAMAGE,),
    ),
    _card(
        "artificial-heart",
        "Artificial Heart",
        4,
        _KEEP,
        "You may treat any of your Heal results as Energy results.",
        (Trigger.FACE_CONVERSION,),
    ),
    _card(
        "broadway-star",
        "Broadway Star",
        5,
        _KEEP,
        "+1 VP when you take Superstar, and +1 VP at the start of each of your turns while"
        " Superstar is yours.",
        (Trigger.GOAL_CHANGE, Trigger.TURN_START),
    ),
    _card(
        "brooklyn-bridge",
        "Brooklyn Bridge",
        6,
        _DISCARD,
        "1 Energy cheaper while you are in Brooklyn. +4 VP.",
        (Trigger.MARKET, Trigger.ON_BUY),
        boroughs=(Borough.BROOKLYN,),
    ),
    _card(
        "bulletproof",
        "Bulletproof",
        4,
        _KEEP,
        "Damage you take from Units firing because of Ouch is reduced by 1.",
        (Trigger.ARMY,),
        aliases=("Bullet Proof", "BULLETPROOF"),
    ),
    _card(
        "can-opener",
        "Can Opener",
        4,
        _KEEP,
        "Destroying a Tank takes you 3 Destruction rather than 4.",
        (Trigger.DESTRUCTION_RULES,),
    ),
    _card(
        "carapace",
        "Carapace",
        3,
        _KEEP,
        "Your maximum Life is 12 while you have this. Put a Carapace token here for each Ouch"
        " you roll. Discard this card to heal 1 per token on it.",
        (Trigger.MAX_LIFE, Trigger.ARMY, Trigger.TOKENS, Trigger.ANY_TIME),
        aliases=("Carpace",),
    ),
    _card(
        "central-park",
        "Central Park",
        5,
        _DISCARD,
        "1 Energy cheaper while you are in Manhattan. +2 VP and heal 2.",
        (Trigger.MARKET, Trigger.ON_BUY),
        boroughs=(Borough.MANHATTAN,),
    ),
    _card(
        "chameleon",
        "Chameleon",
        4,
        _KEEP,
        "Give up any number of your Celebrity results; for each one, set one of your"
        " unresolved dice to the face of your choice.",
        (Trigger.FACE_CONVERSION,),
    ),
    _card(
        "chinatown-regular",
        "Chinatown Regular",
        3,
        _KEEP,
        "Each time you move into Manhattan, heal 2.",
        (Trigger.ENTER_BOROUGH,),
        aliases=("China Town Regular",),
    ),
    _card(
        "climb-the-empire-state-building",
        "Climb the Empire State Building",
        3,
        _KEEP,
        "In Manhattan, if your dice show all six different faces: +2 VP and play another turn"
        " after this one.",
        (Trigger.RESOLUTION_START, Trigger.FACE_RESOLVE, Trigger.EXTRA_TURN),
        aliases=("Climb The Empire State Building", "Climg The Empire State Building"),
    ),
    _card(
        "columbia-university",
        "Columbia University",
        6,
        _DISCARD,
        "1 Energy cheaper while you are in Manhattan. +2 VP; the next KEEP card turned face up"
        " from the deck goes to you at no cost.",
        (Trigger.MARKET, Trigger.ON_BUY),
        boroughs=(Borough.MANHATTAN,),
    ),
    _card(
        "coney-island",
        "Coney Island",
        4,
        _DISCARD,
        "1 Energy cheaper while you are in Brooklyn. +3 VP.",
        (Trigger.MARKET, Trigger.ON_BUY),
        boroughs=(Borough.BROOKLYN,),
    ),
    _card(
        "curse",
        "Curse",
        4,
        _KEEP,
        "Each Monster you damage gets a Curse token. A Monster pays 1 Energy per Curse token"
        " it has to reroll Ouch results, and may use a Heal result to throw away a token.",
        (Trigger.AFTER_ATTACK, Trigger.TOKENS),
    ),
    _card(
        "diva",
        "Diva",
        5,
        _KEEP,
        "To take Superstar away from you, another Monster must roll 4 Celebrity, not 3.",
        (Trigger.GOAL_CHANGE,),
    ),
    _card(
        "drain",
        "Drain",
        4,
        _KEEP,
        "A Monster that attacks you gives you 2 of its Energy.",
        (Trigger.AFTER_ATTACK,),
    ),
    _card(
        "drink-the-hudson",
        "Drink the Hudson",
        12,
        _DISCARD,
        "1 Energy cheaper while you are in Manhattan, Brooklyn or Staten Island. +13 Energy,"
        " +1 VP and heal 2.",
        (Trigger.MARKET, Trigger.ON_BUY),
        boroughs=(Borough.MANHATTAN, Borough.BROOKLYN, Borough.STATEN_ISLAND),
        aliases=("Drink The Hudson",),
    ),
    _card(
        "ego-trip",
        "Ego Trip",
        3,
        _KEEP,
        "+1 Energy when you take Superstar, and +1 Energy at the start of each of your turns"
        " while Superstar is yours.",
        (Trigger.GOAL_CHANGE, Trigger.TURN_START),
        aliases=("Ego Trap",),
    ),
    _card(
        "extra-head",
        "Extra Head",
        7,
        _KEEP,
        "Roll one more die (a green one).",
        (Trigger.DICE_COUNT,),
    ),
    _card(
        "fireball",
        "Fireball",
        4,
        _KEEP,
        "Your attacks hit the other Monsters in your borough as well.",
        (Trigger.ATTACK_TARGETS,),
    ),
    _card(
        "flatiron-building",
        "Flatiron Building",
        3,
        _DISCARD,
        "1 Energy cheaper while you are in Manhattan. +2 VP.",
        (Trigger.MARKET, Trigger.ON_BUY),
        boroughs=(Borough.MANHATTAN,),
        aliases=("FlatIron Building",),
    ),
    _card(
        "fury",
        "Fury",
        4,
        _KEEP,
        "While your borough holds 3 or more Units, your result gains 1 Destruction and 1 Energy.",
        (Trigger.RESULT_MODIFY,),
    ),
    _card(
        "general-ellis",
        "General Ellis",
        5,
        _DISCARD,
        "Only buyable on a turn in which you destroyed a Tank. +3 VP; every Monster takes"
        " 1 damage.",
        (Trigger.MARKET, Trigger.ON_BUY),
        condition=BuyCondition.DESTROYED_TANK,
    ),
    _card(
        "hailing-cabs",
        "Hailing Cabs",
        5,
        _KEEP,
        "You may add 2 Destruction to your result; if you do, only Units can be destroyed by"
        " you this turn.",
        (Trigger.RESULT_MODIFY, Trigger.DESTRUCTION_RULES),
        aliases=("Hailing Cars",),
    ),
    _card(
        "holland-tunnel",
        "Holland Tunnel",
        9,
        _DISCARD,
        "1 Energy cheaper while you are in Manhattan. +6 VP; every Monster gains 3 Energy.",
        (Trigger.MARKET, Trigger.ON_BUY),
        boroughs=(Borough.MANHATTAN,),
        aliases=("Hotland Tunnel",),
    ),
    _card(
        "hunter",
        "Hunter",
        5,
        _KEEP,
        "Heal 1 for every Infantry you destroy.",
        (Trigger.TILE_DESTROYED,),
    ),
    _card(
        "i-love-ny-tourist",
        "I ♥ NY Tourist",
        6,
        _KEEP,
        "Put a Souvenir token in your borough now, and in every borough without one that you"
        " later enter. Each Souvenir you put down gives +1 VP and +1 Energy.",
        (Trigger.ON_BUY, Trigger.ENTER_BOROUGH, Trigger.TOKENS),
        aliases=("Tourist", "I LOVE NY TOURIST"),
    ),
    _card(
        "jinx-aura",
        "Jinx Aura",
        4,
        _KEEP,
        "The other Monsters have to use every reroll they have, though they pick the dice.",
        (Trigger.REROLL_RULES,),
    ),
    _card(
        "king-of-queens",
        "King of Queens",
        5,
        _KEEP,
        "When your turn starts in Queens, +1 Energy and heal 1.",
        (Trigger.TURN_START,),
        aliases=("King od Queens",),
    ),
    _card(
        "leveler",
        "Leveler",
        5,
        _KEEP,
        "+1 VP in each turn in which you destroy one or more Buildings.",
        (Trigger.TILE_DESTROYED,),
    ),
    _card(
        "long-neck",
        "Long Neck",
        3,
        _KEEP,
        "Destroying a Jet takes you 2 Destruction rather than 3.",
        (Trigger.DESTRUCTION_RULES,),
        aliases=("LongNeck",),
    ),
    _card(
        "natural-selection",
        "Natural Selection",
        2,
        _KEEP,
        "On purchase, +4 Energy and heal 4. Roll one more die (green). If a turn of yours ends"
        " with any Celebrity in your result, lose this card and all of your Life.",
        (Trigger.ON_BUY, Trigger.DICE_COUNT, Trigger.END_TURN),
    ),
    _card(
        "new-york-marathon",
        "New York Marathon",
        6,
        _DISCARD,
        "As long as it is face up for sale, any move that is not forced, fleeing included,"
        " costs 2 Energy. When bought: +2 VP, +2 Energy and heal 2.",
        (Trigger.ON_BUY, Trigger.MOVE_RULES),
    ),
    _card(
        "next-stage",
        "Next Stage",
        4,
        _DISCARD,
        "Drop your VP to 0. For every VP dropped, take 1 Energy or heal 1, as you choose.",
        (Trigger.ON_BUY,),
    ),
    _card(
        "of-another-world",
        "Of Another World",
        6,
        _KEEP,
        "You may count Heal results as Energy results and Energy results as Heal results.",
        (Trigger.FACE_CONVERSION,),
    ),
    _card(
        "overload",
        "Overload",
        0,
        _KEEP,
        "On purchase, +4 Energy. Afterwards, whenever your Energy results pay out, you get"
        " 1 Energy less.",
        (Trigger.ON_BUY, Trigger.ENERGY_GAIN),
    ),
    _card(
        "painbow",
        "Painbow",
        5,
        _KEEP,
        "With 2 Destruction in your result, add 1 Attack; with 4, add 2 Attack; with 6, you"
        " win the game.",
        (Trigger.RESULT_MODIFY, Trigger.WIN),
    ),
    _card(
        "personal-spotlight",
        "Personal Spotlight",
        5,
        _KEEP,
        "+1 VP in each turn in which your roll shows one or more Celebrity.",
        (Trigger.RESOLUTION_START,),
    ),
    _card(
        "phoenix-blood",
        "Phoenix Blood",
        4,
        _KEEP,
        "+1 Energy whenever you are damaged.",
        (Trigger.DAMAGE_TAKEN,),
        aliases=("Pheonix Blood", "PHOENIC BLOOD"),
    ),
    _card(
        "photo-op",
        "Photo Op",
        4,
        _DISCARD,
        "Pick a Monster: +1 VP per point of damage you have done to it this turn.",
        (Trigger.ON_BUY,),
    ),
    _card(
        "power-substation",
        "Power Substation",
        5,
        _DISCARD,
        "+1 VP and +8 Energy; you take 3 damage.",
        (Trigger.ON_BUY,),
    ),
    _card(
        "power-tap",
        "Power Tap",
        4,
        _KEEP,
        "A Monster that gains 3 or more Energy in a single turn hands you 1 Energy.",
        (Trigger.ENERGY_GAIN,),
        aliases=("Power Trap",),
    ),
    _card(
        "regeneration",
        "Regeneration",
        5,
        _KEEP,
        "At the start of your turn, heal 1.",
        (Trigger.TURN_START,),
    ),
    _card(
        "scavenger",
        "Scavenger",
        3,
        _KEEP,
        "You may buy KEEP cards out of the discard pile, for 1 Energy under their cost.",
        (Trigger.MARKET,),
    ),
    _card(
        "seismic-ray",
        "Seismic Ray",
        4,
        _KEEP,
        "By paying Energy, you may use Destruction on a borough other than your own.",
        (Trigger.DESTRUCTION_RULES,),
    ),
    _card(
        "shadow-double",
        "Shadow Double",
        12,
        _KEEP,
        "The damage of your attacks is doubled.",
        (Trigger.ATTACK_DAMAGE,),
    ),
    _card(
        "sharp-shooter",
        "Sharp Shooter",
        4,
        _KEEP,
        "Jets outside your borough are within your reach. +1 VP for every Jet you destroy.",
        (Trigger.DESTRUCTION_RULES, Trigger.TILE_DESTROYED),
    ),
    _card(
        "stink-attack",
        "Stink Attack",
        5,
        _KEEP,
        "When you move, you may chase up to 4 Units out of the borough you arrive in, sending"
        " each to a different borough.",
        (Trigger.ENTER_BOROUGH,),
    ),
    _card(
        "stomp",
        "Stomp",
        4,
        _KEEP,
        "Your result gains 1 Destruction.",
        (Trigger.RESULT_MODIFY,),
    ),
    _card(
        "subterranean-cable",
        "Subterranean Cable",
        0,
        _DISCARD,
        "+4 Energy; you take 4 damage.",
        (Trigger.ON_BUY,),
    ),
    _card(
        "subway",
        "Subway",
        10,
        _DISCARD,
        "Heal 2, then play another turn in which you may move whenever and as often as you like.",
        (Trigger.ON_BUY, Trigger.EXTRA_TURN, Trigger.MOVE_RULES),
    ),
    _card(
        "super-speed",
        "Super Speed",
        4,
        _KEEP,
        "Before you roll, you may move once more.",
        (Trigger.BEFORE_ROLL,),
    ),
    _card(
        "terminal-rage",
        "Terminal Rage",
        4,
        _KEEP,
        "On purchase, play another turn after this one. Your Attack results can never be"
        " rerolled again.",
        (Trigger.ON_BUY, Trigger.EXTRA_TURN, Trigger.REROLL_RULES),
    ),
    _card(
        "tesla-antennae",
        "Tesla Antennae",
        4,
        _KEEP,
        "Your attacks deal 1 more damage to each Monster that has more Life than you.",
        (Trigger.ATTACK_DAMAGE,),
    ),
    _card(
        "tesla-cannon",
        "Tesla Cannon",
        5,
        _DISCARD,
        "+2 VP. Then each Monster, yourself included, throws away one of its KEEP cards.",
        (Trigger.ON_BUY,),
        aliases=("Tesla Canon",),
    ),
    _card(
        "the-unisphere",
        "The Unisphere",
        5,
        _DISCARD,
        "1 Energy cheaper while you are in Queens. +4 VP.",
        (Trigger.MARKET, Trigger.ON_BUY),
        boroughs=(Borough.QUEENS,),
    ),
    _card(
        "towering-titan",
        "Towering Titan",
        10,
        _KEEP,
        "Your result gains 2 Attack.",
        (Trigger.RESULT_MODIFY,),
    ),
    _card(
        "trash-thrower",
        "Trash Thrower",
        5,
        _KEEP,
        "Each Monster hit by your attack loses 1 VP.",
        (Trigger.AFTER_ATTACK,),
    ),
    _card(
        "trophy-hunter",
        "Trophy Hunter",
        5,
        _KEEP,
        "+1 VP for every Unit you destroy.",
        (Trigger.TILE_DESTROYED,),
        aliases=("TrophyHuner",),
    ),
    _card(
        "universal-soldier",
        "Universal Soldier",
        6,
        _KEEP,
        "You may swap any of your Heal results to Attack, and any Attack results to Heal.",
        (Trigger.FACE_CONVERSION,),
    ),
    _card(
        "violent-star",
        "Violent Star",
        3,
        _KEEP,
        "Taking Superstar from a Monster deals it 2 damage; a Monster that takes Superstar"
        " from you is dealt 1 damage.",
        (Trigger.GOAL_CHANGE,),
    ),
    _card(
        "webspinner",
        "Webspinner",
        6,
        _KEEP,
        "Each Monster you damage gets a Web token. A Monster has one reroll fewer per Web"
        " token it has, and may use an Attack result to throw away a token.",
        (Trigger.AFTER_ATTACK, Trigger.TOKENS),
        aliases=("WebSpinner",),
    ),
    _card(
        "yankee-stadium",
        "Yankee Stadium",
        9,
        _DISCARD,
        "1 Energy cheaper while you are in the Bronx. +5 VP and heal 5.",
        (Trigger.MARKET, Trigger.ON_BUY),
        boroughs=(Borough.BRONX,),
    ),
)
"""The 64 power cards of the base game, in the order of components §1 (alphabetical)."""

CARDS_BY_ID: dict[str, CardSpec] = {card.id: card for card in CARDS}
"""The base cards keyed by id, e.g. ``CARDS_BY_ID["base:tesla-cannon"]``."""

"""Balance studies: what wins King of New York (issue 22 §4; ``kingofny study``).

See :mod:`kingofny.study.studies` for the designs and :mod:`kingofny.study.games` for one game
of a study (keyed chance, a gift, the facts read).
"""

from kingofny.study.games import SOURCES, GameFacts, Gift, play_study_game
from kingofny.study.studies import Estimate, card_study, monster_study, seat_study, shape_study

__all__ = [
    "SOURCES",
    "Estimate",
    "GameFacts",
    "Gift",
    "card_study",
    "monster_study",
    "play_study_game",
    "seat_study",
    "shape_study",
]

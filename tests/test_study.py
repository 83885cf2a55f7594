"""Tiny versions of the balance studies (issue 22 §4): each runs, reads back, and measures what
it says; the card gift puts the card in its holder's hands at its first Buy step, with nothing
else changed before it."""

from __future__ import annotations

import collections
import json
import random
from pathlib import Path

import pytest

import kingofny as k
from kingofny.cli import main
from kingofny.players import HeuristicPlayer
from kingofny.study import Gift, card_study, monster_study, play_study_game, seat_study, shape_study
from kingofny.study.report import format_study
from kingofny.study.studies import _chi2, _permutation_p


def _players(n: int) -> list[k.Player]:
    return [HeuristicPlayer(seed=i) for i in range(n)]


def test_a_study_game_is_the_keyed_game_of_the_runner() -> None:
    """Without a gift, a study game is the game ``play_game(chance="keyed")`` plays."""
    facts = play_study_game(_players(3), 5)
    result = k.play_game(_players(3), seed=5, chance="keyed")
    assert facts.winners == result.winners
    assert facts.turns == result.turns


@pytest.mark.parametrize("card", ["base:tesla-cannon", "base:air-force-one", "base:subway"])
def test_a_gift_is_bought_for_free_at_the_first_buy_step(card: str) -> None:
    """Issue 22 §4: the gifted card leaves the deck from the start; at the seat's first Buy step
    it is bought through the engine's own purchase (a KEEP card is held, a DISCARD card acts and
    goes to the discard pile), its buy condition waived and its price paid by the gift; the
    market keeps its cards."""
    spec = k.find_card(card)
    seen: list[k.GameState] = []

    class Watch(HeuristicPlayer):
        def choose(self, view: k.GameState, legal: object) -> k.Action:
            seen.append(view)
            return super().choose(view, legal)  # type: ignore[arg-type]

    players: list[k.Player] = [Watch(seed=0), HeuristicPlayer(seed=1), HeuristicPlayer(seed=2)]
    facts = play_study_game(players, 9, gift=Gift(0, card=card))
    assert facts.gift_given
    assert all(card not in view.deck for view in seen)
    after = next(v for v in seen if v.next_step is not None and v.next_step.KIND == "shop")
    if spec.kind is k.CardKind.KEEP:
        assert card in after.monsters[0].cards
    else:
        assert card in after.discard
    assert card not in after.market


def test_an_energy_gift_adds_energy_at_the_first_buy_step() -> None:
    """The Energy arm: the seat has ``energy`` more at its first Buy step than without it."""
    seen: dict[str, k.GameState] = {}

    class First(HeuristicPlayer):
        def __init__(self, key: str) -> None:
            super().__init__(seed=0)
            self.key = key

        def choose(self, view: k.GameState, legal: object) -> k.Action:
            if view.next_step is not None and view.next_step.KIND == "shop":
                seen.setdefault(self.key, view)
            return super().choose(view, legal)  # type: ignore[arg-type]

    play_study_game([First("plain"), HeuristicPlayer(seed=1)], 3)
    play_study_game([First("gift"), HeuristicPlayer(seed=1)], 3, gift=Gift(0, energy=4))
    assert seen["gift"].monsters[0].energy == seen["plain"].monsters[0].energy + 4


def test_the_seat_study_measures_the_first_player() -> None:
    """Issue 22 §4 (seats): a tiny run has the first player's rate and the fair share per
    count."""
    result = seat_study("random", 12, seed=1, counts=(2, 3))
    assert set(result["counts"]) == {"2", "3"}
    row = result["counts"]["2"]
    assert row["fair_share"] == 0.5
    assert 0 <= row["first_player"]["low"] <= row["first_player"]["value"] <= 1
    assert "first player's win rate" in format_study({"study": "seats", **result})


def test_the_monster_study_is_an_a_a_test() -> None:
    """Issue 22 §4 (monsters): every base monster gets a win rate; the chi-square p-value of the
    A/A test is a probability."""
    result = monster_study("random", 30, seed=2)
    assert len(result["monsters"]) == 6
    assert sum(row["n"] for row in result["monsters"].values()) == 30 * 4
    assert 0.0 <= result["p_value"] <= 1.0


def test_the_permutation_p_value_tells_a_real_difference_from_chance() -> None:
    """Issue 22 §4 (monsters): the A/A test's p-value. Hand-made games of 4 monsters drawn
    from 6 in which monster "a" wins every game it plays get a p-value below 0.01; games whose
    winner is the first of a line-up that is itself a random draw get one above 0.05."""
    rng = random.Random(1)
    pool = ["a", "b", "c", "d", "e", "f"]
    biased, fair = [], []
    for _ in range(300):
        lineup = tuple(rng.sample(pool, 4))
        biased.append(
            (
                lineup,
                [1.0 if m == "a" else 0.0 for m in lineup]
                if "a" in lineup
                else [1.0, 0.0, 0.0, 0.0],
            )
        )
        fair.append((lineup, [1.0, 0.0, 0.0, 0.0]))
    for games, low in ((biased, True), (fair, False)):
        wins: dict[str, float] = dict.fromkeys(pool, 0.0)
        played = collections.Counter(m for lineup, _ in games for m in lineup)
        for lineup, shares in games:
            for m, share in zip(lineup, shares):
                wins[m] += share
        p = _permutation_p(games, _chi2(wins, played), 400, seed=3)
        assert (p < 0.01) if low else (p > 0.05), p


def test_the_shape_study_accounts_for_every_game_and_vp() -> None:
    """Issue 22 §4 (shape): the ends add up to the games; the VP by source add up to the VP the
    monsters ended with (nothing is lost in the attribution)."""
    result = shape_study("heuristic", 6, seed=3)
    assert sum(row["n"] * row["value"] for row in result["ends"].values()) == pytest.approx(6 * 1)
    assert sum(result["turns"]["histogram"].values()) == 6
    assert result["vp_sources_all"]["destruction"] > 0


def test_the_card_study_pairs_each_card_with_the_plain_deal() -> None:
    """Issue 22 §4 (cards): two cards over 4 deals; the effects are paired differences, so a
    card's effect lies between -1 and 1 and the Energy arms exist for each cost."""
    cards = ["base:tesla-cannon", "base:natural-selection"]
    result = card_study("heuristic", 4, seed=1, cards=cards)
    assert set(result["cards"]) == set(cards)
    assert set(result["energy"]) == {"2", "5"}
    for row in result["cards"].values():
        assert -1 <= row["effect"]["value"] <= 1
        assert row["effect"]["n"] == 4


def test_kingofny_study_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``kingofny study seats --json FILE`` prints the table and writes the result."""
    out = tmp_path / "seats.json"
    assert main(["study", "seats", "--bot", "random", "--games", "4", "--json", str(out)]) == 0
    assert "first player's win rate" in capsys.readouterr().out
    assert json.loads(out.read_text())["study"] == "seats"


def test_a_bad_study_bot_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown bot is refused before any game, with a one-line error."""
    assert main(["study", "seats", "--bot", "nosuchbot", "--games", "4"]) == 2
    assert "error" in capsys.readouterr().err
    with pytest.raises(k.ArgumentError):
        seat_study("random", 0, seed=1)


@pytest.mark.parametrize("study", ["seats", "monsters", "shape", "cards"])
def test_every_study_draws_its_plot(study: str, tmp_path: Path) -> None:
    """``kingofny study ... --plot FILE`` writes a PNG for each study (extra ``stats``)."""
    pytest.importorskip("matplotlib")
    out = tmp_path / f"{study}.png"
    argv = ["study", study, "--games", "4", "--plot", str(out), "--cards", "base:extra-head"]
    assert main(argv) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: seat_study("random", 4, seed="x"), "seed"),  # type: ignore[arg-type]
        (lambda: seat_study("random", 4, seed=1, counts=5), "counts"),  # type: ignore[arg-type]
        (lambda: seat_study("random", 4, seed=1, counts=(2, 7)), "counts"),
        (lambda: monster_study("random", 4, seed=1, table="4"), "table"),  # type: ignore[arg-type]
        (lambda: card_study("random", 4, seed=1, count=0), "count"),
        (lambda: shape_study("random", 4, seed=1, workers=0), "workers"),
        (lambda: card_study("random", 4, seed=1, cards=["base:nope"]), "cards"),
    ],
)
def test_bad_study_arguments_are_argument_errors(call: object, name: str) -> None:
    """Every study checks its arguments before any game, naming the bad one."""
    assert callable(call)
    with pytest.raises(k.ArgumentError, match=name):
        call()


@pytest.mark.parametrize(
    "gift",
    [Gift(4, energy=1), Gift(0, card="base:no-such-card"), Gift(0, energy=-1)],
)
def test_a_gift_the_game_cannot_give_is_an_argument_error(gift: Gift) -> None:
    """A seat the game does not have, a card not in its deck, negative Energy."""
    with pytest.raises(k.ArgumentError, match="gift"):
        play_study_game(_players(2), 1, gift=gift)

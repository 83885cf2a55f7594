"""The review and the hint in the web app's API (issues 21 and 24):
``POST /api/replays/{id}/review`` answers the review of ``kingofny review`` for a replayed game,
with the frames its points and costly decisions were taken at, bounded in cost; ``POST
/api/games/{id}/hint`` answers what the strongest bot (MCTS, a short budget) would do."""

from __future__ import annotations

import threading
from typing import Any

import pytest

pytest.importorskip("starlette")
testclient = pytest.importorskip("starlette.testclient")

import kingofny as k  # noqa: E402
from kingofny.play.hints import HINT_BOT, HINT_PLAYOUTS, HINT_SEED, HINT_SPEC, suggest  # noqa: E402
from kingofny.review import review_from_dict, review_game  # noqa: E402
from kingofny.web.replays import (  # noqa: E402
    MAX_REVIEW_BUDGET,
    REVIEW_ACTIONS,
    REVIEW_SAMPLES,
    Replays,
)
from kingofny.web.session import WebError  # noqa: E402
from tests.web.support import finished_table, held_review  # noqa: E402

# -- the review ---------------------------------------------------------------------------------


def test_the_review_is_kingofny_reviews_with_the_frames_of_the_replay(client: Any) -> None:
    """The answer holds the review's JSON as :func:`kingofny.review.review_game` makes it with
    the server's settings (it reads back with ``review_from_dict``); each point of the curve
    and each costly decision names the replay's frame, where that monster decided, and that
    decision's action was legal."""
    game = client.post("/api/games", json={"players": ["heuristic"] * 3, "seed": 5}).json()
    game = client.post(f"/api/games/{game['id']}/advance", json={}).json()
    assert game["over"]
    replay = client.post("/api/replays", json={"game": game["id"]}).json()
    answer = client.post(f"/api/replays/{replay['id']}/review", json={"top": 2})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["replay"] == replay["id"]
    review = review_from_dict(data["review"])
    record = k.record_from_dict(client.get(f"/api/games/{game['id']}/record").json())
    expected = review_game(
        record, top=2, samples=REVIEW_SAMPLES, max_actions=REVIEW_ACTIONS, budget=MAX_REVIEW_BUDGET
    )
    assert review == expected
    assert review.winners == tuple(game["winners"])
    # The frames: a point a frame, in order, from the first to the last.
    frames = data["point_frames"]
    assert len(frames) == len(review.points)
    assert frames[0] == 0
    assert frames[-1] == replay["frames"] - 1
    assert frames == sorted(frames)
    states = [s for e, s in k.replay_states(record) if not s.is_chance]
    assert len(states) == replay["frames"]
    costly = [d for seat in review.seats for d in seat.costliest]
    assert costly
    assert set(data["costly_frames"]) == {str(d.event) for d in costly}
    for d in costly:
        frame = data["costly_frames"][str(d.event)]
        state = states[frame]
        event = record.events[d.event]
        assert state.current_player == d.seat == event.seat
        assert state.turn.number == d.turn
        assert event.move in k.legal_actions(state)
        shown = client.get(f"/api/replays/{replay['id']}/frames/{frame}").json()
        assert shown["deciding"] == d.seat


def test_review_options_are_checked_and_bounded(client: Any) -> None:
    """``seats`` (numbers, or ``"human"`` for the people of the game), ``top``, ``samples`` and
    ``seed`` are taken within their bounds; anything else is a 400 naming it."""
    game = client.post("/api/games", json={"players": ["human", "random"], "seed": 3}).json()
    for _ in range(40):
        game = client.post(f"/api/games/{game['id']}/advance", json={"moves": 1}).json()
        if game["waiting"]["human"]:
            game = client.post(f"/api/games/{game['id']}/act", json={"index": 0}).json()
    replay = client.post("/api/replays", json={"game": game["id"]}).json()
    path = f"/api/replays/{replay['id']}/review"
    people = client.post(path, json={"seats": "human", "samples": 1})
    assert people.status_code == 200, people.text
    seats = people.json()["review"]["data"]["seats"]
    assert [s["seat"] for s in seats] == [0]
    assert people.json()["review"]["data"]["settings"]["samples"] == 1
    one = client.post(path, json={"seats": [1], "samples": 1, "top": 1}).json()
    assert [s["seat"] for s in one["review"]["data"]["seats"]] == [1]
    for body, word in (
        ({"seats": [2]}, "seat"),
        ({"seats": []}, "seats"),
        ({"seats": "everyone"}, "seats"),
        ({"samples": 9}, "samples"),
        ({"samples": 0}, "samples"),
        ({"top": 11}, "top"),
        ({"seed": -1}, "seed"),
        ({"budget": 10**9}, "budget"),
        ({"horizon": "round"}, "horizon"),
    ):
        answer = client.post(path, json=body)
        assert answer.status_code == 400, (body, answer.text)
        assert word in answer.json()["error"], (body, answer.json())
    bots = client.post("/api/games", json={"players": ["random", "random"], "seed": 3}).json()
    client.post(f"/api/games/{bots['id']}/advance", json={"moves": 20})
    replay = client.post("/api/replays", json={"game": bots["id"]}).json()
    answer = client.post(f"/api/replays/{replay['id']}/review", json={"seats": "human"})
    assert answer.status_code == 400
    assert "person" in answer.json()["error"]
    assert client.post("/api/replays/0123456789abcdef/review", json={}).status_code == 404
    assert client.get(f"/api/replays/{replay['id']}/review").status_code == 405


def test_reviews_at_once_are_bounded_and_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A review beyond the server's limit is a 429, not a queue of CPU-bound work; so is a
    second request for a review being computed; a review made is kept and answered again at
    once."""
    table = finished_table(["random", "random"], seed=2)
    replays = Replays(reviews=1)
    replay = replays.open(table.game_record(), table.players)
    assert replays.review_slots.acquire(blocking=False)  # another review is being computed
    with pytest.raises(WebError) as busy:
        replays.review(replay.id, {"samples": 1})
    assert busy.value.status == 429
    replays.review_slots.release()
    first = replays.review(replay.id, {"samples": 1})
    assert replays.review_slots.acquire(blocking=False)  # kept: no slot needed again
    assert replays.review(replay.id, {"samples": 1}) is first
    replays.review_slots.release()
    # The same replay's review asked twice at once: the second is told to ask again.
    with held_review(monkeypatch) as (entered, _):
        worker = threading.Thread(target=lambda: replays.review(replay.id, {"samples": 2}))
        worker.start()
        assert entered.wait(10)
        with pytest.raises(WebError) as twice:
            replays.review(replay.id, {"samples": 3})
        assert twice.value.status == 429
    worker.join(30)


# -- the hint -----------------------------------------------------------------------------------


def test_the_hint_is_the_strongest_bots_choice_for_the_person_deciding(client: Any) -> None:
    """The hint is :func:`kingofny.play.hints.suggest` of the position (the planner with
    :data:`HINT_PLAYOUTS` playouts on the person's view), as an entry of ``legal``; asked
    again, the same; once the game moves on, the next position's."""
    assert HINT_SPEC.startswith("planner:")  # the strongest bundled bot
    assert str(HINT_PLAYOUTS) in HINT_SPEC
    info = client.get("/api").json()
    assert info["hint"]["spec"] == HINT_SPEC
    game = client.post("/api/games", json={"players": ["human", "heuristic"], "seed": 11}).json()
    gid = game["id"]
    differ = 0
    for _ in range(60):
        if game["over"] or differ >= 2:
            break
        if not game["waiting"]["human"]:
            game = client.post(f"/api/games/{gid}/advance", json={}).json()
            continue
        answer = client.post(f"/api/games/{gid}/hint", json={"version": game["version"]})
        assert answer.status_code == 200, answer.text
        hint = answer.json()
        state = k.state_from_dict(game["state"])
        wanted = suggest(state)
        assert hint["action"] == str(wanted)
        assert game["legal"][hint["index"]]["action"] == hint["action"]
        assert hint["label"] == game["legal"][hint["index"]]["label"]
        assert hint["bot"] == HINT_BOT
        assert hint["version"] == game["version"]
        assert client.post(f"/api/games/{gid}/hint", json={}).json() == hint
        seat = state.current_player
        assert seat is not None
        heuristic = k.HeuristicPlayer(seed=HINT_SEED).choose(
            k.observe(state, seat), k.legal_actions(state)
        )
        differ += heuristic != wanted
        game = client.post(
            f"/api/games/{gid}/act", json={"index": hint["index"], "version": game["version"]}
        ).json()
    assert differ >= 1  # the hint is not the heuristic bot's


def test_a_hint_is_refused_when_no_person_decides(client: Any) -> None:
    """A 409 when a bot is to play, when the game has moved on, and once it is over; a 400 for
    a body it does not take."""
    game = client.post("/api/games", json={"players": ["random", "human"], "seed": 4}).json()
    gid = game["id"]
    while game["waiting"]["human"] is True:
        game = client.post(f"/api/games/{gid}/act", json={"index": 0}).json()
    answer = client.post(f"/api/games/{gid}/hint", json={})
    assert answer.status_code == 409
    assert "bot" in answer.json()["error"]
    game = client.post(f"/api/games/{gid}/advance", json={"moves": 1}).json()
    while not game["waiting"]["human"]:
        game = client.post(f"/api/games/{gid}/advance", json={"moves": 1}).json()
    stale = client.post(f"/api/games/{gid}/hint", json={"version": game["version"] - 1})
    assert stale.status_code == 409
    assert "moved on" in stale.json()["error"]
    assert client.post(f"/api/games/{gid}/hint", json={"seat": 0}).status_code == 400
    assert client.get(f"/api/games/{gid}/hint").status_code == 405
    over = client.post("/api/games", json={"players": ["random", "random"], "seed": 4}).json()
    client.post(f"/api/games/{over['id']}/advance", json={})
    answer = client.post(f"/api/games/{over['id']}/hint", json={})
    assert answer.status_code == 409

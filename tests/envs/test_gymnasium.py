"""The Gymnasium adapter (issue 9, *Adapters*), checked with Gymnasium's own checker."""

from __future__ import annotations

import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import kingofny as k  # noqa: E402
from kingofny.envs.gymnasium import ENV_ID, KingOfNYEnv  # noqa: E402
from kingofny.ids import ActionIds  # noqa: E402


def play(env: KingOfNYEnv, seed: int) -> tuple[list[int], float]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen: list[int] = []
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        chosen.append(action)
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return chosen, float(reward)


def test_gymnasiums_own_checker_passes() -> None:
    """Issue 9: "A framework's own checker ... is better than our imitation of it"."""
    check_env(gymnasium.make(f"kingofny.envs.gymnasium:{ENV_ID}").unwrapped)


def test_the_env_is_registered_under_its_id_and_plays_a_masked_episode_to_the_end() -> None:
    """Issue 9: "one masked episode to the end through gymnasium.make"."""
    env = gymnasium.make(f"kingofny.envs.gymnasium:{ENV_ID}")
    assert isinstance(env.unwrapped, KingOfNYEnv)
    assert env.action_space.n == ActionIds().size
    obs, _ = env.reset(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(10_000):
        obs, reward, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        if terminated or truncated:
            break
    assert terminated
    assert reward in (-1.0, 1.0)


def test_a_seed_replays_the_same_episode() -> None:
    assert play(KingOfNYEnv(), 3) == play(KingOfNYEnv(), 3)


def test_the_reward_is_the_learners_return_at_the_end() -> None:
    """+1 if the learner's seat won, -1 otherwise (kingofny.ids.returns); 0 before."""
    env = KingOfNYEnv(2)
    _, reward = play(env, 5)
    assert env.state.is_terminal
    assert reward == (1.0 if 0 in (env.state.winners or ()) else -1.0)


@pytest.mark.parametrize("policy", ["penalize", "terminate", "raise"])
def test_an_illegal_id_follows_the_policy(policy: str) -> None:
    env = KingOfNYEnv(illegal=policy, penalty=-0.5)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state
    if policy == "raise":
        with pytest.raises(k.IllegalActionError, match="is not legal now"):
            env.step(illegal)
        return
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-0.5, policy == "terminate", True)
    assert env.state == before


def test_bad_settings_are_argument_errors() -> None:
    with pytest.raises(k.ArgumentError, match="illegal"):
        KingOfNYEnv(illegal="ignore")
    with pytest.raises(k.ArgumentError, match="seat"):
        KingOfNYEnv(4, seat=4)
    with pytest.raises(k.ArgumentError, match="opponents"):
        KingOfNYEnv(4, opponents=[k.RandomPlayer])


BAD_OPTIONS = [
    ("seat", {"seat": 9}, "no seat 9 in a 4-monster game"),
    ("seat", {"seat": "0"}, "no seat '0'"),
    ("opponents", {"opponents": [k.RandomPlayer]}, "expected 3 factories"),
    ("opponents", {"opponents": 5}, "expected a sequence of player factories"),
    ("opponents", {"opponents": [1, 2, 3]}, "expected factories called with a seed"),
    ("illegal", {"illegal": "ignore"}, "expected one of penalize, terminate, raise"),
    ("render_mode", {"render_mode": "rgb_array"}, "expected None, 'human' or 'ansi'"),
    ("penalty", {"penalty": "high"}, "expected a number"),
    ("max_steps", {"max_steps": 0}, "expected a positive int"),
]


@pytest.mark.filterwarnings("ignore:.*render_mode.*:UserWarning")
@pytest.mark.parametrize(("field", "kwargs", "says"), BAD_OPTIONS, ids=lambda v: str(v)[:30])
def test_gymnasium_make_with_a_bad_option_raises_an_argument_error_naming_it(
    field: str, kwargs: dict[str, object], says: str
) -> None:
    """Issue 23 §2: ``gymnasium.make`` re-raises ``type(e)(message)``, which used to fail with
    "ArgumentError.__init__() missing 1 required positional argument"; now it is an
    ArgumentError whose field and message name the option."""
    with pytest.raises(k.ArgumentError) as info:
        gymnasium.make(f"kingofny.envs.gymnasium:{ENV_ID}", **kwargs)
    error = info.value
    assert error.field == field
    assert says in error.message
    assert str(error).startswith(f"{field}: ")
    assert "was raised from the environment creator" in str(error)
    assert isinstance(error.__cause__, k.ArgumentError)
    assert error.__cause__.field == field


def test_bad_monsters_or_packs_are_config_errors_at_once() -> None:
    """Issue 23 §2: the monsters and the packs are checked when the environment is made, not
    at the first reset."""
    with pytest.raises(k.ConfigError, match="2 to 6 monsters"):
        gymnasium.make(f"kingofny.envs.gymnasium:{ENV_ID}", monsters=7)
    with pytest.raises(k.ConfigError, match="not installed"):
        KingOfNYEnv(packs=["nope"])


def test_action_masks_are_the_observations_mask_as_booleans() -> None:
    """Issue 23 §3: ``env.action_masks()`` (what MaskablePPO calls) is a bool array of the
    action space's size equal to the observation's mask and to the info's legal ids, at every
    step of an episode."""
    env = KingOfNYEnv(3)
    obs, info = env.reset(seed=6)
    rng = np.random.default_rng(6)
    for _ in range(5_000):
        masks = env.action_masks()
        assert masks.dtype == np.bool_
        assert masks.shape == (env.codec.size,)
        np.testing.assert_array_equal(masks, obs["action_mask"].astype(bool))
        assert tuple(np.flatnonzero(masks)) == info["legal_ids"]
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(masks))))
        if terminated or truncated:
            break
    assert terminated


def test_action_masks_before_reset_say_so() -> None:
    """Issue 23 §3: there is no mask before the first reset."""
    with pytest.raises(k.IllegalActionError, match="reset"):
        KingOfNYEnv().action_masks()


@pytest.mark.parametrize("mode", ["human", "ansi"])
def test_gymnasiums_checker_passes_with_each_render_mode(
    mode: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 23 §5: ``check_env`` with its render check (which also makes the environment in
    each other render mode) passes for ``"human"`` and ``"ansi"`` without a warning about
    rendering: the metadata declares both modes and ``render_fps``."""
    assert KingOfNYEnv.metadata["render_fps"] > 0
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gymnasium.make(f"kingofny.envs.gymnasium:{ENV_ID}", render_mode=mode).unwrapped)
    assert not [w for w in caught if "render" in str(w.message).lower()]
    assert "waiting:" in capsys.readouterr().out  # the human mode printed the position


def test_human_rendering_prints_the_board_that_ansi_returns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 23 §5: ``render_mode="human"`` prints the position at reset and at each step (and
    ``render()`` returns None); ``"ansi"`` returns the same text."""
    human = gymnasium.make(f"kingofny.envs.gymnasium:{ENV_ID}", render_mode="human")
    ansi = KingOfNYEnv(render_mode="ansi")
    obs, _ = human.reset(seed=2)
    ansi.reset(seed=2)
    printed = capsys.readouterr().out
    text = ansi.render()
    assert text is not None
    assert printed == text + "\n"
    action = int(np.flatnonzero(obs["action_mask"])[0])
    human.step(action)
    ansi.step(action)
    assert capsys.readouterr().out == f"{ansi.render()}\n"
    assert human.render() is None
    assert capsys.readouterr().out == f"{ansi.render()}\n"


def test_a_random_seat_is_drawn_at_each_reset() -> None:
    """Issue 23 §3: ``seat="random"`` draws the learner's seat per episode, from the reset's
    seed (the same seed, the same seat), and the learner decides at that seat."""
    env = KingOfNYEnv(4, seat="random")
    seats = set()
    for seed in range(40):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
        assert env.seat == info["seat"]
        assert env.state.is_terminal or env.state.current_player == env.seat
        again = KingOfNYEnv(4, seat="random")
        assert again.reset(seed=seed)[1]["seat"] == info["seat"]
    assert seats == {0, 1, 2, 3}
    with pytest.raises(k.ArgumentError, match="random"):
        KingOfNYEnv(4, seat="anywhere")


def test_info_says_what_the_other_seats_played() -> None:
    """Issue 23 §3: ``info["others"]`` lists the other seats' moves since the learner's last
    decision, in order; replaying them after the learner's move reaches the new position."""
    env = KingOfNYEnv(4, seat=0)
    _, info = env.reset(seed=4)
    for _ in range(20):
        before = env.state
        action = info["legal_ids"][0]
        _, _, terminated, _, info = env.step(action)
        if terminated:
            break
        state = k.apply(before, env.codec.action(action))
        for seat, move in info["others"]:
            assert seat != 0
            assert state.current_player == seat
            state = k.apply(state, k.Action.parse(move))
        assert state == env.state

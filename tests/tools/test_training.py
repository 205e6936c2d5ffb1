"""The training example (examples/train_maskable_ppo.py) trains MaskablePPO on the Gymnasium
environment: a few hundred steps, whose losses are numbers, whose agent plays only legal
actions and is the same once saved and loaded. The ``train`` extra (sb3-contrib, torch), which
CI installs."""

from __future__ import annotations

import math
import runpy
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
np = pytest.importorskip("numpy")

from sb3_contrib import MaskablePPO  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


@pytest.mark.slow
def test_a_few_hundred_steps_train_an_agent_that_plays_legal_moves(tmp_path: Path) -> None:
    example = runpy.run_path(str(EXAMPLE))
    env = example["make_env"]()
    model = example["new_model"](env, 256, 0)
    start = [p.detach().clone() for p in model.policy.parameters()]
    model, seconds = example["train"](512, 0, model)  # two rollouts of 256 steps
    assert model.num_timesteps == 512
    assert seconds > 0
    # The losses of the last update are numbers, and the update changed the network.
    logged = model.logger.name_to_value
    for name in ("train/loss", "train/value_loss", "train/policy_gradient_loss"):
        assert math.isfinite(logged[name]), name
    assert any(
        not (p.detach() == q).all() for p, q in zip(model.policy.parameters(), start, strict=True)
    )

    # The agent, and the agent saved and loaded, choose only legal actions, the same ones.
    saved = tmp_path / "agent.zip"
    model.save(saved)
    loaded = MaskablePPO.load(saved, device="cpu")
    actions = 0
    for seed in range(5):
        observation, info = env.reset(seed=seed)
        done = False
        while not done:
            mask = env.unwrapped.action_masks()
            action, _ = model.predict(observation, action_masks=mask, deterministic=True)
            again, _ = loaded.predict(observation, action_masks=mask, deterministic=True)
            assert int(action) == int(again)
            assert mask[int(action)]
            observation, _, terminated, truncated, info = env.step(int(action))
            assert not info.get("illegal_action")
            done = terminated or truncated
            actions += 1
    assert actions == 5 * 15  # a deal of 3-player Sticheln: a pain card and 14 tricks each

    # The example's judge plays whole deals with it.
    points, tops = example["play_deals"](example["model_chooser"](loaded), 3)
    assert len(points) == len(tops) == 3
    assert all(-36 <= p <= 45 for p in points)  # a deal's bounds (docs/openspiel.rst)

"""Train an agent to play one deal of 3-player Sticheln against two random players, with
MaskablePPO (sb3-contrib, torch on the CPU) on the registered Gymnasium environment, then let
it play deals it has not seen.

The learner sits in seat 0 of ``sticheln/Sticheln-v0`` (``episode="deal"``, observations
normalised to [0, 1] by default, ``--observations`` chooses): each episode is one deal, its return
the learner's points in that deal; the legal actions reach MaskablePPO through the environment's
``action_masks()``. Install the ``train`` extra, torch's
CPU build first (plain ``torch`` from the package index is a much larger CUDA build)::

    pip install "torch==2.13.0" --index-url https://download.pytorch.org/whl/cpu
    pip install ".[train]"
    python examples/train_maskable_ppo.py [--steps 4096] [--deals 200] [--seed 0] [--save FILE]
        [--observations unit|symmetric|int8]

``benchmarks/train_vs_random.py`` measures what longer training reaches, beside the game's
heuristic bot and the random player (docs: "Gymnasium environments", "Training an agent").
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.logger import Logger

import sticheln.adapters.gymnasium  # registers sticheln/Sticheln-v0
from sticheln.bots import make_bot

PLAYERS = 3
EVALUATION_SEED = 1_000_000
"""The deals the agent is judged on are those of the seeds from here on, which training (its
seeds drawn from ``--seed``) does not deal in practice."""

OBSERVATIONS: dict[str, bool | tuple[float, float]] = {
    "unit": True,
    "symmetric": (-1.0, 1.0),
    "int8": False,
}
"""The environment's ``normalise`` argument for each kind of observation: every entry mapped
from its segment's range to [0, 1] or to [-1, 1], or the encoding's ``int8`` values."""

Chooser = Callable[[Any, Any], int]
"""``choose(env, observation)``: the learner's action index in the environment's current state,
whose observation is ``observation``."""


def make_env(observations: str = "unit") -> gymnasium.Env[Any, Any]:
    """One deal of 3-player Sticheln, the learner in seat 0 against two random players, with
    the observations named (:data:`OBSERVATIONS`)."""
    return gymnasium.make(
        sticheln.adapters.gymnasium.env_id("sticheln"),
        players=PLAYERS,
        opponents="random",
        episode="deal",
        normalise=OBSERVATIONS[observations],
    )


def new_model(env: gymnasium.Env[Any, Any], steps: int, seed: int) -> MaskablePPO:
    """An untrained MaskablePPO agent for ``env``, its rollouts no longer than ``steps``.

    The reward comes once, at the end of the deal, so it is not discounted (``gamma=1``).
    """
    rollout = min(2048, steps)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=rollout,
        batch_size=min(256, rollout),
        gamma=1.0,
        ent_coef=0.01,
        seed=seed,
        device="cpu",
    )
    # A logger that writes nowhere (by default each learn() makes a folder in the temp dir).
    model.set_logger(Logger(folder=None, output_formats=[]))
    return model


def train(
    steps: int, seed: int = 0, model: MaskablePPO | None = None, observations: str = "unit"
) -> tuple[MaskablePPO, float]:
    """A MaskablePPO agent trained for ``steps`` of the learner's moves (``model`` trained
    further if given, else a new one on the observations named), and the CPU seconds that
    took."""
    # The network is small: torch's threads cost more than they bring, on any number of cores.
    torch.set_num_threads(1)
    if model is None:
        model = new_model(make_env(observations), steps, seed)
    start = time.process_time()
    model.learn(total_timesteps=steps, reset_num_timesteps=False)
    return model, time.process_time() - start


def model_chooser(model: MaskablePPO) -> Chooser:
    """The agent's most likely legal action for the learner's observation."""

    def choose(env: Any, observation: Any) -> int:
        action, _ = model.predict(
            observation, action_masks=env.unwrapped.action_masks(), deterministic=True
        )
        return int(action)

    return choose


def random_chooser(seed: int = 0) -> Chooser:
    """A random legal action."""
    rng = np.random.default_rng(seed)

    def choose(env: Any, observation: Any) -> int:
        return int(rng.choice(np.flatnonzero(env.unwrapped.action_masks())))

    return choose


def bot_chooser(spec: str, seed: int = 0) -> Chooser:
    """The move of a bot of the library (``"heuristic"``, ``"random"``, ...) in the learner's
    seat, as an action index."""
    rng = random.Random(seed)
    bot = make_bot(spec, make_env().unwrapped.game)

    def choose(env: Any, observation: Any) -> int:
        inner = env.unwrapped
        game, state, seat = inner.game, inner.game_state, inner.seat
        move = bot.choose(game.observe(state, seat), game.legal_moves(state, seat), rng)
        return int(inner.encoding.action_index(move))

    return choose


def play_deals(
    choose: Chooser, deals: int, first_seed: int = EVALUATION_SEED, observations: str = "unit"
) -> tuple[list[float], list[bool]]:
    """The learner's points in each of the deals of seeds ``first_seed`` to ``first_seed +
    deals - 1``, and whether it had the top score of each (alone or shared); ``choose`` is
    shown the observations named."""
    env = make_env(observations)
    points: list[float] = []
    tops: list[bool] = []
    for seed in range(first_seed, first_seed + deals):
        observation, _ = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            action = choose(env, observation)
            observation, reward, terminated, truncated, info = env.step(action)
            assert not info.get("illegal_action"), "the learner chose an illegal action"
            total += float(reward)
            done = terminated or truncated
        scores = env.unwrapped.game.scores(env.unwrapped.game_state)
        points.append(total)
        tops.append(scores[0] == max(scores))
    env.close()
    return points, tops


def evaluate(
    choose: Chooser, deals: int, first_seed: int = EVALUATION_SEED, observations: str = "unit"
) -> tuple[float, float]:
    """The learner's mean points over the deals of :func:`play_deals`, and its top-score rate."""
    points, tops = play_deals(choose, deals, first_seed, observations)
    return math.fsum(points) / deals, sum(tops) / deals


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=4096, help="learner moves to train for")
    parser.add_argument("--deals", type=int, default=200, help="deals to judge the agent on")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="a file to save the trained agent to (.zip)")
    parser.add_argument(
        "--observations",
        choices=list(OBSERVATIONS),
        default="unit",
        help="normalised to [0, 1] (unit) or [-1, 1] (symmetric), or the int8 values",
    )
    args = parser.parse_args(argv)

    kind = args.observations
    untrained = new_model(make_env(kind), args.steps, args.seed)
    before = evaluate(model_chooser(untrained), args.deals, observations=kind)
    model, seconds = train(args.steps, args.seed, observations=kind)
    after = evaluate(model_chooser(model), args.deals, observations=kind)
    rand = evaluate(random_chooser(args.seed), args.deals)
    print(f"trained {args.steps} steps in {seconds:.1f} s of CPU time")
    print(f"over {args.deals} deals: mean points, top-score rate")
    for name, (mean, rate) in (("untrained", before), ("trained", after), ("random", rand)):
        print(f"  {name:<10} {mean:6.2f}  {rate:.3f}")
    if args.save:
        model.save(args.save)
        print(f"saved to {args.save}")


if __name__ == "__main__":
    main()

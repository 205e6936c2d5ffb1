"""What MaskablePPO learns of one deal of 3-player Sticheln against two random players, beside
the game's heuristic bot and the random player in the learner's seat, in one run.

The agent is the one of ``examples/train_maskable_ppo.py`` (seat 0 of
``sticheln/Sticheln-v0``, ``episode="deal"``, observations normalised to [0, 1] unless
``--observations`` says otherwise). Every player is judged on
the same fixed deals (the seeds from 1,000,000 on, with the same random opponents' generators):
its mean points in the deal, and its top-score rate (the share of deals in which no opponent
scored more), each with a 95% interval. The untrained agent is judged first, then the agent
after each number of training steps given (training goes on from one to the next); the CPU
time of training (``time.process_time``, one torch thread) is printed beside each. Run it
with the ``train`` extra installed::

    python benchmarks/train_vs_random.py [--steps 20000,150000] [--deals 1000] [--seed 0]
        [--observations unit|symmetric|int8]
"""

from __future__ import annotations

import argparse
import math
import platform
import runpy
import statistics
import time
from pathlib import Path
from typing import Any

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_maskable_ppo.py"


def interval(values: list[float]) -> float:
    """The half-width of the 95% interval of the mean of ``values`` (normal approximation)."""
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def judge(
    example: dict[str, Any], choose: Any, deals: int, observations: str
) -> tuple[float, float, float, float]:
    """Mean points and top-score rate over ``deals`` fixed deals, each with its interval."""
    points, tops = example["play_deals"](choose, deals, observations=observations)
    rate = [float(top) for top in tops]
    return statistics.fmean(points), interval(points), statistics.fmean(rate), interval(rate)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--steps", default="20000,150000", help="training steps after which to judge, rising"
    )
    parser.add_argument("--deals", type=int, default=1000, help="evaluation deals")
    parser.add_argument("--seed", type=int, default=0, help="the seed of training")
    parser.add_argument(
        "--observations",
        choices=("unit", "symmetric", "int8"),
        default="unit",
        help="the agent's observations: normalised to [0, 1] or [-1, 1], or the int8 values",
    )
    args = parser.parse_args()
    kind = args.observations
    checkpoints = [int(step) for step in args.steps.split(",")]
    if checkpoints != sorted(set(checkpoints)) or checkpoints[0] <= 0:
        parser.error("--steps must be rising positive numbers, separated by commas")

    example = runpy.run_path(str(EXAMPLE))
    import sb3_contrib
    import torch

    print(
        f"python {platform.python_version()}, torch {torch.__version__}, sb3-contrib "
        f"{sb3_contrib.__version__}, {platform.machine()}"
    )
    print(
        f"3-player Sticheln, one deal, seat 0 against two random players, {args.deals} deals; "
        f"observations: {kind}"
    )
    print(f"{'player':<28} {'training CPU s':>14} {'mean points':>16} {'top-score rate':>18}")

    def show(name: str, seconds: str, figures: tuple[float, float, float, float]) -> None:
        mean, mean_ci, rate, rate_ci = figures
        print(
            f"{name:<28} {seconds:>14} {mean:>8.2f} ± {mean_ci:4.2f} {rate:>10.3f} ± {rate_ci:.3f}",
            flush=True,
        )

    show("random", "", judge(example, example["random_chooser"](args.seed), args.deals, kind))
    show("heuristic", "", judge(example, example["bot_chooser"]("heuristic"), args.deals, kind))
    model = example["new_model"](example["make_env"](kind), checkpoints[-1], args.seed)
    untrained = judge(example, example["model_chooser"](model), args.deals, kind)
    show("MaskablePPO, untrained", "", untrained)
    done, seconds = 0, 0.0
    for steps in checkpoints:
        model, spent = example["train"](steps - done, args.seed, model, kind)
        done, seconds = steps, seconds + spent
        figures = judge(example, example["model_chooser"](model), args.deals, kind)
        show(f"MaskablePPO, {steps} steps", f"{seconds:.0f}", figures)
    print(f"finished at {time.strftime('%Y-%m-%d %H:%M')}")


if __name__ == "__main__":
    main()

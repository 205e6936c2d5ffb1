"""A picture of an analysis: :func:`plot_analysis` draws, decision by decision, the analysed
player's expected score of the deal after the move it played and after the best move, with
their 95% intervals, as a PNG (the ``plot`` extra: matplotlib).

>>> import sticheln as st
>>> from sticheln.analysis import analyse
>>> from sticheln.analysis.chart import plot_analysis
>>> game = st.find_game("sticheln", "tiny")
>>> state = game.new_game(2, seed=3)
>>> while not game.is_over(state):
...     player = game.players_to_act(state)[0]
...     state = game.apply_move(state, game.legal_moves(state, player)[0])
>>> import io
>>> picture = io.BytesIO()
>>> plot_analysis(analyse(game.to_json(state), 0, samples=2, seed=1), picture)
>>> picture.getvalue()[:4]
b'\\x89PNG'
"""

from __future__ import annotations

from typing import IO, Any

from sticheln.analysis.decisions import Analysis

__all__ = ["plot_analysis"]


def plot_analysis(analysis: Analysis[Any], target: str | IO[bytes]) -> None:
    """Draw ``analysis`` as a PNG into ``target`` (a path or a binary file): for each
    decision, in the order made, the expected score of the deal after the move played and
    after the best move (the first of equal ones), each with its 95% interval, the moves'
    texts beside the points and the deals marked apart.

    :raises ImportError: if matplotlib (the ``plot`` extra) is not installed, naming the
        extra.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError as error:
        raise ImportError(
            f"sticheln.analysis.chart needs the plot extra, and {error.name or error} is not "
            'installed: pip install ".[plot]" in a checkout of sticheln',
            name="sticheln.analysis.chart",
        ) from None
    decisions = analysis.decisions
    x = list(range(1, len(decisions) + 1))
    played = [decision.value_of(decision.played) for decision in decisions]
    best = [decision.value_of(decision.best[0]) for decision in decisions]
    figure, axes = pyplot.subplots(figsize=(max(6.0, 0.45 * len(x) + 2), 4.2), dpi=100)
    try:
        for values, label, colour, shift in (
            (best, "best move", "#2a7", 0.12),
            (played, "move played", "#c33", -0.12),
        ):
            means = [value.mean for value in values]
            pairs = list(zip(means, values, strict=True))
            low = [m - (v.interval[0] if v.interval else m) for m, v in pairs]
            high = [(v.interval[1] if v.interval else m) - m for m, v in pairs]
            axes.errorbar(
                [i + shift for i in x],
                means,
                yerr=[low, high],
                fmt="o",
                color=colour,
                label=label,
                capsize=3,
                markersize=4,
            )
        for i, decision, value in zip(x, decisions, played, strict=True):
            if decision.loss > 0:
                axes.annotate(
                    decision.played_text,
                    (i - 0.12, value.mean),
                    textcoords="offset points",
                    xytext=(0, -12),
                    ha="center",
                    fontsize=7,
                    color="#c33",
                )
        for i in range(1, len(decisions)):
            if decisions[i].deal != decisions[i - 1].deal:
                axes.axvline(i + 0.5, color="#999", linewidth=0.8, linestyle=":")
        axes.set_xticks(x, [str(decision.number) for decision in decisions], fontsize=7)
        axes.set_xlabel("move number")
        axes.set_ylabel("expected score of the deal")
        axes.set_title(
            f"{analysis.game}: seat {analysis.player}, expected loss "
            f"{analysis.total_loss:.1f} points",
            fontsize=10,
        )
        axes.axhline(0, color="#ccc", linewidth=0.8)
        axes.legend(fontsize=8)
        figure.tight_layout()
        figure.savefig(target, format="png")
    finally:
        pyplot.close(figure)

"""The analysis of a recorded game: what each decision of one player was worth,
:func:`analyse`.

For every decision of the player (a move made when it had more than one legal move), the
hidden cards are drawn many times so that they agree with what the player saw then
(:meth:`Game.sample_state <sticheln.Game.sample_state>`), and in each such world every legal
move is valued (:mod:`sticheln.analysis.estimate`): exactly by the solver when its search of
the world finishes within a budget, else by a playout of the deal with the game's playout
policy. The mean over the worlds is a move's expected score of the deal, with a 95%
confidence interval; the played move's expected loss is the best mean minus the played move's
mean, its interval from the differences world by world (every move is valued in the same
worlds). :doc:`/analysis` explains it with a worked example.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

from sticheln.analysis.estimate import mean_interval, playout_values, policy_of, solved_values
from sticheln.analysis.solver import MODELS, Model
from sticheln.core.errors import SolverError, UnknownNameError, WrongTypeError, excerpt
from sticheln.core.explain import TrickExplanation
from sticheln.core.loading import RecordedGame, load_record
from sticheln.core.records import Record
from sticheln.core.setup import check_seat
from sticheln.core.wire import value_data

__all__ = [
    "ANALYSIS_FORMAT",
    "DEFAULT_BUDGET",
    "DEFAULT_SAMPLES",
    "MAX_SAMPLES",
    "SOLVER_SHARE",
    "Analysis",
    "Decision",
    "MoveValue",
    "analyse",
    "decision_numbers",
]

MoveT = TypeVar("MoveT")

DEFAULT_SAMPLES: Final = 20
"""The worlds drawn for each decision when neither ``samples`` nor ``time`` is given."""

DEFAULT_BUDGET: Final = 50_000
"""The positions the solver may search in one world before the analysis values the moves of
that world by playouts instead (about a quarter of a second for Sticheln; enough for the last
four tricks of four players)."""

ANALYSIS_FORMAT: Final = "sticheln-analysis"
"""The ``format`` field of an analysis as JSON (:meth:`Analysis.to_dict`)."""

MAX_SAMPLES: Final = 1_000_000
"""The most worlds a decision may ask for."""

SOLVER_SHARE: Final = 0.25
"""The share of a decision's time left (when ``time`` bounds the analysis) that the solver
may take in a world: one it does not finish within it leaves the rest of the time to
playouts, so that the decision still gets many worlds."""


@attrs.frozen
class MoveValue(Generic[MoveT]):
    """What one legal move was worth at a decision."""

    move: MoveT
    """The move."""
    text: str
    """The move's text (:meth:`Game.move_text <sticheln.Game.move_text>`): ``"B11"``."""
    mean: float
    """The player's expected score of the deal after the move: the mean of its values over
    the worlds drawn."""
    interval: tuple[float, float] | None
    """The 95% confidence interval of :attr:`mean` (Student's t), ``None`` from a single
    world; ``(mean, mean)`` when every world gave the same value."""


@attrs.frozen
class Decision(Generic[MoveT]):
    """One decision of the analysed player: the moves it had, what each was worth, and what
    the move it made cost."""

    number: int
    """The move's number in the record, from 1 (as ``sticheln replay --step`` counts)."""
    deal: int
    """The deal in which it was made (:meth:`Game.deal_number <sticheln.Game.deal_number>`),
    from 0."""
    played: MoveT
    """The move the player made."""
    played_text: str
    """Its text."""
    values: tuple[MoveValue[MoveT], ...]
    """Every legal move with its value, in the order of :meth:`Game.legal_moves
    <sticheln.Game.legal_moves>`."""
    best: tuple[MoveT, ...]
    """The moves of the highest mean (several when they tie), in the order of the legal
    moves."""
    loss: float
    """The played move's expected loss: the highest mean less the played move's mean (0 when
    it is one of :attr:`best`)."""
    loss_interval: tuple[float, float] | None
    """The 95% confidence interval of :attr:`loss`, from the differences between the best
    move and the played move world by world; ``None`` from a single world."""
    samples: int
    """The worlds drawn."""
    solved: int
    """The worlds in which the solver valued the moves exactly; the others were valued by
    playouts."""
    trick: TrickExplanation | None
    """How the trick went that the played move went into, as the game explains it (the
    first trick taken from this move on in the deal, which holds the move's card when the
    move has one); ``None`` if none was taken in the record."""

    @property
    def best_texts(self) -> tuple[str, ...]:
        """The texts of :attr:`best`."""
        return tuple(value.text for value in self.values if value.move in self.best)

    def value_of(self, move: MoveT) -> MoveValue[MoveT]:
        """The value of ``move``, one of the legal moves.

        :raises KeyError: for a move that was not legal here.
        """
        for value in self.values:
            if value.move == move:
                return value
        raise KeyError(f"{excerpt(move)} was not a legal move of decision {self.number}")

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON-safe data: moves in the wire format (``move.to_dict()``)
        beside their texts."""
        return {
            "number": self.number,
            "deal": self.deal,
            "played": _move_data(self.played),
            "played_text": self.played_text,
            "moves": [
                {
                    "move": _move_data(value.move),
                    "text": value.text,
                    "mean": value.mean,
                    "interval": _pair(value.interval),
                }
                for value in self.values
            ],
            "best": list(self.best_texts),
            "loss": self.loss,
            "loss_interval": _pair(self.loss_interval),
            "samples": self.samples,
            "solved": self.solved,
            "trick": None if self.trick is None else value_data(self.trick),
        }


@attrs.frozen
class Analysis(Generic[MoveT]):
    """What :func:`analyse` found: every decision of :attr:`player` in a recorded game."""

    game: str
    """The game's name (:attr:`GameInfo.name <sticheln.GameInfo.name>`)."""
    rules: str
    """The name of the record's rules."""
    player: int
    """The seat analysed."""
    model: Model
    """How the solver took the others to play (:func:`~sticheln.analysis.solve`)."""
    seed: int
    """The seed the worlds were drawn from: the same seed, record and settings give the same
    analysis (with ``samples``; a ``time`` makes the number of worlds depend on the
    machine)."""
    budget: int
    """The positions the solver could search in one world."""
    decisions: tuple[Decision[MoveT], ...]
    """The player's decisions, in the order made."""

    @property
    def total_loss(self) -> float:
        """The sum of the decisions' expected losses: the points the player's choices cost
        in expectation."""
        return math.fsum(decision.loss for decision in self.decisions)

    def costly(self, count: int | None = None) -> tuple[Decision[MoveT], ...]:
        """The decisions whose played move cost something (:attr:`Decision.loss` above 0),
        the costliest first (of equal losses, the earlier first); the first ``count`` of
        them when it is given."""
        ranked = sorted(
            (decision for decision in self.decisions if decision.loss > 0),
            key=lambda decision: (-decision.loss, decision.number),
        )
        return tuple(ranked if count is None else ranked[: max(0, count)])

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON-safe data, the decisions in the order made (``"costly"``
        lists the numbers of the costly ones, costliest first)."""
        return {
            "format": ANALYSIS_FORMAT,
            "version": 1,
            "game": self.game,
            "rules": self.rules,
            "player": self.player,
            "model": self.model,
            "seed": self.seed,
            "budget": self.budget,
            "total_loss": self.total_loss,
            "decisions": [decision.to_dict() for decision in self.decisions],
            "costly": [decision.number for decision in self.costly()],
        }


def _move_data(move: Any) -> Any:
    to_dict = getattr(move, "to_dict", None)
    return to_dict() if callable(to_dict) else str(move)


def _pair(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else [interval[0], interval[1]]


def _recorded(record: object) -> RecordedGame[Any, Any]:
    if isinstance(record, RecordedGame):
        return record
    if isinstance(record, Record):
        return load_record(record.to_json())
    if isinstance(record, str | bytes):
        return load_record(record)
    raise WrongTypeError(
        "record must be a recorded game (sticheln.load_record), a game's record or its JSON "
        f"text, got {excerpt(record)}"
    )


def _check_settings(
    samples: object, time_limit: object, seed: object, model: object, budget: object
) -> None:
    if samples is not None:
        if type(samples) is not int:
            raise WrongTypeError(f"samples must be an int or None, got {excerpt(samples)}")
        if not 1 <= samples <= MAX_SAMPLES:
            raise SolverError(
                f"samples must be from 1 to {MAX_SAMPLES:,} worlds a decision, "
                f"got {excerpt(samples)}"
            )
    if time_limit is not None:
        if type(time_limit) not in (int, float):
            raise WrongTypeError(
                f"time must be a number of seconds or None, got {excerpt(time_limit)}"
            )
        assert isinstance(time_limit, int | float)
        if not 0 < time_limit < math.inf:
            raise SolverError(f"time must be a positive number of seconds, got {time_limit!r}")
    if seed is not None and type(seed) is not int:
        raise WrongTypeError(f"seed must be an int or None, got {excerpt(seed)}")
    if not isinstance(model, str):
        raise WrongTypeError(f"model must be a string, got {excerpt(model)}")
    if model not in MODELS:
        raise UnknownNameError(f"no model {excerpt(model)}; known models: paranoid, maxn")
    if type(budget) is not int:
        raise WrongTypeError(f"budget must be a number of positions (an int), got {budget!r}")
    if budget < 1:
        raise SolverError(f"budget must be at least 1 position, got {budget!r}")


def analyse(
    record: RecordedGame[Any, MoveT] | Record[Any, MoveT, Any] | str | bytes,
    player: int,
    *,
    samples: int | None = None,
    time: float | None = None,
    seed: int | None = None,
    model: Model = "paranoid",
    budget: int = DEFAULT_BUDGET,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis[MoveT]:
    """Analyse every decision of the seat ``player`` in a recorded game: the expected score
    of the deal of each legal move, what the move played cost, and the best move.

    ``record`` is a game read by :func:`sticheln.load_record`, a game's record
    (:class:`~sticheln.StichelnRecord` and the like) or a record's JSON text. A *decision* is
    a move of ``player`` in the record made when it had more than one legal move.

    At each decision the worlds are drawn from what ``player`` saw then
    (:meth:`Game.sample_state <sticheln.Game.sample_state>`): the others' hands, and what
    else was hidden, at random among what agrees with it. In each world every legal move is
    valued as a score of the deal in progress for ``player`` (as :func:`solve` values it):

    - exactly, by :func:`solve` under ``model``, when one player acts at a time for the rest
      of the deal and the search finishes within ``budget`` positions;
    - else by one playout of the rest of the deal after the move, every player playing the
      game's playout policy (the one the ISMCTS bot plays its playouts with), an estimate
      that takes no account of what the others know.

    The solver is tried in the first world of a decision; from the first world in which it
    does not finish, the decision's worlds are valued by playouts (:attr:`Decision.solved`
    counts the worlds solved). With a ``time``, a world's search may take only
    :data:`SOLVER_SHARE` of the decision's time left, so that one that does not finish
    leaves the rest to playouts. When nothing is hidden any more, every world is the state
    itself and the values are those of :func:`solve`.

    ``samples`` worlds are drawn for each decision (:data:`DEFAULT_SAMPLES` when neither it
    nor ``time`` is given); ``time`` bounds the seconds of the whole analysis, shared equally
    among the decisions (each gets at least one world). ``seed`` makes the worlds, and the
    playouts, reproducible: each decision draws from a generator of its own, seeded from
    ``seed`` and the move's number, so its values do not depend on the others. ``progress``,
    when given, is called with ``(decisions done, decisions)`` before the first decision and
    after each one.

    :raises RecordError: for record text that is not a valid record of a registered game.
    :raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises UnknownNameError: for a ``model`` that is not ``"paranoid"`` or ``"maxn"``.
    :raises SolverError: for ``samples`` outside 1 to :data:`MAX_SAMPLES`, a ``time`` that is
        not a positive number of seconds, or a ``budget`` below 1.
    :raises WrongTypeError: for a ``record``, ``player``, ``samples``, ``time``, ``seed``,
        ``model`` or ``budget`` of the wrong type.
    """
    recorded = _recorded(record)
    game = recorded.game
    states = list(recorded.states())
    check_seat(player, len(game.scores(states[0])))
    _check_settings(samples, time, seed, model, budget)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if samples is None and time is None:
        samples = DEFAULT_SAMPLES
    moves = recorded.moves
    numbers = _decision_numbers(game, states, moves, player)
    policy = policy_of(game)
    share = None if time is None else time / max(1, len(numbers))
    decisions = []
    if progress is not None:
        progress(0, len(numbers))
    for done, number in enumerate(numbers, start=1):
        state = states[number - 1]
        rng = random.Random(f"sticheln-analysis/{seed}/{number}")
        deadline = None if share is None else _clock() + share
        worlds = _values(game, state, player, rng, samples, deadline, model, budget, policy)
        decisions.append(_decision(game, states, moves, number, worlds))
        if progress is not None:
            progress(done, len(numbers))
    return Analysis(
        game=game.info.name,
        rules=game.info.rules_name,
        player=player,
        model=model,
        seed=seed,
        budget=budget,
        decisions=tuple(decisions),
    )


def decision_numbers(
    record: RecordedGame[Any, Any] | Record[Any, Any, Any] | str | bytes, player: int
) -> tuple[int, ...]:
    """The numbers (from 1) of the moves in a recorded game that are decisions of the seat
    ``player``: its moves made when it had more than one legal move, the ones :func:`analyse`
    values (so a time for the whole analysis can be worked out from a time per decision).

    >>> import sticheln as st
    >>> from sticheln.analysis import decision_numbers
    >>> state = st.new_game(players=3, seed=5)
    >>> for _ in range(3):
    ...     state = st.apply_move(state, st.legal_moves(state, state.players_to_act[0])[0])
    >>> decision_numbers(st.StichelnRecord.from_state(state).to_json(), 1)
    (2,)

    :raises RecordError: for record text that is not a valid record of a registered game.
    :raises UnknownPlayerError: if ``player`` is not a seat of the game.
    :raises WrongTypeError: for a ``record`` or ``player`` of the wrong type.
    """
    recorded = _recorded(record)
    states = list(recorded.states())
    check_seat(player, len(recorded.game.scores(states[0])))
    return tuple(_decision_numbers(recorded.game, states, recorded.moves, player))


def _decision_numbers(
    game: Any, states: Sequence[Any], moves: Sequence[Any], player: int
) -> list[int]:
    """The numbers (from 1) of ``player``'s moves made with more than one legal move."""
    return [
        number
        for number, move in enumerate(moves, start=1)
        if game.player_of(move) == player and len(game.legal_moves(states[number - 1], player)) > 1
    ]


_clock = time.perf_counter


@attrs.frozen
class _Worlds:
    """The values of the legal moves of a decision, world by world."""

    moves: tuple[Any, ...]
    values: tuple[tuple[int, ...], ...]
    """One tuple per world: each move's value, in the order of :attr:`moves`."""
    solved: int


def _values(
    game: Any,
    state: Any,
    player: int,
    rng: random.Random,
    samples: int | None,
    deadline: float | None,
    model: Model,
    budget: int,
    policy: Any,
) -> _Worlds:
    """The legal moves of ``player`` in ``state`` valued in worlds drawn from its view, until
    ``samples`` worlds are done or ``deadline`` passes (after one world at least)."""
    view = game.observe(state, player)
    legal = tuple(game.legal_moves(state, player))
    rows: list[tuple[int, ...]] = []
    solved = 0
    solving = True
    while (samples is None or len(rows) < samples) and (
        not rows or deadline is None or _clock() < deadline
    ):
        world = game.sample_state(view, rng)
        values = None
        if solving:
            left = None if deadline is None else max(1e-3, (deadline - _clock()) * SOLVER_SHARE)
            values = solved_values(
                game, world, player, legal, model=model, budget=budget, time_limit=left
            )
            solving = values is not None
        if values is None:
            values = playout_values(game, world, player, legal, policy, rng)
        else:
            solved += 1
        rows.append(values)
    return _Worlds(legal, tuple(rows), solved)


def _decision(
    game: Any, states: Sequence[Any], moves: Sequence[Any], number: int, worlds: _Worlds
) -> Decision[Any]:
    """The :class:`Decision` of move ``number`` (from 1) from its moves' values by world."""
    played = moves[number - 1]
    legal = worlds.moves
    columns = list(zip(*worlds.values, strict=True))
    totals = [sum(column) for column in columns]
    top = max(totals)
    best_index = totals.index(top)
    played_index = legal.index(played)
    values = []
    for move, column in zip(legal, columns, strict=True):
        mean, interval = mean_interval(column)
        values.append(MoveValue(move, game.move_text(move), mean, interval))
    differences = [row[best_index] - row[played_index] for row in worlds.values]
    loss, loss_interval = mean_interval(differences)
    return Decision(
        number=number,
        deal=game.deal_number(states[number - 1]),
        played=played,
        played_text=game.move_text(played),
        values=tuple(values),
        best=tuple(move for move, total in zip(legal, totals, strict=True) if total == top),
        loss=loss,
        loss_interval=loss_interval,
        samples=len(worlds.values),
        solved=worlds.solved,
        trick=_trick(game, states, moves, number),
    )


def _trick(
    game: Any, states: Sequence[Any], moves: Sequence[Any], number: int
) -> TrickExplanation | None:
    """How the trick went that move ``number`` went into, from the events of the record as
    the move's player saw them: the first trick explained from that move on in its deal that
    holds the move's card (any, for a move without a card)."""
    player = game.player_of(moves[number - 1])
    card = getattr(moves[number - 1], "card", None)
    deal = game.deal_number(states[number - 1])
    for index in range(number - 1, len(moves)):
        if game.deal_number(states[index]) != deal:
            break
        for event in game.events(states[index], moves[index], player):
            explanation = getattr(event, "explanation", None)
            if isinstance(explanation, TrickExplanation) and (
                card is None or card in explanation.cards
            ):
                return explanation
    return None

"""Perfect-information Monte Carlo: :class:`PIMCBot`, for every game of the library."""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Sequence
from typing import Any, Final, Generic, TypeVar

from sticheln.analysis.estimate import solved_values
from sticheln.analysis.solver import MODELS, Model
from sticheln.bots.base import Bot, OptionParser, make_bot, parse_int, parse_positive_int
from sticheln.bots.ismcts import (
    MAX_TIME_LIMIT,
    ISMCTSBot,
    parse_bot_name,
    parse_seconds,
    time_limit_option,
)
from sticheln.core.errors import excerpt
from sticheln.core.protocol import Game

__all__ = [
    "DEFAULT_PIMC_BUDGET",
    "DEFAULT_PIMC_SAMPLES",
    "MIN_WORLDS",
    "PIMC_OPTIONS",
    "TRIAL_SHARE",
    "PIMCBot",
    "make_pimc_bot",
    "make_pimc_bot_from_options",
]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT", bound=Hashable)
ViewT = TypeVar("ViewT")

DEFAULT_PIMC_SAMPLES: Final = 20
"""The worlds a :class:`PIMCBot` without a time limit solves for a move."""

TRIAL_SHARE: Final = 0.25
"""The share of its time limit a :class:`PIMCBot` gives the solver in the first world of a
decision, before it hands the decision to its early bot with the time left."""

MIN_WORLDS: Final = 8
"""The fewest worlds a :class:`PIMCBot` with a time limit must be able to solve in its time,
judged by the first, for it to decide by them; else the early bot decides."""

DEFAULT_PIMC_BUDGET: Final = 20_000
"""The positions a :class:`PIMCBot` without a time limit lets the solver search in the first
world of a decision before it hands the decision to its early bot: about a tenth of a second
of the Python solver (:func:`~sticheln.analysis.solve`, one to two hundred thousand positions
a second), a few milliseconds of Sticheln's compiled solver (ten million or more). A bot with
a time limit has no such default: its time decides."""


class PIMCBot(Generic[StateT, MoveT, ViewT]):
    """Perfect-information Monte Carlo, written once against the :class:`~sticheln.Game`
    protocol: it draws worlds that agree with its view (:meth:`Game.sample_state
    <sticheln.Game.sample_state>`), solves each exactly with the solver
    (:func:`~sticheln.analysis.solve`, under ``model``), and plays the move of the best mean
    value over the worlds (the first of equal ones in the order of the legal moves). A game's
    faster search of the values (:attr:`GameInfo.solver_values
    <sticheln.GameInfo.solver_values>`: Sticheln's compiled solver, with the ``fast`` extra)
    answers in its place where it handles the world.

    The solver is fast only near the end of a deal. When the first world of a decision does
    not solve within ``budget`` positions, or several players act at once (which the solver
    does not search), the decision goes to the ``early`` bot, by default an
    :class:`~sticheln.bots.ISMCTSBot` of the same seed, which gets the time left: ISMCTS early
    in a deal, PIMC late. With a time limit, the first world gets :data:`TRIAL_SHARE` of the
    time, and the bot decides by the solver only if the first world took little enough time
    for :data:`MIN_WORLDS` worlds. So as not to spend time in vain, the bot remembers the
    fewest moves left in a deal (counted by a random playout of the world) that it could not
    solve so, and hands a decision with at least as many moves left to the early bot at once.

    The search stops after ``samples`` worlds or ``time_limit`` seconds, whichever comes
    first (with neither, :data:`DEFAULT_PIMC_SAMPLES` worlds); the first world is always
    solved. ``budget`` bounds the positions of the first world; by default a bot with a time
    limit has none, and one without gets :data:`DEFAULT_PIMC_BUDGET`. With a number of worlds
    the bot is deterministic given ``seed`` and the generator passed to :meth:`choose`.

    Every world is solved as if each player knew every hand: the bot does not play to hide or
    to find out cards (the known weakness of the method, *strategy fusion*).

    >>> import random
    >>> import sticheln as st
    >>> from sticheln.bots import PIMCBot
    >>> game = st.find_game("sticheln", "tiny")
    >>> state = game.new_game(3, seed=2)
    >>> for player in (0, 1, 2):  # the pain cards
    ...     state = game.apply_move(state, game.legal_moves(state, player)[0])
    >>> player = game.players_to_act(state)[0]
    >>> bot = PIMCBot(game, samples=10, seed=1)
    >>> move = bot.choose(game.observe(state, player), game.legal_moves(state, player),
    ...                   random.Random(0))
    >>> move in game.legal_moves(state, player), bot.last_solved
    (True, 10)
    """

    def __init__(
        self,
        game: Game[StateT, MoveT, ViewT],
        *,
        samples: int | None = None,
        time_limit: float | None = None,
        seed: int | None = None,
        model: Model = "paranoid",
        budget: int | None = None,
        early: Bot[ViewT, MoveT] | None = None,
    ) -> None:
        if samples is not None and (type(samples) is not int or samples < 1):
            raise ValueError(f"samples must be a positive int or None, got {excerpt(samples)}")
        if time_limit is not None and not 0 < time_limit <= MAX_TIME_LIMIT:
            raise ValueError(
                f"time_limit must be positive seconds of at most {MAX_TIME_LIMIT:g} or None, "
                f"got {excerpt(time_limit)}"
            )
        if model not in MODELS:
            raise ValueError(f"model must be 'paranoid' or 'maxn', got {excerpt(model)}")
        if budget is not None and (type(budget) is not int or budget < 1):
            raise ValueError(f"budget must be a positive int or None, got {excerpt(budget)}")
        self.game = game
        """The game the bot plays."""
        self.samples = DEFAULT_PIMC_SAMPLES if samples is None and time_limit is None else samples
        """The most worlds solved for a move, or ``None`` for no such bound."""
        self.time_limit = time_limit
        """The longest time of a decision in seconds, or ``None`` for no such bound."""
        self.seed = seed
        """Mixed into the random generator of every decision, when not ``None``."""
        self.model = model
        """How the solver takes the others to play."""
        if budget is None and time_limit is None:
            budget = DEFAULT_PIMC_BUDGET
        self.budget = budget
        """The positions the solver may search in the first world of a decision, or ``None``
        for no such bound (the time decides)."""
        self.early: Bot[ViewT, MoveT] = (
            ISMCTSBot(game, time_limit=time_limit, seed=seed) if early is None else early
        )
        """The bot of the decisions the solver does not take."""
        self.last_solved = 0
        """The worlds solved for the latest decision (0: it went to the early bot)."""
        self._unsolved_length: int | None = None
        # The fewest moves left in a deal of a world that the solver did not solve within
        # the budget.

    def __repr__(self) -> str:
        return (
            f"PIMCBot({self.game.name!r}, samples={self.samples!r}, "
            f"time_limit={self.time_limit!r}, seed={self.seed!r}, model={self.model!r}, "
            f"budget={self.budget!r})"
        )

    def choose(self, view: ViewT, moves: Sequence[MoveT], rng: random.Random) -> MoveT:
        """The move of the best mean value over the worlds solved, or the early bot's move
        (see the class description)."""
        self.last_solved = 0
        if len(moves) == 1:
            return moves[0]
        start = time.perf_counter()
        deadline = None if self.time_limit is None else start + self.time_limit
        if self.seed is not None:
            rng = random.Random(self.seed * 2**64 + rng.getrandbits(64))
        game = self.game
        player = game.viewer(view)
        totals = [0] * len(moves)
        while self.samples is None or self.last_solved < self.samples:
            now = time.perf_counter()
            left = None if deadline is None else deadline - now
            if left is not None and left <= 0 and self.last_solved:
                break
            world = game.sample_state(view, rng)
            if not self.last_solved:
                values = self._first(world, player, moves, rng, now, deadline)
                if values is None:
                    return self._early(view, moves, rng, deadline)
            else:
                values = solved_values(
                    game,
                    world,
                    player,
                    moves,
                    model=self.model,
                    budget=None,
                    time_limit=None if left is None else max(left, 1e-3),
                )
                if values is None:
                    break  # out of time in a later world: the worlds solved decide
            self.last_solved += 1
            totals = [total + value for total, value in zip(totals, values, strict=True)]
        return moves[totals.index(max(totals))]

    def _first(
        self,
        world: Any,
        player: int,
        moves: Sequence[MoveT],
        rng: random.Random,
        start: float,
        deadline: float | None,
    ) -> tuple[int, ...] | None:
        """The values of ``moves`` in the first world of a decision, or ``None`` when the
        decision goes to the early bot: the deal is as long as one not solved before, or the
        solver does not finish within the budget and :data:`TRIAL_SHARE` of the time, or it
        finishes too slowly to solve :data:`MIN_WORLDS` worlds in the time."""
        game = self.game
        length = _moves_left(game, world, rng)
        if self._unsolved_length is not None and length >= self._unsolved_length:
            return None
        trial = None if self.time_limit is None else self.time_limit * TRIAL_SHARE
        values = solved_values(
            game, world, player, moves, model=self.model, budget=self.budget, time_limit=trial
        )
        spent = time.perf_counter() - start
        too_slow = deadline is not None and spent * MIN_WORLDS > deadline - start
        if values is None or too_slow:
            if len(game.players_to_act(world)) == 1:
                known = self._unsolved_length
                self._unsolved_length = length if known is None else min(known, length)
            return None
        return values

    def _early(
        self, view: ViewT, moves: Sequence[MoveT], rng: random.Random, deadline: float | None
    ) -> MoveT:
        """The early bot's move; an ISMCTS bot gets the time left."""
        early = self.early
        if isinstance(early, ISMCTSBot) and deadline is not None:
            early.time_limit = max(1e-3, deadline - time.perf_counter())
        return early.choose(view, moves, rng)


def _moves_left(game: Game[Any, Any, Any], world: Any, rng: random.Random) -> int:
    """The moves of a random playout of the deal in progress of ``world``, to its end."""
    deal = game.deal_number(world)
    state, count = world, 0
    while not game.is_over(state) and game.deal_number(state) == deal:
        player = game.players_to_act(state)[0]
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
        count += 1
    return count


def make_pimc_bot(game: Game[Any, Any, Any], **options: Any) -> PIMCBot[Any, Any, Any]:
    """``PIMCBot(game, **options)``: the bot of ``make_bot("pimc", game)``."""
    return PIMCBot(game, **options)


def _model(text: str) -> str:
    if text.lower() not in MODELS:
        raise ValueError("must be paranoid or maxn")
    return text.lower()


PIMC_OPTIONS: dict[str, OptionParser] = {
    "time": parse_seconds,
    "time_limit": parse_seconds,
    "samples": parse_positive_int,
    "seed": parse_int,
    "model": _model,
    "budget": parse_positive_int,
    "early": parse_bot_name,
}
"""The options of ``pimc`` in a bot spec (``pimc:time=0.5:seed=3``), with the parsers of
their values: ``time`` (or ``time_limit``) in seconds and ``samples`` bound the search of a
move, ``seed`` seeds it, ``model`` is ``paranoid`` or ``maxn``, ``budget`` the solver's
positions in the first world (by default none with a time limit, else
:data:`DEFAULT_PIMC_BUDGET`), and ``early`` names the registered bot of the decisions the
solver does not take (by default ISMCTS, given the time left)."""


def make_pimc_bot_from_options(game: Game[Any, Any, Any], **options: Any) -> PIMCBot[Any, Any, Any]:
    """The bot of a spec ``pimc:key=value:...``: :class:`PIMCBot` with the parsed
    :data:`PIMC_OPTIONS` (the factory :func:`~sticheln.bots.make_bot` calls).

    >>> from sticheln import StichelnGame
    >>> from sticheln.bots.pimc import make_pimc_bot_from_options
    >>> bot = make_pimc_bot_from_options(StichelnGame(), time=0.5, early="heuristic")
    >>> bot.time_limit, bot.samples, type(bot.early).__name__
    (0.5, None, 'HeuristicBot')

    :raises ValueError: if both ``time`` and ``time_limit`` are given.
    """
    time_limit_option(options)
    early = options.pop("early", None)
    if early is not None and early != "ismcts":
        options["early"] = make_bot(str(early), game)
    return make_pimc_bot(game, **options)

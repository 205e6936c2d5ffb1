"""Playing the games of a tournament: one game between bots, and a batch of games as one task
for a worker."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from sticheln.bots import Bot, make_bot
from sticheln.core.protocol import Game
from sticheln.games import find_game
from sticheln.tournament.description import Tournament
from sticheln.tournament.errors import VersionMismatchError

__all__ = ["GameResult", "PlayedGame", "check_tournament", "play_batch", "play_game"]


@attrs.frozen
class PlayedGame:
    """How one game between bots went: the final scores and winners by seat, and the CPU
    time, decisions and search iterations of each seat's bot."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    thinking: tuple[float, ...]
    """CPU seconds each seat's bot spent choosing its moves."""
    decisions: tuple[int, ...]
    """The moves each seat's bot chose."""
    iterations: tuple[int, ...]
    """The search iterations of each seat's bot (``last_iterations`` of a searching bot,
    summed over its decisions); 0 for a bot that does not search."""


def play_game(
    game: Game[Any, Any, Any],
    bots: Sequence[Bot[Any, Any]],
    seed: int,
    rng: random.Random,
    on_move: Callable[[Any, int, Any], None] | None = None,
) -> PlayedGame:
    """Play one whole game between ``bots`` (one per seat) dealt from ``seed``, the bots
    choosing with ``rng``. The same seed and generator give the same game. ``on_move``,
    if given, is called with the state, the player and the move each bot chose, before the
    move is made."""
    n = len(bots)
    thinking, decisions, iterations = [0.0] * n, [0] * n, [0] * n
    state = game.new_game(n, seed=seed)
    while not game.is_over(state):
        player = game.players_to_act(state)[0]
        moves = game.legal_moves(state, player)
        bot = bots[player]
        start = time.thread_time()
        move = bot.choose(game.observe(state, player), moves, rng)
        thinking[player] += time.thread_time() - start
        decisions[player] += 1
        iterations[player] += getattr(bot, "last_iterations", 0)
        if on_move is not None:
            on_move(state, player, move)
        state = game.apply_move(state, move)
    return PlayedGame(
        tuple(game.scores(state)),
        tuple(game.winners(state)),
        tuple(thinking),
        tuple(decisions),
        tuple(iterations),
    )


@attrs.frozen
class GameResult:
    """One game of a tournament, as a row of its results: which game, its seeds, the bots on
    each seat, the outcome and the CPU time it took."""

    index: int
    """The game's index in the tournament."""
    deal: int
    rotation: int
    seed: int
    """The seed the cards were dealt from (:meth:`Tournament.deal_seed`)."""
    bot_seed: int
    """The seed of the bots' generator (:meth:`Tournament.bot_seed`)."""
    seated: tuple[int, ...]
    """The entry of the bot list on each seat."""
    bots: tuple[str, ...]
    """The bot spec on each seat."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    cpu_seconds: float
    """The CPU time of the thread that played the game, bots and rules together."""
    thinking: tuple[float, ...]
    """CPU seconds each seat's bot spent choosing."""
    decisions: tuple[int, ...]
    iterations: tuple[int, ...]

    @property
    def outcome(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The scores, the winners and the entries by seat: what the statistics of
        ``sticheln simulate`` read, and what does not depend on where the game was played."""
        return self.scores, self.winners, self.seated


def make_bots(tournament: Tournament, game: Game[Any, Any, Any]) -> list[Bot[Any, Any]]:
    """One bot per entry of the bot list, fresh."""
    return [make_bot(spec, game) for spec in tournament.bots]


def check_tournament(tournament: Tournament) -> Game[Any, Any, Any]:
    """The tournament's game, after checking that its rules are for that many players and
    that every bot exists, takes its options and plays the game.

    :raises UnknownNameError: for an unknown game, rules preset or bot.
    :raises BotSpecError: for a bot option that the bot does not take, or a bad value.
    :raises SetupError: for a number of players the rules have no deck for.
    """
    from sticheln.core.errors import SetupError

    game = find_game(tournament.game, tournament.rules)
    info = game.info
    if tournament.players not in info.player_counts:
        raise SetupError(
            f"{info.title} with rules {info.rules_name!r} is for "
            f"{', '.join(map(str, info.player_counts))} players, not {tournament.players}"
        )
    make_bots(tournament, game)
    return game


def play_tournament_game(
    tournament: Tournament, game: Game[Any, Any, Any], index: int
) -> GameResult:
    """Play game ``index`` of the tournament, with fresh bots."""
    seated = tournament.seated(index)
    specs = tuple(tournament.bots[entry] for entry in seated)
    bots = [make_bot(spec, game) for spec in specs]
    seed = tournament.deal_seed(tournament.deal_of(index))
    bot_seed = tournament.bot_seed(index)
    start = time.thread_time()
    played = play_game(game, bots, seed, random.Random(bot_seed))
    return GameResult(
        index=index,
        deal=tournament.deal_of(index),
        rotation=tournament.rotation_of(index),
        seed=seed,
        bot_seed=bot_seed,
        seated=seated,
        bots=specs,
        scores=played.scores,
        winners=played.winners,
        cpu_seconds=time.thread_time() - start,
        thinking=played.thinking,
        decisions=played.decisions,
        iterations=played.iterations,
    )


def play_batch(
    tournament: Tournament, indices: Iterable[int], version: str | None = None
) -> list[GameResult]:
    """Play the games of the tournament with these indices: one task for a worker. With
    ``version``, the worker first checks that it runs that version of sticheln.

    :raises VersionMismatchError: when the worker's sticheln is another version.
    """
    if version is not None:
        check_version(version)
    game = find_game(tournament.game, tournament.rules)
    return [play_tournament_game(tournament, game, index) for index in indices]


def installed_version() -> str:
    """The version of sticheln this process runs."""
    from sticheln import __version__

    return str(__version__)


def check_version(expected: str) -> None:
    """:raises VersionMismatchError: when this process runs another version of sticheln
    than ``expected``."""
    mine = installed_version()
    if mine != expected:
        raise VersionMismatchError(
            f"this worker runs sticheln {mine}, and the tournament was started with "
            f"sticheln {expected}: install the same version on every worker"
        )

"""The conformance suite of the game protocol: :func:`check_game` plays random whole games of
any :class:`~sticheln.Game` and checks, at every step, what the protocol promises.

It is the one test that every game of the library passes, written once against the protocol,
like OpenSpiel's ``random_sim_test`` or PettingZoo's ``api_test``. A game from another package
calls it in its own tests::

    def test_my_game_conforms():
        check_game(MyGame())

On the first check that fails it raises :exc:`ConformanceError`, an :exc:`AssertionError`
whose message names the game, the rules, the player count, the seed, the move number and the
check (one of :data:`CHECKS`); otherwise it returns a :class:`CheckReport`.

>>> from sticheln import find_game
>>> from sticheln.testing import check_game
>>> report = check_game(find_game("sticheln"), games=1, presets=False)
>>> report.game, report.games, [case.players for case in report.cases]
('sticheln', 4, [3, 4, 5, 6])
"""

from __future__ import annotations

import functools
import json
import random
import re
import reprlib
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

import attrs

from sticheln.core.errors import IllegalMoveError, NotProvidedError, WrongTypeError, excerpt
from sticheln.core.explain import ScoreExplanation, TrickExplanation
from sticheln.core.protocol import SPECTATOR, Game
from sticheln.core.registry import GAME_NAMES, find_game
from sticheln.core.wire import HEADER, WIRE_VERSION, WireValue

__all__ = ["CHECKS", "CaseReport", "CheckReport", "ConformanceError", "check_game"]

CHECKS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "info": "the game's info agrees with the game: name, player counts (ascending), "
        "presets (the default among them, each one found under its name)",
        "new-game": "two games started with the same seed are equal",
        "state-equality": "a state equals itself and its twin, the state that the same moves "
        "make from the same seed",
        "state-hash": "a hashable state hashes like its twin; states are hashable in every "
        "position or in none (hash raises TypeError)",
        "immutable": "applying a move (legal or not), listing moves, observing and sampling "
        "leave the state equal to its twin",
        "players-to-act": "distinct seats in ascending order, and none exactly when the game "
        "is over",
        "legal-moves": "distinct, hashable moves of their player (player_of) for each player "
        "to act, and none for anyone else",
        "legal-move-applies": "apply_move accepts every legal move",
        "move-text": "move_text names each of a player's legal moves differently, and "
        "parse_move reads each name back to its move",
        "parse-move": "parse_move raises the illegal-move error for the text of a move the "
        "player cannot make now",
        "illegal-move": "apply_move and events raise the illegal-move error for a move of a "
        "player who is not to act, for a move made again where it is no longer legal, and for "
        "any move once the game is over",
        "view": "observe(state, p) is p's view (viewer), and equal states give equal views",
        "sample-state": "a state sampled from p's view gives p the same view and the same "
        "legal moves (two samples with independent generators), and plays to the end",
        "record": "from_json(to_json(state)) is the state, and replay_from_json(to_json(state)) "
        "gives a first state and moves that replay to it",
        "wire": "every fourth move: a seat's view, legal moves and the move made round-trip "
        "through JSON (to_dict, view_from_dict, move_from_dict), and so do a seat's events of "
        "the move (from_dict), also at every move that ends a deal; at the end, every seat's "
        "view and the finished deals it holds; the JSON of each is the header (game: the "
        "game's name, type, version), then the fields of its attrs class",
        "events": "every fourth move for one seat and the seat after the mover, and at every "
        "move that ends a deal for every seat: the seat's events of the move are not empty, the "
        "first names the mover as its player, and none names a card that the seat's view after "
        "the move does not show; for the one seat, a state sampled from its view that leaves it "
        "the same view after the move gives the same events",
        "spectator": "every fourth move: observe(state, SPECTATOR) is a view of SPECTATOR that "
        "round-trips through JSON and is unchanged when the state is sampled from a seat's "
        "view; the spectator's events of the move round-trip and name no card that "
        "the spectator's views before and after the move do not show; would_take gives seats "
        "or None, the same for the spectator as for every seat",
        "explanations": "at every move: an event's trick explanation explains the event's "
        "trick (its cards, the seat that takes it, a deciding reason among its reasons) and "
        "is explain_trick's of the trick's cards; an event's score explanations, one per "
        "seat, add up item by item to their totals, which are the scores of the event's deal, "
        "and are explain_score's of that deal",
        "encoding": "every fourth move, for a game with an encoding: the encoding's mask marks "
        "exactly the legal moves, each index finds its move, and the observation has its "
        "size, keeps every entry within its segment's range and is unchanged by sampling the "
        "view",
        "wrong-types": "at a few states: a state, view or move of the wrong type (None, a "
        "number, a string, the game's value of another kind, another registered game's) "
        "given to a method raises WrongTypeError (apply_move may raise the illegal-move "
        "error for a move of the wrong type), and so do a generator that is none given to "
        "sample_state and a player count that is no int given to new_game and encoding",
        "game-length": "the game ends within max_moves moves",
        "deal-number": "deal_number is an int of at least 0 that never decreases",
        "scores": "one int per player, in every state",
        "winners": "none before the end; at the end one or more distinct seats, none of them "
        "with a lower score than a player who did not win",
    }
)
"""The names of the checks of :func:`check_game`, with what each one asserts. A
:exc:`ConformanceError` names the check that failed in :attr:`ConformanceError.check`."""

_CARD_NAME: Final = re.compile(r"[A-Z][0-9]{1,3}")

_MESSAGE_LIMIT: Final = 600
"""The longest detail a :exc:`ConformanceError` quotes, in characters."""

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxtuple = _REPR.maxlist = _REPR.maxset = _REPR.maxfrozenset = _REPR.maxdict = 6
_REPR.maxstring = 80
_REPR.maxother = 160


def _short(value: object) -> str:
    """``repr(value)``, cut to a bounded length."""
    return _REPR.repr(value)


class ConformanceError(AssertionError):
    """A game that does not do what the game protocol promises, found by :func:`check_game`.

    The message names the game, the rules, the player count, the seed, the move number and
    the check that failed, with the values at fault (cut to a bounded length); the attributes
    give them apart. ``check_game(game, seed=error.seed, games=1)`` plays the same game again.
    """

    game: str
    """The name of the game."""
    preset: str
    """The name of the rules (:attr:`~sticheln.GameInfo.rules_name`) that were played."""
    players: int | None
    """The number of players, or ``None`` for a check made before any game started."""
    seed: int | None
    """The seed of the game that failed, or ``None`` before any game started."""
    move_number: int | None
    """The number of moves made when the check failed, or ``None`` before any game
    started."""
    check: str
    """The check that failed: one of :data:`CHECKS`."""
    detail: str
    """What was wrong, without the names above."""

    def __init__(
        self,
        detail: str,
        *,
        check: str = "",
        game: str = "",
        preset: str = "",
        players: int | None = None,
        seed: int | None = None,
        move_number: int | None = None,
    ) -> None:
        if len(detail) > _MESSAGE_LIMIT:
            detail = detail[: _MESSAGE_LIMIT - 3] + "..."
        where = [f"rules {preset!r}"]
        if players is not None:
            where.append(f"{players} players")
        if seed is not None:
            where.append(f"seed {seed}")
        if move_number is not None:
            where.append(f"after move {move_number}")
        super().__init__(f"{game}, {', '.join(where)}: check {check!r} failed: {detail}")
        self.game = game
        self.preset = preset
        self.players = players
        self.seed = seed
        self.move_number = move_number
        self.check = check
        self.detail = detail


@attrs.frozen
class CaseReport:
    """The games :func:`check_game` played with one set of rules and one player count."""

    preset: str
    """The name of the rules (:attr:`~sticheln.GameInfo.rules_name`)."""
    players: int
    """The number of players."""
    games: int
    """The number of whole games played."""
    moves: int
    """The number of moves made in them."""


@attrs.frozen
class CheckReport:
    """What :func:`check_game` played, once every check has passed.

    ``str(report)`` is a small table of the cases.
    """

    game: str
    """The name of the game."""
    cases: tuple[CaseReport, ...]
    """One entry per set of rules and player count, in the order played."""

    @property
    def games(self) -> int:
        """The number of whole games played."""
        return sum(case.games for case in self.cases)

    @property
    def moves(self) -> int:
        """The number of moves made."""
        return sum(case.moves for case in self.cases)

    def __str__(self) -> str:
        width = max([5, *(len(case.preset) for case in self.cases)])
        lines = [
            f"{self.game}: {self.games} games, {self.moves} moves, every check passed",
            f"  {'rules':<{width}}  players  games  moves",
        ]
        lines.extend(
            f"  {case.preset:<{width}}  {case.players:>7}  {case.games:>5}  {case.moves:>5}"
            for case in self.cases
        )
        return "\n".join(lines)


def check_game(
    game: Game[Any, Any, Any],
    *,
    games: int = 2,
    seed: int = 0,
    presets: bool = True,
    players: int | Sequence[int] | None = None,
    illegal_move_error: type[Exception] = IllegalMoveError,
    max_moves: int = 100_000,
) -> CheckReport:
    """Play random whole games of ``game`` and check the game protocol at every step.

    For every player count of ``game.info.player_counts``, ``games`` games are played from
    the seeds ``seed``, ``seed + 1``, ...; the moves are drawn with a generator seeded the same
    way, so a failure comes back with the same seed. When ``presets`` is true and the game's
    name is registered (:func:`~sticheln.find_game`), each of its presets
    (``game.info.presets``) is played too, as :func:`~sticheln.find_game` builds it (a preset
    equal to ``game`` only once). ``players`` narrows the player counts to one or a few of
    them, so that a test suite can check each count apart (and in parallel).

    At every step it checks the states (equal to themselves and to a *twin*, the state that
    the same moves make from the same seed, so that a change to an old state shows), the
    players to act and their legal moves, that every legal move applies, the move texts both
    ways, that illegal moves are refused and change nothing (a waiting player's earlier move,
    a move made again, a move after the end), every player's view, a state sampled from one
    player's view (each player in turn), the deal number and the scores; at the end, the
    winners. Every fourth move, and at every move that ends a deal, it checks the JSON wire
    format and the events of the move (what they show, and to whom); every fourth move, the
    spectator's view and the encoding too. After 0, 1, 2, 4, 8, ... moves it compares the
    hashes of state and twin. At the first and the last state and one halfway it checks that
    the methods refuse arguments of the wrong type with :exc:`~sticheln.WrongTypeError`, that
    the record replays, every player's view against two samples drawn with independent
    generators, and that a sampled state plays to the end. :data:`CHECKS` names the checks.

    Scores are points, the higher the better, as the bots read them. A game may break ties
    its own way, so the winners need only be one or more distinct seats that no other
    player outscores.

    :param game: the game to check.
    :param games: the number of games per set of rules and player count.
    :param seed: the seed of the first game of each of them.
    :param presets: whether to check the registered game's presets too.
    :param players: the player counts to play (an ``int`` or a sequence of them), each one of
        ``game.info.player_counts``; a preset plays those of them it allows. ``None``: every
        count.
    :param illegal_move_error: the error the game raises for an illegal move.
    :param max_moves: the most moves a game may last.
    :returns: what was played.
    :raises ConformanceError: for the first check that fails.
    :raises WrongTypeError: if an option is of the wrong type.
    :raises ValueError: if ``games`` or ``max_moves`` is less than 1, or ``players`` names a
        count that ``game`` does not allow.
    """
    for name, value in (("games", games), ("seed", seed), ("max_moves", max_moves)):
        if type(value) is not int:
            raise WrongTypeError(f"check_game: {name} must be an int, got {value!r}")
    if games < 1 or max_moves < 1:
        raise ValueError(
            f"check_game: games and max_moves must be at least 1, got {games} and {max_moves}"
        )
    if not isinstance(illegal_move_error, type) or not issubclass(illegal_move_error, Exception):
        raise WrongTypeError(
            f"check_game: illegal_move_error must be an exception class, got {illegal_move_error!r}"
        )
    chosen = _chosen_counts(players, game)
    info = game.info
    cases = []
    for preset, target in _targets(game, presets):
        counts = _check_info(target, preset, expected_name=info.name)
        for count in counts:
            if chosen is not None and count not in chosen:
                continue
            moves = 0
            for number in range(games):
                run = _Run(target, preset, count, seed + number, illegal_move_error, max_moves)
                moves += run.play()
            cases.append(CaseReport(target.info.rules_name, count, games, moves))
    return CheckReport(info.name, tuple(cases))


def _chosen_counts(players: object, game: Game[Any, Any, Any]) -> frozenset[int] | None:
    """The player counts ``players`` (the option of :func:`check_game`) chooses, after checking
    that ``game`` allows each of them; ``None`` for every count.

    :raises WrongTypeError: for anything but ``None``, an ``int`` or a sequence of them.
    :raises ValueError: for no count, or one that ``game.info.player_counts`` lacks.
    """
    if players is None:
        return None
    counts = (players,) if type(players) is int else players
    if (
        not isinstance(counts, Sequence)
        or isinstance(counts, str | bytes)
        or not all(type(count) is int for count in counts)
    ):
        raise WrongTypeError(
            f"check_game: players must be an int or a sequence of ints, got {excerpt(players)}"
        )
    allowed = tuple(game.info.player_counts)
    wrong = [count for count in counts if count not in allowed]
    if wrong or not counts:
        raise ValueError(
            f"check_game: players {excerpt(players)} must name player counts of the game "
            f"({', '.join(map(str, allowed))})"
        )
    return frozenset(counts)


def _targets(game: Game[Any, Any, Any], presets: bool) -> list[tuple[str | None, Any]]:
    """The games to play: ``game`` itself (its preset ``None``: it is checked under its own
    rules name), then the registered game's presets that differ from it."""
    targets: list[tuple[str | None, Any]] = [(None, game)]
    info = game.info
    if presets and info.name in GAME_NAMES:
        for preset in info.presets:
            other = find_game(info.name, preset)
            if other != game:
                targets.append((preset, other))
    return targets


def _check_info(game: Game[Any, Any, Any], preset: str | None, expected_name: str) -> list[int]:
    """Check :attr:`Game.info`; return the player counts to play."""
    info = game.info
    rules = info.rules_name

    def fail(detail: str) -> ConformanceError:
        return ConformanceError(detail, check="info", game=expected_name, preset=rules)

    if info.name != expected_name or game.name != info.name:
        raise fail(f"names differ: info.name {info.name!r}, name {game.name!r}")
    counts = list(info.player_counts)
    if tuple(game.player_counts) != tuple(counts):
        raise fail(f"player_counts {game.player_counts!r} != info.player_counts {counts!r}")
    if (
        not counts
        or not all(type(n) is int and n >= 1 for n in counts)
        or counts != sorted(set(counts))
    ):
        raise fail(f"player counts must be ints of at least 1, ascending: {counts!r}")
    if info.presets and info.default_preset not in info.presets:
        raise fail(f"default preset {info.default_preset!r} is not among {info.presets!r}")
    if preset is not None and rules != preset:
        raise fail(f"find_game({info.name!r}, {preset!r}) plays the rules {rules!r}")
    return counts


class _Run:
    """One game played by :func:`check_game`, with the checks made along the way."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        preset: str | None,
        players: int,
        seed: int,
        illegal: type[Exception],
        max_moves: int,
    ) -> None:
        self.game = game
        info = game.info
        self.name = info.name
        self.preset = info.rules_name if preset is None else preset
        self.players = players
        self.seed = seed
        self.illegal = illegal
        self.max_moves = max_moves
        self.number = 0
        """The number of moves made."""
        self.check = "new-game"
        """The check in progress, named in the error if something raises."""
        self.hashable = True
        self.rng = random.Random(seed)
        self.samplers = (random.Random(f"{seed}/sample/a"), random.Random(f"{seed}/sample/b"))
        self.encoding_rng = random.Random(f"{seed}/sample/encoding")
        self.events_rng = random.Random(f"{seed}/sample/events")

    # -- failing ----------------------------------------------------------------------------

    def fail(self, detail: str, check: str | None = None) -> ConformanceError:
        """The error of the check in progress (or of ``check``)."""
        return ConformanceError(
            detail,
            check=self.check if check is None else check,
            game=self.name,
            preset=self.preset,
            players=self.players,
            seed=self.seed,
            move_number=self.number,
        )

    def play(self) -> int:
        """Play the game to the end, checking as it goes; return the number of moves.

        :raises ConformanceError: for the first check that fails, also when a function of the
            game raises where it should not.
        """
        try:
            return self._play()
        except ConformanceError:
            raise
        except Exception as exc:
            raise self.fail(f"unexpected {type(exc).__name__}: {exc}") from exc

    # -- the game ---------------------------------------------------------------------------

    def _play(self) -> int:
        game, n = self.game, self.players
        state = game.new_game(n, seed=self.seed)
        twin = game.new_game(n, seed=self.seed)
        if state != twin:
            raise self.fail(f"new_game({n}, seed={self.seed}) twice: {_difference(state, twin)}")
        self.check = "state-hash"
        try:
            hash(state)
        except TypeError:
            self.hashable = False
        known: list[tuple[Any, ...]] = [()] * n
        history = [state]
        last_move: Any = None
        deal = 0
        while True:
            self._check_equal(state, twin)
            if self.number & (self.number - 1) == 0:
                self._check_hash(state, twin)
            acting, over = self._players_to_act(state)
            moves = self._legal_moves(state, acting)
            self._move_texts(state, moves)
            move = None
            if not over:
                player = self.rng.choice(acting)
                move = self.rng.choice(moves[player])
            after = self._apply_all(state, moves, move)
            if move is not None:
                self._explanations(state, move)
            self._unchanged(state, twin, "applying its legal moves")
            self._illegal_moves(state, acting, known, last_move, over)
            self._views(state, twin, (self.number % n,), self.samplers[:1])
            self._unchanged(state, twin, "listing its moves, refusing illegal ones or observing it")
            if self.number % 4 == 0 or over:
                self._wire(state, moves, move, over)
                self._spectator(state, move)
                self._encoding(state, moves)
            if move is not None:
                if game.deal_number(after) != game.deal_number(state):
                    self._events(state, move, after, range(n))
                elif self.number % 4 == 0:
                    seats = {self.number % n, (game.player_of(move) + 1) % n}
                    self._events(state, move, after, sorted(seats))
            deal = self._deal_and_scores(state, over, deal)
            if over:
                break
            if self.number >= self.max_moves:
                raise self.fail(f"not over after {self.max_moves} moves", "game-length")
            for p in acting:
                known[p] = moves[p]
            self.check = "immutable"
            state, twin, last_move = after, game.apply_move(twin, move), move
            self.number += 1
            history.append(state)
        self._winners(state)
        final = self.number
        for number in sorted({0, final // 2, final}):
            self.number = number
            self._checkpoint(history[number])
        return final

    def _unchanged(self, state: Any, twin: Any, doing: str) -> None:
        self.check = "immutable"
        if state != twin:
            raise self.fail(f"{doing} changed the state: {_difference(state, twin)}")

    def _check_equal(self, state: Any, twin: Any) -> None:
        self.check = "state-equality"
        itself = state == state
        if not itself:
            raise self.fail(f"the state does not equal itself: {_short(state)}")
        if state != twin:
            raise self.fail(f"the state differs from its twin: {_difference(state, twin)}")

    def _check_hash(self, state: Any, twin: Any) -> None:
        self.check = "state-hash"
        try:
            hashes = hash(state), hash(twin)
        except TypeError as exc:
            if self.hashable:
                raise self.fail(
                    f"hash raises TypeError ({exc}), but the first state hashed"
                ) from exc
            return
        if not self.hashable:
            raise self.fail("the state hashes, but the first state raised TypeError")
        if hashes[0] != hashes[1]:
            raise self.fail(f"equal states hash differently: {hashes[0]} != {hashes[1]}")

    def _players_to_act(self, state: Any) -> tuple[tuple[int, ...], bool]:
        self.check = "players-to-act"
        acting = tuple(self.game.players_to_act(state))
        over = self.game.is_over(state)
        if not all(type(p) is int and 0 <= p < self.players for p in acting):
            raise self.fail(f"players_to_act gives a value that is no seat: {acting!r}")
        if len(set(acting)) != len(acting):
            raise self.fail(f"players_to_act names a seat twice: {acting!r}")
        if list(acting) != sorted(acting):
            raise self.fail(f"players_to_act is not in ascending order: {acting!r}")
        if over is not bool(over) or over == bool(acting):
            raise self.fail(f"is_over is {over!r} and players_to_act is {acting!r}")
        return acting, over

    def _legal_moves(self, state: Any, acting: tuple[int, ...]) -> list[tuple[Any, ...]]:
        self.check = "legal-moves"
        game = self.game
        moves = []
        for p in range(self.players):
            mine = tuple(game.legal_moves(state, p))
            if bool(mine) != (p in acting):
                raise self.fail(
                    f"player {p} has {len(mine)} legal moves {_short(mine)}, but players_to_act "
                    f"is {acting!r}"
                )
            try:
                distinct = len(set(mine))
            except TypeError as exc:
                raise self.fail(f"player {p}'s moves are not hashable: {exc}") from None
            if distinct != len(mine):
                raise self.fail(f"player {p}'s legal moves repeat a move: {_short(mine)}")
            for move in mine:
                if game.player_of(move) != p:
                    raise self.fail(
                        f"legal move {_short(move)} of player {p} is player "
                        f"{game.player_of(move)!r}'s (player_of)"
                    )
            moves.append(mine)
        return moves

    def _wire(self, state: Any, moves: list[tuple[Any, ...]], move: Any, over: bool) -> None:
        self.check = "wire"
        game = self.game
        seats = range(self.players) if over else (self.number % self.players,)
        for seat in seats:
            view = game.observe(state, seat)
            if game.view_from_dict(self._wire_data(view)) != view:
                raise self.fail(f"player {seat}'s view does not round-trip through JSON")
            if over:
                self._held_round_trip(view)
        chosen = () if move is None else (move,)
        for legal in [*(legal for mine in moves for legal in mine[:2]), *chosen]:
            if game.move_from_dict(self._wire_data(legal)) != legal:
                raise self.fail(f"move {_short(legal)} does not round-trip through JSON")

    def _wire_data(self, value: Any) -> Any:
        """``value``'s JSON form read back, once its layout is checked: the header (the game's
        name, the type, the version), then the fields of its attrs class."""
        data = _through_json(value)
        keys = list(data)
        header = [data.get(key) for key in HEADER]
        if (
            keys[: len(HEADER)] != list(HEADER)
            or header[0] != self.name
            or not isinstance(header[1], str)
            or header[2] != WIRE_VERSION
        ):
            raise self.fail(
                f"the JSON of {_short(value)} begins {_short({k: data[k] for k in keys[:3]})}, "
                f"not with the header game {self.name!r}, type, version {WIRE_VERSION}"
            )
        kind = type(value)
        if attrs.has(kind):
            fields = [field.name for field in attrs.fields(kind) if field.init]
            if keys[len(HEADER) :] != fields:
                raise self.fail(
                    f"the JSON of {_short(value)} has the keys {_short(keys[len(HEADER) :])}, "
                    f"not the fields {_short(fields)}"
                )
        return data

    def _round_trip(self, value: Any) -> Any:
        """Check that the wire value ``value`` reads back equal from its JSON; return its JSON
        form."""
        data = self._wire_data(value)
        if type(value).from_dict(data) != value:
            raise self.fail(f"{_short(value)} does not round-trip through JSON")
        return data

    def _held_round_trip(self, value: Any) -> None:
        """Round-trip the wire values that ``value``'s fields hold (a finished deal, the
        finished deals of a view) on their own."""
        if not attrs.has(type(value)):
            return
        for field in attrs.fields(type(value)):
            held = getattr(value, field.name)
            for item in held if isinstance(held, tuple) else (held,):
                if isinstance(item, WireValue):
                    self._round_trip(item)

    def _events(self, state: Any, move: Any, after: Any, seats: Sequence[int]) -> None:
        """Check the events of ``move`` of each of ``seats``: their JSON, their first event,
        the cards they name, and that they come from the seat's views alone."""
        game = self.game
        mover = game.player_of(move)
        for seat in seats:
            events = tuple(game.events(state, move, seat))
            checked = seat == self.number % self.players
            self.check = "wire"
            data = [self._round_trip(e) if checked else e.to_dict() for e in events]
            self.check = "events"
            if not events or getattr(events[0], "player", None) != mover:
                raise self.fail(
                    f"player {seat}'s events of {_short(move)} do not begin with an event of "
                    f"its mover, player {mover}: {_short(events)}"
                )
            seen = game.observe(after, seat)
            unseen = _strings(data) - _strings(seen.to_dict())
            if unseen:
                raise self.fail(
                    f"player {seat}'s events of {_short(move)} name {sorted(unseen)[:6]}, "
                    "which the player's view after the move does not show"
                )
            if not checked:
                continue
            sampled = game.sample_state(game.observe(state, seat), self.events_rng)
            if move not in game.legal_moves(sampled, mover):
                continue
            if game.observe(game.apply_move(sampled, move), seat) != seen:
                continue
            again = tuple(game.events(sampled, move, seat))
            if again != events:
                raise self.fail(
                    f"player {seat}'s events of {_short(move)} change in a state sampled from "
                    f"the player's view, which gives the same view after the move: "
                    f"{_difference(again, events)}"
                )

    def _explanations(self, state: Any, move: Any) -> None:
        self.check = "explanations"
        game = self.game
        seat = self.number % self.players
        for event in game.events(state, move, seat):
            explanation = getattr(event, "explanation", None)
            if isinstance(explanation, TrickExplanation):
                self._trick_explained(event, explanation)
            explanations = getattr(event, "explanations", None)
            if isinstance(explanations, tuple) and explanations:
                self._scores_explained(event, explanations)

    def _trick_explained(self, event: Any, explanation: TrickExplanation) -> None:
        trick = getattr(event, "trick", None)
        cards = tuple(getattr(trick, "cards", ()))
        if explanation.cards != cards:
            raise self.fail(f"the explanation of {_short(event)} is of other cards")
        if not 0 <= explanation.deciding < len(explanation.reasons):
            raise self.fail(f"the deciding reason of {_short(explanation)} is not among them")
        seats = getattr(trick, "seats", None)
        if seats is not None:
            taker = None if explanation.winner is None else seats[explanation.winner]
            told = getattr(trick, "winner", taker)
            if taker != told:
                raise self.fail(
                    f"the explanation gives the trick {cards} to seat {taker}, the event to "
                    f"seat {told}"
                )
        if self.game.explain_trick(cards) != explanation:
            raise self.fail(f"explain_trick({cards}) is not the event's explanation")

    def _scores_explained(self, event: Any, explanations: tuple[Any, ...]) -> None:
        if len(explanations) != self.players or not all(
            isinstance(e, ScoreExplanation) for e in explanations
        ):
            raise self.fail(f"{_short(event)}: not one score explanation per seat")
        for p, explanation in enumerate(explanations):
            if sum(item.points for item in explanation.items) != explanation.total:
                raise self.fail(f"seat {p}'s score explanation does not add up: {explanation}")
        deals = [
            value
            for value in (getattr(event, field.name) for field in attrs.fields(type(event)))
            if isinstance(getattr(value, "scores", None), tuple)
        ]
        for deal in deals[:1]:
            for p, explanation in enumerate(explanations):
                if explanation.total != deal.scores[p]:
                    raise self.fail(
                        f"seat {p}'s score explanation totals {explanation.total}, the deal's "
                        f"score is {deal.scores[p]}"
                    )
                if self.game.explain_score(deal, p) != explanation:
                    raise self.fail(f"explain_score of the deal for seat {p} is not the event's")

    def _spectator(self, state: Any, move: Any) -> None:
        self.check = "spectator"
        game = self.game
        view = game.observe(state, SPECTATOR)
        if game.viewer(view) != SPECTATOR:
            raise self.fail(f"the spectator's view is seat {game.viewer(view)!r}'s")
        seen = _through_json(view)
        if game.view_from_dict(seen) != view:
            raise self.fail("the spectator's view does not round-trip through JSON")
        takers = tuple(game.would_take(view))
        if not all(p is None or (type(p) is int and 0 <= p < self.players) for p in takers):
            raise self.fail(f"would_take gives a value that is neither a seat nor None: {takers}")
        for p in range(self.players):
            if tuple(game.would_take(game.observe(state, p))) != takers:
                raise self.fail(f"would_take differs for player {p} and the spectator")
        seat = self.number % self.players
        sampled = game.sample_state(game.observe(state, seat), self.encoding_rng)
        if game.observe(sampled, SPECTATOR) != view:
            raise self.fail(
                f"the spectator's view changes when the state is sampled from player {seat}'s "
                f"view: {_difference(game.observe(sampled, SPECTATOR), view)}"
            )
        if move is None:
            return
        events = game.events(state, move, SPECTATOR)
        for event in events:
            if type(event).from_dict(_through_json(event)) != event:
                raise self.fail(f"event {_short(event)} does not round-trip through JSON")
        shown = _strings(seen) | _strings(
            _through_json(game.observe(game.apply_move(state, move), SPECTATOR))
        )
        told = set().union(*(_strings(_through_json(event)) for event in events))
        if told - shown:
            raise self.fail(
                f"the spectator's events of {_short(move)} name {sorted(told - shown)[:6]}, "
                "which neither the spectator's view before the move nor after it shows"
            )

    def _encoding(self, state: Any, moves: list[tuple[Any, ...]]) -> None:
        self.check = "encoding"
        game = self.game
        try:
            encoding = game.encoding(self.players)
        except NotProvidedError:  # a game without an encoding: the learning adapters refuse it
            return
        for p, mine in enumerate(moves):
            indices = sorted(encoding.action_index(legal) for legal in mine)
            mask = encoding.action_mask(state, p)
            marked = [i for i, bit in enumerate(mask) if bit]
            if marked != indices or len(set(indices)) != len(indices):
                raise self.fail(f"player {p}'s mask marks {marked}, the legal moves {indices}")
            for legal in mine[:2]:
                found = encoding.action_move(state, p, encoding.action_index(legal))
                if found != legal:
                    raise self.fail(f"the index of {_short(legal)} finds {_short(found)}")
        seat = self.number % self.players
        view = game.observe(state, seat)
        try:
            vector = encoding.observation(view)
        except ValueError as error:  # a number outside its segment's range
            raise self.fail(f"player {seat}'s observation: {error}") from None
        if len(vector) != encoding.observation_size:
            raise self.fail(f"an observation of {len(vector)} entries, not the layout's")
        for segment in encoding.layout:
            part = vector[segment.offset : segment.offset + segment.size]
            if not all(segment.low <= value <= segment.high for value in part):
                raise self.fail(
                    f"player {seat}'s observation: segment {segment.name!r} holds "
                    f"{_short(list(part))}, outside its range {segment.low}..{segment.high}"
                )
        sampled = game.observe(game.sample_state(view, self.encoding_rng), seat)
        if encoding.observation(sampled) != vector:
            raise self.fail(f"player {seat}'s observation changes when the view is sampled")

    def _move_texts(self, state: Any, moves: list[tuple[Any, ...]]) -> None:
        self.check = "move-text"
        game = self.game
        for p, mine in enumerate(moves):
            texts = [game.move_text(move) for move in mine]
            if not all(isinstance(text, str) for text in texts):
                raise self.fail(f"move_text gives a value that is no str: {_short(texts)}")
            if len(set(texts)) != len(texts):
                raise self.fail(f"player {p}'s moves share a text: {_short(texts)}")
            for move, text in zip(mine, texts, strict=True):
                parsed = game.parse_move(state, p, text)
                if parsed != move:
                    raise self.fail(
                        f"parse_move(state, {p}, {text!r}) gives {_short(parsed)}, "
                        f"not {_short(move)}"
                    )

    def _apply_all(self, state: Any, moves: list[tuple[Any, ...]], chosen: Any) -> Any:
        """Apply every legal move; return the state after ``chosen``."""
        self.check = "legal-move-applies"
        after = None
        for p, mine in enumerate(moves):
            for move in mine:
                try:
                    result = self.game.apply_move(state, move)
                except Exception as exc:
                    raise self.fail(
                        f"apply_move refuses player {p}'s legal move {_short(move)}: "
                        f"{type(exc).__name__}: {exc}"
                    ) from exc
                if move is chosen:
                    after = result
        return after

    def _illegal_moves(
        self,
        state: Any,
        acting: tuple[int, ...],
        known: list[tuple[Any, ...]],
        last_move: Any,
        over: bool,
    ) -> None:
        game = self.game
        for p in range(self.players):
            if p in acting or not known[p]:
                continue
            move = known[p][self.number % len(known[p])]
            why = "the game is over" if over else f"player {p} is not to act"
            self._refused(state, move, why)
            self.check = "parse-move"
            text = game.move_text(move)
            try:
                game.parse_move(state, p, text)
            except self.illegal:
                pass
            except Exception as exc:
                raise self.fail(
                    f"parse_move(state, {p}, {text!r}) raises {type(exc).__name__} ({exc}), "
                    f"not {self.illegal.__name__}: {why}"
                ) from exc
            else:
                raise self.fail(f"parse_move(state, {p}, {text!r}) gives a move, but {why}")
        if last_move is not None:
            p = game.player_of(last_move)
            if last_move not in game.legal_moves(state, p):
                self._refused(state, last_move, "it was just made and is not legal again")

    def _refused(self, state: Any, move: Any, why: str) -> None:
        """Check that ``move`` raises the illegal-move error, and so do its events."""
        self.check = "illegal-move"
        game = self.game
        calls = (
            ("apply_move", (state, move)),
            ("events", (state, move, game.player_of(move))),
        )
        for method, args in calls:
            try:
                getattr(game, method)(*args)
            except self.illegal:
                continue
            except Exception as exc:
                raise self.fail(
                    f"{method} raises {type(exc).__name__} ({exc}) for {_short(move)}, not "
                    f"{self.illegal.__name__}: {why}"
                ) from exc
            raise self.fail(f"{method} accepts {_short(move)}, but {why}")

    def _views(
        self, state: Any, twin: Any, samplers_for: Sequence[int], rngs: Sequence[random.Random]
    ) -> None:
        """Check every player's view, and states sampled from the views of ``samplers_for``
        (with each of ``rngs``)."""
        game = self.game
        for p in range(self.players):
            self.check = "view"
            view = game.observe(state, p)
            if game.viewer(view) != p:
                raise self.fail(f"observe(state, {p}) is the view of {game.viewer(view)!r}")
            if p not in samplers_for:
                continue
            expected = game.observe(twin, p)
            if view != expected:
                raise self.fail(
                    f"player {p}'s views of two equal states differ: {_difference(view, expected)}"
                )
            legal = game.legal_moves(state, p)
            for rng in rngs:
                self.check = "sample-state"
                sampled = game.sample_state(view, rng)
                seen = game.observe(sampled, p)
                if seen != expected:
                    raise self.fail(
                        f"observe(sample_state(view), {p}) != view, so the view shows what "
                        f"sampling cannot keep (a hidden card?): {_difference(seen, expected)}"
                    )
                if game.legal_moves(sampled, p) != legal:
                    raise self.fail(
                        f"player {p} has other legal moves in a state sampled from their view: "
                        f"{_short(game.legal_moves(sampled, p))} != {_short(legal)}"
                    )

    def _deal_and_scores(self, state: Any, over: bool, previous: int) -> int:
        game = self.game
        self.check = "deal-number"
        deal = game.deal_number(state)
        if type(deal) is not int or deal < previous:
            raise self.fail(f"deal_number is {deal!r} after {previous!r}")
        self.check = "scores"
        scores = tuple(game.scores(state))
        if len(scores) != self.players or not all(isinstance(s, int) for s in scores):
            raise self.fail(f"scores must be one int per player, got {_short(scores)}")
        if not over:
            self.check = "winners"
            winners = tuple(game.winners(state))
            if winners:
                raise self.fail(f"winners {winners!r} before the game is over")
        return deal

    def _winners(self, state: Any) -> None:
        self.check = "winners"
        scores = tuple(self.game.scores(state))
        winners = tuple(self.game.winners(state))
        if not winners:
            raise self.fail(f"no winners at the end (scores {scores!r})")
        if len(set(winners)) != len(winners) or not all(
            type(p) is int and 0 <= p < self.players for p in winners
        ):
            raise self.fail(f"winners must be distinct seats, got {winners!r}")
        others = [scores[p] for p in range(self.players) if p not in winners]
        if others and max(others) > min(scores[p] for p in winners):
            raise self.fail(f"a player who did not win outscores a winner: {winners!r}, {scores!r}")

    def _wrong_types(self, state: Any) -> None:
        """Give the methods arguments of the wrong type: each must raise WrongTypeError."""
        self.check = "wrong-types"
        game = self.game
        view = game.observe(state, 0)
        acting = game.players_to_act(state)
        move = game.legal_moves(state, acting[0])[0] if acting else None
        own = (type(state), type(view), type(move))
        foreign = [value for value in _foreign_values(self.name) if type(value) not in own]
        plain: list[object] = [None, 0, "R3"]
        wrong = (WrongTypeError,)
        for value in [*plain, view, *foreign]:  # where a state belongs
            calls: list[tuple[Any, ...]] = [
                ("players_to_act", value),
                ("is_over", value),
                ("scores", value),
                ("winners", value),
                ("deal_number", value),
                ("legal_moves", value, 0),
                ("observe", value, 0),
                ("parse_move", value, 0, "R3"),
                ("to_json", value),
            ]
            if move is not None:
                calls += [("apply_move", value, move), ("events", value, move, 0)]
            for method, *args in calls:
                self._refuses(method, args, wrong)
        for value in [*plain, state, *foreign]:  # where a view belongs
            self._refuses("sample_state", [value, random.Random(0)], wrong)
            self._refuses("would_take", [value], wrong)
            self._refuses("viewer", [value], wrong)
        for value in [*plain, state, view, *foreign]:  # where a move belongs
            self._refuses("move_text", [value], wrong)
            self._refuses("player_of", [value], wrong)
            self._refuses("apply_move", [state, value], (WrongTypeError, self.illegal))
        for value in plain:
            if not isinstance(value, str):
                self._refuses("from_json", [value], wrong)
                self._refuses("replay_from_json", [value], wrong)
            self._refuses("view_from_dict", [value], wrong)
            self._refuses("move_from_dict", [value], wrong)
        self._refuses("sample_state", [view, None], wrong)
        for count in (float(self.players), str(self.players), True):
            self._refuses("new_game", [count], wrong)
            self._refuses("encoding", [count], wrong)

    def _refuses(
        self, method: str, args: Sequence[object], errors: tuple[type[Exception], ...]
    ) -> None:
        """Check that the game's ``method`` given ``args`` raises one of ``errors``."""
        call = f"{method}({', '.join(map(_short, args))})"
        try:
            result = getattr(self.game, method)(*args)
        except errors:
            return
        except Exception as exc:
            raise self.fail(
                f"{call} raised {type(exc).__name__} ({_short(str(exc))}), not WrongTypeError"
            ) from exc
        raise self.fail(f"{call} returned {_short(result)} instead of raising WrongTypeError")

    def _checkpoint(self, state: Any) -> None:
        """The costlier checks, made at a few states of the game: arguments of the wrong
        type, records, every player's view against two samples, and playing a sampled state
        to the end."""
        game = self.game
        self._wrong_types(state)
        self.check = "record"
        text = game.to_json(state)
        if not isinstance(text, str):
            raise self.fail(f"to_json gives a {type(text).__name__}, not a str")
        loaded = game.from_json(text)
        if loaded != state:
            raise self.fail(
                f"from_json(to_json(state)) is another state: {_difference(loaded, state)}"
            )
        replayed, moves = game.replay_from_json(text)
        for number, move in enumerate(moves, start=1):
            try:
                replayed = game.apply_move(replayed, move)
            except Exception as exc:
                raise self.fail(
                    f"move {number} of the record, {_short(move)}, does not replay: "
                    f"{type(exc).__name__}: {exc}"
                ) from exc
        if replayed != state:
            raise self.fail(
                f"the record's moves replay to another state: {_difference(replayed, state)}"
            )
        self._check_hash(state, replayed)
        self._views(state, replayed, range(self.players), self.samplers)
        self.check = "sample-state"
        viewer = self.number % self.players
        sampled = game.sample_state(game.observe(state, viewer), self.samplers[0])
        for moves_made in range(self.max_moves + 1):
            if game.is_over(sampled):
                return
            player = self.rng.choice(game.players_to_act(sampled))
            try:
                sampled = game.apply_move(
                    sampled, self.rng.choice(game.legal_moves(sampled, player))
                )
            except Exception as exc:
                raise self.fail(
                    f"a state sampled from player {viewer}'s view does not play on after "
                    f"{moves_made} moves: {type(exc).__name__}: {exc}"
                ) from exc
        raise self.fail(
            f"a state sampled from player {viewer}'s view is not over after {self.max_moves} moves"
        )


@functools.lru_cache(maxsize=16)
def _foreign_values(name: str) -> tuple[Any, ...]:
    """A state, a view and a move of a registered game other than the one called ``name``
    (``()`` if there is none): values that ``name``'s methods must refuse."""
    for other in GAME_NAMES:
        if other == name:
            continue
        try:
            game = find_game(other)
            state = game.new_game(game.info.player_counts[0], seed=0)
            player = game.players_to_act(state)[0]
            return state, game.observe(state, player), game.legal_moves(state, player)[0]
        except Exception:  # a broken game of another package is not the one checked
            continue
    return ()


def _difference(left: object, right: object) -> str:
    """Where two values that should be equal differ: the names of the fields that differ
    (for attrs classes, dataclasses and named tuples) and the first pair of values."""
    names = _field_names(left) if type(left) is type(right) else None
    if names:
        differ = [name for name in names if getattr(left, name) != getattr(right, name)]
        if differ:
            first = differ[0]
            return (
                f"they differ in {', '.join(differ[:6])}; {first}: "
                f"{_short(getattr(left, first))} != {_short(getattr(right, first))}"
            )
    return f"{_short(left)} != {_short(right)}"


def _field_names(value: object) -> list[str] | None:
    kind = type(value)
    if attrs.has(kind):
        return [field.name for field in attrs.fields(kind) if field.eq]
    fields = getattr(kind, "__dataclass_fields__", None)
    if isinstance(fields, Mapping):
        return [name for name, field in fields.items() if getattr(field, "compare", True)]
    names = getattr(kind, "_fields", None)
    if isinstance(value, tuple) and isinstance(names, tuple):
        return [str(name) for name in names]
    return None


def _strings(data: object) -> set[str]:
    """Every card name (a capital letter and a number, ``"R7"``) in JSON-like ``data``."""
    found = set()
    waiting = [data]
    while waiting:
        item = waiting.pop()
        if isinstance(item, str):
            if _CARD_NAME.fullmatch(item):
                found.add(item)
        elif isinstance(item, dict):
            waiting.extend(item.values())
        elif isinstance(item, list):
            waiting.extend(item)
    return found


def _through_json(value: Any) -> Any:
    """``value.to_dict()`` written as JSON text and read back."""
    return json.loads(json.dumps(value.to_dict(), allow_nan=False))

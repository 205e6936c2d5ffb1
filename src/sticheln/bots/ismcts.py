"""Information-set Monte Carlo tree search: :class:`ISMCTSBot`, for every game of the library."""

from __future__ import annotations

import math
import operator
import random
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from math import log, sqrt
from typing import Any, Final, Generic, Literal, Protocol, TypeVar

from sticheln.bots.base import (
    Bot,
    OptionParser,
    make_bot,
    parse_bool,
    parse_int,
    parse_positive_float,
    parse_positive_int,
)
from sticheln.core.errors import excerpt
from sticheln.core.kit import BaseGame
from sticheln.core.protocol import Game
from sticheln.core.references import resolve

__all__ = [
    "ISMCTS_OPTIONS",
    "MAX_TIME_LIMIT",
    "ISMCTSBot",
    "make_ismcts_bot",
    "make_ismcts_bot_from_options",
    "parse_bot_name",
    "parse_seconds",
    "playout_policy_for",
    "time_limit_option",
]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT", bound=Hashable)
ViewT = TypeVar("ViewT")

_DEFAULT_ITERATIONS = 1000

MAX_TIME_LIMIT: Final = 3600.0
"""The longest ``time_limit`` of a search, in seconds (an hour): a longer one, by mistake,
would keep the search thinking for good."""


class _Node:
    """A node of the search tree: reached by a move of ``player`` from its parent."""

    __slots__ = ("available", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


def _select(
    node: _Node,
    player: int,
    moves: Iterable[Any],
    c: float,
    choice: Callable[[Sequence[Any]], Any],
) -> tuple[Any, _Node, bool]:
    """One step down the tree from ``node`` for ``player``, whose legal moves (or their keys)
    are ``moves``: a move without a child yet, chosen at random and added as a new child
    (``True``), or else the child with the best UCB1 score among those available now, each
    counted as available once more (``False``)."""
    children = node.children
    untried = []
    best_child: _Node | None = None
    best_move: Any = None
    best_score = -math.inf
    for move in moves:
        child = children.get(move)
        if child is None:
            untried.append(move)
            continue
        child.available += 1
        if not untried:
            score = child.total / child.visits + c * sqrt(log(child.available) / child.visits)
            if score > best_score:
                best_score, best_child, best_move = score, child, move
    if untried:
        move = choice(untried)
        child = _Node(player)
        children[move] = child
        return move, child, True
    assert best_child is not None
    return best_move, best_child, False


class ISMCTSBot(Generic[StateT, MoveT, ViewT]):
    """Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
    2012), written once against the :class:`~sticheln.Game` protocol.

    Each iteration of the search

    1. draws a full state that agrees with the bot's view (:meth:`Game.sample_state
       <sticheln.Game.sample_state>`): a *determinization* of the hidden cards;
    2. descends the one tree of the search, whose edges are moves, choosing among the children
       that are legal in this determinization by UCB1 with availability counts:
       ``mean + exploration * sqrt(ln(available) / visits)``, where ``available`` counts the
       iterations in which the move could have been made;
    3. adds one new node for a move not yet tried;
    4. finishes the game from there with a playout: the moves of ``playout_policy``, a
       function of the sampled full state, or of ``playout_bot``, a bot that gets each
       player's view (slower), or random legal moves;
    5. backs the result up: every node gets the reward of the player whose move led to it.

    **Playouts.** By default (``playout_policy="default"``) the playouts are played by the
    policy the game declares (:attr:`GameInfo.playout_policy
    <sticheln.GameInfo.playout_policy>`; a good policy makes the search far stronger than
    random playouts for the same time, see the measurements of the documentation), or by
    ``playout_bot`` when one is given; a game that declares no policy gets random playouts.
    ``playout_policy=None`` asks for random playouts, or for those of ``playout_bot``; a
    policy given takes precedence over ``playout_bot``.

    **Reward.** With ``reward="margin"`` (the default) a player's reward is its score minus the
    mean score of the other players, divided by ``reward_scale``: it values every point, also
    in games that are not close. With ``reward="rank"`` it is the share of other players it
    beats, a tie counting half, in ``[0, 1]``; this ignores the size of a lead.

    **Playouts cut at the end of the deal.** With ``round_playouts=True`` (the default) a
    playout stops as soon as the deal in progress (:meth:`Game.deal_number
    <sticheln.Game.deal_number>`: Sticheln's round, Hattrick's hand) has been scored, and the
    scores then are the result. In Sticheln the rounds after the current one are dealt afresh
    and hardly depend on the moves of this one, so the rest of the game only adds noise and
    costs time.

    **Fast path.** When playouts stop at the end of the deal and the game declares a fast
    path of its default playouts (:attr:`GameInfo.fast_playouts
    <sticheln.GameInfo.fast_playouts>`), a search that plays those samples only the deal in
    progress on every iteration, straight from the view, and runs on a mutable copy of it:
    the same tree, the same choices of the playouts, several times the iterations per
    second. A search with other playouts, or of a game without such a path, draws the
    finished deals and those to come once per search and on every iteration only the deal in
    progress, played on the engine, when the game declares a sampler of it
    (:attr:`GameInfo.hand_sampler <sticheln.GameInfo.hand_sampler>`). Other searches take
    the protocol path above.

    **Budget.** The search stops after ``iterations`` iterations or ``time_limit`` seconds (at
    most :data:`MAX_TIME_LIMIT`, an hour), whichever comes first; with neither, it runs 1000
    iterations. The bot plays the root move
    visited most often. With an iteration budget the bot is deterministic given ``seed`` and
    the generator passed to :meth:`choose`; a time limit makes the number of iterations, and
    so the move, depend on the machine.

    **Simultaneous moves.** When several players act at once (Sticheln's pain cards, chosen
    face down), the search lets the bot move first, then the others in the order of
    :meth:`Game.players_to_act <sticheln.Game.players_to_act>`. The other players' moves of
    such a phase are hidden from the bot, so they are made by the playout policy outside the
    tree, unless ``tree_simultaneous=True``: branching on them would let the tree see what the
    bot cannot.

    **Delegation.** The decisions for which ``delegate_if(view)`` is true (all of them when it
    is ``None``) go to ``delegate_bot``, when one is given, without a search.

    Moves must be hashable (the moves of the library are). ``ISMCTSBot(game)`` is the bot of
    ``make_bot("ismcts", game)`` (:func:`make_ismcts_bot`), with the same settings.

    >>> import random
    >>> from sticheln import StichelnGame
    >>> from sticheln.bots import ISMCTSBot
    >>> game = StichelnGame()
    >>> state = game.new_game(4, seed=3)
    >>> bot = ISMCTSBot(game, iterations=50, seed=1)
    >>> move = bot.choose(game.observe(state, 0), game.legal_moves(state, 0), random.Random(0))
    >>> move in game.legal_moves(state, 0)
    True
    """

    def __init__(
        self,
        game: Game[StateT, MoveT, ViewT],
        *,
        iterations: int | None = None,
        time_limit: float | None = None,
        seed: int | None = None,
        exploration: float = 0.7,
        reward: str = "margin",
        reward_scale: float = 10.0,
        round_playouts: bool = True,
        playout_bot: Bot[ViewT, MoveT] | None = None,
        playout_policy: Callable[[StateT, int, Sequence[MoveT], random.Random], MoveT]
        | Literal["default"]
        | None = "default",
        delegate_bot: Bot[ViewT, MoveT] | None = None,
        delegate_if: Callable[[ViewT], bool] | None = None,
        tree_simultaneous: bool = False,
    ) -> None:
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ValueError(f"iterations must be a positive int or None, got {iterations!r}")
        if time_limit is not None and not 0 < time_limit <= MAX_TIME_LIMIT:
            raise ValueError(
                f"time_limit must be positive seconds of at most {MAX_TIME_LIMIT:g} or None, "
                f"got {excerpt(time_limit)}"
            )
        if reward not in ("margin", "rank"):
            raise ValueError(f"reward must be 'margin' or 'rank', got {reward!r}")
        if not reward_scale > 0:
            raise ValueError(f"reward_scale must be positive, got {reward_scale!r}")
        if not exploration >= 0:
            raise ValueError(f"exploration must be >= 0, got {exploration!r}")
        if isinstance(playout_policy, str):
            if playout_policy != "default":
                raise ValueError(
                    "playout_policy must be a function, 'default' or None, "
                    f"got {excerpt(playout_policy)}"
                )
            playout_policy = None if playout_bot is not None else playout_policy_for(game)
        self.game = game
        """The game the bot plays."""
        self.iterations = (
            _DEFAULT_ITERATIONS if iterations is None and time_limit is None else iterations
        )
        """The largest number of iterations of a search, or ``None`` for no such bound."""
        self.time_limit = time_limit
        """The longest time of a search in seconds, or ``None`` for no such bound."""
        self.seed = seed
        """Mixed into the random generator of every search, when not ``None``."""
        self.exploration = exploration
        """The exploration constant of UCB1."""
        self.reward = reward
        """``"margin"`` or ``"rank"``: how final scores become rewards."""
        self.reward_scale = reward_scale
        """The points that make a reward of 1 with ``reward="margin"``."""
        self.round_playouts = round_playouts
        """Whether playouts stop at the end of the round in progress."""
        self.playout_bot = playout_bot
        """The bot that plays the playouts; random moves when ``None``."""
        self.playout_policy = playout_policy
        """A function ``(state, player, moves, rng) -> move`` that plays the playouts from the
        sampled full state (cheaper than a bot, which needs a view), or ``None``; it takes
        precedence over ``playout_bot``. ``playout_policy="default"`` sets it to the game's
        declared policy, or to ``None`` for a game without one or when ``playout_bot`` is
        given."""
        self.delegate_bot = delegate_bot
        """The bot that makes the decisions for which ``delegate_if`` is true, if any."""
        self.delegate_if = delegate_if
        """Which decisions go to ``delegate_bot`` (all of them when ``None``)."""
        self.tree_simultaneous = tree_simultaneous
        """Whether the other players' simultaneous moves are nodes of the tree too."""
        self.last_iterations = 0
        """The number of iterations of the latest search (for measurements)."""
        self._fast_playouts = True
        # Whether searches may take the fast paths the game declares (GameInfo.fast_playouts,
        # GameInfo.hand_sampler); False forces the generic path (for measurements).
        self._paths: tuple[Any, Any] | None = None
        # The game's fast path of its default playouts (if this bot plays those) and its
        # sampler of the deal in progress, once the first search has looked them up.

    def __repr__(self) -> str:
        return (
            f"ISMCTSBot({self.game.name!r}, iterations={self.iterations!r}, "
            f"time_limit={self.time_limit!r}, seed={self.seed!r}, "
            f"exploration={self.exploration!r}, reward={self.reward!r})"
        )

    def choose(self, view: ViewT, moves: Sequence[MoveT], rng: random.Random) -> MoveT:
        """The root move the search visited most often (see the class description)."""
        if len(moves) == 1:
            self.last_iterations = 0
            return moves[0]
        if self.delegate_bot is not None and (self.delegate_if is None or self.delegate_if(view)):
            self.last_iterations = 0
            return self.delegate_bot.choose(view, moves, rng)
        if self.seed is not None:
            rng = random.Random(self.seed * 2**64 + rng.getrandbits(64))
        player = self.game.viewer(view)
        sampler = self._fast_sampler(view, rng)
        if sampler is None:
            root = self._search(view, player, rng)
        else:
            root = self._search_fast(sampler, player, rng)
        best = moves[0]
        best_visits = -1
        for move in moves:
            child = root.children.get(move)
            visits = -1 if child is None else child.visits
            if visits > best_visits:
                best, best_visits = move, visits
        return best

    def _search(self, view: ViewT, me: int, rng: random.Random) -> _Node:
        game = self.game
        sample_state = game.sample_state
        players_to_act = game.players_to_act
        legal_moves = game.legal_moves
        apply_move = game.apply_move
        is_over = game.is_over
        deal_number = game.deal_number
        choice = rng.choice
        c = self.exploration
        tree_simultaneous = self.tree_simultaneous
        limit = self.iterations
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        root = _Node(me)
        done = 0
        while (limit is None or done < limit) and (
            deadline is None or time.perf_counter() < deadline
        ):
            done += 1
            state = sample_state(view, rng)
            round_number = deal_number(state) if self.round_playouts else None
            node = root
            path: list[_Node] = []
            first = True
            pending: set[int] = set()
            # Selection and expansion.
            while not is_over(state) and (
                round_number is None or deal_number(state) == round_number
            ):
                actors = players_to_act(state)
                if len(actors) > 1 and not pending:
                    pending = set(actors)
                player = me if first and me in actors else actors[0]
                first = False
                if player in pending:
                    pending.discard(player)
                    if player != me and not tree_simultaneous:
                        # A hidden simultaneous move of another player: played by the
                        # playout policy, outside the tree.
                        state = apply_move(state, self._playout_move(state, player, rng))
                        continue
                move, child, new = _select(node, player, legal_moves(state, player), c, choice)
                path.append(child)
                state = apply_move(state, move)
                if new:
                    break
                node = child
            # Playout.
            state = self._playout(state, round_number, rng)
            rewards = self._rewards(game.scores(state))
            for child in path:
                child.visits += 1
                child.total += rewards[child.player]
        self.last_iterations = done
        return root

    def _fast_sampler(self, view: ViewT, rng: random.Random) -> RoundSampler | None:
        """The sampler of the fast path for ``view``, if the search can take one: only with
        round playouts. The game's fast path of its default playouts
        (:attr:`GameInfo.fast_playouts <sticheln.GameInfo.fast_playouts>`) when the search
        plays those (its declared policy, or random moves when it declares none and no
        ``playout_bot`` plays them) and it handles ``view``; else the game's sampler of the
        deal in progress (:attr:`GameInfo.hand_sampler <sticheln.GameInfo.hand_sampler>`),
        if it has one."""
        if not self._fast_playouts or not self.round_playouts:
            return None
        paths = self._paths
        if paths is None:
            game = self.game
            policy = playout_policy_for(game)
            default = self.playout_policy is policy and (
                policy is not None or self.playout_bot is None
            )
            fast = _declared(game, "fast_playouts") if default else None
            paths = self._paths = (fast, _declared(game, "hand_sampler"))
        fast, hands = paths
        if fast is not None:
            sampler: RoundSampler | None = fast(view)
            if sampler is not None:
                return sampler
        return None if hands is None else _StateRounds(self, hands(view, rng).sample)

    def _search_fast(self, sampler: RoundSampler, me: int, rng: random.Random) -> _Node:
        """:meth:`_search` on the rounds of a fast path, with the same tree, the same choices
        of the tree and the same playouts; moves are the path's keys inside the search, the
        root's children are keyed by the game's moves at the end."""
        sample = sampler.sample
        choice = rng.choice
        c = self.exploration
        tree_simultaneous = self.tree_simultaneous
        limit = self.iterations
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        rewards_of = self._rewards
        root = _Node(me)
        done = 0
        while (limit is None or done < limit) and (
            deadline is None or time.perf_counter() < deadline
        ):
            done += 1
            state = sample(rng)
            node = root
            path: list[_Node] = []
            first = True
            pending: set[int] = set()
            # Selection and expansion.
            while not state.done:
                actors = state.actors()
                if len(actors) > 1 and not pending:
                    pending = set(actors)
                player = me if first and me in actors else actors[0]
                first = False
                if player in pending:
                    pending.discard(player)
                    if player != me and not tree_simultaneous:
                        state.play(player, state.policy_move(player, rng))
                        continue
                key, child, new = _select(node, player, state.moves(player), c, choice)
                path.append(child)
                state.play(player, key)
                if new:
                    break
                node = child
            # Playout.
            rewards = rewards_of(state.playout(rng))
            for child in path:
                child.visits += 1
                child.total += rewards[child.player]
        self.last_iterations = done
        root.children = {sampler.move_of(me, key): child for key, child in root.children.items()}
        return root

    def _playout(self, state: StateT, round_number: int | None, rng: random.Random) -> StateT:
        game = self.game
        players_to_act = game.players_to_act
        legal_moves = game.legal_moves
        apply_move = game.apply_move
        is_over = game.is_over
        deal_number = game.deal_number
        choice = rng.choice
        bot = self.playout_bot
        policy = self.playout_policy
        if policy is None and bot is None and round_number is not None:
            # Random moves to the end of the deal, the common case: without the branches,
            # and on the engine's functions behind a BaseGame's wrappers.
            # A uniform choice by random() (a bias below 2**-50), cheaper than rng.choice.
            over, number, actors, moves_of, apply = _direct_functions(game)
            uniform = rng.random
            while not over(state) and number(state) == round_number:
                moves = moves_of(state, actors(state)[0])
                state = apply(state, moves[int(uniform() * len(moves))])
            return state
        while not is_over(state) and (round_number is None or deal_number(state) == round_number):
            player = players_to_act(state)[0]
            moves = legal_moves(state, player)
            if policy is not None:
                move = policy(state, player, moves, rng)
            elif bot is not None:
                move = bot.choose(game.observe(state, player), moves, rng)
            else:
                move = choice(moves)
            state = apply_move(state, move)
        return state

    def _playout_move(self, state: StateT, player: int, rng: random.Random) -> MoveT:
        """The move of the playouts for ``player`` in ``state``."""
        moves = self.game.legal_moves(state, player)
        if self.playout_policy is not None:
            return self.playout_policy(state, player, moves, rng)
        if self.playout_bot is not None:
            return self.playout_bot.choose(self.game.observe(state, player), moves, rng)
        return rng.choice(moves)

    def _rewards(self, scores: Sequence[int]) -> list[float]:
        n = len(scores)
        if n < 2:
            return [0.0] * n
        if self.reward == "rank":
            return [
                sum(1.0 if s > t else 0.5 if s == t else 0.0 for t in scores) / (n - 1)
                - 0.5 / (n - 1)
                for s in scores
            ]
        total = sum(scores)
        scale = self.reward_scale
        return [(s - (total - s) / (n - 1)) / scale for s in scores]


def _direct_functions(
    game: Game[StateT, MoveT, ViewT],
) -> tuple[
    Callable[[StateT], bool],
    Callable[[StateT], int],
    Callable[[StateT], Sequence[int]],
    Callable[[StateT, int], Sequence[MoveT]],
    Callable[[StateT, MoveT], StateT],
]:
    """``is_over``, ``deal_number``, ``players_to_act``, ``legal_moves`` and ``apply_move`` of
    ``game``: for a :class:`~sticheln.core.kit.BaseGame` that does not override them, the
    state's attributes and the engine's functions its methods wrap (the same results, a
    call less each)."""
    cls = type(game)
    if isinstance(game, BaseGame) and all(
        getattr(cls, name) is getattr(BaseGame, name)
        for name in ("is_over", "deal_number", "players_to_act", "legal_moves", "apply_move")
    ):
        kit = game.kit
        return (
            operator.attrgetter("is_over"),
            operator.attrgetter("deal_number"),
            operator.attrgetter("players_to_act"),
            kit.legal_moves,
            kit.apply_move,
        )
    return game.is_over, game.deal_number, game.players_to_act, game.legal_moves, game.apply_move


class RoundState(Protocol):
    """One sampled deal of a fast path (:attr:`GameInfo.fast_playouts
    <sticheln.GameInfo.fast_playouts>`), mutable, with moves
    as keys (ints, or the game's moves themselves)."""

    @property
    def done(self) -> bool:
        """Whether the deal in progress is over."""
        ...

    def actors(self) -> tuple[int, ...]:
        """The seats that may move now (as :meth:`Game.players_to_act
        <sticheln.Game.players_to_act>`)."""
        ...

    def moves(self, player: int) -> Sequence[Any]:
        """The legal moves of ``player``, as keys, in the order of :meth:`Game.legal_moves
        <sticheln.Game.legal_moves>`."""
        ...

    def play(self, player: int, key: Any) -> None:
        """Make the move ``key`` of ``player`` in place."""
        ...

    def policy_move(self, player: int, rng: random.Random) -> Any:
        """The playout policy's move for ``player``."""
        ...

    def playout(self, rng: random.Random) -> Sequence[int]:
        """Play the deal to its end by the playout policy; each player's score then (as
        :meth:`Game.scores <sticheln.Game.scores>`)."""
        ...


class RoundSampler(Protocol):
    """What a fast path makes of a view: deals that agree with it."""

    def sample(self, rng: random.Random) -> RoundState:
        """A deal, drawn with ``rng``, that the view's player cannot tell from the real one."""
        ...

    def move_of(self, player: int, key: Any) -> Any:
        """The game's move of ``player`` for the key ``key``."""
        ...


class _StateRound:
    """A :class:`RoundState` on the game's own immutable states: the moves are the game's,
    and the playouts those of the bot's generic path (:meth:`ISMCTSBot._playout`)."""

    __slots__ = ("bot", "number", "state")

    def __init__(self, bot: ISMCTSBot[Any, Any, Any], state: Any) -> None:
        self.bot = bot
        self.state = state
        self.number = bot.game.deal_number(state)

    @property
    def done(self) -> bool:
        game = self.bot.game
        state = self.state
        return game.is_over(state) or game.deal_number(state) != self.number

    def actors(self) -> tuple[int, ...]:
        return tuple(self.bot.game.players_to_act(self.state))

    def moves(self, player: int) -> Sequence[Any]:
        return self.bot.game.legal_moves(self.state, player)

    def play(self, player: int, key: Any) -> None:
        self.state = self.bot.game.apply_move(self.state, key)

    def policy_move(self, player: int, rng: random.Random) -> Any:
        return self.bot._playout_move(self.state, player, rng)

    def playout(self, rng: random.Random) -> Sequence[int]:
        bot = self.bot
        return bot.game.scores(bot._playout(self.state, self.number, rng))


class _StateRounds:
    """A :class:`RoundSampler` of :class:`_StateRound`: the states of ``sample``, a state
    sampler the game declares (:attr:`GameInfo.hand_sampler
    <sticheln.GameInfo.hand_sampler>`)."""

    __slots__ = ("bot", "sample_state")

    def __init__(self, bot: ISMCTSBot[Any, Any, Any], sample: Callable[[random.Random], Any]):
        self.bot = bot
        self.sample_state = sample

    def sample(self, rng: random.Random) -> _StateRound:
        return _StateRound(self.bot, self.sample_state(rng))

    def move_of(self, player: int, key: Any) -> Any:
        return key


def _declared(game: Game[Any, Any, Any], field: str) -> Any:
    """The object that ``game`` declares in the :class:`~sticheln.GameInfo` field ``field``
    (imported if it is a reference), or ``None``."""
    info = game.info
    reference = getattr(info, field, None)
    if reference is None:
        return None
    return resolve(reference, f"the {field.replace('_', ' ')} of {info.title}")


def playout_policy_for(
    game: Game[Any, Any, Any],
) -> Callable[[Any, int, Sequence[Any], random.Random], Any] | None:
    """The playout policy that ``game`` declares (:attr:`GameInfo.playout_policy
    <sticheln.GameInfo.playout_policy>`), or ``None`` if its playouts are random."""
    policy: Callable[[Any, int, Sequence[Any], random.Random], Any] | None = _declared(
        game, "playout_policy"
    )
    return policy


def make_ismcts_bot(game: Game[Any, Any, Any], **options: Any) -> ISMCTSBot[Any, Any, Any]:
    """``ISMCTSBot(game, **options)``: the search with the settings that suit the game, which
    are :class:`ISMCTSBot`'s defaults. A game's playouts are played by the policy it declares
    (:attr:`GameInfo.playout_policy <sticheln.GameInfo.playout_policy>`), or at random.

    With ``round_playouts=True`` (the default) the searches of a game that declares a fast
    path of its default playouts (:attr:`GameInfo.fast_playouts
    <sticheln.GameInfo.fast_playouts>`) sample only the deal in progress and play it out on
    a mutable representation of their own, making the same moves several times faster.
    """
    return ISMCTSBot(game, **options)


def parse_seconds(text: str) -> float:
    """An option value that is a time limit: a positive number of seconds, at most
    :data:`MAX_TIME_LIMIT`."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= MAX_TIME_LIMIT:
        raise ValueError(
            f"must be a positive number of seconds, at most {MAX_TIME_LIMIT:g} (an hour)"
        )
    return value


def _exploration(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise ValueError("must be a number of at least 0")
    return value


def _reward(text: str) -> str:
    if text.lower() not in ("margin", "rank"):
        raise ValueError("must be margin or rank")
    return text.lower()


def _playout_policy(text: str) -> str:
    lowered = text.lower()
    if lowered in ("heuristic", "default"):
        return "default"
    if lowered in ("none", "random"):
        return "none"
    raise ValueError("must be heuristic (the game's declared policy) or none (random)")


def parse_bot_name(text: str) -> str:
    """An option value that names a registered bot, in lower case."""
    return text.lower()


ISMCTS_OPTIONS: dict[str, OptionParser] = {
    "time": parse_seconds,
    "time_limit": parse_seconds,
    "iterations": parse_positive_int,
    "seed": parse_int,
    "exploration": _exploration,
    "reward": _reward,
    "reward_scale": parse_positive_float,
    "round_playouts": parse_bool,
    "tree_simultaneous": parse_bool,
    "playout_policy": _playout_policy,
    "playout_bot": parse_bot_name,
    "delegate_bot": parse_bot_name,
}
"""The options of ``ismcts`` in a bot spec (``ismcts:time=0.5:seed=3``), with the parsers of
their values: ``time`` (or ``time_limit``) in seconds, at most :data:`MAX_TIME_LIMIT` (an
hour), and ``iterations`` bound the search,
``seed`` seeds it; the others set the :class:`ISMCTSBot` arguments of the same names, with
``playout_policy=heuristic`` (the game's declared policy, the default unless a
``playout_bot`` is given) or ``none`` (random playouts, or those of ``playout_bot``), and
``playout_bot`` and ``delegate_bot`` naming registered bots."""


def time_limit_option(options: dict[str, Any]) -> None:
    """Rename the option ``time`` of a bot spec ``time_limit``, in place.

    :raises ValueError: if both are given.
    """
    if "time" in options:
        if "time_limit" in options:
            raise ValueError("give time or time_limit, not both")
        options["time_limit"] = options.pop("time")


def make_ismcts_bot_from_options(
    game: Game[Any, Any, Any], **options: Any
) -> ISMCTSBot[Any, Any, Any]:
    """The bot of a spec ``ismcts:key=value:...``: :func:`make_ismcts_bot` with the parsed
    :data:`ISMCTS_OPTIONS` (the factory :func:`~sticheln.bots.make_bot` calls).

    >>> from sticheln import StichelnGame
    >>> bot = make_ismcts_bot_from_options(StichelnGame(), time=0.5, playout_policy="none")
    >>> bot.time_limit, bot.iterations, bot.playout_policy
    (0.5, None, None)

    :raises ValueError: if both ``time`` and ``time_limit`` are given.
    """
    time_limit_option(options)
    if "playout_policy" in options:  # given: the declared policy even with a playout_bot
        policy = options["playout_policy"]
        options["playout_policy"] = None if policy == "none" else playout_policy_for(game)
    for key in ("playout_bot", "delegate_bot"):
        if options.get(key) is not None:
            options[key] = make_bot(str(options[key]), game)
    return make_ismcts_bot(game, **options)

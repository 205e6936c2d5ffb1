"""Single-agent Gymnasium environments for every game of the library (the ``gymnasium``
extra: ``pip install ".[gymnasium]"`` in a checkout, :doc:`/installing`): one seat learns,
the library's bots or policies of your own play the others.

Importing this module registers an environment id for each game that
:func:`~sticheln.find_game` knows (:func:`register_environments`; :func:`env_id` gives the
id of a name: the name's words capitalised, in the namespace :data:`NAMESPACE`, version 0;
:doc:`/gymnasium` lists those of the built-in games). ``gymnasium.make`` passes its keyword
arguments to :class:`GameEnv`, which is written against the :class:`~sticheln.Game` protocol
and the game's :meth:`~sticheln.Game.encoding` alone, so every game that gives an encoding
works the same way:

- actions: ``Discrete(encoding.num_actions)``, the encoding's action indices;
- observations: the learner's view as the encoding's vector (``int8``, a ``Box`` whose bounds
  are the ranges the encoding's segments declare), or ``float32`` in [0, 1] with
  ``normalise=True`` (in [-1, 1] with ``normalise=(-1, 1)``);
- the legal actions: :meth:`GameEnv.action_masks` (a ``bool`` array, the method sb3-contrib's
  ``MaskablePPO`` calls) and ``info["action_mask"]`` (``int8``, what
  ``action_space.sample(mask)`` takes);
- rewards: the learner's points, paid at the step during which a deal is scored.

A random agent plays one deal of a registered game against the game's heuristic bot:

>>> import gymnasium
>>> import numpy as np
>>> from sticheln import GAME_NAMES
>>> from sticheln.adapters.gymnasium import env_id
>>> env = gymnasium.make(env_id(next(iter(GAME_NAMES))), opponents="heuristic", episode="deal")
>>> observation, info = env.reset(seed=7)
>>> encoding = env.unwrapped.encoding
>>> observation.shape == (encoding.observation_size,), observation.dtype
(True, dtype('int8'))
>>> info["action_mask"].shape == (encoding.num_actions,), int(info["action_mask"].sum()) > 0
(True, True)
>>> rng = np.random.default_rng(7)
>>> total, done = 0.0, False
>>> while not done:
...     action = rng.choice(np.flatnonzero(env.unwrapped.action_masks()))
...     observation, reward, terminated, truncated, info = env.step(action)
...     total += reward
...     done = terminated or truncated
>>> state = env.unwrapped.game_state  # the next deal has begun: scores are the first's
>>> total == env.unwrapped.game.scores(state)[0]
True
"""

from __future__ import annotations

import io
import math
import operator
import random
import re
from collections.abc import Callable, Sequence
from typing import Any, Final, SupportsFloat

from sticheln.adapters import missing_extra

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.error import ResetNeeded
except ImportError as error:  # pragma: no cover - the extra is not installed
    raise missing_extra(__name__, "gymnasium", error) from error

from sticheln.bots import BotSpecError, make_bot
from sticheln.core.encoding import normalised_range
from sticheln.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    RulesError,
    UnknownNameError,
    UnknownPlayerError,
    WrongTypeError,
    excerpt,
)
from sticheln.core.protocol import Game
from sticheln.core.seats import seat_label
from sticheln.games import DEFAULT_GAME, GAME_NAMES, find_game

__all__ = [
    "EPISODES",
    "NAMESPACE",
    "RENDER_MODES",
    "GameEnv",
    "Policy",
    "env_id",
    "register_environments",
]

NAMESPACE: Final = __name__.split(".", 1)[0]
"""The namespace of the environment ids: the package's name."""

EPISODES: Final = ("game", "deal")
"""What an episode is: the whole game (all its deals), or the first deal only."""

RENDER_MODES: Final = ("ansi",)
"""``"ansi"``: :meth:`GameEnv.render` returns the learner's screen as text."""

Policy = Callable[[Any, Sequence[Any]], Any]
"""An opponent of your own, ``policy(view, legal_moves) -> move``: ``view`` is what its seat
may see, ``game.observe(state, seat)`` (``game.viewer(view)`` is the seat), and
``legal_moves`` the tuple of that seat's legal moves, ``game.legal_moves(state, seat)``, never
empty; it returns one of them."""


class _PolicyBot:
    """A :data:`Policy` as a bot: the random generator the environment hands to bots is not
    passed on."""

    __slots__ = ("policy",)

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def choose(self, view: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        return self.policy(view, moves)

    def __repr__(self) -> str:
        return repr(self.policy)


class GameEnv(gymnasium.Env[npt.NDArray[Any], np.int64]):
    """One seat of a game (the learner's) against opponents that play the other seats.

    :param game: a registered game's name (:func:`~sticheln.find_game`) or a game object on
        the :class:`~sticheln.Game` protocol; the registered ids give the name.
    :param players: the number of players, one of the game's ``player_counts`` (``None``: the
        number the game declares, :attr:`GameInfo.default_players
        <sticheln.GameInfo.default_players>`).
    :param seat: the learner's seat, from 0; ``None`` draws it anew at every reset, from the
        game's seed.
    :param opponents: who plays the other seats: a bot spec for all of them (``"random"``,
        ``"heuristic"``, ``"ismcts:iterations=50"``: :func:`~sticheln.bots.make_bot` reads it;
        specs separated by commas give one per seat), a bot (an object with the
        :class:`~sticheln.bots.Bot` method ``choose``), a :data:`Policy`, or a sequence of
        these with one entry per other seat: the first plays the seat after the learner's,
        the next the seat after that, and so on.
    :param episode: ``"game"`` (all deals) or ``"deal"`` (the first deal only): see
        :data:`EPISODES`.
    :param preset: the game's rules preset (``None``: its default rules); only with a name.
    :param normalise: ``True`` for observations in ``float32``, each entry mapped linearly
        from its segment's range to [0, 1]; a pair ``(low, high)`` to map them to that range
        instead, such as ``(-1, 1)`` (:data:`~sticheln.core.encoding.SYMMETRIC`); ``False``
        for the encoding's ``int8`` values.
    :param illegal_reward: the reward of an illegal action, which ends the episode (``None``:
        one point less than the difference between the lowest and the highest final score
        the game declares for the player count, so that an illegal action never pays better
        than playing on; -1 for a game that declares no score bounds).
    :param render_mode: ``None`` or ``"ansi"`` (:data:`RENDER_MODES`).
    :raises UnknownNameError: for an unknown game, preset or bot (the message lists those
        known).
    :raises RulesError: for a number of players the game's rules do not allow.
    :raises UnknownPlayerError: for a seat that is not one of the table's.
    :raises BotSpecError: for a bot spec that cannot be read, naming the opponent.
    :raises WrongTypeError: for an argument of the wrong type, naming it.
    :raises ValueError: for an unknown episode or render mode, a sequence of opponents of
        the wrong length, or a ``normalise`` range that is not ``low < high``.
    :raises NotProvidedError: for a game that gives no encoding.

    An episode starts at :meth:`reset` and ends (``terminated``) when the game is over, or
    with ``episode="deal"`` when its first deal has been scored; it is never truncated. The
    learner acts at every step; the opponents' moves are made within :meth:`reset` and
    :meth:`step`, up to the learner's next turn. Where several seats choose at once
    (a card or an order each player lays down face down), the learner chooses first and the
    others after it; the game's views hide each choice until all have chosen, so nobody
    learns more than at the table.

    :meth:`step` takes an action index (a Python or numpy integer). An index the mask does not
    allow now is an illegal action: the game is left as it was, and the episode ends with
    reward ``illegal_reward`` and ``info["illegal_action"] = True``. This is what Gymnasium's
    ``check_env``, which samples actions without the mask, meets. An index outside the action
    space raises :class:`~sticheln.InvalidMoveError`, a value that is not an integer
    :class:`~sticheln.WrongTypeError`, and a step after the end of the episode (or before the
    first reset) Gymnasium's ``ResetNeeded``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium's class attribute
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,  # text frames, read at leisure: Gymnasium asks for a rate
    }

    game: Game[Any, Any, Any]
    """The game object."""
    players: int
    """The number of players."""
    encoding: Any
    """The game's :class:`~sticheln.core.encoding.Encoding` for :attr:`players`."""
    episode: str
    """``"game"`` or ``"deal"``."""
    game_state: Any
    """The library's state of the game being played (``None`` before the first reset)."""
    game_seed: int | None
    """The seed of the game being played: ``game.new_game(players, game_seed)`` deals it."""
    seat: int
    """The learner's seat in the episode being played."""

    def __init__(
        self,
        game: str | Game[Any, Any, Any] = DEFAULT_GAME,
        *,
        players: int | None = None,
        seat: int | None = 0,
        opponents: object = "random",
        episode: str = "game",
        preset: str | None = None,
        normalise: bool | tuple[float, float] = False,
        illegal_reward: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(game, str):
            game = find_game(game, preset)
        elif preset is not None:
            raise ValueError("give a preset only with a game's name, not with a game object")
        elif not callable(getattr(game, "encoding", None)):
            raise WrongTypeError(
                f"game must be a game's name or a game on the protocol, got {excerpt(game)}"
            )
        info = game.info
        if players is None:
            players = info.default_players
        elif type(players) is not int:
            raise WrongTypeError(f"players must be an int, got {excerpt(players)}")
        if players not in game.player_counts:
            counts = ", ".join(map(str, game.player_counts))
            raise RulesError(
                f"{info.title} ({info.rules_name}) is played by {counts} players, not {players}"
            )
        if seat is not None:
            if type(seat) is not int:
                raise WrongTypeError(f"seat must be an int or None, got {excerpt(seat)}")
            if not 0 <= seat < players:
                raise UnknownPlayerError(
                    f"seat {seat} is not a seat of {players} players (0 to {players - 1})"
                )
        if not isinstance(episode, str) or episode not in EPISODES:
            raise ValueError(f"episode must be 'game' or 'deal', not {excerpt(episode)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or 'ansi', not {excerpt(render_mode)}")
        target = normalised_range(normalise)
        self.game = game
        self.players = players
        self.encoding = game.encoding(players)
        self.episode = episode
        self.render_mode = render_mode
        self.normalise = target
        """The range of the ``float32`` observations, ``(low, high)``, or ``None`` for the
        encoding's ``int8`` values."""
        self.illegal_reward = _illegal_reward(game, players, illegal_reward)
        """The reward of an illegal action (which ends the episode)."""
        self._seat_choice = seat
        self._opponents = _opponents(game, opponents, players - 1)
        self._bots: list[Any] = []
        low, high = (np.array(b, dtype=np.int8) for b in self.encoding.observation_bounds())
        self._normalised = None if target is None else self.encoding.normaliser(target)
        if target is not None:
            size = self.encoding.observation_size
            self.observation_space = spaces.Box(*target, (size,), np.float32)
        else:
            self.observation_space = spaces.Box(low, high, dtype=np.int8)
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self._no_actions = np.zeros(self.encoding.num_actions, dtype=np.int8)
        self.game_state = None
        self.game_seed = None
        self.seat = 0 if seat is None else seat
        self._over = True
        self._first_deal = 0
        self._score = 0
        self._rngs: list[random.Random] = []
        self._moves: dict[int, Any] = {}
        self._mask = self._no_actions

    # -- the Gymnasium API -----------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[Any], dict[str, Any]]:
        """Start a new episode: the game that ``game.new_game(players, seed)`` deals, played by
        the opponents up to the learner's first turn.

        Without a seed, the seed is drawn from the environment's ``np_random`` (seeded by the
        last seed given, else by the operating system); the seed played is :attr:`game_seed`.
        The opponents' random generators, and the learner's seat when ``seat=None``, are
        derived from that seed, so the same seed and the same actions give the same episode.
        ``options`` are accepted and ignored.
        """
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63)) if seed is None else seed
        players = self.players
        seat = self._seat_choice
        if seat is None:
            seat = random.Random(f"{game_seed}/seat").randrange(players)
        bots = [None] * players
        for offset, opponent in enumerate(self._opponents, start=1):
            bots[(seat + offset) % players] = opponent
        # Until the learner's first turn is reached, the environment has no episode: an
        # opponent that fails leaves it needing a reset.
        self.game_state, self._over = None, True
        self.seat, self._bots = seat, bots
        self._rngs = [random.Random(f"{game_seed}/{s}") for s in range(players)]
        state = self.game.new_game(players, seed=game_seed)
        self.game_seed = game_seed
        self._first_deal = self.game.deal_number(state)
        self._score = self.game.scores(state)[seat]
        state = self._play_opponents(state)
        if self._ended(state):  # pragma: no cover - a game in which a seat never moves
            raise RuntimeError(f"the episode ended before seat {seat} had a move to make")
        self._set_state(state)
        return self._observation(state), {"action_mask": self._mask.copy()}

    def step(
        self, action: Any
    ) -> tuple[npt.NDArray[Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Make the learner's move of action index ``action``, then the opponents' moves up to
        the learner's next turn or the end of the episode.

        The reward is the change of the learner's score: the points of a deal, at the step
        during which the deal is scored; 0 at the other steps. An illegal action ends the
        episode with reward :attr:`illegal_reward`, changing nothing (see the class).
        """
        if self._over:
            raise ResetNeeded(
                "the episode is over: call reset() before step()"
                if self.game_state is not None
                else "call reset() before step()"
            )
        index = self._index(action)
        move = self._moves.get(index)
        if move is None:
            self._over = True
            self._moves, self._mask = {}, self._no_actions
            info = {"action_mask": self._no_actions.copy(), "illegal_action": True}
            return self._observation(self.game_state), self.illegal_reward, True, False, info
        game = self.game
        state = self._play_opponents(game.apply_move(self.game_state, move))
        score = game.scores(state)[self.seat]
        reward = float(score - self._score)
        self._score = score
        self._set_state(state)
        return (
            self._observation(state),
            reward,
            self._over,
            False,
            {"action_mask": self._mask.copy()},
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Which actions are legal for the learner now: one ``bool`` per action index (all
        false once the episode is over). sb3-contrib's ``MaskablePPO`` calls it."""
        return self._mask.astype(np.bool_)

    def render(self) -> str | None:
        """The learner's screen as text (``render_mode="ansi"``): the game, the deal and the
        learner's seat, then what the command line shows the player to act (the view, the
        scores, the moves), and the legal actions as ``index=name``; the scoreboard once the
        episode is over. Without a render mode it warns and returns ``None``."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode."
            )
            return None
        if self.game_state is None:
            raise ResetNeeded("call reset() before render()")
        return self._text()

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers ---------------------------------------------------------------------------

    def _ended(self, state: Any) -> bool:
        game = self.game
        return game.is_over(state) or (
            self.episode == "deal" and game.deal_number(state) != self._first_deal
        )

    def _play_opponents(self, state: Any) -> Any:
        """The state once the opponents have moved up to the learner's turn or the end."""
        game, seat, bots, rngs = self.game, self.seat, self._bots, self._rngs
        while not self._ended(state):
            to_act = game.players_to_act(state)
            if seat in to_act:
                break
            player = to_act[0]
            moves = game.legal_moves(state, player)
            move = bots[player].choose(game.observe(state, player), moves, rngs[player])
            if move not in moves:
                raise IllegalMoveError(
                    f"the opponent in seat {player} ({excerpt(bots[player])}) chose "
                    f"{excerpt(move)}, which is not one of its legal moves",
                    move=move,
                    reason=f"not a legal move of player {player} now",
                )
            state = game.apply_move(state, move)
        return state

    def _set_state(self, state: Any) -> None:
        """Make ``state`` the state of the episode, and its legal actions the learner's."""
        self.game_state = state
        if self._ended(state):
            self._over = True
            self._moves, self._mask = {}, self._no_actions
            return
        self._over = False
        index = self.encoding.action_index
        moves = {index(move): move for move in self.game.legal_moves(state, self.seat)}
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        mask[list(moves)] = 1
        self._moves, self._mask = moves, mask

    def _observation(self, state: Any) -> npt.NDArray[Any]:
        view = self.game.observe(state, self.seat)
        if self._normalised is not None:
            normalised: npt.NDArray[np.float32] = self._normalised(self.encoding.observation(view))
            return normalised
        vector: npt.NDArray[np.int8] = self.encoding.observation_array(view)
        return vector

    def _index(self, action: Any) -> int:
        """The action index ``action`` gives.

        :raises WrongTypeError: for a value that is not an integer.
        :raises InvalidMoveError: for an index outside the action space.
        """
        if isinstance(action, bool | np.bool_):
            raise WrongTypeError(f"an action must be an integer, got {excerpt(action)}")
        try:
            index = operator.index(action)
        except TypeError:
            raise WrongTypeError(f"an action must be an integer, got {excerpt(action)}") from None
        if not 0 <= index < self.encoding.num_actions:
            raise InvalidMoveError(
                f"action {excerpt(index)} is outside the action space: "
                f"0 to {self.encoding.num_actions - 1}"
            )
        return index

    def _text(self) -> str:
        from rich.console import Console

        from sticheln.core.screen import screen_for

        game, state, seat = self.game, self.game_state, self.seat
        info = game.info
        names = ["You" if s == seat else seat_label(s) for s in range(self.players)]
        screen = screen_for(game, names, seat)
        buffer = io.StringIO()
        console = Console(file=buffer, width=80, color_system=None, highlight=False, emoji=False)
        console.print(
            f"{info.title} ({info.rules_name}), {self.players} players,"
            f" deal {game.deal_number(state) + 1}; you are {seat_label(seat)}"
        )
        if self._over:
            console.print(screen.scoreboard(state))
            console.print("The episode is over.")
        else:
            moves = game.legal_moves(state, seat)
            console.print(screen.turn(state, seat, moves))
            names_of = self.encoding.action_names
            actions = sorted(self._moves)
            console.print("Actions: " + "  ".join(f"{i}={names_of[i]}" for i in actions))
        return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines())


def _illegal_reward(game: Game[Any, Any, Any], players: int, given: object) -> float:
    if given is None:
        bounds = game.info.score_range(players)
        return -1.0 if bounds is None else float(bounds[0] - bounds[1] - 1)
    if isinstance(given, bool) or not isinstance(given, int | float):
        raise WrongTypeError(f"illegal_reward must be a number or None, got {excerpt(given)}")
    if not math.isfinite(given):
        raise ValueError(f"illegal_reward must be finite, not {given!r}")
    return float(given)


def _opponents(game: Game[Any, Any, Any], given: object, count: int) -> list[Any]:
    """One bot per other seat, in order from the seat after the learner's.

    :raises UnknownNameError: for an unknown bot, naming the opponent.
    :raises BotSpecError: for a spec that cannot be read, naming the opponent.
    :raises WrongTypeError: for an opponent that is no spec, bot or policy.
    :raises ValueError: for a sequence of the wrong length.
    """
    entries: list[object]
    if isinstance(given, str):
        entries = list(given.split(",")) if "," in given else [given] * count
    elif isinstance(given, Sequence):
        entries = list(given)
    else:
        entries = [given] * count
    if len(entries) != count:
        raise ValueError(
            f"opponents: {len(entries)} given for {count} other seats: give one for all of "
            f"them, or one per other seat"
        )
    return [_opponent(game, entry, i) for i, entry in enumerate(entries)]


def _opponent(game: Game[Any, Any, Any], entry: object, i: int) -> Any:
    where = f"opponents[{i}]"
    if isinstance(entry, str):
        try:
            return make_bot(entry.strip(), game)
        except UnknownNameError as exc:
            raise UnknownNameError(f"{where}: {exc}") from None
        except BotSpecError as exc:
            raise BotSpecError(f"{where}: {exc}") from None
    if callable(getattr(entry, "choose", None)):
        return entry
    if callable(entry):
        return _PolicyBot(entry)
    raise WrongTypeError(
        f"{where} must be a bot spec, a bot or a policy (view, legal_moves) -> move, "
        f"got {excerpt(entry)}"
    )


def env_id(name: str) -> str:
    """The id of the environment of the game registered as ``name``: the name's words
    capitalised, in the :data:`NAMESPACE`, version 0.

    >>> from sticheln.adapters.gymnasium import NAMESPACE, env_id
    >>> env_id("high-card") == f"{NAMESPACE}/HighCard-v0"
    True
    """
    words = re.split(r"[^0-9A-Za-z]+", name)
    return f"{NAMESPACE}/{''.join(word.capitalize() for word in words)}-v0"


def register_environments() -> tuple[str, ...]:
    """Register with Gymnasium an environment id (:func:`env_id`) for each game that
    :func:`~sticheln.find_game` knows now, and return the ids. Importing this module calls
    it; call it again after registering a game of your own (ids already registered are
    kept).

    >>> import gymnasium
    >>> from sticheln import GAME_NAMES
    >>> from sticheln.adapters.gymnasium import env_id, register_environments
    >>> ids = register_environments()
    >>> name = sorted(GAME_NAMES)[-1]  # any registered game
    >>> env_id(name) in ids, gymnasium.spec(env_id(name)).kwargs == {"game": name}
    (True, True)
    """
    ids = []
    for name in list(GAME_NAMES):
        key = env_id(name)
        spec = gymnasium.registry.get(key)
        if spec is None:
            gymnasium.register(id=key, entry_point=f"{__name__}:GameEnv", kwargs={"game": name})
        elif spec.kwargs.get("game") != name:
            continue  # another game's name gives the same id: the first keeps it
        ids.append(key)
    return tuple(ids)


register_environments()

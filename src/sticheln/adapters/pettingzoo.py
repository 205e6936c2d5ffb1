"""PettingZoo AEC environments for every game of the library (the ``pettingzoo`` extra:
``pip install ".[pettingzoo]"`` in a checkout, :doc:`/installing`).

:func:`env` builds the environment of a registered game, wrapped like PettingZoo's classic
environments; :func:`raw_env` (the class :class:`GameEnv`) is the same without the wrappers,
for training loops that want the speed. Both are written against the :class:`~sticheln.Game`
protocol and its :meth:`~sticheln.Game.encoding` alone, so Sticheln, Hattrick, Stichling and
every game registered later work the same way:

- agents ``player_0`` .. ``player_{n-1}`` (seat ``i`` is ``player_i``);
- actions: ``Discrete(encoding.num_actions)``, the encoding's action indices;
- observations: ``{"observation": int8 vector, "action_mask": int8 vector}``, the encoding's
  observation of the agent's view (in a ``Box`` whose bounds are the ranges its segments
  declare; ``float32`` in [0, 1] with ``normalise=True``, in [-1, 1] with
  ``normalise=(-1, 1)``) and its legal-action mask (all zeros for an agent that is not
  :attr:`~GameEnv.agent_selection` or whose episode is over); the mask is also in
  ``infos[agent]["action_mask"]``;
- rewards: when a deal (Sticheln's round, Hattrick's or Stichling's hand) is scored, each
  agent gets that deal's points, the change of :meth:`~sticheln.Game.scores`, at the step
  that ends the deal; a whole episode's rewards add up to the final scores;
- moves chosen simultaneously (Sticheln's pain cards, Stichling's victory points) are made
  one agent at a time, in seat order; the game's views hide the others' choices until all
  have chosen, so no agent learns more than at the table.

A random agent plays a whole game of Sticheln:

>>> from sticheln.adapters.pettingzoo import env
>>> table = env("sticheln", players=4, preset="amigo-1993")
>>> table.reset(seed=7)
>>> table.agents
['player_0', 'player_1', 'player_2', 'player_3']
>>> totals = dict.fromkeys(table.agents, 0.0)
>>> for agent in table.agent_iter():
...     observation, reward, terminated, truncated, info = table.last()
...     totals[agent] += reward
...     if terminated or truncated:
...         action = None
...     else:
...         action = table.action_space(agent).sample(observation["action_mask"])
...     table.step(action)
>>> scores = table.unwrapped.game.scores(table.unwrapped.game_state)
>>> tuple(int(totals[agent]) for agent in table.possible_agents) == scores
True
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from typing import Any, Final

from sticheln.adapters import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:
    raise missing_extra(__name__, "pettingzoo", error) from error

from sticheln.core.encoding import normalised_range
from sticheln.core.protocol import Game
from sticheln.core.registry import find_game
from sticheln.games import DEFAULT_GAME

__all__ = ["EPISODES", "RENDER_MODES", "GameEnv", "env", "raw_env"]

EPISODES: Final = ("game", "deal")
"""What an episode is: the whole game (all its deals), or its first deal only."""

RENDER_MODES: Final = ("ansi", "human")
"""``"ansi"``: :meth:`GameEnv.render` returns the text; ``"human"``: it prints it and returns
``None``."""

Observation = dict[str, npt.NDArray[Any]]


class GameEnv(AECEnv):
    """The AEC environment of one game, for a fixed number of players (unwrapped).

    :param game: a registered game's name (:func:`~sticheln.find_game`) or a game object on
        the :class:`~sticheln.Game` protocol.
    :param players: the number of players, one of the game's ``player_counts`` (``None``:
        the number the game declares, :attr:`GameInfo.default_players
        <sticheln.GameInfo.default_players>`).
    :param preset: the game's rules preset (``None``: its default rules); only with a name.
    :param render_mode: ``None``, ``"ansi"`` or ``"human"`` (:data:`RENDER_MODES`).
    :param episode: ``"game"`` (all deals) or ``"deal"`` (stop once the first deal is
        scored).
    :param normalise: ``True`` for observation vectors in ``float32``, each entry mapped
        linearly from its segment's range to [0, 1]; a pair ``(low, high)`` to map them to
        that range instead, such as ``(-1, 1)``; ``False`` for the encoding's ``int8`` values.
    :raises ValueError: for a player count, render mode or episode the game does not know,
        or a ``normalise`` range that is not ``low < high``.
    :raises WrongTypeError: for a ``normalise`` that is not a bool or a pair of numbers.

    :meth:`step` takes the encoding's action index of a legal move of the agent to act (a
    Python or numpy integer); the raw environment raises the game's
    :class:`~sticheln.IllegalMoveError` (a ``ValueError``) for any other, and changes nothing.
    The wrapped :func:`env` ends the episode instead, with reward -1 for that agent.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "name": "sticheln_v0",
        "render_modes": list(RENDER_MODES[:1]),
        "is_parallelizable": False,
    }

    game_state: Any
    """The library's state of the game being played."""
    game_seed: int
    """The seed of the game being played: ``game.new_game(players, game_seed)`` deals it."""
    agents: list[str]
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    agent_selection: str
    _scores: tuple[int, ...]
    _first_deal: int
    _recent: deque[tuple[Any, Any, int]]
    _mask: npt.NDArray[np.int8]
    _moves: dict[int, Any]

    def __init__(
        self,
        game: str | Game[Any, Any, Any] = DEFAULT_GAME,
        players: int | None = None,
        preset: str | None = None,
        render_mode: str | None = None,
        episode: str = "game",
        normalise: bool | tuple[float, float] = False,
    ) -> None:
        super().__init__()
        target = normalised_range(normalise)
        if isinstance(game, str):
            game = find_game(game, preset)
        elif preset is not None:
            raise ValueError("give a preset only with a game's name, not with a game object")
        if players is None:
            players = game.info.default_players
        if players not in game.player_counts:
            counts = ", ".join(map(str, game.player_counts))
            raise ValueError(f"{game.info.title} is played by {counts} players, not {players!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if episode not in EPISODES:
            raise ValueError(f"episode must be 'game' or 'deal', not {episode!r}")
        self.game: Game[Any, Any, Any] = game
        """The game object."""
        self.players = players
        """The number of players."""
        self.encoding: Any = game.encoding(players)
        """The game's :class:`~sticheln.core.encoding.Encoding` for :attr:`players`."""
        self.episode = episode
        self.render_mode = render_mode
        self.metadata = {
            "name": f"{game.info.name}_v0",
            "render_modes": list(RENDER_MODES[:1]),
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size, actions = self.encoding.observation_size, self.encoding.num_actions
        self.normalise = target
        """The range of the ``float32`` observation vectors, ``(low, high)``, or ``None`` for
        the encoding's ``int8`` values."""
        self._normalised = None if target is None else self.encoding.normaliser(target)
        vectors: spaces.Box
        if target is None:
            low, high = (np.array(b, dtype=np.int8) for b in self.encoding.observation_bounds())
            vectors = spaces.Box(low, high, dtype=np.int8)
        else:
            vectors = spaces.Box(*target, (size,), np.float32)
        observation_space = spaces.Dict(
            {
                "observation": vectors,
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        no_actions = np.zeros(actions, dtype=np.int8)
        no_actions.setflags(write=False)
        self._no_actions = no_actions
        self._rng = random.Random()
        self._reset_game(self._rng.randrange(2**63))

    # -- the AEC API ---------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object at every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode: the game that ``game.new_game(players, seed)`` deals.

        Without a seed, the seed is drawn from the environment's own random generator (seeded
        by the last seed given, else by the operating system); the seed played is
        :attr:`game_seed`. ``options`` are accepted and ignored.
        """
        if seed is not None:
            self._rng = random.Random(seed)
            self._reset_game(seed)
        else:
            self._reset_game(self._rng.randrange(2**63))

    def observe(self, agent: str) -> Observation:
        """The observation of ``agent``: its view's observation vector and its action mask."""
        seat = self._seats[agent]
        view = self.game.observe(self.game_state, seat)
        observation: npt.NDArray[Any] = (
            self.encoding.observation_array(view)
            if self._normalised is None
            else self._normalised(self.encoding.observation(view))
        )
        if agent == self.agent_selection and not self.terminations.get(agent, True):
            mask = self._mask.copy()
        else:
            mask = self._no_actions.copy()
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Make the move of action index ``action`` for :attr:`agent_selection`; after the
        end, ``step(None)`` removes a finished agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game, state = self.game, self.game_state
        seat = self._seats[agent]
        index = int(action)
        move = self._moves.get(index)
        if move is None:  # raises the IllegalMoveError that names the action
            move = self.encoding.action_move(state, seat, index)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)  # clear the last step's rewards
        self._recent.append((state, move, seat))
        self.game_state = state = game.apply_move(state, move)
        scores = tuple(game.scores(state))
        if scores != self._scores:
            for other, now, before in zip(self.possible_agents, scores, self._scores, strict=True):
                self.rewards[other] = float(now - before)
            self._scores = scores
        self.infos[agent] = {"action_mask": self._no_actions}
        if game.is_over(state) or (
            self.episode == "deal" and game.deal_number(state) != self._first_deal
        ):
            self.terminations = dict.fromkeys(self.agents, True)
            self._mask = self._no_actions
            self._moves = {}
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The public state of the game as text: the deal, the scores, the last moves
        (``move_text``; a move that the other players do not see is shown as hidden) and the
        agent to act.

        ``"ansi"`` returns the text, ``"human"`` prints it and returns ``None``; without a
        render mode it warns and returns ``None``.
        """
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode."
            )
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers -------------------------------------------------------------------------------

    def _reset_game(self, seed: int) -> None:
        game = self.game
        self.game_seed = seed
        self.game_state = game.new_game(self.players, seed=seed)
        self._scores = tuple(game.scores(self.game_state))
        self._first_deal = game.deal_number(self.game_state)
        self._recent = deque(maxlen=self.players)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {"action_mask": self._no_actions} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        """Make the first seat that ``players_to_act`` lists the agent to act."""
        state = self.game_state
        seat = self.game.players_to_act(state)[0]
        agent = self.possible_agents[seat]
        index = self.encoding.action_index
        moves = {index(move): move for move in self.game.legal_moves(state, seat)}
        if not moves:  # pragma: no cover - a game that breaks its protocol
            raise RuntimeError(f"{agent} is to act but has no legal move")
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        mask[list(moves)] = 1
        self._mask = mask
        self._moves = moves
        self.agent_selection = agent
        self.infos[agent] = {"action_mask": mask.copy()}

    def _move_line(self, state: Any, move: Any, seat: int) -> str:
        game = self.game
        agent = self.possible_agents[seat]
        other = (seat + 1) % self.players
        if other != seat and game.events(state, move, other) != game.events(state, move, seat):
            return f"{agent}: (hidden)"
        return f"{agent}: {game.move_text(move)}"

    def _text(self) -> str:
        game, state = self.game, self.game_state
        lines = [
            f"{game.info.title} ({game.info.rules_name}), {self.players} players,"
            f" deal {game.deal_number(state) + 1}"
        ]
        lines.append("Scores: " + _pairs(self.possible_agents, game.scores(state)))
        if self._recent:
            lines.append("Last moves: " + ", ".join(self._move_line(*m) for m in self._recent))
        if game.is_over(state):
            winners = [self.possible_agents[seat] for seat in game.winners(state)]
            lines.append("Game over; won by " + ", ".join(winners))
        elif all(self.terminations.values()):
            lines.append("Episode over")
        else:
            lines.append(f"To act: {self.agent_selection}")
        return "\n".join(lines)


raw_env = GameEnv
"""The unwrapped environment: ``raw_env(game, players, preset, render_mode, episode,
normalise)``."""


def _pairs(agents: Sequence[str], values: Sequence[int]) -> str:
    return ", ".join(f"{agent} {value}" for agent, value in zip(agents, values, strict=True))


def env(
    game: str | Game[Any, Any, Any] = DEFAULT_GAME,
    players: int | None = None,
    preset: str | None = None,
    render_mode: str | None = None,
    episode: str = "game",
    normalise: bool | tuple[float, float] = False,
) -> Any:
    """The environment of :class:`GameEnv`, wrapped as PettingZoo's classic environments
    are: an illegal action ends the episode with reward -1 for its agent
    (``TerminateIllegalWrapper``), an action out of range fails an assertion
    (``AssertOutOfBoundsWrapper``), and calls out of order fail
    (``OrderEnforcingWrapper``)."""
    raw = GameEnv(game, players, preset, render_mode, episode, normalise)
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)

"""Encodings for learning agents: a fixed action index space, a legal-action mask and an
observation vector built from a player's view alone.

Each game gives :meth:`~sticheln.Game.encoding` an :class:`Encoding` for a number of
players. Its actions are numbered ``0 .. num_actions - 1`` whatever the state;
:meth:`Encoding.action_index` numbers a move, :meth:`Encoding.action_move` finds the legal
move of an index, :meth:`Encoding.action_mask` marks the legal ones. The observation is a
flat vector of small signed ints (``int8``), laid out in named segments
(:attr:`Encoding.layout`, the tables of :doc:`/encodings`); seats in it are counted from the
viewer (``0`` is the viewer, ``1`` the next player in seat order, ...), so that one policy
serves every seat. It reads nothing but the view, so resampling the hidden cards
(:meth:`~sticheln.Game.sample_state`) never changes it. Each segment says the range of its
entries (:attr:`Segment.low` to :attr:`Segment.high`, and :attr:`Segment.binary` for 0/1
entries); :meth:`Encoding.observation_bounds` gives them entry by entry.

>>> from sticheln import GAME_NAMES, find_game
>>> game = find_game(next(iter(GAME_NAMES)))  # any registered game
>>> players = game.info.default_players
>>> encoding = game.encoding(players)
>>> state = game.new_game(players, seed=1)
>>> player = game.players_to_act(state)[0]
>>> mask = encoding.action_mask(state, player)
>>> len(mask) == encoding.num_actions, sum(mask) == len(game.legal_moves(state, player))
(True, True)
>>> encoding.action_move(state, player, mask.index(1)) in game.legal_moves(state, player)
True
>>> len(encoding.observation(game.observe(state, player))) == encoding.observation_size
True

With numpy installed (the ``rl`` extra), :meth:`Encoding.observation_array` and
:meth:`Encoding.mask_array` give the same as ``int8`` arrays.
"""

from __future__ import annotations

import abc
import math
from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar

import attrs

from sticheln.core.cards import Card, CardSet
from sticheln.core.errors import IllegalMoveError, WrongTypeError, excerpt
from sticheln.core.moves import CardMove
from sticheln.core.setup import check_seat_view

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "SYMMETRIC",
    "UNIT",
    "CardEncoding",
    "Encoding",
    "ObservationWriter",
    "Segment",
    "normalised_range",
]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")

INT8_MIN, INT8_MAX = -128, 127

UNIT: Final = (0.0, 1.0)
"""Observations normalised to [0, 1]: what ``normalise=True`` asks for."""
SYMMETRIC: Final = (-1.0, 1.0)
"""Observations normalised to [-1, 1]: ``normalise=SYMMETRIC`` (or ``(-1, 1)``)."""


def normalised_range(normalise: object) -> tuple[float, float] | None:
    """The range that an environment's ``normalise`` argument maps observations to: ``None``
    for ``False`` (the ``int8`` values as they are), :data:`UNIT` for ``True``, and
    ``(low, high)`` for a pair of numbers such as :data:`SYMMETRIC`.

    >>> from sticheln.core.encoding import normalised_range
    >>> normalised_range(True), normalised_range((-1, 1)), normalised_range(False)
    ((0.0, 1.0), (-1.0, 1.0), None)

    :raises WrongTypeError: for anything but a bool or a pair of ints or floats.
    :raises ValueError: for a pair that is not two finite numbers, the first below the second.
    """
    if type(normalise) is bool:
        return UNIT if normalise else None
    if (
        not isinstance(normalise, tuple | list)
        or len(normalise) != 2
        or not all(type(end) in (int, float) for end in normalise)
    ):
        raise WrongTypeError(
            "normalise must be True, False or a pair of numbers (low, high) such as (-1, 1), "
            f"got {excerpt(normalise)}"
        )
    low, high = float(normalise[0]), float(normalise[1])
    if not (math.isfinite(low) and math.isfinite(high) and low < high):
        raise ValueError(
            f"normalise must be a range (low, high) of finite numbers with low < high, got "
            f"{excerpt(normalise)}"
        )
    return low, high


@attrs.frozen
class Segment:
    """One named part of an observation vector."""

    name: str
    """The segment's name, e.g. ``"hand"``."""
    offset: int
    """Where the segment starts in the vector."""
    size: int
    """How many entries it has."""
    description: str
    """What its entries mean."""
    low: int = 0
    """The least value its entries take."""
    high: int = 1
    """The greatest value its entries take."""
    clipped: bool = False
    """Whether the numbers it stands for reach beyond ``low`` .. ``high`` and are clipped to
    them: a total whose range, as the rules bound it, leaves that of ``int8``."""

    @property
    def binary(self) -> bool:
        """Whether its entries are 0 or 1 only: cards, one-hot groups and flags."""
        return self.low == 0 and self.high == 1


class ObservationWriter:
    """Writes the segments of one observation vector, in order, into a buffer of zeros.

    A game's ``write`` function calls one method per segment. The writer fills a buffer of
    zeros (of ``size`` entries, grown as needed), setting only the entries that are not
    zero; given ``describe``, it also records the :class:`Segment` layout.
    """

    __slots__ = ("_at", "_describe", "_positions", "_size", "layout", "values")

    def __init__(
        self,
        positions: Sequence[int],
        deck_size: int,
        describe: Callable[[str], str] | None = None,
        size: int = 0,
    ) -> None:
        self.values = array("b", bytes(size))
        """The vector."""
        self.layout: list[Segment] | None = [] if describe is not None else None
        """The segments so far, when recording a layout."""
        self._positions = positions
        self._size = deck_size
        self._describe = describe
        self._at = 0

    def _segment(
        self, name: str, size: int, low: int = 0, high: int = 1, clipped: bool = False
    ) -> int:
        """The offset of the next segment, of ``size`` entries from ``low`` to ``high``; moves
        past it."""
        at = self._at
        end = self._at = at + size
        values = self.values
        if len(values) < end:
            values.frombytes(bytes(end - len(values)))
        if self.layout is not None and self._describe is not None:
            self.layout.append(Segment(name, at, size, self._describe(name), low, high, clipped))
        return at

    def cards(self, name: str, cards: CardSet | Iterable[Card]) -> None:
        """One entry per card of the game's deck: 1 for the cards in ``cards`` (a card set,
        or cards)."""
        at = self._segment(name, self._size)
        values, positions = self.values, self._positions
        if isinstance(cards, CardSet):
            for index in cards.indices:
                values[at + positions[index]] = 1
        else:
            for card in cards:
                values[at + positions[card.index]] = 1

    def card(self, name: str, card: Card | None) -> None:
        """One entry per card of the game's deck: 1 for ``card`` (none for ``None``)."""
        at = self._segment(name, self._size)
        if card is not None:
            self.values[at + self._positions[card.index]] = 1

    def one_hot(self, name: str, size: int, index: int | None) -> None:
        """``size`` entries, 1 at ``index`` (none for ``None``)."""
        at = self._segment(name, size)
        if index is not None:
            self.values[at + index] = 1

    def flags(self, name: str, flags: Sequence[bool]) -> None:
        """One entry per flag: 1 for true."""
        at = self._segment(name, len(flags))
        values = self.values
        for i, flag in enumerate(flags):
            if flag:
                values[at + i] = 1

    def numbers(self, name: str, numbers: Sequence[int], low: int, high: int) -> None:
        """One entry per number; ``low`` .. ``high`` is the range the rules give the numbers
        (a count from 0 to the cards of a hand, a total between the least and the most points
        of a game), which the segment declares.

        A range that leaves that of ``int8`` (-128 to 127) is cut to it: the segment declares
        the cut range and :attr:`Segment.clipped`, and numbers beyond it are written as its
        ends.

        :raises ValueError: for an empty range, or a number outside ``low`` .. ``high``: the
            encoding's ranges are wrong.
        """
        if low > high:
            raise ValueError(f"segment {name!r}: the range {low}..{high} is empty")
        least, most = max(low, INT8_MIN), min(high, INT8_MAX)
        at = self._segment(name, len(numbers), least, most, (least, most) != (low, high))
        values = self.values
        for i, n in enumerate(numbers):
            if not low <= n <= high:
                raise ValueError(
                    f"segment {name!r}: {excerpt(n)} is outside its range {low}..{high}"
                )
            if n:
                values[at + i] = most if n > most else least if n < least else n


class Encoding(abc.ABC, Generic[StateT, MoveT, ViewT]):
    """The action indices, masks and observation vectors of one game for a number of
    players.

    A game defines a subclass with :meth:`action_index`, :meth:`write` and the
    :attr:`action_names`; the rest is common.
    """

    players: int
    """The number of players the encoding is for."""
    action_names: tuple[str, ...]
    """A short, distinct name of every action index (``"R7"``, ``"add R7 to trick 2"``)."""
    card_positions: tuple[int, ...]
    """For each :attr:`Card.index <sticheln.Card.index>`, the card's place in the game's
    deck (``-1`` for cards not in it): the order of card segments."""
    descriptions: ClassVar[dict[str, str]]
    """What each observation segment means, by name (``won_{r}`` for the segments
    ``won_0``, ``won_1``, ...)."""

    def __init__(self, game: Any, players: int, deck: CardSet) -> None:
        """The encoding of ``game`` (its protocol object) for ``players`` players whose deck
        is ``deck``."""
        self.game = game
        self.players = players
        positions = [-1] * 128
        for place, index in enumerate(deck.indices):
            positions[index] = place
        self.card_positions = tuple(positions)
        self.deck = deck
        declared: tuple[int, int] | None = game.info.score_range(players)
        self.score_range: tuple[int, int] = declared or (INT8_MIN, INT8_MAX)
        """The range of a player's total score: the least and the most final score the game
        declares (:meth:`GameInfo.score_range <sticheln.GameInfo.score_range>`), or that of
        ``int8`` for a game that declares none. Totals of finished deals stay within it,
        since a deal can give 0 points."""
        sample = game.observe(game.new_game(players, seed=0), 0)
        writer = ObservationWriter(self.card_positions, len(deck), self._description)
        self.write(sample, writer)
        assert writer.layout is not None
        self.layout: tuple[Segment, ...] = tuple(writer.layout)
        """The observation's segments in order."""
        self.observation_size = len(writer.values)
        """The length of every observation vector."""

    def observation_bounds(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The least and the greatest value of each entry of the observation vector, from
        the :attr:`layout`: two tuples of :attr:`observation_size` ints.

        >>> from sticheln import GAME_NAMES, find_game
        >>> game = find_game(next(iter(GAME_NAMES)))  # any registered game
        >>> encoding = game.encoding(game.info.default_players)
        >>> low, high = encoding.observation_bounds()
        >>> len(low) == len(high) == encoding.observation_size
        True
        >>> all(least <= most for least, most in zip(low, high)), min(low) >= -128
        (True, True)
        """
        low: list[int] = []
        high: list[int] = []
        for segment in self.layout:
            low.extend([segment.low] * segment.size)
            high.extend([segment.high] * segment.size)
        return tuple(low), tuple(high)

    def normaliser(
        self, target: tuple[float, float]
    ) -> Callable[[array[int]], npt.NDArray[np.float32]]:
        """A function that maps an observation vector to ``float32`` in ``target``, a range
        ``(low, high)`` (:func:`normalised_range`): each entry linearly from its segment's
        range (:meth:`observation_bounds`), so that the segment's least value becomes ``low``
        and its greatest ``high`` (needs numpy).

        >>> from sticheln import GAME_NAMES, find_game
        >>> game = find_game(next(iter(GAME_NAMES)))  # any registered game
        >>> players = game.info.default_players
        >>> encoding = game.encoding(players)
        >>> observation = encoding.observation(game.observe(game.new_game(players, seed=1), 0))
        >>> unit = encoding.normaliser((0.0, 1.0))(observation)
        >>> unit.dtype.name, float(unit.min()) >= 0.0, float(unit.max()) <= 1.0
        ('float32', True, True)
        >>> binary = next(segment for segment in encoding.layout if segment.binary)
        >>> part = slice(binary.offset, binary.offset + binary.size)
        >>> symmetric = encoding.normaliser((-1.0, 1.0))(observation)
        >>> set(symmetric[part].tolist()) <= {-1.0, 1.0}  # 0 becomes -1, 1 stays 1
        True
        """
        import numpy as np

        start, end = target
        least, most = (np.array(b, dtype=np.float32) for b in self.observation_bounds())
        scale = np.float32(end - start) / (most - least).clip(min=1)
        first, last = np.float32(start), np.float32(end)

        def normalise(vector: array[int]) -> npt.NDArray[np.float32]:
            values = np.frombuffer(vector, dtype=np.int8).astype(np.float32)
            values -= least
            values *= scale
            values += first
            clipped: npt.NDArray[np.float32] = values.clip(first, last, out=values)
            return clipped

        return normalise

    def _description(self, name: str) -> str:
        base, _, number = name.rpartition("_")
        if number.isdigit():
            return self.descriptions[f"{base}_{{r}}"]
        return self.descriptions[name]

    @property
    def num_actions(self) -> int:
        """The number of action indices."""
        return len(self.action_names)

    @abc.abstractmethod
    def action_index(self, move: MoveT) -> int:
        """The index of ``move``."""

    @abc.abstractmethod
    def write(self, view: ViewT, writer: ObservationWriter) -> None:
        """Write the observation of ``view``, segment by segment."""

    def legal_actions(self, state: StateT, player: int) -> tuple[int, ...]:
        """The indices of ``player``'s legal moves, ascending (empty if none)."""
        return tuple(sorted(map(self.action_index, self.game.legal_moves(state, player))))

    def action_mask(self, state: StateT, player: int) -> list[int]:
        """One entry per action index: 1 for the legal moves of ``player``, else 0."""
        mask = [0] * self.num_actions
        for move in self.game.legal_moves(state, player):
            mask[self.action_index(move)] = 1
        return mask

    def action_move(self, state: StateT, player: int, index: int) -> MoveT:
        """The legal move of ``player`` whose index is ``index``.

        :raises IllegalMoveError: if no legal move of ``player`` has that index.
        :raises WrongTypeError: if ``index`` is not an ``int``.
        """
        if isinstance(index, bool) or not isinstance(index, int):
            try:
                index = index.__index__()  # numpy integers
            except AttributeError:
                raise WrongTypeError(f"an action must be an int, got {excerpt(index)}") from None
        moves = self.game.legal_moves(state, player)
        indices = list(map(self.action_index, moves))
        if index in indices:
            move_found: MoveT = moves[indices.index(index)]
            return move_found
        name = (
            repr(self.action_names[index])
            if 0 <= index < self.num_actions
            else f"out of range 0-{self.num_actions - 1}"
        )
        raise IllegalMoveError(
            f"action {excerpt(index)} ({name}) is not a legal move of player {player} now"
        )

    def observation(self, view: ViewT) -> array[int]:
        """The observation vector of ``view`` (``int8`` values, :attr:`layout`).

        :raises UnknownPlayerError: for a spectator's view.
        """
        check_seat_view(view, "an observation vector")
        writer = ObservationWriter(self.card_positions, len(self.deck), size=self.observation_size)
        self.write(view, writer)
        return writer.values

    def observation_array(self, view: ViewT) -> npt.NDArray[np.int8]:
        """:meth:`observation` as a numpy ``int8`` array (needs numpy)."""
        import numpy as np

        return np.frombuffer(self.observation(view), dtype=np.int8)

    def mask_array(self, state: StateT, player: int) -> npt.NDArray[np.int8]:
        """:meth:`action_mask` as a numpy ``int8`` array (needs numpy)."""
        import numpy as np

        return np.array(self.action_mask(state, player), dtype=np.int8)

    def relative(self, view_player: int, seat: int) -> int:
        """``seat`` counted from ``view_player``: 0 for the viewer, 1 for the next seat."""
        return (seat - view_player) % self.players

    def by_relative_seat(self, view_player: int, values: Sequence[Any]) -> list[Any]:
        """``values`` by seat, reordered to start with the viewer's."""
        n = self.players
        return [values[(view_player + r) % n] for r in range(n)]


CardMoveT = TypeVar("CardMoveT", bound=CardMove)


class CardEncoding(Encoding[StateT, CardMoveT, ViewT]):
    """An encoding whose actions are the cards of the deck, by place: for a game whose
    legal moves of a player all differ in their card (each card can be played one way)."""

    def __init__(self, game: Any, players: int, deck: CardSet) -> None:
        self.action_names = tuple(str(card) for card in deck)
        super().__init__(game, players, deck)

    def action_index(self, move: CardMoveT) -> int:
        """The place of the move's card in the deck."""
        return self.card_positions[move.card.index]

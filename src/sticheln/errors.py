"""The exceptions raised by the library.

Every error the library raises on bad input derives from :class:`StichelnError`, and the
ones about bad values also derive from :class:`ValueError`, so callers that already catch
``ValueError`` keep working.
"""

from __future__ import annotations

__all__ = [
    "CardError",
    "IllegalMoveError",
    "RecordError",
    "RulesError",
    "SetupError",
    "StichelnError",
    "UnknownPlayerError",
]


class StichelnError(Exception):
    """Base class of the library's errors about cards, rules, games and records.

    Arguments of the wrong type raise :class:`TypeError` as usual, an empty trick given to a
    trick function raises a plain :class:`ValueError`, and :meth:`CardSet.remove
    <sticheln.CardSet.remove>` raises :class:`KeyError` like :meth:`set.remove`.
    """


class CardError(StichelnError, ValueError):
    """A text or value that does not name a card (``"Q5"``, ``Card(Color.RED, 42)``)."""


class RulesError(StichelnError, ValueError):
    """A rules object that cannot be played, or a player count the rules have no deck for."""


class SetupError(StichelnError, ValueError):
    """Arguments of :func:`~sticheln.new_game` that do not fit the rules (seat, seed, deals)."""


class UnknownPlayerError(StichelnError, ValueError):
    """A player index that is not a seat of the game."""


class IllegalMoveError(StichelnError, ValueError):
    """A move that is not legal in the given state.

    The message names the player, the move and the reason. The state the move was applied to
    is unchanged: states are immutable.
    """


class RecordError(StichelnError, ValueError):
    """A game record that cannot be loaded or replayed.

    The message names the field (``deals[1].hands[2]``) or the move number at fault.
    """

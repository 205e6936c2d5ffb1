"""The exceptions raised by the library, for every game.

Every error the library raises on bad input derives from :class:`StichelnError`, and each
also derives from the builtin exception that Python itself would raise, so callers that
already catch ``ValueError``, ``TypeError`` or ``LookupError`` keep working:

- a value of the right type that does not fit (a card value of 42, a seat that is not at the
  table, an illegal move, a damaged record) raises a subclass of :class:`ValueError`;
- an argument of the wrong type (a string where a :class:`~sticheln.StichelnRules` object or a seat
  number belongs) raises :class:`WrongTypeError`, a :class:`TypeError`;
- an unknown name (of a game, a rules preset, a bot) raises :class:`UnknownNameError`, a
  :class:`LookupError`.

An empty trick given to a trick function raises a plain :class:`ValueError`, and
:meth:`CardSet.remove <sticheln.CardSet.remove>` raises :class:`KeyError` like
:meth:`set.remove`.
"""

from __future__ import annotations

__all__ = [
    "EXCERPT_LENGTH",
    "CardError",
    "GamePluginError",
    "IllegalMoveError",
    "InvalidMoveError",
    "NotProvidedError",
    "RecordError",
    "RulesError",
    "SetupError",
    "SolverError",
    "StichelnError",
    "UnknownNameError",
    "UnknownPlayerError",
    "WrongTypeError",
    "excerpt",
]

EXCERPT_LENGTH = 60
"""The most characters of a bad value that an error message quotes."""


def excerpt(value: object, limit: int = EXCERPT_LENGTH) -> str:
    """``repr(value)``, cut to about ``limit`` characters, for quoting a bad value in an error
    message whatever its size: a huge string, an integer of thousands of digits (whose
    ``repr`` Python refuses) or a deeply nested list.

    >>> from sticheln.core.errors import excerpt
    >>> excerpt("R3"), excerpt(10**5000), excerpt("x" * 1000)[-19:]
    ("'R3'", 'an int of about 5001 digits', '… (1002 characters)')
    """
    if type(value) is int and value.bit_length() > 3 * limit:
        return f"an int of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} too large to quote"
    if len(text) <= limit:
        return text
    return f"{text[: limit - 20]}… ({len(text)} characters)"


class StichelnError(Exception):
    """Base class of the library's errors about cards, rules, games, moves and records."""


class WrongTypeError(StichelnError, TypeError):
    """An argument of the wrong type: ``new_game(4, rules="nsv")``, ``Card(Color.RED, "3")``,
    a seat given as ``True`` or ``"0"``. The message names the argument and what it must be.
    """


class UnknownNameError(StichelnError, LookupError):
    """A name the library does not know: of a game, a rules preset or a bot. The message lists
    the names it knows."""


class CardError(StichelnError, ValueError):
    """A text or value that does not name a card (``"Q5"``, ``Card(Color.RED, 42)``)."""


class RulesError(StichelnError, ValueError):
    """A rules object whose parts do not fit together, or a player count the rules have no
    deck for."""


class SetupError(StichelnError, ValueError):
    """Arguments of a game's ``new_game`` that do not fit the rules (seat, deals)."""


class SolverError(StichelnError, ValueError):
    """A state that the solver (:func:`sticheln.analysis.solve`) cannot search, or a setting
    of the search out of range: a game that is over, several players to act at once (Sticheln's
    pain cards, Stichling's victory-point cards), a budget that is not positive. The message
    says which."""


class UnknownPlayerError(StichelnError, ValueError):
    """A seat number that is not a seat of the game (negative, or not below the number of
    players)."""


class IllegalMoveError(StichelnError, ValueError):
    """A move that is not legal in the given state.

    The message names the player, the move and the reason; :attr:`move` and :attr:`reason`
    give them apart, for a program that words its own message. The state the move was applied
    to is unchanged: states are immutable.
    """

    move: object
    """The move that was refused (``None`` for a value that is not a move at all)."""
    reason: str
    """Why the move is not legal, as a clause: ``"R5 is not in player 0's hand"``."""

    def __init__(self, message: str, *, move: object = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.move = move
        self.reason = message if reason is None else reason

    @classmethod
    def of(cls, move: object, reason: str) -> IllegalMoveError:
        """The error for ``move``, refused because of ``reason``: the message is
        ``illegal move {move} ({move!r}): {reason}``, in the current language
        (:func:`~sticheln.core.i18n.use_language`), as the engines give ``reason``.

        >>> from sticheln import Card, PlayCard
        >>> from sticheln.core.i18n import use_language
        >>> move = PlayCard(0, Card.parse("R5"))
        >>> with use_language("de"):
        ...     error = IllegalMoveError.of(move, "R5 ist nicht auf der Hand von Spieler 0")
        >>> str(error).partition(" (")[0], error.reason
        ('unerlaubter Zug 0 spielt R5', 'R5 ist nicht auf der Hand von Spieler 0')
        """
        from sticheln.core.i18n import gettext  # the kernel's texts import this module

        message = gettext("illegal move {move} ({representation}): {reason}").format(
            move=move, representation=repr(move), reason=reason
        )
        return cls(message, move=move, reason=reason)


class InvalidMoveError(StichelnError, ValueError):
    """A text that names no move of the game at all (``parse_move(state, 0, "hello")``); a
    text that names a move which is not legal now raises :class:`IllegalMoveError`."""


class RecordError(StichelnError, ValueError):
    """A game record that cannot be loaded or replayed.

    The message names the field (``deals[1].hands[2]``) or the move number at fault. For a
    recorded move that is not legal, :attr:`number` and :attr:`illegal` give them apart, for
    a program that words its own message (``sticheln.core.seats.record_problem`` words it
    for a person, counting seats from 1).
    """

    def __init__(
        self, message: str, *, number: int | None = None, illegal: IllegalMoveError | None = None
    ) -> None:
        super().__init__(message)
        self.number = number
        """The number (from 1) of the recorded move that is not legal, or ``None``."""
        self.illegal = illegal
        """Why that move is not legal, or ``None``."""


class NotProvidedError(StichelnError, NotImplementedError):
    """A tool needs a part of a game that the game does not give (an encoding for the
    learning adapters); the message says what to add to the game."""


class GamePluginError(UnknownNameError):
    """A game of another package (an entry point of the group ``sticheln.games``) that cannot
    be loaded; the one-line message names the entry point, its distribution and the cause.
    It is an :class:`UnknownNameError`: the game named cannot be had, and the other games
    are not affected."""

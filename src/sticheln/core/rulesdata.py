"""Rules as data, for every game: reading a rules object's fields and options from plain data,
the colours of a deck, and finding a preset by name.

The readers of single fields (:func:`read_str`, :func:`read_int`, :func:`read_optional_int`,
:func:`read_option`) check the type of a value read from data, for the ``from_dict`` of the
rules of every game; what a value must be beyond its type (a name that is not empty, a hand
size the deck has room for) the rules object's own checks say.

>>> data = {"name": "nsv", "hand_size": 15, "rounds": None}
>>> read_str(data, "name"), read_int(data, "hand_size"), read_optional_int(data, "rounds")
('nsv', 15, None)
>>> read_int({"hand_size": "15"}, "hand_size")
Traceback (most recent call last):
    ...
sticheln.core.errors.RulesError: rules field 'hand_size': expected an int, got '15'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from typing import TypeVar

from sticheln.core.cards import Color
from sticheln.core.errors import RulesError, UnknownNameError, WrongTypeError, excerpt

__all__ = [
    "check_rules_fields",
    "find_preset",
    "read_colors",
    "read_int",
    "read_option",
    "read_optional_int",
    "read_player_counts",
    "read_str",
]

EnumT = TypeVar("EnumT", bound=Enum)
PresetT = TypeVar("PresetT")


def check_rules_fields(data: object, fields: Iterable[str]) -> Mapping[str, object]:
    """``data`` as a mapping with exactly the given rules fields (for ``from_dict`` of the
    rules of every game).

    :raises RulesError: naming the unknown or missing fields.
    """
    if not isinstance(data, Mapping):
        raise RulesError(f"rules must be a mapping, got {type(data).__name__}")
    known = list(fields)
    unknown = sorted(map(str, set(data) - set(known)))
    if unknown:
        raise RulesError(f"unknown rules field(s): {', '.join(unknown)}")
    missing = [name for name in known if name not in data]
    if missing:
        raise RulesError(f"missing rules field(s): {', '.join(missing)}")
    return data


def read_str(data: Mapping[str, object], name: str) -> str:
    """The string field ``name`` of ``data``.

    :raises RulesError: naming the field, for a value that is not a string.
    """
    value = data[name]
    if not isinstance(value, str):
        raise RulesError(f"rules field {name!r}: expected a string, got {excerpt(value)}")
    return value


def read_int(data: Mapping[str, object], name: str) -> int:
    """The integer field ``name`` of ``data``; ``True`` and ``False`` are not integers here.

    :raises RulesError: naming the field, for a value that is not an ``int``.
    """
    value = data[name]
    if type(value) is not int:
        raise RulesError(f"rules field {name!r}: expected an int, got {excerpt(value)}")
    return value


def read_optional_int(data: Mapping[str, object], name: str) -> int | None:
    """The field ``name`` of ``data`` that is an integer or ``None`` (``null`` in JSON).

    :raises RulesError: naming the field, for anything else (``True`` and ``False`` too).
    """
    value = data[name]
    if value is not None and type(value) is not int:
        raise RulesError(f"rules field {name!r}: expected an int or None, got {excerpt(value)}")
    return value


def read_option(data: Mapping[str, object], name: str, option: type[EnumT]) -> EnumT:
    """The rule option ``name`` of ``data``, by its value.

    :raises RulesError: for a value that is not one of the option's.
    """
    try:
        return option(data[name])
    except ValueError:
        raise RulesError(f"rules field {name!r}: unknown value {excerpt(data[name])}") from None


def find_preset(presets: Mapping[str, PresetT], name: str, what: str) -> PresetT:
    """The preset called ``name`` (case-insensitive) among ``presets``.

    :raises UnknownNameError: if there is none; the message names ``what`` and lists the
        known ones.
    :raises WrongTypeError: if ``name`` is not a string.
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"a {what} preset name must be a string, got {excerpt(name)}")
    try:
        return presets[name.lower()]
    except (KeyError, AttributeError):
        raise UnknownNameError(
            f"no {what} preset {excerpt(name)}; known presets: {', '.join(presets)}"
        ) from None


def read_player_counts(value: object) -> tuple[int, ...]:
    """The player counts of a rules object, ascending, from a sequence of ints.

    :raises RulesError: for anything else.
    """
    if not isinstance(value, tuple | list) or not all(type(n) is int for n in value):
        raise RulesError(f"player_counts must be a sequence of ints, got {excerpt(value)}")
    return tuple(sorted(value))


def read_colors(value: object) -> tuple[Color, ...]:
    """The colours of a deck from :class:`~sticheln.Color` members or a string of their
    letters (``"RYGBP"``).

    :raises RulesError: for anything else.
    """
    if isinstance(value, str):
        try:
            return tuple(Color(letter) for letter in value)
        except ValueError:
            raise RulesError(
                f"colours {excerpt(value)}: use the letters of Color (RYGBPA)"
            ) from None
    if not isinstance(value, tuple | list) or not all(isinstance(c, Color) for c in value):
        raise RulesError(f"colours must be Color members or their letters, got {excerpt(value)}")
    return tuple(value)

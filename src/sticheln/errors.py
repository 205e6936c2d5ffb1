"""The library's exceptions: :mod:`sticheln.core.errors`, under the import path of earlier
versions."""

from __future__ import annotations

from sticheln.core.errors import (
    CardError,
    IllegalMoveError,
    InvalidMoveError,
    RecordError,
    RulesError,
    SetupError,
    StichelnError,
    UnknownNameError,
    UnknownPlayerError,
    WrongTypeError,
)

__all__ = [
    "CardError",
    "IllegalMoveError",
    "InvalidMoveError",
    "RecordError",
    "RulesError",
    "SetupError",
    "StichelnError",
    "UnknownNameError",
    "UnknownPlayerError",
    "WrongTypeError",
]

"""References to code and files that a game declares without importing them.

A game declares its bots, its screen and the fast paths of the search in its kit
(:class:`~sticheln.core.GameKit`), but importing the game should not import them: only the
tool that uses one needs it, and ``import sticheln`` stays quick. So a declaration may be a
:data:`Reference`: the text
``"package.module:attribute"``, which the tool that needs the object imports
(:func:`resolve`), or the object itself. A file (the web renderer of a game) is declared as a
package resource, ``"package:path/in/it.js"`` (:func:`resource`).

>>> from sticheln.core.references import resolve, resource
>>> resolve("sticheln.core.cards:Card", "a card class").__name__
'Card'
>>> resource("sticheln.core:rulebook.json").name
'rulebook.json'
"""

from __future__ import annotations

import importlib
import importlib.resources
from importlib.resources.abc import Traversable
from typing import Any

from sticheln.core.errors import UnknownNameError, WrongTypeError, excerpt

__all__ = ["Reference", "resolve", "resource"]

Reference = str | Any
"""An object, or the text ``"package.module:attribute"`` (dots in the attribute reach
further in) that names it, imported only when a tool needs it."""


def _parts(text: str, what: str) -> tuple[str, str]:
    module, colon, attribute = text.partition(":")
    if not colon or not module or not attribute:
        raise UnknownNameError(f"{what}: {excerpt(text)} is not 'package.module:attribute'")
    return module.strip(), attribute.strip()


def resolve(reference: Reference, what: str) -> Any:
    """The object ``reference`` names (the object itself if it is not a string).

    :param what: what the reference is, for the error message (``"Sticheln's screen"``).
    :raises UnknownNameError: for a text that is not ``module:attribute``, a module that
        cannot be imported or an attribute that it lacks; the message names ``what``.
    """
    if not isinstance(reference, str):
        return reference
    module_name, attribute = _parts(reference, what)
    try:
        found: Any = importlib.import_module(module_name)
    except Exception as exc:
        reason = str(exc).splitlines()[0] if str(exc) else ""
        raise UnknownNameError(
            f"{what} {reference!r} cannot be imported: {type(exc).__name__}: {reason}"
        ) from None
    for name in attribute.split("."):
        try:
            found = getattr(found, name)
        except AttributeError:
            raise UnknownNameError(f"{what} {reference!r}: no attribute {name!r}") from None
    return found


def resource(text: str, what: str = "resource") -> Traversable:
    """The file that the package resource ``"package:path/in/it"`` names (it need not exist).

    :raises UnknownNameError: for a text that is not ``package:path`` or a package that
        cannot be imported.
    :raises WrongTypeError: if ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"{what} must be a string 'package:path', got {excerpt(text)}")
    package, path = _parts(text, what)
    try:
        root = importlib.resources.files(package)
    except Exception as exc:
        raise UnknownNameError(
            f"{what} {text!r}: package {package!r} cannot be imported: {type(exc).__name__}"
        ) from None
    return root.joinpath(*path.split("/"))

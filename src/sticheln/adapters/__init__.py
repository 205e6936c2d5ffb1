"""Bridges to the environments learning agents use: :mod:`sticheln.adapters.pettingzoo`
(an AEC environment, the ``pettingzoo`` extra), :mod:`sticheln.adapters.gymnasium`
(single-agent environments against bots, the ``gymnasium`` extra) and
:mod:`sticheln.adapters.openspiel` (``python_*`` games registered with pyspiel, the
``openspiel`` extra).

All are written against the :class:`~sticheln.Game` protocol and its
:meth:`~sticheln.Game.encoding`, so every registered game works with them. Importing one
without its extra raises the :class:`ImportError` of :func:`missing_extra`, which names the
extra to install.
"""

from __future__ import annotations

__all__ = ["missing_extra"]


def missing_extra(module: str, extra: str, error: ImportError) -> ImportError:
    """The error of importing ``module`` while a package of its optional ``extra`` is missing.

    It names the module that is missing (``error.name``), the extra that brings it, and the
    command that installs the extra from a checkout of sticheln (:doc:`/installing`):

    >>> from sticheln.adapters import missing_extra
    >>> error = ModuleNotFoundError("No module named 'numpy'", name="numpy")
    >>> message = missing_extra("sticheln.adapters.pettingzoo", "pettingzoo", error)
    >>> print(message)  # doctest: +NORMALIZE_WHITESPACE
    sticheln.adapters.pettingzoo needs the pettingzoo extra, and numpy is not installed:
    pip install ".[pettingzoo]" in a checkout of sticheln
    """
    missing = error.name or str(error)
    return ImportError(
        f"{module} needs the {extra} extra, and {missing} is not installed: "
        f'pip install ".[{extra}]" in a checkout of sticheln',
        name=module,
    )

"""The errors of tournaments: a results file of another tournament, and a worker that runs
another version of sticheln."""

from __future__ import annotations

from sticheln.core.errors import StichelnError

__all__ = ["ResultsMismatchError", "VersionMismatchError"]


class ResultsMismatchError(StichelnError, ValueError):
    """A results file holds the games of another tournament (or of another version of
    sticheln): the message names every field that differs."""


class VersionMismatchError(StichelnError, RuntimeError):
    """A worker of a cluster runs another version of sticheln than the process that runs the
    tournament; the message names the workers and their versions."""

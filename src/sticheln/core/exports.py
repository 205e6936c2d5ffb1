"""A package's names loaded on first use: the package's ``__init__`` lists which submodule
holds each name it gives, and the submodule is imported when one of its names is first read
(:pep:`562`), so that importing the package costs only what is used.

>>> import sys, types
>>> package = sys.modules["demo"] = types.ModuleType("demo")
>>> exports = {"math": ["pi", "sqrt"]}
>>> package.__getattr__, package.__dir__ = lazy_exports("demo", exports)
>>> package.__all__ = exported_names(exports)
>>> package.sqrt(16.0), "pi" in dir(package), "sqrt" in vars(package), package.__all__
(4.0, True, True, ['pi', 'sqrt'])
>>> package.tau
Traceback (most recent call last):
  ...
AttributeError: module 'demo' has no attribute 'tau'
>>> del sys.modules["demo"]
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["exported_names", "lazy_exports"]


def lazy_exports(
    package: str, modules: Mapping[str, Iterable[str]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of the package called ``package`` that give
    the names listed for each module of ``modules`` (absolute module names) from that module.

    The first read of a name imports its module and keeps the value in the package's
    namespace, so that later reads are plain attribute look-ups; a name not in ``names``
    raises :exc:`AttributeError`, as for any module. ``__dir__`` lists the names already in
    the package and those still to load.

    :raises ValueError: if a name is listed for two modules.
    """
    table: dict[str, str] = {}
    for module, names in modules.items():
        for name in names:
            if table.setdefault(name, module) != module:
                raise ValueError(f"{package}.{name} is listed for {table[name]} and {module}")

    def __getattr__(name: str) -> Any:
        try:
            module_name = table[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module_name), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *table})

    return __getattr__, __dir__


def exported_names(modules: Mapping[str, Iterable[str]]) -> list[str]:
    """The names that :func:`lazy_exports` gives for ``modules``, sorted: the package's
    ``__all__``, so that each name is listed once beside its module (and once more, for the
    type checkers, in the package's ``if TYPE_CHECKING:`` imports)."""
    return sorted(name for names in modules.values() for name in names)

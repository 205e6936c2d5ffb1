"""The packages that load their names on first use (:func:`sticheln.core.exports.lazy_exports`):
every exported name is there, with the same object as in its module; type checkers see the
same names; pickling and ``help()`` work; and importing a package loads none of its modules
until a name is read, while the registry still finds every game."""

from __future__ import annotations

import ast
import importlib
import pickle
import pydoc
import subprocess
import sys
import types
from pathlib import Path

import pytest

import sticheln
from sticheln.core.exports import lazy_exports

LAZY_PACKAGES = (
    "sticheln",
    "sticheln.core",
    "sticheln.sticheln",
    "sticheln.hattrick",
    "sticheln.stichling",
)
"""The packages whose ``__init__`` gives its names through :func:`lazy_exports`."""


def _table(package: str) -> dict[str, str]:
    """The names of ``package`` that it gives through ``lazy_exports`` (its ``_EXPORTS``
    mapping), with their modules."""
    modules = importlib.import_module(package)._EXPORTS
    return {name: module for module, names in modules.items() for name in names}


def _type_checking_imports(package: str) -> dict[str, str]:
    """The names that ``package`` imports under ``if TYPE_CHECKING:``, with their modules: what
    the type checkers see, which must be what the package gives at run time."""
    source = Path(importlib.import_module(package).__file__ or "").read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom)
                found.update({alias.name: statement.module or "" for alias in statement.names})
    return found


def _fresh(code: str) -> str:
    """The standard output of ``code`` run by a new interpreter."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return result.stdout


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_every_exported_name_is_listed_for_its_module_and_seen_by_type_checkers(
    package: str,
) -> None:
    module = importlib.import_module(package)
    table = _table(package)
    eager = (
        {"__version__", "GAME_NAMES", "find_game", "register_game"}
        if package == "sticheln"
        else set()
    )
    assert set(module.__all__) == set(table) | eager
    assert _type_checking_imports(package) == table
    for name, source in table.items():
        assert getattr(module, name) is getattr(importlib.import_module(source), name), name
    assert set(module.__all__) <= set(dir(module))


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_star_import_gives_every_name(package: str) -> None:
    namespace: dict[str, object] = {}
    exec(f"from {package} import *", namespace)
    assert set(importlib.import_module(package).__all__) <= set(namespace)


def test_an_unknown_name_raises_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match=r"module 'sticheln' has no attribute 'no_such'"):
        sticheln.no_such  # noqa: B018
    with pytest.raises(ImportError, match="no_such"):
        exec("from sticheln.hattrick import no_such", {})
    assert not hasattr(sticheln, "no_such")


def test_values_pickle_and_help_lists_the_names() -> None:
    state = sticheln.new_game(players=3, seed=4)
    assert pickle.loads(pickle.dumps(state)) == state
    text = pydoc.render_doc(sticheln.hattrick, renderer=pydoc.plaintext)
    assert "HattrickGame" in text
    assert "apply_move" in text


def test_a_name_listed_for_two_modules_is_refused() -> None:
    with pytest.raises(ValueError, match=r"demo\.pi is listed for math and cmath"):
        lazy_exports("demo", {"math": ["pi"], "cmath": ["pi"]})


def test_a_name_is_loaded_once_and_then_kept_in_the_package() -> None:
    module = types.ModuleType("demo_once")
    sys.modules["demo_once"] = module
    try:
        module.__getattr__, module.__dir__ = lazy_exports("demo_once", {"math": ["pi"]})  # type: ignore[attr-defined]
        assert "pi" not in vars(module)
        assert module.pi == 3.141592653589793
        assert vars(module)["pi"] == 3.141592653589793
        assert dir(module) == sorted({*vars(module)})
    finally:
        del sys.modules["demo_once"]


def test_import_sticheln_loads_no_game_and_no_attrs_until_a_name_is_read() -> None:
    code = (
        "import sys, sticheln, sticheln.hattrick, sticheln.stichling\n"
        "print(sorted(m for m in sys.modules if m.startswith(('sticheln.', 'attr', 'rich'))))\n"
        "sticheln.hattrick.new_game\n"
        "print(sorted(m for m in sys.modules if m.startswith('sticheln.hattrick.')))\n"
        "print('sticheln.stichling.engine' in sys.modules, 'attrs' in sys.modules)\n"
    )
    before, hattrick, after = _fresh(code).splitlines()
    assert before == str(
        [
            "sticheln.core",
            "sticheln.core.errors",
            "sticheln.core.exports",
            "sticheln.core.registry",
            "sticheln.games",
            "sticheln.hattrick",
            "sticheln.stichling",
        ]
    )
    assert "'sticheln.hattrick.engine'" in hattrick
    assert after == "False True"


def test_the_registry_finds_every_game_when_only_the_kernel_is_imported() -> None:
    code = (
        "from sticheln.core.registry import GAME_NAMES, find_game\n"
        "print([find_game(name).info.title for name in ['sticheln', 'hattrick', 'stichling']])\n"
    )
    assert _fresh(code).strip() == "['Sticheln', 'Hattrick', 'Stichling']"

"""Sphinx configuration of the sticheln documentation."""

from __future__ import annotations

import importlib.metadata
import re
import sys
import tempfile
import zlib
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))

project = "sticheln"
author = "The sticheln developers"
copyright = "the sticheln developers"
release = importlib.metadata.version("sticheln")
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "myst_parser",
    "sphinx_copybutton",
    "rules",
    "encoding_tables",
    "short_names",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []

# -- Rules and their traceability (docs/_ext/rules.py) ---------------------------------------------
rules_project_root = ".."
rules_source_dirs = ["src"]
rules_test_dirs = ["tests"]

# -- API documentation -----------------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"
autodoc_default_options = {"members": True, "show-inheritance": True}

# -- Cross-references ------------------------------------------------------------------------------
# Every reference must resolve: a name that is not documented is a warning, and so an error with
# -W. The exceptions are listed below, each with its reason.
nitpicky = True

# Other projects' names. The inventories of the standard library, attrs, numpy, Gymnasium,
# PettingZoo, Dask's distributed and rich are fetched from the web (below); a build without the
# network cannot fetch them, and there their names would stay unresolved while they are links
# where the network is, so they are not warned about. OpenSpiel's documentation has no API
# inventory: its names stay plain text, not warned about either.
_ONLINE_INVENTORIES = (
    "abc",
    "array",
    "attr",
    "attrs",
    "collections",
    "concurrent",
    "enum",
    "importlib",
    "pathlib",
    "random",
    "secrets",
    "sys",
    "typing",
    "numpy",
    "np",
    "npt",
    "gymnasium",
    "pettingzoo",
    "distributed",
    "rich",
)
_BUILTINS = ("isinstance", "set.remove")
_NO_INVENTORY = (
    "pyspiel",
    "open_spiel",
)


def _type_variables() -> list[str]:
    """The type variables of the package's modules (``sticheln.core.kit.StateT``, ...): autodoc
    shows a generic base or an annotation with them as references, but they are not API
    entries of their own."""
    import pkgutil
    import typing

    import sticheln

    names = []
    for info in pkgutil.walk_packages(sticheln.__path__, "sticheln."):
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # a module of an extra that is not installed: not documented
            continue
        names += [
            f"{info.name}.{name}"
            for name, value in vars(module).items()
            if isinstance(value, typing.TypeVar)
        ]
    return names


nitpick_ignore_regex = [
    (r"py:.*", rf"({'|'.join(map(re.escape, _ONLINE_INVENTORIES + _NO_INVENTORY))})(\..+)?"),
    (r"py:.*", "|".join(map(re.escape, _BUILTINS))),
    (r"py:.*", "|".join(map(re.escape, _type_variables()))),
]

# -- Links to other projects' documentation --------------------------------------------------------
# Each inventory is fetched from the web; when that fails (an offline build), an empty local
# inventory stands in for it, so that the build succeeds (with -W too), only without those links.


def _empty_inventory(name: str) -> str:
    path = Path(tempfile.gettempdir()) / "sticheln-docs" / f"{name}-empty-objects.inv"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        header = (
            f"# Sphinx inventory version 2\n# Project: {name}\n# Version: \n"
            "# The remainder of this file is compressed using zlib.\n"
        )
        path.write_bytes(header.encode() + zlib.compress(b""))
    return str(path)


intersphinx_mapping = {
    "python": ("https://docs.python.org/3", (None, _empty_inventory("python"))),
    "attrs": ("https://www.attrs.org/en/stable/", (None, _empty_inventory("attrs"))),
    "numpy": ("https://numpy.org/doc/stable/", (None, _empty_inventory("numpy"))),
    "gymnasium": ("https://gymnasium.farama.org/", (None, _empty_inventory("gymnasium"))),
    "pettingzoo": ("https://pettingzoo.farama.org/", (None, _empty_inventory("pettingzoo"))),
    "distributed": (
        "https://distributed.dask.org/en/stable/",
        (None, _empty_inventory("distributed")),
    ),
    "rich": ("https://rich.readthedocs.io/en/stable/", (None, _empty_inventory("rich"))),
}
intersphinx_timeout = 10

# -- Doctest ---------------------------------------------------------------------------------------
# ``sphinx-build -b doctest`` runs the examples of the pages and of the docstrings that autodoc
# shows. Nothing is imported for them: each page shows the imports its examples need, so that
# they also run when pasted into a fresh Python.
doctest_test_doctest_blocks = "default"

# -- HTML ------------------------------------------------------------------------------------------
html_theme = "furo"
html_title = "sticheln"
html_static_path = ["_static"]
html_css_files = ["rules.css", "code.css"]

# -- Copy buttons (sphinx-copybutton) -------------------------------------------------------------
# The button of a Python session copies its input lines without the prompts (``>>> ``,
# ``... ``), and a shell session's commands without ``$ ``; a block without prompts is copied
# whole.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

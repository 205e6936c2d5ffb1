"""Sphinx configuration of the sticheln documentation."""

from __future__ import annotations

import importlib.metadata
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
    "rules",
    "encoding_tables",
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
html_css_files = ["rules.css"]

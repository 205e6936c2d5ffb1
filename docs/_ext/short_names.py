"""Sphinx extension: a Python reference that Sphinx did not resolve gets a second look.

Docstrings name objects as a reader does: by the name they are imported under
(``sticheln.core.GameKit``, defined in ``sticheln.core.kit``), or by a short name
(``:attr:`GameInfo.name``` in :mod:`sticheln.core.kit`, where the class is documented as
``sticheln.GameInfo``; ``:meth:`to_dict``` in a class that inherits it). Sphinx looks a name
up as written, in the current module and class only. This extension resolves such a reference
when Sphinx finds nothing, in this order:

1. the object imported by the name, under the name it is defined under, or for an
   attribute, under the class that defines it, where it is documented there
   (``sticheln.StichelnEncoding.card_positions`` is documented as
   ``sticheln.core.encoding.Encoding.card_positions``);
2. the one documented object of the role's kind whose name ends with ``.`` and the name (as
   Sphinx does for a name written with a leading dot); of several:
3. the one that is an attribute of the class the reference is written in, or of its nearest
   base (``to_dict`` in a view: :meth:`sticheln.core.wire.WireValue.to_dict`);
4. the one in the package nearest to the module the reference is written in
   (``sample_state`` in ``sticheln.hattrick.sampling``: ``sticheln.hattrick.sample_state``).

Entries that only alias another (a class's canonical name) do not count twice. A name that
still matches none, or several, is left to Sphinx, which warns about it (with ``nitpicky``,
an error under ``-W``).
"""

from __future__ import annotations

import importlib
import inspect
import types
from typing import TYPE_CHECKING, Any

from sphinx.util.nodes import make_refnode

if TYPE_CHECKING:
    from docutils.nodes import Element
    from sphinx import addnodes
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment
    from sphinx.util.typing import ExtensionMetadata

__version__ = "1.0"


def _import(name: str) -> tuple[Any, list[str]] | None:
    """The object of the longest importable prefix of the dotted ``name`` whose attributes
    are found, and the rest of the name; ``None`` if no module of it imports."""
    parts = name.split(".")
    for split in range(len(parts), 0, -1):
        try:
            value: Any = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        rest = parts[split:]
        while rest and hasattr(value, rest[0]):
            value = getattr(value, rest.pop(0))
        return value, rest
    return None


def _defined_name(value: Any) -> str | None:
    """The name a module, class or function is defined under, or ``None``."""
    if isinstance(value, types.ModuleType):
        return value.__name__
    module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str) and "<" not in qualname:
        return f"{module}.{qualname}"
    return None


def _owners(value: Any) -> list[str]:
    """The names ``value`` is defined under, and for a class those of its bases too (an
    attribute may be documented on the base that defines it)."""
    if inspect.isclass(value):
        return [f"{base.__module__}.{base.__qualname__}" for base in value.__mro__]
    defined = _defined_name(value)
    return [defined] if defined is not None else []


def _by_definition(name: str) -> list[str]:
    """Step 1: the names the object ``name`` is defined under, or for an attribute, the
    attribute of the classes its owner is defined under."""
    found = _import(name)
    if found is None:
        return []
    value, rest = found
    if rest:  # an attribute that is not there at run time: a field of an attrs class, say
        return [".".join([owner, *rest]) for owner in _owners(value)]
    defined = _defined_name(value)
    if defined is not None:
        return [defined]
    # An attribute's value (a number, a property): the attribute of its owner's classes.
    owner_name, _, attribute = name.rpartition(".")
    owner = _import(owner_name)
    if owner is None or owner[1]:
        return []
    return [f"{owner_name}.{attribute}" for owner_name in _owners(owner[0])]


def _class_order(module: str | None, cls: str | None) -> list[str]:
    """The qualified names of the class ``module.cls`` and of its bases, nearest first."""
    if not module or not cls:
        return []
    found = _import(f"{module}.{cls}")
    if found is None or found[1] or not inspect.isclass(found[0]):
        return []
    return [base.__qualname__ for base in found[0].__mro__ if base is not object]


def _shared_prefix(name: str, module: str) -> int:
    count = 0
    for part, other in zip(name.split("."), module.split("."), strict=False):
        if part != other:
            break
        count += 1
    return count


def resolve_short_name(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: Element
) -> Element | None:
    """The reference ``node`` resolved as the module docstring says, or ``None``."""
    if node.get("refdomain") != "py":
        return None
    domain: Any = env.get_domain("py")
    target = str(node["reftarget"]).removesuffix("()")
    module, cls, role = node.get("py:module"), node.get("py:class"), node["reftype"]

    def entry_of(name: str) -> Any:
        entry = domain.objects.get(name)
        return entry if entry is not None and not entry.aliased else None

    def link(name: str) -> Element:
        entry = domain.objects[name]
        return make_refnode(
            app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, name
        )

    for name in _by_definition(target):
        if name != target and entry_of(name) is not None:
            return link(name)
    if role == "mod":
        return None
    matches = [
        name
        for name, entry in domain.find_obj(env, module, cls, target, role, searchmode=1)
        if not entry.aliased
    ]
    if len(matches) > 1:
        for qualname in _class_order(module, cls):
            nearest = [name for name in matches if name.endswith(f".{qualname}.{target}")]
            if nearest:
                matches = nearest
                break
    if len(matches) > 1 and module:
        best = max(_shared_prefix(name, module) for name in matches)
        matches = [name for name in matches if _shared_prefix(name, module) == best]
    if len(matches) == 1:
        return link(matches[0])
    return None


def setup(app: Sphinx) -> ExtensionMetadata:
    # Before the other handlers (500): the traceability list's handler (rules.py) turns what
    # is left of its references into plain text.
    app.connect("missing-reference", resolve_short_name, priority=400)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}

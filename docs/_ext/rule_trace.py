"""Trace the rules of the specification to the code and the tests that implement and check them.

This module only reads files; it imports neither Sphinx nor the package under test, so that both
the documentation extension ``rules`` and the test suite can use it.

Three kinds of link are found, all by parsing source with :mod:`ast` (nothing is imported or run):

*Implementations*
    A module, class, function or method of the package whose docstring cites a rule with the
    ``:rule:`ST-TRICK-2``` role.  It is named by its dotted path, ``package.module.qualname``.

*Tests*
    A test marked with ``pytest.mark.rule("ST-TRICK-2", ...)``: as a decorator of a test
    function, method or class (the mark may also sit deeper in a decorator, as in
    ``pytest.param(..., marks=pytest.mark.rule(...))``), or in a ``pytestmark = ...``
    assignment of a module or test class (a single mark, or a list or tuple of marks).  It is
    named by its pytest node id, ``tests/sticheln/test_trick.py::TestTrick::test_name``; a
    module-wide or class-wide mark is named by the node id of the module or class.

*References*
    Every rule ID that the package's source mentions: ``:rule:`ID``` in any string, and every
    string literal that is exactly a rule ID (for example a key in a table of rules).

Typical use::

    trace = rule_trace.trace(repo_root)                 # scans src/ and tests/
    rules = rule_trace.rule_ids_in_docs(repo_root / "docs" / "rules")
    for finding in rule_trace.check(trace, rules):
        print(finding)
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = [
    "RULE_DIRECTIVE_PATTERN",
    "RULE_ID_PATTERN",
    "RULE_ROLE_PATTERN",
    "Finding",
    "Implementation",
    "MarkedTest",
    "Problem",
    "Reference",
    "Site",
    "Trace",
    "check",
    "rule_fields_in_rst",
    "rule_ids_in_docs",
    "rule_ids_in_rst",
    "rule_texts_in_rst",
    "scan_sources",
    "scan_tests",
    "source_names",
    "trace",
]

#: A rule ID: two capital letters naming the game, a section name, and a number (``ST-TRICK-2``).
RULE_ID_PATTERN = re.compile(r"^[A-Z]{2}-[A-Z]+-\d+$")

#: The ``:rule:`...``` role (also spelled ``:rules:rule:``) inside a docstring or other text.
RULE_ROLE_PATTERN = re.compile(r":(?:rules:)?rule:`([^`]+)`")

#: A ``.. rule:: ID`` directive line of a reStructuredText page.
RULE_DIRECTIVE_PATTERN = re.compile(r"^[ \t]*\.\. rule::[ \t]*(\S+)[ \t]*$", re.MULTILINE)

_OPTION_PATTERN = re.compile(r"^([ \t]+):([\w-]+):(?:[ \t]+(.*?))?[ \t]*$")

_TEST_FILE_PATTERNS = ("test_*.py", "*_test.py")


@dataclass(frozen=True, order=True)
class Site:
    """A place in a file: a path (POSIX style, relative to the project root) and a 1-based line."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True, order=True)
class Implementation:
    """A documented object of the package that cites a rule in its docstring."""

    rule_id: str
    name: str
    site: Site


@dataclass(frozen=True, order=True)
class MarkedTest:
    """A test, test class or test module that carries a ``rule`` mark naming a rule."""

    rule_id: str
    nodeid: str
    site: Site


@dataclass(frozen=True, order=True)
class Reference:
    """A mention of a rule ID anywhere in the package's source."""

    rule_id: str
    site: Site


@dataclass(frozen=True, order=True)
class Problem:
    """Something the scanner could not make sense of, such as a mark on a non-test function."""

    message: str
    site: Site

    def __str__(self) -> str:
        return f"{self.site}: {self.message}"


FindingKind = Literal["untested", "unknown-in-test", "unknown-in-source", "scan-problem"]


@dataclass(frozen=True, order=True)
class Finding:
    """One inconsistency between the specification, the package and the tests."""

    kind: FindingKind
    rule_id: str
    message: str
    site: Site | None = None

    def __str__(self) -> str:
        return f"{self.site}: {self.message}" if self.site else self.message


@dataclass(frozen=True)
class Trace:
    """Everything that :func:`trace` found; the tuples are sorted."""

    implementations: tuple[Implementation, ...] = ()
    tests: tuple[MarkedTest, ...] = ()
    references: tuple[Reference, ...] = ()
    problems: tuple[Problem, ...] = ()

    def implemented_by(self) -> dict[str, list[str]]:
        """Map each rule ID to the sorted, distinct names of the objects that implement it."""
        return _group((i.rule_id, i.name) for i in self.implementations)

    def tested_by(self) -> dict[str, list[str]]:
        """Map each rule ID to the sorted, distinct node ids of the tests that check it."""
        return _group((t.rule_id, t.nodeid) for t in self.tests)


def _group(pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    grouped: dict[str, set[str]] = {}
    for key, value in pairs:
        grouped.setdefault(key, set()).add(value)
    return {key: sorted(values) for key, values in sorted(grouped.items())}


# --------------------------------------------------------------------------------------------------
# The specification


def rule_ids_in_rst(text: str) -> list[str]:
    """Return the IDs of the ``.. rule::`` directives in a reStructuredText text, in order."""
    return RULE_DIRECTIVE_PATTERN.findall(text)


def rule_fields_in_rst(text: str) -> dict[str, dict[str, str]]:
    """Return the options of each ``.. rule::`` directive in a reStructuredText text, by rule ID:
    ``{"HT-DECK-1": {"title": "...", "source": "..."}}``.  An option value that goes on over
    more lines (indented deeper than the option) is joined into one line.  Of a rule defined
    twice, the first definition counts.
    """
    found: dict[str, dict[str, str]] = {}
    for match in RULE_DIRECTIVE_PATTERN.finditer(text):
        options: dict[str, str] = {}
        name = None
        indent = 0
        for line in text[match.end() :].split("\n")[1:]:
            option = _OPTION_PATTERN.match(line)
            if option is not None:
                indent, name = len(option.group(1)), option.group(2)
                options[name] = option.group(3) or ""
                continue
            stripped = line.strip()
            if name is not None and stripped and len(line) - len(line.lstrip()) > indent:
                options[name] = f"{options[name]} {stripped}"
                continue
            break
        found.setdefault(match.group(1), options)
    return found


def rule_texts_in_rst(text: str) -> dict[str, dict[str, str]]:
    """Return each ``.. rule::`` directive's options and its statement as plain text, by rule
    ID: ``{"ST-TRICK-2": {"title": "...", "page": "1", "text": "If the trick ..."}}``.

    The statement is the directive's body without its examples (doctest blocks), with the
    paragraphs separated by blank lines and the lines of each joined; roles and inline
    markup are reduced to their text (``:rule:`ST-TRICK-1``` to ``ST-TRICK-1``). A simple
    table keeps a line per row, its cells separated by `` · ``. The options are not part of
    the statement, nor are the lines an option value goes on over (see
    :func:`rule_fields_in_rst`).
    """
    found: dict[str, dict[str, str]] = {}
    fields = rule_fields_in_rst(text)
    lines = text.split("\n")
    for match in RULE_DIRECTIVE_PATTERN.finditer(text):
        rule_id = match.group(1)
        if "text" in found.get(rule_id, {}):
            continue
        start = text.count("\n", 0, match.end()) + 1
        indent = len(lines[start - 1]) - len(lines[start - 1].lstrip()) + 1
        paragraphs: list[list[str]] = [[]]
        option_indent: int | None = None
        for line in lines[start:]:
            stripped = line.strip()
            depth = len(line) - len(line.lstrip())
            if stripped and depth < indent:
                break
            if not any(paragraphs):
                option = _OPTION_PATTERN.match(line)
                if option is not None:
                    option_indent = len(option.group(1))
                    continue
                if option_indent is not None and stripped and depth > option_indent:
                    continue
                option_indent = None
            if not stripped:
                if paragraphs[-1]:
                    paragraphs.append([])
                continue
            paragraphs[-1].append(stripped)
        prose = [
            _paragraph(paragraph)
            for paragraph in paragraphs
            if paragraph and not paragraph[0].startswith((">>>", "..."))
        ]
        found[rule_id] = {**fields.get(rule_id, {}), "text": "\n\n".join(prose)}
    return found


_ROLE_PATTERN = re.compile(r":[\w:-]+:`(?:[^`<]*<)?~?([^`>]+)>?`")


def _paragraph(lines: list[str]) -> str:
    """One paragraph of a rule's statement as plain text: a simple table (framed by lines of
    ``=``) a line per row with its cells joined by `` · ``, other text joined into one line."""
    if not lines[0].startswith("="):
        return _plain(" ".join(lines))
    rows = [line for line in lines if not re.fullmatch(r"[= ]+", line)]
    return "\n".join(" · ".join(re.split(r"\s{2,}", _plain(row))) for row in rows)


def _plain(text: str) -> str:
    """``text`` without reStructuredText's inline markup."""
    text = _ROLE_PATTERN.sub(lambda m: m.group(1).rsplit(".", 1)[-1], text)
    text = re.sub(r"``([^`]+)``", r"\1", text)
    text = re.sub(r"\*\*([^*]+)\*\*|\*([^*]+)\*", lambda m: m.group(1) or m.group(2), text)
    return re.sub(r"`([^`<]+?)(?: <[^>]+>)?`_", r"\1", text)


def source_names(source: str) -> list[str]:
    """Return the names of the sources in a rule's ``:source:`` option: its parts between
    semicolons, stripped (``"Game Cabinet translation; keirat"`` names two)."""
    return [name.strip() for name in source.split(";") if name.strip()]


def rule_ids_in_docs(directory: Path, root: Path | None = None) -> dict[str, list[Site]]:
    """Return every rule ID defined by a ``*.rst`` page of *directory*, with where it is defined.

    A rule that is defined more than once has more than one site.  Paths in the sites are relative
    to *root* (by default the parent of *directory*'s parent, the project root for ``docs/rules``).
    """
    base = root if root is not None else directory.parent.parent
    found: dict[str, list[Site]] = {}
    for path in sorted(directory.rglob("*.rst")):
        text = path.read_text(encoding="utf-8")
        for match in RULE_DIRECTIVE_PATTERN.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.setdefault(match.group(1), []).append(Site(_relative(path, base), line))
    return found


# --------------------------------------------------------------------------------------------------
# The package


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _module_name(path: Path, source_dir: Path) -> str:
    parts = list(path.relative_to(source_dir).with_suffix("").parts)
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _cited_rules(text: str) -> list[str]:
    """Return the rule IDs that *text* cites with the ``:rule:`` role (``:rule:`t <ID>``` too)."""
    ids = []
    for content in RULE_ROLE_PATTERN.findall(text):
        explicit = re.fullmatch(r"(?s).*<([^<>]+)>\s*", content)
        ids.append((explicit.group(1) if explicit else content).strip())
    return ids


def _parse(path: Path, site_path: str, problems: list[Problem]) -> ast.Module | None:
    try:
        return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (SyntaxError, UnicodeDecodeError, ValueError) as error:
        line = getattr(error, "lineno", None) or 1
        problems.append(Problem(f"cannot parse the file: {error}", Site(site_path, line)))
        return None


class _DocstringVisitor(ast.NodeVisitor):
    """Collect the docstrings' rule citations of a module, its classes and its functions."""

    def __init__(self, module: str, site_path: str) -> None:
        self.module = module
        self.site_path = site_path
        self.scope: list[str] = []
        self.found: list[Implementation] = []

    def _note(self, node: ast.AST, name: str) -> None:
        assert isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        docstring = ast.get_docstring(node, clean=False)
        if not docstring:
            return
        line = node.body[0].lineno if node.body else 1
        for rule_id in _cited_rules(docstring):
            self.found.append(Implementation(rule_id, name, Site(self.site_path, line)))

    def visit_Module(self, node: ast.Module) -> None:
        self._note(node, self.module)
        self.generic_visit(node)

    def _visit_scope(self, node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        qualname = ".".join([*self.scope, node.name])
        self._note(node, f"{self.module}.{qualname}" if self.module else qualname)
        inner = [node.name, "<locals>"] if not isinstance(node, ast.ClassDef) else [node.name]
        self.scope.extend(inner)
        for child in node.body:
            self.visit(child)
        del self.scope[-len(inner) :]

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._visit_scope(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._visit_scope(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._visit_scope(node)


def _references(tree: ast.Module, site_path: str) -> Iterator[Reference]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            ids = _cited_rules(text)
            if RULE_ID_PATTERN.match(text):
                ids.append(text)
            for rule_id in ids:
                yield Reference(rule_id, Site(site_path, node.lineno))


def scan_sources(
    source_dir: Path, root: Path
) -> tuple[list[Implementation], list[Reference], list[Problem]]:
    """Scan the ``*.py`` files below *source_dir* (a ``src`` directory holding packages).

    Module names are the paths relative to *source_dir*; site paths are relative to *root*.
    """
    implementations: list[Implementation] = []
    references: list[Reference] = []
    problems: list[Problem] = []
    for path in sorted(source_dir.rglob("*.py")):
        site_path = _relative(path, root)
        tree = _parse(path, site_path, problems)
        if tree is None:
            continue
        visitor = _DocstringVisitor(_module_name(path, source_dir), site_path)
        visitor.visit(tree)
        implementations.extend(visitor.found)
        references.extend(_references(tree, site_path))
    return implementations, references, problems


# --------------------------------------------------------------------------------------------------
# The tests


def _dotted(node: ast.expr) -> str | None:
    """Return ``a.b.c`` for a chain of attribute look-ups on a name, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


class _TestModuleScanner:
    """Find the ``rule`` marks of one test module and the tests they apply to."""

    def __init__(self, tree: ast.Module, module_nodeid: str) -> None:
        self.module_nodeid = module_nodeid
        self.found: list[MarkedTest] = []
        self.problems: list[Problem] = []
        # Names bound to ``pytest.mark`` (``from pytest import mark as m``) and to
        # ``pytest.mark.rule`` (``rule = pytest.mark.rule``) at module level.
        self.mark_names = {"mark"}
        self.rule_names: set[str] = set()
        for statement in tree.body:
            if isinstance(statement, ast.ImportFrom) and statement.module == "pytest":
                for alias in statement.names:
                    if alias.name == "mark":
                        self.mark_names.add(alias.asname or alias.name)
        for statement in tree.body:
            if isinstance(statement, ast.Assign) and self._is_rule_mark(statement.value):
                for target in statement.targets:
                    if isinstance(target, ast.Name):
                        self.rule_names.add(target.id)
        self.tree = tree

    def _is_rule_mark(self, node: ast.expr) -> bool:
        """Tell whether *node* is the mark ``pytest.mark.rule`` itself (not yet called)."""
        if isinstance(node, ast.Name):
            return node.id in self.rule_names
        if isinstance(node, ast.Attribute) and node.attr == "rule":
            base = _dotted(node.value)
            return base is not None and (base in self.mark_names or base.endswith(".mark"))
        return False

    def _rule_ids(self, expression: ast.expr, site_path: str) -> list[tuple[str, int]]:
        """Return the rule IDs of every ``rule`` mark called anywhere inside *expression*."""
        ids: list[tuple[str, int]] = []
        for node in ast.walk(expression):
            if isinstance(node, ast.Call) and self._is_rule_mark(node.func):
                if not node.args:
                    self.problems.append(
                        Problem("a rule mark names no rule", Site(site_path, node.lineno))
                    )
                for argument in node.args:
                    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                        ids.append((argument.value, argument.lineno))
                    else:
                        self.problems.append(
                            Problem(
                                "a rule mark's arguments must be string literals",
                                Site(site_path, argument.lineno),
                            )
                        )
        return ids

    def _note(self, expression: ast.expr, nodeid: str, collected: bool, site_path: str) -> None:
        ids = self._rule_ids(expression, site_path)
        if ids and not collected:
            self.problems.append(
                Problem(
                    f"a rule mark on {nodeid.rpartition('::')[2]}, which pytest does not collect",
                    Site(site_path, expression.lineno),
                )
            )
            return
        for rule_id, line in ids:
            self.found.append(MarkedTest(rule_id, nodeid, Site(site_path, line)))

    @staticmethod
    def _pytestmark(statement: ast.stmt) -> ast.expr | None:
        if isinstance(statement, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "pytestmark"
            for target in statement.targets
        ):
            return statement.value
        if (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and statement.target.id == "pytestmark"
            and statement.value is not None
        ):
            return statement.value
        return None

    def scan(self, site_path: str) -> None:
        self._scan_body(self.tree.body, self.module_nodeid, True, False, site_path)

    def _scan_body(
        self,
        body: Sequence[ast.stmt],
        nodeid: str,
        collected: bool,
        in_class: bool,
        site_path: str,
    ) -> None:
        for statement in body:
            value = self._pytestmark(statement)
            if value is not None:
                self._note(value, nodeid, collected, site_path)
            elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
                child = f"{nodeid}::{statement.name}"
                is_test = collected and statement.name.startswith("test")
                for decorator in statement.decorator_list:
                    self._note(decorator, child, is_test, site_path)
                self._scan_nested(statement.body, child, site_path)
            elif isinstance(statement, ast.ClassDef):
                child = f"{nodeid}::{statement.name}"
                is_test = collected and statement.name.startswith("Test")
                for decorator in statement.decorator_list:
                    self._note(decorator, child, is_test, site_path)
                self._scan_body(statement.body, child, is_test, True, site_path)
            elif not in_class and isinstance(statement, ast.If | ast.Try | ast.With):
                # Tests defined under ``if`` / ``try`` / ``with`` at module level still count.
                for block in _blocks(statement):
                    self._scan_body(block, nodeid, collected, in_class, site_path)

    def _scan_nested(self, body: Sequence[ast.stmt], nodeid: str, site_path: str) -> None:
        """Report marks inside a function body: pytest never collects tests defined there."""
        for statement in body:
            for node in ast.walk(statement):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    for decorator in node.decorator_list:
                        self._note(decorator, f"{nodeid}::{node.name}", False, site_path)


def _blocks(statement: ast.If | ast.Try | ast.With) -> Iterator[list[ast.stmt]]:
    yield statement.body
    if isinstance(statement, ast.If):
        yield statement.orelse
    elif isinstance(statement, ast.Try):
        for handler in statement.handlers:
            yield handler.body
        yield statement.orelse
        yield statement.finalbody


def _is_test_file(path: Path) -> bool:
    return any(path.match(pattern) for pattern in _TEST_FILE_PATTERNS)


def scan_tests(test_dir: Path, root: Path) -> tuple[list[MarkedTest], list[Problem]]:
    """Scan the test files (``test_*.py``, ``*_test.py``) below *test_dir* for ``rule`` marks.

    Node ids and site paths are relative to *root*, where pytest runs.
    """
    found: list[MarkedTest] = []
    problems: list[Problem] = []
    for path in sorted(test_dir.rglob("*.py")):
        if not _is_test_file(path):
            continue
        site_path = _relative(path, root)
        tree = _parse(path, site_path, problems)
        if tree is None:
            continue
        scanner = _TestModuleScanner(tree, site_path)
        scanner.scan(site_path)
        found.extend(scanner.found)
        problems.extend(scanner.problems)
    return found, problems


# --------------------------------------------------------------------------------------------------
# Putting it together


def trace(
    root: Path,
    source_dirs: Iterable[str | Path] = ("src",),
    test_dirs: Iterable[str | Path] = ("tests",),
) -> Trace:
    """Scan the package sources and the tests of the project at *root*.

    Directories are relative to *root*; missing ones are skipped.
    """
    implementations: list[Implementation] = []
    references: list[Reference] = []
    tests: list[MarkedTest] = []
    problems: list[Problem] = []
    for directory in source_dirs:
        path = root / directory
        if path.is_dir():
            found, mentioned, trouble = scan_sources(path, root)
            implementations += found
            references += mentioned
            problems += trouble
    for directory in test_dirs:
        path = root / directory
        if path.is_dir():
            marked, trouble = scan_tests(path, root)
            tests += marked
            problems += trouble
    return Trace(
        implementations=tuple(sorted(set(implementations))),
        tests=tuple(sorted(set(tests))),
        references=tuple(sorted(set(references))),
        problems=tuple(sorted(set(problems))),
    )


def check(trace: Trace, rules: Mapping[str, object] | Iterable[str]) -> list[Finding]:
    """Compare a trace with the rules of the specification.

    Reports every rule that no test checks, every test mark and every source mention that names a
    rule the specification does not define, and every problem the scanner met.
    """
    known = set(rules)
    findings: list[Finding] = []
    tested = trace.tested_by()
    for rule_id in sorted(known - tested.keys()):
        findings.append(Finding("untested", rule_id, f"rule {rule_id} is checked by no test"))
    for test in trace.tests:
        if test.rule_id not in known:
            message = f"test {test.nodeid} names the unknown rule {test.rule_id}"
            findings.append(Finding("unknown-in-test", test.rule_id, message, test.site))
    for reference in trace.references:
        if reference.rule_id not in known:
            message = f"the source mentions the unknown rule {reference.rule_id}"
            findings.append(
                Finding("unknown-in-source", reference.rule_id, message, reference.site)
            )
    for problem in trace.problems:
        findings.append(Finding("scan-problem", "", problem.message, problem.site))
    return findings


def _package_inits(root: Path, source_dirs: Sequence[str]) -> Iterator[tuple[str, ast.Module]]:
    """Each package under the source directories with the parsed body of its ``__init__``;
    one that cannot be read or parsed is left out."""
    for source in source_dirs:
        source_dir = root / source
        if not source_dir.is_dir():
            continue
        for init in sorted(source_dir.rglob("__init__.py")):
            try:
                tree = ast.parse(init.read_text(encoding="utf-8"))
            except (OSError, SyntaxError, ValueError):
                continue
            yield ".".join(init.parent.relative_to(source_dir).parts), tree


def package_exports(root: Path, source_dirs: Sequence[str] = ("src",)) -> dict[str, set[str]]:
    """The names in ``__all__`` of every package under the source directories, by package.

    ``{"sticheln": {"trick_winner", ...}, "sticheln.hattrick": {...}}``; a package whose
    ``__all__`` is not a literal list or tuple of strings is left out.
    """
    exports: dict[str, set[str]] = {}
    for package, tree in _package_inits(root, source_dirs):
        for statement in tree.body:
            if (
                isinstance(statement, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in statement.targets)
                and isinstance(statement.value, ast.List | ast.Tuple)
            ):
                exports[package] = {
                    element.value
                    for element in statement.value.elts
                    if isinstance(element, ast.Constant) and isinstance(element.value, str)
                }
    return exports


def package_reexports(
    root: Path, source_dirs: Sequence[str] = ("src",)
) -> dict[str, dict[str, str]]:
    """What each package's ``__init__`` imports from its subpackages, by package: name ->
    the subpackage it comes from (``{"sticheln": {"trick_winner": "sticheln.sticheln"}}``).
    """
    reexports: dict[str, dict[str, str]] = {}
    for package, tree in _package_inits(root, source_dirs):
        for statement in tree.body:
            if (
                isinstance(statement, ast.ImportFrom)
                and not statement.level
                and statement.module is not None
                and statement.module.startswith(package + ".")
            ):
                for alias in statement.names:
                    reexports.setdefault(package, {})[alias.asname or alias.name] = statement.module
    return reexports


def public_name(
    dotted: str,
    exports: Mapping[str, set[str]],
    reexports: Mapping[str, Mapping[str, str]] | None = None,
) -> str:
    """The name under which users import ``dotted``: ``sticheln.hattrick.turn.trick_taker``
    is ``sticheln.hattrick.trick_taker`` when the package ``sticheln.hattrick`` exports
    ``trick_taker``; methods follow their class (``sticheln.hattrick.HattrickState.winners``).
    The deepest exporting package wins, unless the package above it exports the name too and
    imports it from there (``reexports``, :func:`package_reexports`): then that one, so that
    ``sticheln.sticheln.trick.trick_winner`` is ``sticheln.trick_winner``. A name no package
    exports is returned as it is.
    """
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        package = ".".join(parts[:cut])
        names = exports.get(package)
        if names is None:
            continue
        for i in range(cut, len(parts)):
            if parts[i] in names:
                while "." in package:
                    parent = package.rsplit(".", 1)[0]
                    if parts[i] not in exports.get(parent, set()) or (
                        (reexports or {}).get(parent, {}).get(parts[i]) != package
                    ):
                        break
                    package = parent
                return ".".join([package, *parts[i:]])
    return dotted

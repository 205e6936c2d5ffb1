"""Sphinx extension for the rule specification: rules, references to them, and their traceability.

reStructuredText markup it adds:

``.. rule:: ST-TRICK-2``
    One rule of the specification, with the options ``:title:`` (required), ``:page:`` (the page
    of the printed rulebook, ``1`` or ``1–2``) and ``:source:`` (the names of the sources the
    rule comes from, separated by semicolons: ``Game Cabinet translation; keirat``), of which
    at least one is required, and the rule text as content.  The rule is rendered as a titled
    block whose anchor is the lowercase rule ID (``#st-trick-2``), ending with the page and the
    sources it cites.

``:rule:`ST-TRICK-2```
    A link to a rule, on any page.  An unknown rule ID is a warning.

``.. rule-traceability::``
    A list of all rules of the build, grouped by page, one line per rule (its ID, its title and
    how many objects implement it and tests check it) that opens onto the objects of the
    package that cite the rule in their docstrings and the tests that carry its
    ``pytest.mark.rule`` mark (see :mod:`rule_trace`).  Every rule that no test checks, and
    every test or source that names an unknown rule, is a warning, so a build with ``-W``
    fails on them.

Configuration values (paths are relative to ``rules_project_root``):

``rules_project_root``
    The project root, where pytest runs, relative to the documentation source directory;
    default ``".."``.
``rules_source_dirs``
    Directories holding the package sources; default ``["src"]``.
``rules_test_dirs``
    Directories holding the tests; default ``["tests"]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Set
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

import rule_trace

if TYPE_CHECKING:
    from docutils.nodes import Element, Node, system_message
    from sphinx.application import Sphinx
    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment
    from sphinx.util.typing import ExtensionMetadata

__version__ = "1.0"

logger = logging.getLogger(__name__)

_PAGE_PATTERN = re.compile(r"^\d+(?:\s*[-–]\s*\d+)?$")


class RuleEntry(NamedTuple):
    """Where a rule is defined, what it is called, and what it cites."""

    docname: str
    lineno: int
    anchor: str
    title: str
    page: str
    source: str = ""


class rule_traceability(nodes.General, nodes.Element):
    """Placeholder for the traceability table, filled in when the document is resolved."""


def rule_anchor(rule_id: str) -> str:
    """Return the HTML anchor of a rule: its ID in lower case."""
    return rule_id.lower()


def _page_label(page: str) -> str:
    return f"Rulebook pp. {page}" if re.search(r"[-–]", page) else f"Rulebook p. {page}"


def citation_label(page: str, source: str) -> str:
    """The line that ends a rule's block: its rulebook page and its sources, as given.

    >>> citation_label("1–2", "")
    'Rulebook pp. 1–2'
    >>> citation_label("", "Game Cabinet translation; keirat")
    'Sources: Game Cabinet translation; keirat'
    >>> citation_label("2", "hall9000.de")
    'Rulebook p. 2 · Source: hall9000.de'
    """
    parts = [_page_label(page)] if page else []
    names = rule_trace.source_names(source)
    if names:
        parts.append(f"{'Source' if len(names) == 1 else 'Sources'}: {'; '.join(names)}")
    return " · ".join(parts)


# --------------------------------------------------------------------------------------------------
# Domain: the rules of all documents, kept safe for incremental and parallel builds


class RuleRole(XRefRole):
    """``:rule:`ST-TRICK-2```: a link to a rule; its text is the rule ID."""

    def run(self) -> tuple[list[Node], list[system_message]]:
        self.refdomain, self.reftype = "rules", "rule"
        self.classes = ["xref", "rule"]
        if self.disabled:
            return self.create_non_xref_node()
        return self.create_xref_node()


class RuleDomain(Domain):
    """The rules of the specification, and the documents that show the traceability table."""

    name = "rules"
    label = "Rule specification"
    object_types: ClassVar[dict[str, ObjType]] = {"rule": ObjType("rule", "rule")}
    roles: ClassVar[dict[str, Any]] = {"rule": RuleRole(warn_dangling=True)}
    dangling_warnings: ClassVar[dict[str, str]] = {"rule": "unknown rule ID %(target)s"}
    initial_data: ClassVar[dict[str, Any]] = {
        # rule ID -> every definition of it (more than one is an error, reported at the end)
        "rules": {},
        # docname -> line of each ``rule-traceability`` directive
        "trace_docs": {},
        # the scan of the sources and tests (a rule_trace.Trace), redone in every build
        "trace": None,
    }
    data_version = 2

    @property
    def rules(self) -> dict[str, list[RuleEntry]]:
        rules: dict[str, list[RuleEntry]] = self.data["rules"]
        return rules

    @property
    def trace_docs(self) -> dict[str, int]:
        trace_docs: dict[str, int] = self.data["trace_docs"]
        return trace_docs

    def add_rule(self, rule_id: str, entry: RuleEntry) -> None:
        entries = self.rules.setdefault(rule_id, [])
        entries.append(entry)
        entries.sort()

    def rule(self, rule_id: str) -> RuleEntry | None:
        """Return the (first) definition of a rule, if there is one."""
        entries = self.rules.get(rule_id)
        return entries[0] if entries else None

    def clear_doc(self, docname: str) -> None:
        for rule_id, entries in list(self.rules.items()):
            kept = [entry for entry in entries if entry.docname != docname]
            if kept:
                self.rules[rule_id] = kept
            else:
                del self.rules[rule_id]
        self.trace_docs.pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        other_rules: dict[str, list[RuleEntry]] = otherdata["rules"]
        for rule_id, entries in other_rules.items():
            for entry in entries:
                if entry.docname in docnames:
                    self.add_rule(rule_id, entry)
        other_docs: dict[str, int] = otherdata["trace_docs"]
        for docname, lineno in other_docs.items():
            if docname in docnames:
                self.trace_docs[docname] = lineno

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: addnodes.pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        entry = self.rule(target)
        if entry is None:
            return None
        title = f"{target}: {entry.title}"
        return make_refnode(builder, fromdocname, entry.docname, entry.anchor, contnode, title)

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: addnodes.pending_xref,
        contnode: Element,
    ) -> list[tuple[str, nodes.reference]]:
        found = self.resolve_xref(env, fromdocname, builder, "rule", target, node, contnode)
        return [("rules:rule", found)] if found is not None else []

    def get_objects(self) -> Iterable[tuple[str, str, str, str, str, int]]:
        for rule_id, entries in sorted(self.rules.items()):
            entry = entries[0]
            yield rule_id, f"{rule_id} {entry.title}", "rule", entry.docname, entry.anchor, 1


def _domain(env: BuildEnvironment) -> RuleDomain:
    domain = env.get_domain(RuleDomain.name)
    assert isinstance(domain, RuleDomain)
    return domain


# --------------------------------------------------------------------------------------------------
# Markup


class RuleDirective(SphinxDirective):
    """``.. rule:: ID`` with ``:title:``, and ``:page:`` or ``:source:`` or both: one rule of
    the specification."""

    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = False
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "title": directives.unchanged_required,
        "page": directives.unchanged_required,
        "source": directives.unchanged_required,
    }

    def run(self) -> list[Node]:
        rule_id = self.arguments[0].strip()
        title = self.options.get("title", "").strip()
        page = self.options.get("page", "").strip()
        source = self.options.get("source", "").strip()
        location = self.get_location()
        if not rule_trace.RULE_ID_PATTERN.match(rule_id):
            logger.warning(
                "rule ID %r does not look like XX-SECTION-N (for example ST-TRICK-2)",
                rule_id,
                location=location,
                type="rules",
                subtype="id",
            )
        if not title:
            logger.warning(
                "rule %s has no :title:", rule_id, location=location, type="rules", subtype="title"
            )
        if not page and not source:
            logger.warning(
                "rule %s has neither a :page: (the page of the rulebook it comes from) nor a "
                ":source: (the sources it comes from)",
                rule_id,
                location=location,
                type="rules",
                subtype="page",
            )
        elif page and not _PAGE_PATTERN.match(page):
            logger.warning(
                "rule %s: :page: should be a page number or a range like 1–2, not %r",
                rule_id,
                page,
                location=location,
                type="rules",
                subtype="page",
            )
        if not self.content:
            logger.warning(
                "rule %s has no text", rule_id, location=location, type="rules", subtype="text"
            )

        anchor = rule_anchor(rule_id)
        container = nodes.container(classes=["rule"])
        self.set_source_info(container)
        if anchor not in self.state.document.ids:  # a duplicate is reported at the end
            container["ids"].append(anchor)
            self.state.document.note_explicit_target(container)

        heading = nodes.paragraph(classes=["rule-heading"])
        link = nodes.reference("", "", internal=True, refid=anchor, classes=["rule-id"])
        link += nodes.strong(rule_id, rule_id)
        heading += link
        if title:
            heading += nodes.Text(" ")
            title_nodes, messages = self.parse_inline(title, lineno=self.lineno)
            heading += nodes.inline("", "", *title_nodes, classes=["rule-title"])
            heading += messages
        container += heading

        body = nodes.container(classes=["rule-body"])
        body += self.parse_content_to_nodes()
        container += body
        if page or source:
            label = citation_label(page, source)
            container += nodes.paragraph(
                "", "", nodes.emphasis(label, label), classes=["rule-source"]
            )

        index = addnodes.index(
            entries=[("single", f"{rule_id} (rule); {title or rule_id}", anchor, "", None)]
        )
        _domain(self.env).add_rule(
            rule_id, RuleEntry(self.env.docname, self.lineno, anchor, title, page, source)
        )
        return [index, container]


class RuleTraceabilityDirective(SphinxDirective):
    """``.. rule-traceability::``: the table of rules, implementations and tests."""

    has_content = False

    def run(self) -> list[Node]:
        _domain(self.env).trace_docs[self.env.docname] = self.lineno
        node = rule_traceability()
        self.set_source_info(node)
        return [node]


# --------------------------------------------------------------------------------------------------
# Scanning the package and the tests, and the consistency checks


def _project_root(env: BuildEnvironment) -> Path:
    configured: str = env.config.rules_project_root
    return (Path(env.srcdir) / configured).resolve()


def _trace(env: BuildEnvironment, *, rescan: bool = False) -> rule_trace.Trace:
    """Return this build's scan of the sources and tests, scanning them on first use."""
    domain = _domain(env)
    trace = domain.data.get("trace")
    if rescan or not isinstance(trace, rule_trace.Trace):
        trace = rule_trace.trace(
            _project_root(env), env.config.rules_source_dirs, env.config.rules_test_dirs
        )
        domain.data["trace"] = trace
    return trace


def check_consistency(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn about duplicate rules, untested rules, and unknown rule IDs in sources and tests."""
    domain = _domain(env)
    for rule_id, entries in sorted(domain.rules.items()):
        first = entries[0]
        for entry in entries[1:]:
            logger.warning(
                "duplicate rule ID %s, first defined in %s:%d",
                rule_id,
                env.doc2path(first.docname),
                first.lineno,
                location=(entry.docname, entry.lineno),
                type="rules",
                subtype="duplicate",
            )
    if not domain.trace_docs:
        return  # no traceability table: the sources and tests need not be scanned
    # Rescan in every build: a test or a source file may have changed since the last one.
    trace = _trace(env, rescan=True)
    root = _project_root(env)
    for finding in rule_trace.check(trace, domain.rules):
        location: str | tuple[str, int] | None
        if finding.kind == "untested":
            entry = domain.rules[finding.rule_id][0]
            location = (entry.docname, entry.lineno)
        elif finding.site is not None:
            location = f"{root / finding.site.path}:{finding.site.line}"
        else:
            location = None
        logger.warning("%s", finding.message, location=location, type="rules", subtype=finding.kind)


def always_outdated(
    app: Sphinx, env: BuildEnvironment, added: Set[str], changed: Set[str], removed: Set[str]
) -> list[str]:
    """Re-read the pages with a traceability table in every build: sources and tests change."""
    return [doc for doc in _domain(env).trace_docs if doc not in removed]


# --------------------------------------------------------------------------------------------------
# The table


def _document_order(env: BuildEnvironment) -> dict[str, int]:
    """Number the documents in the order of the table of contents (others come last)."""
    order: dict[str, int] = {}

    def visit(docname: str) -> None:
        if docname in order:
            return
        order[docname] = len(order)
        for child in env.toctree_includes.get(docname, []):
            visit(child)

    visit(env.config.root_doc)
    return order


def _paragraph(*children: Node) -> nodes.paragraph:
    return nodes.paragraph("", "", *children)


class rule_trace_details(nodes.General, nodes.Element):
    """One rule of the traceability list: a ``<details>`` element in HTML."""


class rule_trace_summary(nodes.General, nodes.TextElement):
    """The always visible line of a :class:`rule_trace_details`: a ``<summary>`` in HTML."""


def _visit_details_html(self: Any, node: rule_trace_details) -> None:
    self.body.append(self.starttag(node, "details"))


def _depart_details_html(self: Any, node: rule_trace_details) -> None:
    self.body.append("</details>\n")


def _visit_summary_html(self: Any, node: rule_trace_summary) -> None:
    self.body.append(self.starttag(node, "summary", suffix=""))


def _depart_summary_html(self: Any, node: rule_trace_summary) -> None:
    self.body.append("</summary>\n")


def _visit_details_other(self: Any, node: Node) -> None:
    """Other output formats show the details of every rule, the summary as a paragraph."""


def _depart_details_other(self: Any, node: Node) -> None:
    pass


def _visit_summary_other(self: Any, node: Node) -> None:
    self.visit_paragraph(node)


def _depart_summary_other(self: Any, node: Node) -> None:
    self.depart_paragraph(node)


_TRACED_OBJECT = "rule_trace_object"
"""The mark of a reference of the traceability list to an object of the package."""


def _names(names: list[str], *, python: bool) -> nodes.bullet_list:
    items = nodes.bullet_list(classes=["simple", "rule-trace-list"])
    for name in dict.fromkeys(names):
        literal = nodes.literal(name, name)
        content: Node = literal
        if python:
            # A link where the object is documented with autodoc, under this name or the one it
            # is defined under (short_names.py); plain text otherwise (_undocumented_object).
            xref = addnodes.pending_xref(
                "", refdomain="py", reftype="obj", reftarget=name, refexplicit=False
            )
            xref["refwarn"] = False
            xref[_TRACED_OBJECT] = True
            xref += literal
            content = xref
        items += nodes.list_item("", _paragraph(content))
    return items


def _undocumented_object(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: Element
) -> Element | None:
    """Leave a reference of the traceability list that no handler resolved (short_names.py
    tries the name an object is defined under) as its name in plain text: the list names
    every object that cites a rule, private helpers too, and only the public ones have
    entries."""
    return contnode if node.get(_TRACED_OBJECT) else None


def _count(number: int, one: str, many: str, *, missing: bool = False) -> nodes.inline:
    text = f"{number} {one if number == 1 else many}"
    classes = ["rule-trace-count"] + (["rule-trace-missing"] if missing else [])
    return nodes.inline(text, text, classes=classes)


def _trace_list(heading: str, names: list[str], *, python: bool, none: str) -> list[Node]:
    label = nodes.paragraph("", "", nodes.strong(heading, heading), classes=["rule-trace-label"])
    if not names:
        return [label, _paragraph(nodes.emphasis(none, none))]
    return [label, _names(names, python=python)]


def _rule_details(
    rule_id: str, entry: RuleEntry, implemented: list[str], tested: list[str]
) -> rule_trace_details:
    """A rule as one line (ID, title, counts) that opens onto its objects and its tests."""
    details = rule_trace_details(classes=["rule-trace"])
    summary = rule_trace_summary(classes=["rule-trace-summary-line"])
    xref = addnodes.pending_xref("", refdomain=RuleDomain.name, reftype="rule", reftarget=rule_id)
    xref += nodes.inline(rule_id, rule_id, classes=["xref", "rule", "rule-trace-id"])
    summary += xref
    summary += nodes.Text(" ")
    summary += nodes.inline(entry.title, entry.title, classes=["rule-trace-title"])
    summary += nodes.Text(" ")
    n_objects = len(dict.fromkeys(implemented))
    n_tests = len(dict.fromkeys(tested))
    counts = nodes.inline("", "", classes=["rule-trace-counts"])
    counts += _count(n_objects, "object", "objects")
    counts += nodes.Text(" · ")
    counts += _count(n_tests, "test", "tests", missing=not n_tests)
    summary += counts
    details += summary
    body = nodes.container(classes=["rule-trace-body"])
    body += _trace_list(
        "Implemented by", implemented, python=True, none="No docstring of the package cites it."
    )
    body += _trace_list("Tested by", tested, python=False, none="No test checks it.")
    details += body
    return details


class TraceabilityTable(SphinxPostTransform):
    """Replace each ``rule-traceability`` placeholder by the list of rules (before links are
    resolved): one line per rule, with its ID, title and the number of objects that implement
    it and of tests that check it, opening onto the lists of both."""

    default_priority = 5  # before sphinx's ReferencesResolver (10) resolves the list's links

    def run(self, **kwargs: Any) -> None:
        placeholders = list(self.document.findall(rule_traceability))
        if not placeholders:
            return
        domain = _domain(self.env)
        trace = _trace(self.env)
        root, source_dirs = _project_root(self.env), self.env.config.rules_source_dirs
        exports = rule_trace.package_exports(root, source_dirs)
        reexports = rule_trace.package_reexports(root, source_dirs)
        implemented = {
            rule_id: [rule_trace.public_name(name, exports, reexports) for name in names]
            for rule_id, names in trace.implemented_by().items()
        }
        tested = trace.tested_by()
        order = _document_order(self.env)
        entries = sorted(
            ((entries[0], rule_id) for rule_id, entries in domain.rules.items()),
            key=lambda pair: (
                order.get(pair[0].docname, len(order)),
                pair[0].docname,
                pair[0].lineno,
            ),
        )

        for placeholder in placeholders:
            result: list[Node] = []
            count = len(entries)
            n_implemented = sum(1 for _, rule_id in entries if rule_id in implemented)
            n_tested = sum(1 for _, rule_id in entries if rule_id in tested)
            summary = _paragraph(
                nodes.Text(
                    f"{count} rules: {n_implemented} cited by the package's docstrings, "
                    f"{n_tested} checked by tests."
                )
            )
            summary["classes"].append("rule-trace-summary")
            result.append(summary)

            container = nodes.container(classes=["rule-traceability"])
            docname = None
            for entry, rule_id in entries:
                if entry.docname != docname:
                    docname = entry.docname
                    title = self.env.titles.get(docname)
                    label = title.astext() if title is not None else docname
                    link = addnodes.pending_xref(
                        "", refdomain="std", reftype="doc", reftarget="/" + docname
                    )
                    link["refexplicit"] = True
                    link += nodes.inline(label, label)
                    container += nodes.rubric("", "", link, classes=["rule-trace-group"])
                container += _rule_details(
                    rule_id, entry, implemented.get(rule_id, []), tested.get(rule_id, [])
                )
            result.append(container)
            for node in result:
                for xref in node.findall(addnodes.pending_xref):
                    xref["refdoc"] = self.env.docname
            placeholder.replace_self(result)


# --------------------------------------------------------------------------------------------------


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_config_value("rules_project_root", "..", "env", types=frozenset({str}))
    app.add_config_value("rules_source_dirs", ["src"], "env", types=frozenset({list, tuple}))
    app.add_config_value("rules_test_dirs", ["tests"], "env", types=frozenset({list, tuple}))
    app.add_domain(RuleDomain)
    app.add_directive("rule", RuleDirective)
    app.add_directive("rule-traceability", RuleTraceabilityDirective)
    app.add_role("rule", RuleRole(warn_dangling=True, innernodeclass=nodes.inline))
    app.add_node(rule_traceability)
    other = (_visit_details_other, _depart_details_other)
    app.add_node(
        rule_trace_details,
        html=(_visit_details_html, _depart_details_html),
        latex=other,
        text=other,
        man=other,
        texinfo=other,
    )
    other = (_visit_summary_other, _depart_summary_other)
    app.add_node(
        rule_trace_summary,
        html=(_visit_summary_html, _depart_summary_html),
        latex=other,
        text=other,
        man=other,
        texinfo=other,
    )
    app.add_post_transform(TraceabilityTable)
    app.connect("env-get-outdated", always_outdated)
    app.connect("env-check-consistency", check_consistency)
    app.connect("missing-reference", _undocumented_object)
    return {
        "version": __version__,
        "env_version": RuleDomain.data_version,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }

"""The rule specification, the package and the tests agree about which rules exist.

Every rule of ``docs/rules/*.rst`` is checked by at least one test (a ``pytest.mark.rule`` mark),
and every rule ID that a test mark or the package's source names is defined by the specification.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import rule_trace  # noqa: E402

RULES = rule_trace.rule_ids_in_docs(ROOT / "docs" / "rules", ROOT)
TRACE = rule_trace.trace(ROOT, source_dirs=["src"], test_dirs=["tests"])


def _listing(pairs: list[tuple[str, str]]) -> str:
    """List each rule ID once, with where it is named."""
    places: dict[str, list[str]] = {}
    for rule_id, where in sorted(set(pairs)):
        places.setdefault(rule_id, []).append(where)
    return "\n".join(f"  {rule_id}: {', '.join(where)}" for rule_id, where in places.items())


def test_the_specification_defines_rules() -> None:
    assert RULES, "docs/rules/*.rst defines no rule (no '.. rule:: ID' line)"


def test_rule_ids_are_well_formed_and_unique() -> None:
    malformed = sorted(
        rule_id for rule_id in RULES if not rule_trace.RULE_ID_PATTERN.match(rule_id)
    )
    assert not malformed, f"malformed rule IDs: {', '.join(malformed)}"
    duplicates = {rule_id: sites for rule_id, sites in RULES.items() if len(sites) > 1}
    assert not duplicates, "rules defined more than once:\n" + "\n".join(
        f"  {rule_id}: {', '.join(map(str, sites))}"
        for rule_id, sites in sorted(duplicates.items())
    )


def test_every_rule_is_checked_by_a_test() -> None:
    untested = sorted(set(RULES) - set(TRACE.tested_by()))
    assert not untested, (
        f"rules checked by no test (add @pytest.mark.rule(...)): {', '.join(untested)}"
    )


def test_every_rule_named_by_a_test_exists() -> None:
    unknown = [(t.rule_id, t.nodeid) for t in TRACE.tests if t.rule_id not in RULES]
    assert not unknown, "tests name rules that docs/rules/*.rst does not define:\n" + _listing(
        unknown
    )


def test_every_rule_named_by_the_package_exists() -> None:
    unknown = [(r.rule_id, str(r.site)) for r in TRACE.references if r.rule_id not in RULES]
    assert not unknown, "the package names rules that docs/rules/*.rst does not define:\n" + (
        _listing(unknown)
    )


def test_the_scanner_understands_every_rule_mark() -> None:
    assert not TRACE.problems, "rule marks the scanner cannot use:\n" + "\n".join(
        f"  {problem}" for problem in TRACE.problems
    )

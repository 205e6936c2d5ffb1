"""Unit tests of ``docs/_ext/rule_trace.py``, the scanner behind the rule traceability table."""

from __future__ import annotations

import functools
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
pytest.importorskip("docutils")  # the documentation's tools (the dev extra)

import rule_trace  # noqa: E402
import rules  # noqa: E402


def write(root: Path, relative: str, source: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


def marked(root: Path) -> set[tuple[str, str]]:
    found, _ = rule_trace.scan_tests(root / "tests", root)
    return {(test.rule_id, test.nodeid) for test in found}


def problems(root: Path) -> list[str]:
    _, trouble = rule_trace.scan_tests(root / "tests", root)
    return [str(problem) for problem in trouble]


# --------------------------------------------------------------------------------------------------
# Test marks


def test_decorator_on_function_with_one_and_several_ids(tmp_path: Path) -> None:
    write(
        tmp_path,
        "tests/test_a.py",
        """
        import pytest

        @pytest.mark.rule("XX-ONE-1")
        def test_one():
            pass

        @pytest.mark.rule("XX-TWO-1", "XX-TWO-2",
                          "XX-TWO-3")
        def test_two():
            pass

        async def helper():
            pass

        @pytest.mark.slow
        @pytest.mark.rule("XX-ASYNC-1")
        @pytest.mark.parametrize("n", [1, 2])
        async def test_async(n):
            pass
        """,
    )
    assert marked(tmp_path) == {
        ("XX-ONE-1", "tests/test_a.py::test_one"),
        ("XX-TWO-1", "tests/test_a.py::test_two"),
        ("XX-TWO-2", "tests/test_a.py::test_two"),
        ("XX-TWO-3", "tests/test_a.py::test_two"),
        ("XX-ASYNC-1", "tests/test_a.py::test_async"),
    }
    assert problems(tmp_path) == []


def test_decorator_spellings(tmp_path: Path) -> None:
    write(
        tmp_path,
        "tests/test_b.py",
        """
        import pytest
        import pytest as pt
        from pytest import mark
        from pytest import mark as m

        rule = pytest.mark.rule
        spec = m.rule

        @mark.rule("XX-MARK-1")
        def test_mark():
            pass

        @m.rule("XX-ALIAS-1")
        def test_mark_alias():
            pass

        @pt.mark.rule("XX-MODALIAS-1")
        def test_module_alias():
            pass

        @rule("XX-RULE-1")
        def test_rule_alias():
            pass

        @spec("XX-RULE-2")
        def test_rule_alias_of_alias_import():
            pass

        @pytest.mark.other("XX-NOT-1")
        def test_other_mark():
            pass
        """,
    )
    assert marked(tmp_path) == {
        ("XX-MARK-1", "tests/test_b.py::test_mark"),
        ("XX-ALIAS-1", "tests/test_b.py::test_mark_alias"),
        ("XX-MODALIAS-1", "tests/test_b.py::test_module_alias"),
        ("XX-RULE-1", "tests/test_b.py::test_rule_alias"),
        ("XX-RULE-2", "tests/test_b.py::test_rule_alias_of_alias_import"),
    }


def test_classes_methods_and_nested_classes(tmp_path: Path) -> None:
    write(
        tmp_path,
        "tests/sub/test_c.py",
        """
        import pytest

        @pytest.mark.rule("XX-CLASS-1")
        class TestWhole:
            def test_method(self):
                pass

        class TestMethods:
            @pytest.mark.rule("XX-METHOD-1")
            def test_method(self):
                pass

            class TestInner:
                @pytest.mark.rule("XX-INNER-1")
                def test_deep(self):
                    pass

        class TestClassMark:
            pytestmark = pytest.mark.rule("XX-CLASSMARK-1")

            def test_x(self):
                pass
        """,
    )
    assert marked(tmp_path) == {
        ("XX-CLASS-1", "tests/sub/test_c.py::TestWhole"),
        ("XX-METHOD-1", "tests/sub/test_c.py::TestMethods::test_method"),
        ("XX-INNER-1", "tests/sub/test_c.py::TestMethods::TestInner::test_deep"),
        ("XX-CLASSMARK-1", "tests/sub/test_c.py::TestClassMark"),
    }
    assert problems(tmp_path) == []


def test_module_pytestmark_single_list_tuple_and_annotated(tmp_path: Path) -> None:
    write(
        tmp_path,
        "tests/test_single.py",
        """
        import pytest
        pytestmark = pytest.mark.rule("XX-SINGLE-1")
        def test_x():
            pass
        """,
    )
    write(
        tmp_path,
        "tests/test_list.py",
        """
        import pytest
        pytestmark = [pytest.mark.slow, pytest.mark.rule("XX-LIST-1", "XX-LIST-2")]
        def test_x():
            pass
        """,
    )
    write(
        tmp_path,
        "tests/test_tuple.py",
        """
        import pytest
        pytestmark = (pytest.mark.rule("XX-TUPLE-1"), pytest.mark.rule("XX-TUPLE-2"))
        def test_x():
            pass
        """,
    )
    write(
        tmp_path,
        "tests/test_annotated.py",
        """
        import pytest
        pytestmark: list[pytest.MarkDecorator] = [pytest.mark.rule("XX-ANN-1")]
        def test_x():
            pass
        """,
    )
    assert marked(tmp_path) == {
        ("XX-SINGLE-1", "tests/test_single.py"),
        ("XX-LIST-1", "tests/test_list.py"),
        ("XX-LIST-2", "tests/test_list.py"),
        ("XX-TUPLE-1", "tests/test_tuple.py"),
        ("XX-TUPLE-2", "tests/test_tuple.py"),
        ("XX-ANN-1", "tests/test_annotated.py"),
    }


def test_marks_inside_parametrize_and_under_module_level_blocks(tmp_path: Path) -> None:
    write(
        tmp_path,
        "tests/test_d.py",
        """
        import sys
        import pytest

        @pytest.mark.parametrize(
            "n", [1, pytest.param(2, marks=pytest.mark.rule("XX-PARAM-1"))]
        )
        def test_param(n):
            pass

        if sys.version_info >= (3, 11):
            @pytest.mark.rule("XX-IF-1")
            def test_if():
                pass
        """,
    )
    assert marked(tmp_path) == {
        ("XX-PARAM-1", "tests/test_d.py::test_param"),
        ("XX-IF-1", "tests/test_d.py::test_if"),
    }


def test_only_test_files_are_scanned(tmp_path: Path) -> None:
    source = """
        import pytest

        @pytest.mark.rule("XX-FILE-1")
        def test_x():
            pass
        """
    write(tmp_path, "tests/helpers.py", source)
    write(tmp_path, "tests/conftest.py", source)
    write(tmp_path, "tests/check_test.py", source)
    assert marked(tmp_path) == {("XX-FILE-1", "tests/check_test.py::test_x")}


def test_marks_pytest_would_not_collect_are_problems(tmp_path: Path) -> None:
    write(
        tmp_path,
        "tests/test_e.py",
        """
        import pytest

        IDS = ["XX-DYN-1"]

        @pytest.mark.rule("XX-HELPER-1")
        def helper():
            pass

        class Helpers:
            @pytest.mark.rule("XX-HELPER-2")
            def test_not_collected(self):
                pass

        def test_outer():
            @pytest.mark.rule("XX-HELPER-3")
            def test_inner():
                pass

        @pytest.mark.rule(*IDS)
        def test_dynamic():
            pass

        @pytest.mark.rule()
        def test_empty():
            pass
        """,
    )
    assert marked(tmp_path) == set()
    found = problems(tmp_path)
    assert len(found) == 5, found
    assert any("helper" in problem and "does not collect" in problem for problem in found)
    assert any("test_not_collected" in problem for problem in found)
    assert any("test_inner" in problem for problem in found)
    assert any("string literals" in problem for problem in found)
    assert any("names no rule" in problem for problem in found)


def test_unparsable_test_file_is_a_problem(tmp_path: Path) -> None:
    write(tmp_path, "tests/test_broken.py", "def test_x(:\n")
    assert marked(tmp_path) == set()
    [problem] = problems(tmp_path)
    assert problem.startswith("tests/test_broken.py:1: cannot parse")


# --------------------------------------------------------------------------------------------------
# Implementations and references in the package


def test_implementations_are_found_in_docstrings(tmp_path: Path) -> None:
    write(
        tmp_path,
        "src/pkg/__init__.py",
        '''
        """The package; see :rule:`XX-MOD-1`."""
        ''',
    )
    write(
        tmp_path,
        "src/pkg/game.py",
        '''
        """No rules here."""

        def play():
            """Play a card (:rule:`XX-FUNC-1`, :rule:`the other <XX-FUNC-2>`)."""

            def inner():
                """:rule:`XX-INNER-1`"""

        async def wait():
            """:rules:rule:`XX-ASYNC-1`"""

        class Trick:
            """A trick, :rule:`XX-CLASS-1`."""

            def winner(self):
                """The winner.

                Implements :rule:`XX-METHOD-1`.
                """

        def undocumented():
            return "XX-CODE-1"
        ''',
    )
    implementations, references, trouble = rule_trace.scan_sources(tmp_path / "src", tmp_path)
    assert trouble == []
    assert {(i.rule_id, i.name) for i in implementations} == {
        ("XX-MOD-1", "pkg"),
        ("XX-FUNC-1", "pkg.game.play"),
        ("XX-FUNC-2", "pkg.game.play"),
        ("XX-INNER-1", "pkg.game.play.<locals>.inner"),
        ("XX-ASYNC-1", "pkg.game.wait"),
        ("XX-CLASS-1", "pkg.game.Trick"),
        ("XX-METHOD-1", "pkg.game.Trick.winner"),
    }
    assert {r.rule_id for r in references} == {
        "XX-MOD-1",
        "XX-FUNC-1",
        "XX-FUNC-2",
        "XX-INNER-1",
        "XX-ASYNC-1",
        "XX-CLASS-1",
        "XX-METHOD-1",
        "XX-CODE-1",
    }
    code = next(r for r in references if r.rule_id == "XX-CODE-1")
    assert code.site == rule_trace.Site("src/pkg/game.py", 23)


# --------------------------------------------------------------------------------------------------
# The specification, and the whole check


def test_rule_ids_in_rst() -> None:
    text = """
Title
=====

.. rule:: XX-A-1
   :title: A
   :page: 1

   Text.

.. note::

   .. rule:: XX-B-2
      :title: B
      :page: 2

   Not a rule: .. rule:: XX-C-3

.. rule:: XX-D-4
   :title: Cited to its sources only
   :source: Game Cabinet translation; keirat

   Text.
"""
    assert rule_trace.rule_ids_in_rst(text) == ["XX-A-1", "XX-B-2", "XX-D-4"]


def test_rule_fields_in_rst() -> None:
    text = """
.. rule:: XX-A-1
   :title: A page and sources
   :page: 1–2
   :source: Game Cabinet translation;
      keirat

   The text: :source: here is not an option.

.. rule:: XX-B-1
   :title: Only a source
   :source: hall9000.de

.. rule:: XX-C-1

   No options.

.. rule:: XX-A-1
   :title: A second definition
"""
    assert rule_trace.rule_fields_in_rst(text) == {
        "XX-A-1": {
            "title": "A page and sources",
            "page": "1–2",
            "source": "Game Cabinet translation; keirat",
        },
        "XX-B-1": {"title": "Only a source", "source": "hall9000.de"},
        "XX-C-1": {},
    }


def test_source_names_and_the_citation_line_of_a_rule() -> None:
    assert rule_trace.source_names("Game Cabinet translation; keirat ;") == [
        "Game Cabinet translation",
        "keirat",
    ]
    assert rule_trace.source_names("") == []
    assert rules.citation_label("1", "") == "Rulebook p. 1"
    assert rules.citation_label("1–2", "") == "Rulebook pp. 1–2"
    assert rules.citation_label("", "hall9000.de") == "Source: hall9000.de"
    assert rules.citation_label("", "keirat;luding.org") == "Sources: keirat; luding.org"
    assert rules.citation_label("2", "keirat") == "Rulebook p. 2 · Source: keirat"


# The sources of Hattrick's rules, by the names the rule page gives them.
HATTRICK_SOURCES = {
    "Game Cabinet translation",
    "keirat",
    "braillespiel.de",
    "luding.org",
    "hall9000.de",
    "wiltsgames.co.uk",
}


def test_every_hattrick_rule_names_its_sources() -> None:
    text = (ROOT / "docs" / "rules" / "hattrick.rst").read_text(encoding="utf-8")
    fields = rule_trace.rule_fields_in_rst(text)
    assert fields
    cited: set[str] = set()
    for rule_id, options in fields.items():
        names = rule_trace.source_names(options.get("source", ""))
        assert names, f"{rule_id} names no source"
        assert set(names) <= HATTRICK_SOURCES, (rule_id, names)
        assert "page" not in options, f"{rule_id}: the sources of Hattrick have no pages"
        cited |= set(names)
    assert cited == HATTRICK_SOURCES
    assert {"hall9000.de", "wiltsgames.co.uk"} <= set(
        rule_trace.source_names(fields["HT-DECK-1"]["source"])
    )
    assert "hall9000.de" in fields["HT-GAME-3"]["source"]


def test_rule_ids_in_docs_keeps_every_definition(tmp_path: Path) -> None:
    write(tmp_path, "docs/rules/a.rst", ".. rule:: XX-A-1\n\n.. rule:: XX-A-2\n")
    write(tmp_path, "docs/rules/b.rst", "B\n=\n\n.. rule:: XX-A-1\n")
    found = rule_trace.rule_ids_in_docs(tmp_path / "docs" / "rules")
    assert found == {
        "XX-A-1": [
            rule_trace.Site("docs/rules/a.rst", 1),
            rule_trace.Site("docs/rules/b.rst", 4),
        ],
        "XX-A-2": [rule_trace.Site("docs/rules/a.rst", 3)],
    }


def test_check_reports_every_kind_of_finding(tmp_path: Path) -> None:
    write(
        tmp_path,
        "src/pkg/__init__.py",
        '''
        def f():
            """:rule:`XX-KNOWN-1` and :rule:`XX-GHOST-1`."""
        ''',
    )
    write(
        tmp_path,
        "tests/test_x.py",
        """
        import pytest

        @pytest.mark.rule("XX-KNOWN-1", "XX-GHOST-2")
        def test_x():
            pass

        @pytest.mark.rule(42)
        def test_y():
            pass
        """,
    )
    trace = rule_trace.trace(tmp_path)
    assert trace.implemented_by() == {"XX-GHOST-1": ["pkg.f"], "XX-KNOWN-1": ["pkg.f"]}
    assert trace.tested_by() == {
        "XX-GHOST-2": ["tests/test_x.py::test_x"],
        "XX-KNOWN-1": ["tests/test_x.py::test_x"],
    }
    findings = rule_trace.check(trace, ["XX-KNOWN-1", "XX-UNTESTED-1"])
    assert {(f.kind, f.rule_id) for f in findings} == {
        ("untested", "XX-UNTESTED-1"),
        ("unknown-in-test", "XX-GHOST-2"),
        ("unknown-in-source", "XX-GHOST-1"),
        ("scan-problem", ""),
    }
    ghost = next(f for f in findings if f.rule_id == "XX-GHOST-2")
    assert str(ghost) == (
        "tests/test_x.py:4: test tests/test_x.py::test_x names the unknown rule XX-GHOST-2"
    )


def test_trace_skips_missing_directories(tmp_path: Path) -> None:
    assert rule_trace.trace(tmp_path) == rule_trace.Trace()


def test_public_names_follow_the_packages_exports(tmp_path: Path) -> None:
    package = tmp_path / "src" / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text('__all__ = ["winner", "State"]\n')
    (package / "sub" / "__init__.py").write_text('__all__ = ("new_game",)\n')
    exports = rule_trace.package_exports(tmp_path)
    assert exports == {"pkg": {"winner", "State"}, "pkg.sub": {"new_game"}}
    assert rule_trace.public_name("pkg.trick.winner", exports) == "pkg.winner"
    assert rule_trace.public_name("pkg.state.State.scores", exports) == "pkg.State.scores"
    assert rule_trace.public_name("pkg.sub.engine.new_game", exports) == "pkg.sub.new_game"
    assert rule_trace.public_name("pkg.sub.engine.helper", exports) == "pkg.sub.engine.helper"
    assert rule_trace.public_name("pkg.trick", exports) == "pkg.trick"


def test_a_name_the_package_above_imports_from_a_game_is_public_there(tmp_path: Path) -> None:
    package = tmp_path / "src" / "pkg"
    (package / "game").mkdir(parents=True)
    (package / "other").mkdir(parents=True)
    (package / "__init__.py").write_text(
        'from pkg.game import winner, State\nfrom os import path\n__all__ = ["winner", "State"]\n'
    )
    (package / "game" / "__init__.py").write_text('__all__ = ["winner", "State", "helper"]\n')
    (package / "other" / "__init__.py").write_text('__all__ = ["winner"]\n')
    exports = rule_trace.package_exports(tmp_path)
    reexports = rule_trace.package_reexports(tmp_path)
    assert reexports == {"pkg": {"winner": "pkg.game", "State": "pkg.game"}}
    public = functools.partial(rule_trace.public_name, exports=exports, reexports=reexports)
    assert public("pkg.game.trick.winner") == "pkg.winner"
    assert public("pkg.game.state.State.scores") == "pkg.State.scores"
    assert public("pkg.game.engine.helper") == "pkg.game.helper"  # the root does not export it
    assert public("pkg.other.trick.winner") == "pkg.other.winner"  # another game's winner
    assert rule_trace.public_name("pkg.game.trick.winner", exports) == "pkg.game.winner"

"""The source distribution and the wheel build from the checkout, their metadata is what
pyproject.toml says (PEP 639's licence, the authors, the classifiers), and ``twine check
--strict`` accepts both, as a package index would.

``python -m build`` builds the sdist, then the wheel from the unpacked sdist, so a file the
sdist leaves out breaks the wheel too; it installs the build backend into an isolated
environment from the package index, as any build does.
"""

from __future__ import annotations

import email.parser
import email.policy
import subprocess
import sys
import tarfile
import zipfile
from email.message import Message
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Building the sdist and the wheel takes many seconds: CI runs these, the quick loop does not.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(folder), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return folder


def _wheel(dist: Path) -> Path:
    (wheel,) = dist.glob("sticheln-*.whl")
    return wheel


def _sdist(dist: Path) -> Path:
    (sdist,) = dist.glob("sticheln-*.tar.gz")
    return sdist


def _metadata(dist: Path) -> Message:
    with zipfile.ZipFile(_wheel(dist)) as wheel:
        (name,) = [name for name in wheel.namelist() if name.endswith(".dist-info/METADATA")]
        text = wheel.read(name).decode("utf-8")
    return email.parser.Parser(policy=email.policy.compat32).parsestr(text)


def test_twine_accepts_the_sdist_and_the_wheel(dist: Path) -> None:
    files = [str(_sdist(dist)), str(_wheel(dist))]
    result = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *files],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASSED") == 2, result.stdout


def test_the_licence_is_an_spdx_expression_with_its_file(dist: Path) -> None:
    metadata = _metadata(dist)
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    assert metadata["License"] is None
    assert not [c for c in metadata.get_all("Classifier") if c.startswith("License ::")]
    with zipfile.ZipFile(_wheel(dist)) as wheel:
        licence = wheel.read("sticheln-0.1.0.dist-info/licenses/LICENSE").decode("utf-8")
    assert licence.startswith("MIT License\n\nCopyright (c) 2026 The sticheln developers\n")
    with tarfile.open(_sdist(dist)) as sdist:
        assert "sticheln-0.1.0/LICENSE" in sdist.getnames()


def test_the_metadata_names_the_authors_versions_and_audiences(dist: Path) -> None:
    metadata = _metadata(dist)
    assert metadata["Name"] == "sticheln"
    assert metadata["Version"] == "0.1.0"
    assert metadata["Author"] == "The sticheln developers"
    assert metadata["Requires-Python"] == ">=3.11"
    assert metadata["Description-Content-Type"] == "text/markdown"
    classifiers = set(metadata.get_all("Classifier"))
    assert {
        "Programming Language :: Python :: 3.11",
        "Programming Language :: Python :: 3.12",
        "Programming Language :: Python :: 3.13",
        "Intended Audience :: Developers",
        "Intended Audience :: Science/Research",
        "Topic :: Games/Entertainment",
        "Topic :: Scientific/Engineering :: Artificial Intelligence",
        "Typing :: Typed",
    } <= classifiers
    # The project has no public home yet: no addresses are published.
    assert metadata.get_all("Project-URL") is None
    assert metadata["Home-page"] is None
    assert set(metadata.get_all("Provides-Extra")) == {
        "rl",
        "pettingzoo",
        "gymnasium",
        "openspiel",
        "web",
        "plot",
        "dask",
        "parquet",
        "all",
        "fast",
        "train",
        "browser-tests",
        "test",
        "dev",
    }


def test_the_wheel_holds_the_typed_package_and_its_data(dist: Path) -> None:
    with zipfile.ZipFile(_wheel(dist)) as wheel:
        names = set(wheel.namelist())
    assert {
        "sticheln/py.typed",
        "sticheln/__init__.py",
        "sticheln/core/rulebook.json",
        "sticheln/adapters/__init__.py",
        "sticheln/locale/de/LC_MESSAGES/sticheln.mo",
        "sticheln/web/static/i18n/en.json",
        "sticheln/web/static/i18n/de.json",
    } <= names
    assert "sticheln-0.1.0.dist-info/entry_points.txt" in names

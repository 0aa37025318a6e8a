"""The release artefacts: the sdist and the wheel build, hold what they must, and pass ``twine check``.

Both are built without build isolation (``python -m build --no-isolation``), so the test
needs no network: the test extra installs ``build``, ``hatchling`` and ``twine``.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest

import eighthalf

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("build")
pytest.importorskip("twine")
pytest.importorskip("hatchling")


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel built from it (``python -m build`` builds the wheel from the sdist)."""
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, f"python -m build failed:\n{result.stdout}\n{result.stderr}"
    return out


def _sdist(dist: Path) -> Path:
    (path,) = dist.glob("eighthalf-*.tar.gz")
    return path


def _wheel(dist: Path) -> Path:
    (path,) = dist.glob("eighthalf-*.whl")
    return path


def test_sdist_and_wheel_pass_twine_check(dist: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(_sdist(dist)), str(_wheel(dist))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, f"twine check failed:\n{result.stdout}\n{result.stderr}"
    assert result.stdout.count("PASSED") == 2, result.stdout


def test_sdist_holds_the_licence_the_sources_and_the_tests(dist: Path) -> None:
    top = f"eighthalf-{eighthalf.__version__}"
    with tarfile.open(_sdist(dist)) as sdist:
        names = set(sdist.getnames())
    for path in (
        *("LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml", "eighthalf/py.typed", "tests/conftest.py"),
        *("clients/js/package.json", "clients/js/package-lock.json", "clients/js/src/client.js"),  # the JS client
    ):
        assert f"{top}/{path}" in names, f"{path} is missing from the sdist"
    # the root conftest registers the third game that the tests play: without it they fail
    assert f"{top}/conftest.py" in names, "the root conftest.py is missing from the sdist"
    assert any(name.startswith(f"{top}/eighthalf/schemas/") and name.endswith(".json") for name in names)
    assert not any("/_build/" in name or "__pycache__" in name or "/node_modules/" in name for name in names)


def test_wheel_holds_the_licence_py_typed_the_schemas_and_the_pages(dist: Path) -> None:
    with zipfile.ZipFile(_wheel(dist)) as wheel:
        names = set(wheel.namelist())
    info = f"eighthalf-{eighthalf.__version__}.dist-info"
    assert f"{info}/licenses/LICENSE" in names
    assert "eighthalf/py.typed" in names
    schemas = {name for name in names if name.startswith("eighthalf/schemas/") and name.endswith(".json")}
    shipped = {f"eighthalf/schemas/{path.name}" for path in (ROOT / "eighthalf" / "schemas").glob("*.json")}
    assert schemas == shipped and shipped
    catalogues = {
        f"eighthalf/locale/{lang}/LC_MESSAGES/{domain}.mo" for lang in ("fr", "nl") for domain in ("eighthalf", "pages")
    }
    assert catalogues <= names, "the compiled catalogues are shipped, so that no tool is needed to install"
    with zipfile.ZipFile(_wheel(dist)) as wheel:  # the games' and the pages' catalogues as compiled in the tree
        assert all(wheel.read(name) == (ROOT / name).read_bytes() for name in catalogues)
    assert not any(name.startswith("tests/") for name in names)
    # the browser pages, each game's board and How to play page (its folder's package resources, found through
    # the registry)
    pages = {
        path.relative_to(ROOT).as_posix()
        for folder in (
            ROOT / "eighthalf" / "server" / "static",
            *(ROOT / "eighthalf" / "games").glob("*/board"),
            *(ROOT / "eighthalf" / "games").glob("*/howto"),  # each game's How to play page, a file a language
        )
        for path in folder.iterdir()
    }
    assert {"eighthalf/games/eighthalf/board/board.js", "eighthalf/games/eights/board/board.js"} <= pages <= names
    howto = {
        f"eighthalf/games/{game}/howto/{lang}.json" for game in ("eighthalf", "eights") for lang in ("en", "fr", "nl")
    }
    assert howto <= pages
    assert "eighthalf/pictures/cards.css" in names, "the cards' faces, for the table page and the pictures"


def test_metadata_has_one_licence_statement_and_no_unused_dependency(dist: Path) -> None:
    with zipfile.ZipFile(_wheel(dist)) as wheel:
        info = f"eighthalf-{eighthalf.__version__}.dist-info"
        metadata = HeaderParser().parsestr(wheel.read(f"{info}/METADATA").decode("utf-8"))
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    classifiers = metadata.get_all("Classifier") or []
    assert not [line for line in classifiers if line.startswith("License ::")], "the licence expression says it all"
    runtime = [line for line in metadata.get_all("Requires-Dist") or [] if "extra ==" not in line]
    assert [line.split(">")[0].split("=")[0].strip() for line in runtime] == ["attrs"]
    assert metadata["Version"] == eighthalf.__version__

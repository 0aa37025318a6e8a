"""Development sessions: ``nox -l`` lists them; ``nox`` runs the default ones."""

from __future__ import annotations

import nox

nox.options.default_venv_backend = "venv"
nox.options.sessions = ["tests", "typing", "docs", "lint"]

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the test suite (with doctests) on each supported Python found."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session(default=False)
def soak(session: nox.Session) -> None:
    """Run only the long random-play soak (10,000 rounds; the default test run leaves it out)."""
    session.install("-e", ".[test]")
    session.run("pytest", "-m", "soak", "tests", *session.posargs)


@nox.session
def typing(session: nox.Session) -> None:
    """Type-check the package, tests, examples and benchmarks with mypy --strict."""
    session.install("-e", ".[test]")
    session.run("mypy", "--strict", "eighthalf", "tests", "examples", "benchmarks")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML docs with nitpicky warnings as errors."""
    # autodoc imports eighthalf.envs (the rl and openspiel extras) and eighthalf.server (the server
    # and postgresql extras)
    session.install("-e", ".[docs,rl,openspiel,server,postgresql]")
    session.run("sphinx-build", "-n", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")


@nox.session
def lint(session: nox.Session) -> None:
    """Lint and check formatting with ruff."""
    session.install("ruff")
    session.run("ruff", "check", "eighthalf", "tests", "examples", "benchmarks", "docs", "noxfile.py")
    session.run("ruff", "format", "--check", "eighthalf", "tests", "examples", "benchmarks", "docs", "noxfile.py")


@nox.session(default=False)
def bench(session: nox.Session) -> None:
    """Benchmark the pure and the compiled build side by side, with the OpenSpiel anchor (--json for JSON)."""
    session.install("-e", ".[compiled]", "open-spiel")
    session.run("python", "-m", "benchmarks", *session.posargs)


@nox.session(default=False)
def locales(session: nox.Session) -> None:
    """Extract the messages of both gettext domains (the games' ``eighthalf``, the pages' ``pages``),
    merge them into the French and Dutch catalogues and compile these (docs/languages.rst)."""
    session.install("-e", ".[test]")
    common = ["-w", "120", "--project", "eighthalf", "--copyright-holder", "The eighthalf developers"]
    session.run(
        "pybabel", "extract", "--no-default-keywords", "-k", "gettext", "-k", "ngettext:1,2", "-k", "N_", *common,
        "-o", "eighthalf/locale/eighthalf.pot", "eighthalf",
    )  # fmt: skip
    session.run(
        "pybabel", "extract", "-F", "eighthalf/locale/pages.cfg", "--no-default-keywords", "-k", "t", "-k", "N_",
        *common, "-o", "eighthalf/locale/pages.pot", ".",
    )  # fmt: skip
    for domain in ("eighthalf", "pages"):
        session.run(
            "pybabel", "update", "-i", f"eighthalf/locale/{domain}.pot", "-d", "eighthalf/locale", "-D", domain,
            "-w", "120",
        )  # fmt: skip
        for language in ("fr", "nl"):  # pybabel update reads "eighthalf" as a version and writes two spaces before it
            with open(f"eighthalf/locale/{language}/LC_MESSAGES/{domain}.po", "r+", encoding="utf-8") as catalogue:
                text = catalogue.read().replace("Project-Id-Version:  eighthalf", "Project-Id-Version: eighthalf")
                catalogue.seek(0)
                catalogue.truncate()
                catalogue.write(text)
        session.run("pybabel", "compile", "-d", "eighthalf/locale", "-D", domain, "--statistics")

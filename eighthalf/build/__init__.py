"""Which build of eighthalf is loaded: the pure-Python one or the compiled core.

eighthalf is written once, in typed Python. The default install runs it as it is; the
compiled build turns the rules core of both games (:data:`COMPILED_MODULES`) into C
extension modules with mypyc, the compiler that ships with mypy, for two to three times
the speed (see the performance page). Both builds behave the same: same states, errors, deals and documents.

>>> BUILD in ("pure", "compiled")
True

Getting the compiled build:

- from a source checkout, in place (the extension modules are written next to the
  sources, where Python prefers them): ``python -m eighthalf.build`` (needs mypy,
  setuptools and a C compiler; ``python -m eighthalf.build --clean`` removes them again);
- as a wheel: ``HATCH_BUILD_HOOK_ENABLE_MYPYC=true pip install .`` (the hatch-mypyc build
  hook of ``pyproject.toml``, off by default so that a plain ``pip install`` needs no C
  compiler).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Literal

__all__ = ["BUILD", "COMPILED_MODULES", "compiled_modules", "main"]

COMPILED_MODULES: tuple[str, ...] = (
    "eighthalf.core.value",
    "eighthalf.games.eighthalf.state",
    "eighthalf.games.eighthalf.engine",
    "eighthalf.games.eights.passing",
    "eighthalf.games.eights.state",
    "eighthalf.games.eights.engine",
)
"""The modules that the compiled build compiles: the hot path of both games, the state
classes and the rules logic that bots, simulations and environments call millions of
times. For 8½ the state classes and the engine; for Eights the state classes, the
engine and :class:`~eighthalf.eights.Pass` (of which :func:`~eighthalf.eights.legal_moves`
makes up to 127 at a time); and :class:`~eighthalf.core.value.Value`, the compiled
base of both games' states. ``eighthalf.core.frozen`` stays pure, so that interpreted
value classes (Eights' cards, spellings, options, views and events) can derive from its
:class:`~eighthalf.core.frozen.Frozen`. Everything else stays pure Python in both
builds: the modules that check arguments from callers (:func:`~eighthalf.new_game`,
:func:`~eighthalf.position`, :func:`~eighthalf.parse_move`, :class:`~eighthalf.Rules` and
the move classes of 8½, and of Eights :func:`~eighthalf.eights.new_game`,
:class:`~eighthalf.eights.Card`, :class:`~eighthalf.eights.Spell` and the parsers),
because compiled code checks argument types itself and would raise :class:`TypeError`
where the library promises its own errors, and everything above the core (views,
serialization, records, bots, the command line), which measured no faster compiled."""


_PACKAGE = Path(__file__).resolve().parent.parent
"""The folder of the package (``eighthalf/``) whose core is compiled or not."""


def compiled_modules() -> tuple[str, ...]:
    """The modules of :data:`COMPILED_MODULES` that are loaded as compiled extension modules now."""
    loaded = (importlib.import_module(name) for name in COMPILED_MODULES)
    return tuple(module.__name__ for module in loaded if not str(module.__file__).endswith(".py"))


def _compiled_on_disk(root: Path) -> tuple[str, ...]:
    """The modules of :data:`COMPILED_MODULES` that have an extension module of this Python
    beside their source under ``root`` (read from the files, importing nothing)."""
    found = []
    for name in COMPILED_MODULES:
        source = root.joinpath(*name.split("."))
        if any(source.with_name(source.name + suffix).is_file() for suffix in EXTENSION_SUFFIXES):
            found.append(name)
    return tuple(found)


def _build_command_arguments() -> list[str] | None:
    """The arguments of ``python -m eighthalf.build`` when this process is that command, else ``None``."""
    argv = sys.orig_argv
    for at, argument in enumerate(argv[:-1]):
        if argument == "-m" and argv[at + 1] == __name__:
            return argv[at + 2 :]
    return None


def _sources(root: Path) -> list[str]:
    return [str(root.joinpath(*name.split(".")).with_suffix(".py")) for name in COMPILED_MODULES]


def main(argv: Sequence[str] | None = None) -> int:
    """Compile the core in place (``python -m eighthalf.build``), or remove it (``--clean``)."""
    import argparse
    import os
    import shutil
    import subprocess
    import tempfile

    parser = argparse.ArgumentParser(
        prog="python -m eighthalf.build",
        description="Compile the rules core of a source checkout in place with mypyc, or remove the compiled modules.",
    )
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules instead")
    args = parser.parse_args(argv)
    missing = [] if args.clean else [name for name in ("mypyc", "setuptools") if importlib.util.find_spec(name) is None]
    if missing:  # checked before the compiled modules are removed, which a failed build would leave removed
        print(
            f"python -m eighthalf.build needs {' and '.join(missing)} (and a C compiler): "
            'pip install "mypy>=1.15" "setuptools>=77", or in a checkout pip install -e ".[compiled]"',
            file=sys.stderr,
        )
        return 1
    package = _PACKAGE
    root = package.parent
    built = [path for path in package.rglob("*.so") if path.is_file()] + list(package.rglob("*.pyd"))
    for path in built + list(root.glob("*__mypyc*.so")):
        path.unlink()
    if args.clean:
        print(f"removed {len(built)} compiled {'module' if len(built) == 1 else 'modules'} from {package}")
        return 0
    with tempfile.TemporaryDirectory(prefix="eighthalf-mypyc-") as scratch:
        # mypyc's own driver runs setuptools, which would read this project's
        # pyproject.toml; a setup script of our own in a scratch directory keeps it away.
        script = Path(scratch, "setup.py")
        script.write_text(
            "import sys\n"
            "from setuptools import setup\n"
            "from mypyc.build import mypycify\n"
            f"setup(name='eighthalf-core', script_args=['build_ext', '--inplace', '--build-temp', {scratch!r}],\n"
            f"      ext_modules=mypycify({_sources(root)!r}, opt_level='3', target_dir={scratch!r}))\n",
            encoding="utf-8",
        )
        done = subprocess.run([sys.executable, str(script)], cwd=scratch, env={**os.environ, "PYTHONPATH": str(root)})
        if done.returncode:
            print("mypyc failed; the package stays pure Python", file=sys.stderr)
            return done.returncode
        for built_module in Path(scratch).rglob("*.so"):
            if "build" in built_module.relative_to(scratch).parts[:1]:
                continue
            target = root / built_module.relative_to(scratch)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built_module, target)
    print(f"compiled {len(COMPILED_MODULES)} modules in place in {package}")
    return 0


def _check_whole(root: Path) -> None:
    """Refuse a partly compiled package before any of its modules is imported (a compiled
    module beside an interpreted one that it derives from fails with a bare :class:`TypeError`).

    The build command (``python -m eighthalf.build``, with or without ``--clean``) is what
    mends such a package, so in that process the command runs here, before the package is
    imported, and the process ends with its status.
    """
    compiled = _compiled_on_disk(root)
    if not compiled or len(compiled) == len(COMPILED_MODULES):
        return
    arguments = _build_command_arguments()
    if arguments is not None:
        raise SystemExit(main(arguments))
    raise _partly_compiled(compiled)


def _partly_compiled(compiled: Sequence[str]) -> ImportError:
    """The error of a package of which only the modules ``compiled`` are compiled."""
    missing = ", ".join(sorted(set(COMPILED_MODULES) - set(compiled)))
    return ImportError(
        f"a partly compiled eighthalf in {_PACKAGE}: {missing} not compiled, the rest of its core is; "
        "rebuild it with 'python -m eighthalf.build' or remove the compiled modules with "
        "'python -m eighthalf.build --clean'"
    )


def _build() -> Literal["pure", "compiled"]:
    _check_whole(_PACKAGE.parent)
    compiled = compiled_modules()  # loaded: an extension module of another Python is not
    if compiled and len(compiled) != len(COMPILED_MODULES):
        raise _partly_compiled(compiled)
    return "compiled" if compiled else "pure"


BUILD: Literal["pure", "compiled"] = _build()
"""``"compiled"`` when the rules core is loaded from extension modules built by mypyc,
``"pure"`` when it runs as Python source. (A partly compiled package refuses to load.)"""

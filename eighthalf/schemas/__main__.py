"""Write the JSON Schemas: ``python -m eighthalf.schemas [DIRECTORY]`` (default: this package's directory)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from eighthalf.schemas import build_schemas, dump_schema


def main(argv: list[str] | None = None) -> int:
    """Write every schema of :func:`build_schemas` into a directory, and say which files it wrote.

    Args:
        argv: The command-line arguments: at most one, the directory (``--help`` says so).

    Returns:
        The exit status: 0, or 2 for a wrong command line (said on stderr) or a directory
        that cannot be written (said on stderr, nothing written).
    """
    parser = argparse.ArgumentParser(
        prog="python -m eighthalf.schemas",
        description="Write the JSON Schemas of every document and server message, one file each.",
    )
    parser.add_argument(
        "directory",
        nargs="?",
        type=Path,
        default=Path(__file__).resolve().parent,
        help="where to write them (default: the installed package's own folder of schemas)",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    target: Path = args.directory
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        parser.error(f"cannot make the directory {str(target)!r}: {error.strerror}")
    if not target.is_dir():
        parser.error(f"not a directory: {str(target)!r}")
    for name, value in build_schemas().items():
        (target / name).write_text(dump_schema(value), encoding="utf-8")
        print(target / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

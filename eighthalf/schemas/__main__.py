"""Write the JSON Schemas: ``python -m eighthalf.schemas [DIRECTORY]`` (default: this package's directory)."""

from __future__ import annotations

import sys
from pathlib import Path

from . import build_schemas, dump_schema


def main(argv: list[str] | None = None) -> int:
    """Write every schema of :func:`build_schemas` into a directory, and say which files it wrote.

    Args:
        argv: The command-line arguments: at most one, the directory.

    Returns:
        The exit status: 0, or 2 for a wrong command line.
    """
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1:
        print("usage: python -m eighthalf.schemas [DIRECTORY]", file=sys.stderr)
        return 2
    target = Path(args[0]) if args else Path(__file__).resolve().parent
    target.mkdir(parents=True, exist_ok=True)
    for name, value in build_schemas().items():
        (target / name).write_text(dump_schema(value), encoding="utf-8")
        print(target / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The version of eighthalf, read by the build (``[tool.hatch.version]``) and shown by ``eighthalf --version``."""

__version__ = "0.1.0"

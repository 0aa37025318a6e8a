"""The JSON Schemas of the analysis's documents (:mod:`eighthalf.analysis.document`): reviews.

One file per document type, ``analysis.<Type>.schema.json`` for each of
:data:`ANALYSIS_SCHEMAS`, built from the documents' own declaration (their
:class:`~eighthalf.formats.fields.Shape`), so that the schema follows the reader.

>>> analysis_schemas()["analysis.Review.schema.json"]["properties"]["type"]
{'const': 'analysis.Review'}
"""

from __future__ import annotations

from typing import Any, Final

from eighthalf.analysis.document import DOCUMENTS
from eighthalf.formats.documents import VERSION
from eighthalf.schemas.documents import DRAFT, document_schema

__all__ = ["ANALYSIS_SCHEMAS", "analysis_schemas"]

ANALYSIS_SCHEMAS: Final[tuple[str, ...]] = tuple(kind.name for kind in DOCUMENTS.kinds)
"""The name of every schema of the analysis's documents (its file is ``<name>.schema.json``)."""


def analysis_schemas() -> dict[str, dict[str, Any]]:
    """The schema files of the analysis's documents, by file name."""
    out: dict[str, dict[str, Any]] = {}
    for kind in DOCUMENTS.kinds:
        shape = kind.shape
        out[f"{kind.name}.schema.json"] = {
            "$schema": DRAFT,
            "$id": f"urn:eighthalf:schema:{VERSION}:{kind.name}",
            "title": f"eighthalf {kind.name} document (format version {VERSION})",
            "description": (
                f"A document of type {kind.name}, as eighthalf.analysis.document writes it. Checks the shape only; "
                "eighthalf.analysis.document.from_data also checks that the seats, decisions and summaries agree."
            ),
            **document_schema(kind.name, shape.schema()),
            "$defs": dict(sorted(shape.definitions().items())),
        }
    return out

"""Relation pass: typed, directed edges with provenance.

``candidates_from_doc`` (dependency parse, ``parse.py``) and
``candidates_from_text`` (surface patterns for the regex extractor,
``patterns.py``) run per speaker segment inside the extractors; ``link``
(``link.py``) turns the candidates into edges between canonical entities once
resolution is done. Labels come from ``ontology.RELATIONS`` only.
"""

from __future__ import annotations

from soulgraph.relations.link import check_types, co_occurrence, link
from soulgraph.relations.parse import candidates_from_doc
from soulgraph.relations.patterns import candidates_from_text

__all__ = ["candidates_from_doc", "candidates_from_text", "check_types", "co_occurrence", "link"]

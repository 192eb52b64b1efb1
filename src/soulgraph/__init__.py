"""soulgraph: knowledge graphs for AI-agent memory that are typed, connected and grounded.

    import soulgraph
    report = soulgraph.repair("me.soul")          # rebuild a soul's graph in place
    g = soulgraph.load("me.soul")                   # the graph (networkx MultiDiGraph)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__version__ = "0.1.0"

# Public names and the module that defines each. They are imported on first use (PEP 562):
# ``import soulgraph.health`` or ``soulgraph health`` must not pay for the extraction
# pipeline, its lexicons and spaCy's import chain.
_EXPORTS = {
    "RepairReport": "soulgraph.api", "load": "soulgraph.api", "repair": "soulgraph.api",
    "SoulgraphError": "soulgraph.errors",
    "Entity": "soulgraph.models", "Memory": "soulgraph.models", "Mention": "soulgraph.models",
    "Provenance": "soulgraph.models", "Relation": "soulgraph.models",
    "Build": "soulgraph.pipeline", "rebuild": "soulgraph.pipeline",
    "GraphView": "soulgraph.query",
}
__all__ = [
    "Build", "Entity", "GraphView", "Memory", "Mention", "Provenance", "Relation", "RepairReport",
    "SoulgraphError", "load", "rebuild", "repair",
]

# Compiled twins of the hot modules, when the install built them (see soulgraph.speedups).
from soulgraph import speedups as _speedups  # noqa: E402

_speedups.install()

if TYPE_CHECKING:
    from soulgraph.api import RepairReport, load, repair
    from soulgraph.errors import SoulgraphError
    from soulgraph.models import Entity, Memory, Mention, Provenance, Relation
    from soulgraph.pipeline import Build, rebuild
    from soulgraph.query import GraphView


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'soulgraph' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})

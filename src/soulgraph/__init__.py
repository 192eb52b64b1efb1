"""soulgraph: knowledge graphs for AI-agent memory that are typed, connected and grounded.

    import soulgraph
    report = soulgraph.repair("me.soul")          # rebuild a soul's graph in place
    g = soulgraph.load("me.soul")                   # the graph (networkx MultiDiGraph)
"""

from __future__ import annotations

from soulgraph.api import RepairReport, load, repair
from soulgraph.errors import SoulgraphError
from soulgraph.models import Entity, Memory, Mention, Provenance, Relation
from soulgraph.pipeline import Build, rebuild
from soulgraph.query import GraphView

__version__ = "0.1.0"
__all__ = [
    "Build", "Entity", "GraphView", "Memory", "Mention", "Provenance", "Relation", "RepairReport",
    "SoulgraphError", "load", "rebuild", "repair",
]

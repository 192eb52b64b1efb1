"""``soulgraph explain NAME SOURCE``: why a node has the type it has.

Reads the graph the way every command does (``soulgraph.api.load``) and shows
the stored decision: type, confidence, reasons, aliases, mention count and a
few provenance sentences, so a user can decide whether to pin a fix.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field

from soulgraph.errors import SoulgraphError
from soulgraph.graph import memory_texts, sentence_of


class Explanation(BaseModel):
    id: str
    name: str
    type: str
    confidence: float | None = None
    reasons: list[str] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)
    pinned: bool = False
    mention_count: int = 0
    memories: int = 0
    sentences: list[dict] = Field(default_factory=list)  # {"memory_id", "sentence"}


def explain(name: str, source: Path, *, limit: int = 3) -> Explanation:
    """The node named ``name`` (or having it as an alias) in the graph of ``source``."""
    from soulgraph.api import load

    g = load(Path(source))
    node_id = find(g, name)
    if node_id is None:
        hint = _suggest(g, name)
        more = f" (did you mean {hint}?)" if hint else ""
        raise SoulgraphError(f"unknown entity {name!r} in this graph ({source}){more}")
    d = g.nodes[node_id]
    prov = [p if isinstance(p, dict) else {"memory_id": str(p)} for p in d.get("provenance") or []]
    sentences, seen, texts = [], set(), memory_texts(g)
    for p in prov:
        s = sentence_of(p, texts).strip()
        if s and s not in seen:
            seen.add(s)
            sentences.append({"memory_id": p.get("memory_id"), "sentence": " ".join(s.split())[:300]})
        if len(sentences) >= limit:
            break
    return Explanation(
        id=str(node_id), name=str(d.get("name") or node_id), type=str(d.get("type") or "concept"),
        confidence=d.get("confidence"), reasons=list(d.get("reasons") or []),
        aliases=list(d.get("aliases") or []), pinned=bool(d.get("pinned")),
        mention_count=int(d.get("mention_count") or len(prov)),
        memories=len({p.get("memory_id") for p in prov}), sentences=sentences,
    )


def find(g, name: str) -> str | None:
    """Node id whose name, id or alias matches ``name`` (exact first, then normalised)."""
    from soulgraph.resolve import normalize

    for nid, d in g.nodes(data=True):
        if name in (nid, d.get("name")):
            return nid
    key = normalize(name)
    hits = sorted(nid for nid, d in g.nodes(data=True)
                  if key in {normalize(str(x)) for x in _names(nid, d)})

    return hits[0] if hits else None


def _names(nid, d) -> tuple:
    return (nid, d.get("name") or "", *(d.get("aliases") or []))


def _suggest(g, name: str) -> str | None:
    try:
        from rapidfuzz import process
    except ImportError:  # pragma: no cover
        return None
    names = [str(d.get("name") or nid) for nid, d in g.nodes(data=True)]
    best = process.extractOne(name, names, score_cutoff=80)
    return repr(best[0]) if best else None

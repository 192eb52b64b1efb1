"""What the graph knows about a question: linked entities, their memories, their neighbours.

Linking uses the same rules as the build: spans of the question are resolved
with the view's lookup (exact, normalised, guarded fuzzy), and when the spaCy
extractor is available its mentions of the question are resolved the same way.

Proximity is a two-step spreading activation over the entity-memory bipartite
graph plus the relation edges: linked entities (weighted by how rare they are)
activate the memories that mention them and the memories that state a fact
about them; one hop along relation edges activates related entities and, more
weakly, their memories. Weak ``co_occurs`` edges carry a small weight only.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np

from soulgraph.query import GraphView, is_weak
from soulgraph.readwrite.columns import provenance_ids
from soulgraph.recall.text import stopwords
from soulgraph.resolve import normalize

MAX_SPAN = 4
WEAK_EDGE_WEIGHT = 0.2
_FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself"})
_SECOND_PERSON = frozenset({"you", "your", "yours", "yourself"})
_TOKEN = re.compile(r"[\w][\w'’.\-&]*[\w]|[\w]")


@dataclass(slots=True)
class Linked:
    """Entities a question names (node -> how it was found) and the speakers it names."""

    entities: dict[str, str] = field(default_factory=dict)
    speakers: set[str] = field(default_factory=set)


class EntitySignal:
    """Indexes over entities and memories, built once per graph."""

    def __init__(self, view: GraphView, speakers: dict[str, np.ndarray]):
        self.view = view
        self.n = len(view.records)
        self.speakers = speakers  # normalised speaker -> memory indexes
        self.mention_idx: dict[str, np.ndarray] = {
            node: np.array(idxs, dtype=np.int64) for node, idxs in view.mentions.items() if idxs}
        self.idf = {node: math.log(1 + self.n / (1 + len(view.mentions.get(node, ())))) for node in view.g}
        self.fact_idx: dict[str, np.ndarray] = {}
        self.adjacent: dict[str, list[tuple[str, float, str]]] = {}
        facts: dict[str, set[int]] = {}
        for u, v, key, d in view.g.edges(keys=True, data=True):
            rel = d.get("relation", key)
            weak = is_weak(rel, d)
            w = (WEAK_EDGE_WEIGHT if weak else 1.0) * float(d.get("confidence") or 0.5)
            self.adjacent.setdefault(u, []).append((v, w, rel))
            self.adjacent.setdefault(v, []).append((u, w, rel))
            if weak:
                continue
            for mid in provenance_ids(d):
                i = view.memory_index.get(mid)
                if i is not None:
                    facts.setdefault(u, set()).add(i)
                    facts.setdefault(v, set()).add(i)
        self.fact_idx = {n: np.array(sorted(s), dtype=np.int64) for n, s in facts.items()}
        # People who speak are hubs (named in half the turns, often as a vocative): the
        # speaker signal covers them, so activation neither starts from nor spreads to them.
        self.speaker_nodes = {n for n in view.g if normalize(view.name(n)) in speakers}
        self.scale = math.log(1 + self.n) if self.n else 1.0

    # ------------------------------------------------------------------ linking

    def link(self, question: str, mentions: list[str] | None = None) -> Linked:
        """Entities and speakers named in ``question`` (longest spans first)."""
        out = Linked()
        tokens = [t.rstrip(".") for t in _TOKEN.findall(question)]
        tokens = [re.sub(r"['’]s?$", "", t) for t in tokens]
        stop = stopwords()
        used = [False] * len(tokens)
        for size in range(min(MAX_SPAN, len(tokens)), 0, -1):
            for i in range(len(tokens) - size + 1):
                if any(used[i:i + size]):
                    continue
                span = tokens[i:i + size]
                if all(t.lower() in stop for t in span) or not any(c.isalnum() for c in "".join(span)):
                    continue
                text = " ".join(span)
                key = normalize(text)
                if key in self.speakers:
                    out.speakers.add(key)
                node = self.view.lookup(text, fuzzy=size == 1 and span[0][:1].isupper() and i > 0)
                if node is not None:
                    out.entities.setdefault(node, text)
                if node is not None or key in self.speakers:
                    used[i:i + size] = [True] * size
        lowered = {t.lower() for t in tokens}
        for words, who in ((_FIRST_PERSON, ("user",)), (_SECOND_PERSON, ("agent", "assistant"))):
            if lowered & words:  # a soul's owner asking "what did I ...", or about "you", the agent
                out.speakers.update(k for k in who if k in self.speakers)
        for text in mentions or ():
            node = self.view.lookup(text)
            if node is not None:
                out.entities.setdefault(node, text)
            if normalize(text) in self.speakers:
                out.speakers.add(normalize(text))
        return out

    # ------------------------------------------------------------------ activation

    def activation(self, linked: Linked, hop2: float, fact: float) -> tuple[np.ndarray, dict[str, float]]:
        """Memory scores from the linked entities, and the activation of every entity reached.

        Scores are divided by the idf of a name seen once, so one rare entity gives its
        memories about 1 and a name found everywhere gives little, on any store size."""
        scores = np.zeros(self.n, dtype=np.float64)
        act: dict[str, float] = {}
        for node in linked.entities:
            w = self.idf.get(node, 0.0)
            if w <= 0 or node in self.speaker_nodes:
                continue
            act[node] = act.get(node, 0.0) + w
            idx = self.mention_idx.get(node)
            if idx is not None:
                scores[idx] += w
            fidx = self.fact_idx.get(node)
            if fact and fidx is not None:
                scores[fidx] += fact * w
        if hop2:
            spread: dict[str, float] = {}
            for node in list(act):
                nbrs = self.adjacent.get(node, ())
                if not nbrs:
                    continue
                share = act[node] / math.sqrt(len(nbrs))
                for other, w, _rel in nbrs:
                    if other not in linked.entities and other not in self.speaker_nodes:
                        spread[other] = spread.get(other, 0.0) + share * w
            for other, a in spread.items():
                idx = self.mention_idx.get(other)
                if idx is not None:
                    scores[idx] += hop2 * a * min(1.0, self.idf.get(other, 0.0) / 3.0)
                act[other] = act.get(other, 0.0) + hop2 * a
        return scores / self.scale, act

    def speaker_mask(self, linked: Linked) -> np.ndarray:
        mask = np.zeros(self.n, dtype=np.float64)
        for key in linked.speakers:
            mask[self.speakers[key]] = 1.0
        return mask

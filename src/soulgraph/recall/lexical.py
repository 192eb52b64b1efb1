"""BM25 over memory lemmas, precomputed so a query is a few vector adds.

Document lengths are known at build time, so each posting stores its final
saturated term weight; a query only multiplies by idf and scatters into a
score vector (numpy, which spaCy already brings).
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np


class BM25:
    """Okapi BM25 (k1, b) over pre-tokenised documents."""

    def __init__(self, docs: list[list[str]], k1: float = 1.2, b: float = 0.75):
        self.n = len(docs)
        lengths = np.array([len(d) for d in docs], dtype=np.float64)
        avgdl = float(lengths.mean()) if self.n and lengths.sum() else 1.0
        norm = k1 * (1 - b + b * lengths / avgdl)
        raw: dict[str, tuple[list[int], list[float]]] = {}
        for i, doc in enumerate(docs):
            for term, tf in Counter(doc).items():
                idx, w = raw.setdefault(term, ([], []))
                idx.append(i)
                w.append(tf * (k1 + 1) / (tf + norm[i]))
        self.postings = {t: (np.array(i, dtype=np.int32), np.array(w, dtype=np.float64))
                         for t, (i, w) in raw.items()}
        self.idf = {t: math.log(1 + (self.n - len(i) + 0.5) / (len(i) + 0.5))
                    for t, (i, _) in raw.items()}
        self.doc_terms = [frozenset(d) for d in docs]

    def scores(self, query_terms: list[str]) -> np.ndarray:
        out = np.zeros(self.n, dtype=np.float64)
        for term in dict.fromkeys(query_terms):
            post = self.postings.get(term)
            if post is not None:
                out[post[0]] += self.idf[term] * post[1]
        return out

    def matched(self, i: int, query_terms: list[str]) -> list[str]:
        """The query terms document ``i`` contains (for explanations)."""
        return [t for t in dict.fromkeys(query_terms) if t in self.doc_terms[i]]

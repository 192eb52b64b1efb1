"""BM25 over memory lemmas, precomputed so a query is a few vector adds.

Document lengths are known at build time, so each posting stores its final
saturated term weight; a query only multiplies by idf and scatters into a
score vector. The build is vectorised with numpy (which spaCy already brings):
one dictionary pass to number the terms, then sorting does the counting.
"""

from __future__ import annotations

import numpy as np


class BM25:
    """Okapi BM25 (k1, b) over pre-tokenised documents."""

    def __init__(self, docs: list[list[str]], k1: float = 1.2, b: float = 0.75):
        self.n = len(docs)
        vocab: dict[str, int] = {}
        term_ids = [vocab.setdefault(t, len(vocab)) for d in docs for t in d]
        lengths = np.array([len(d) for d in docs], dtype=np.int64)
        doc_ids = np.repeat(np.arange(self.n, dtype=np.int64), lengths)
        terms_arr = np.array(term_ids, dtype=np.int64)
        self.postings: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self.idf: dict[str, float] = {}
        if not vocab:
            return
        avgdl = float(lengths.mean()) or 1.0
        norm = k1 * (1 - b + b * lengths / avgdl)
        # unique (term, doc) pairs with their counts, grouped by term, docs ascending
        keys, tf = np.unique(terms_arr * self.n + doc_ids, return_counts=True)
        t_of, d_of = keys // self.n, keys % self.n
        tf = tf.astype(np.float64)
        weight = tf * (k1 + 1) / (tf + norm[d_of])
        bounds = np.flatnonzero(np.diff(t_of)) + 1
        starts = np.concatenate(([0], bounds))
        ends = np.concatenate((bounds, [len(keys)]))
        df = ends - starts
        idf = np.log(1 + (self.n - df + 0.5) / (df + 0.5))
        names = list(vocab)
        for j, (s, e) in enumerate(zip(starts.tolist(), ends.tolist(), strict=True)):
            term = names[int(t_of[s])]
            self.postings[term] = (d_of[s:e], weight[s:e])
            self.idf[term] = float(idf[j])

    def scores(self, query_terms: list[str]) -> np.ndarray:
        out = np.zeros(self.n, dtype=np.float64)
        for term in dict.fromkeys(query_terms):
            post = self.postings.get(term)
            if post is not None:
                out[post[0]] += self.idf[term] * post[1]
        return out

    def matched(self, i: int, query_terms: list[str]) -> list[str]:
        """The query terms document ``i`` contains (for explanations)."""
        found = []
        for term in dict.fromkeys(query_terms):
            post = self.postings.get(term)
            if post is not None:
                j = int(np.searchsorted(post[0], i))
                if j < len(post[0]) and post[0][j] == i:
                    found.append(term)
        return found

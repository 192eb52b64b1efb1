"""Shared state and endpoint logic of the parse-based relation pass.

``Ctx`` holds one segment's parse, its names and the candidates found so far;
``ends`` says which names (or "@speaker") a token stands for; ``add`` records a
candidate after checking the types of its two ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from soulgraph.models import Mention, RelationCandidate
from soulgraph.relations import vocab as V

THIRD_PERSON = frozenset({"he", "she", "him", "his"})
REL_PRONOUNS = frozenset({"who", "which", "that", "whom"})
COPULAS = frozenset({"be", "become", "remain"})


@dataclass(slots=True)
class Ctx:
    doc: object
    memory_id: str
    offset: int
    speaker: str | None
    first: int
    tok2men: dict[int, int]
    types: list[str]
    mentions: list[Mention]
    addressee: int | None = None
    out: dict = field(default_factory=dict)
    text: str = ""  # doc.text, read once: spaCy joins every token again on each .text

    def __post_init__(self) -> None:
        if not self.text:
            self.text = self.doc.text


def end(ctx: Ctx, t):
    if t.i in ctx.tok2men:
        return ctx.tok2men[t.i]
    low = t.lower_
    if low in V.FIRST_PERSON and ctx.speaker is not None:
        return "@speaker"
    if low in V.SECOND_PERSON and ctx.addressee is not None:
        return ctx.addressee
    if low in THIRD_PERSON:
        return antecedent(ctx, t)
    return None

def antecedent(ctx: Ctx, t):
    """"he"/"she" = the one person named before it in the same sentence, if only one."""
    sent = t.sent
    found = {ctx.tok2men[x.i] for x in ctx.doc[sent.start:t.i] if x.i in ctx.tok2men
             and ctx.types[ctx.tok2men[x.i]] == "person"}
    names = {ctx.mentions[i].text for i in found}
    return min(found) if len(names) == 1 else None

def ends(ctx: Ctx, t, depth: int = 0) -> list[tuple[object, object]]:
    """Endpoints a slot token stands for: itself, its conjuncts, "X like/such as Y" examples."""
    res = []
    for c in (t, *t.conjuncts):
        e = end(ctx, c)
        if e is not None and depth == 0 and isinstance(e, int) and (who := described(ctx, c)) is not None:
            res.append((who, c.head))  # "Derwinski, a Republican from Chicago who served ...": him
            continue
        if e is not None and not (depth == 0 and isinstance(e, int) and _bare_role(ctx, e)):
            res.append((e, c))
            continue
        if depth:
            continue
        n_before = len(res)
        if c.dep_ == "attr" and V.lemma(c.head.text) in COPULAS:  # "an actor who killed ..."
            for s in subjects(c.head):
                res.extend(ends(ctx, s, 1))
        elif c.dep_ == "appos" and c.head.i in ctx.tok2men:  # "Sirhan, a citizen who ..."
            res.append((ctx.tok2men[c.head.i], c.head))
        for ch in c.children:
            if ch.dep_ == "appos" and ch.i in ctx.tok2men:  # "my sister Ana lives in Lisbon"
                res.append((ctx.tok2men[ch.i], ch))
            elif ch.dep_ == "prep" and ch.lower_ == "of" and c.lower_ in V.ROLE_NOUN:
                # "the 34th President of the United States, Dwight D. Eisenhower, was born in ...":
                # the parser hangs the name on "States"; it names the president
                res.extend((ctx.tok2men[a.i], a) for p in ch.children if p.dep_ == "pobj"
                           for a in p.children if a.dep_ == "appos" and a.i in ctx.tok2men
                           and ctx.types[ctx.tok2men[a.i]] == "person")
            elif ch.dep_ == "prep" and (ch.lower_ in ("like", "including")
                                      or (ch.lower_ == "as" and ch.i > 0
                                          and ctx.doc[ch.i - 1].lower_ == "such")):
                for p in ch.children:
                    if p.dep_ == "pobj":
                        res.extend(ends(ctx, p, 1))
            elif e is None and ch.dep_ == "acl" and ch.lower_ in ("called", "named") \
                    and c.lower_ in V.STARTED_ORGS:  # not "started a playlist called X"
                # "founded a startup called Loomly": the name the common noun is given
                res.extend((ctx.tok2men[n.i], n) for n in ch.children
                           if n.dep_ in ("oprd", "dobj", "attr") and n.i in ctx.tok2men)
        if e is not None and len(res) == n_before:  # a bare role word, no one named beside it
            res.append((e, c))
    return res


def described(ctx: Ctx, t) -> int | None:
    """The person a group word describes: "Derwinski, a Republican", "Sirhan, a Jordanian residing
    in ...", "Kovacevic, a Serb" (an indefinite apposition of a person's name), else None."""
    e = ctx.tok2men.get(t.i)
    if e is None or t.dep_ != "appos" or ctx.types[e] != "group" or t.head.i not in ctx.tok2men:
        return None
    who = ctx.tok2men[t.head.i]
    if who == e or ctx.types[who] != "person":
        return None
    if not any(d.dep_ == "det" and d.lower_ in ("a", "an") for d in t.children):
        return None
    return who


def _bare_role(ctx: Ctx, e: int) -> bool:
    """The name is a lone role word ("the President of the United States, Dwight D. Eisenhower,
    was born ..."): the slot is filled by the person it describes when one is named beside it."""
    m = ctx.mentions[e]
    return " " not in m.text and m.text.casefold() in V.ROLE_NOUN and ctx.types[e] != "person"

def kind(ctx: Ctx, e) -> str:
    return "person" if isinstance(e, str) else ctx.types[e]

_CONFUSABLE = frozenset({"person", "org", "place"})  # the small model swaps these on bare surnames
_SOFT_HEADS = _CONFUSABLE | {"group"}  # ... and calls given names a NORP ("Priya lives in Toronto")
# Verb relations whose object the verb itself says is an organisation ("works at", "joined"); the
# small model calls many company names (Shopify, Revolut) a GPE or FAC.
_EMPLOYER_VERBS = frozenset({"works_at", "member_of", "attended", "founded"})  # "starts school at X" (FAC)


# A person who is the object of a verb ("met Priya in Lisbon") or of "with"/"to"/"for" ("lunch
# with Mark at Nopa"): an "in"/"at" phrase the parser hangs on the name belongs to the event
# (where they met), not to the person (residence); so does a passive's agent's ("shot by X in
# Dallas", attach._doer_of_act).
_OBJECT_DEPS = frozenset({"dobj", "dative", "iobj", "obj"})
_EVENT_PREPS = frozenset({"with", "to", "for"})


def object_of_event(t) -> bool:
    """``t`` (a name or the noun describing one) is a verb's object or "with/to/for" X ("lunch
    with my cousin Dev in Seattle": the name in apposition to such an object too)."""
    if t.dep_ == "appos" and t.head.i != t.i:
        t = t.head
    return t.dep_ in _OBJECT_DEPS or (t.dep_ == "pobj" and t.head.lower_ in _EVENT_PREPS)


def add(ctx: Ctx, h, t, rel: str, toks, conf: float, trigger: str, *, retype: bool = False,
         soft: bool = False, loose: bool = False, extractor: str = "spacy-dep") -> None:
    """Record a candidate if the types fit; ``retype`` lets the type pair relabel a misfit.

    ``soft`` (a verb said it: "Warner, who lives in Ocala"): the subject's NER person/org/place
    type is not trusted when it does not fit (the small model swaps them on bare surnames); the
    classifier's final types decide (``link.check_types``). The object's type still counts.
    ``loose`` (the words themselves type both ends: "my daughter Riley"): neither end's NER
    person/org/place guess vetoes the edge; the final types still do.
    """
    if h == t or rel is None:
        return
    if rel == "@works_at_rev":
        h, t, rel = t, h, "works_at"
    th, tt = kind(ctx, h), kind(ctx, t)
    if "skip" in (th, tt):
        return
    if rel == "@move":  # "moved to Lisbon" is a home, "is moving to Globex" a new employer; a
        # name NER types as no home (Globex a PRODUCT): the classifier's final types pick one, or none
        rel = "works_at" if tt == "org" else "lives_in" if V.compatible("lives_in", "unknown", tt) \
            else V.BY_TYPES
        moved_by_types = rel == V.BY_TYPES
    else:
        moved_by_types = False
    if rel == "@in":
        rel, conf = V.TYPE_PREP.get((th, tt)), conf - 0.15
        if rel is None:
            return
    if moved_by_types:
        conf -= 0.1
    elif not V.compatible(rel, th, tt) and soft and th in _SOFT_HEADS and V.compatible(rel, "unknown", tt):
        conf -= 0.1
    elif not V.compatible(rel, th, tt) and loose and {th, tt} <= _CONFUSABLE:
        conf -= 0.1
    elif soft and rel in _EMPLOYER_VERBS and tt in ("place", "person") and V.compatible(rel, th, "org"):
        conf -= 0.1  # "Aisha works at Shopify" (a GPE), "to join Palantir" (a PERSON): final types decide
    elif soft and rel == "lives_in" and tt == "person" and th in _SOFT_HEADS:
        conf -= 0.1  # "who lives in Lyon" (NER: a PERSON): the verb says a home; final types decide
    elif not V.compatible(rel, th, tt):
        if not retype:
            return
        rel, conf = V.TYPE_PREP.get((th, tt)), conf - 0.2
        if rel is None and {th, tt} <= _CONFUSABLE | {"unknown"}:
            rel = V.BY_TYPES  # NER's types fit no label: the classifier's final types pick one
        elif rel is None or not V.compatible(rel, th, tt):
            return
    if isinstance(h, str) and isinstance(t, str):
        return
    key = out_key(ctx, h, t, rel)
    hi, ti = key[0], key[1]
    old = ctx.out.get(key)
    if old is not None and old.confidence >= conf:
        return
    lo = min(x.i for x in toks)
    up = max(x.i for x in toks)
    sent = ctx.doc[lo].sent
    lo, up = max(lo, sent.start), min(up, sent.end - 1)
    start = ctx.offset + ctx.doc[lo].idx
    end = ctx.offset + ctx.doc[up].idx + len(ctx.doc[up])
    s_lo, s_hi = ctx.offset + sent.start_char, ctx.offset + sent.end_char
    for e in (h, t):  # the evidence covers both names whole
        if not isinstance(e, str):
            m = ctx.mentions[e]
            if s_lo <= m.start and m.end <= s_hi:
                start, end = min(start, m.start), max(end, m.end)
    ctx.out[key] = RelationCandidate(
        memory_id=ctx.memory_id, head=hi, tail=ti, relation=rel, start=start, end=end,
        sent_start=s_lo, sent_end=s_hi, extractor=extractor, confidence=round(max(0.05, conf), 3),
        trigger=trigger,
    )

def out_key(ctx: Ctx, h, t, rel: str) -> tuple:
    """Where :func:`add` records h-rel-t in ``ctx.out``: ends as the store's mention indexes
    (a name's local index offset by ``ctx.first``; a speaker reference as it is)."""
    return (h if isinstance(h, str) else ctx.first + h, t if isinstance(t, str) else ctx.first + t, rel)


def subjects(t, depth: int = 0) -> list:
    subj = [c for c in t.children if c.dep_ in ("nsubj", "csubj")]
    if subj:
        return [t.head if (s.lower_ in REL_PRONOUNS and t.dep_ == "relcl") else s for s in subj]
    if depth < 3 and t.dep_ in ("xcomp", "conj", "advcl") and t.head.i != t.i:
        return subjects(t.head, depth + 1)
    if t.dep_ == "acl" and t.tag_ in ("VBG", "VBD"):
        # "User's dad, Robert Kim, retired from Boeing": a finite verb the parser hung on its
        # subject as a clause (a past participle, "a man killed in", is tagged VBN)
        return [t.head]
    if depth < 3 and t.dep_ == "pcomp" and t.tag_ == "VBG":  # "convicted of assassinating X"
        v = t.head.head
        if v.pos_ in ("NOUN", "PROPN"):
            return [v]
        got = subjects(v, depth + 1)
        return got or [c for c in v.children if c.dep_ == "nsubjpass"] or (
            [v.head] if v.dep_ == "acl" else [])
    return []


def clause_ends(ctx: Ctx, v, slots: list) -> list[tuple[object, object]]:
    """:func:`ends` of a clause's subject or patient tokens; a relative clause's antecedent
    stands for itself alone: "Carl Brenner, who killed Hugo Lentz, and Tim and Ida Rowe" says
    nothing of what Tim and Ida Rowe did (the conjuncts of the antecedent are no subjects of it)."""
    out = []
    for s in slots:
        got = ends(ctx, s)
        if v.dep_ == "relcl" and s.i == v.head.i and s.conjuncts:
            others = {c.i for c in s.conjuncts}
            got = [(e, c) for e, c in got if c.i not in others]
        out.extend(got)
    return out


class _Where:
    """Stands for the "in" of a relative "where" ("Rolling Fork, where Muddy Waters was born")."""

    __slots__ = ()
    lower_ = "in"
    text = "where"


def preps(t):
    for c in t.children:
        if c.dep_ in ("prep", "dative") and c.lower_ != "as":
            for p in c.children:
                if p.dep_ == "pobj":
                    yield c, p
    if t.dep_ == "relcl" and any(c.dep_ == "advmod" and c.lower_ == "where" for c in t.children):
        yield _Where(), t.head

def path(a, b) -> list | None:
    """Tokens on the dependency path from a to b (both included), or None across sentences."""
    up = [a]
    while up[-1].head.i != up[-1].i:
        up.append(up[-1].head)
    where = {t.i: k for k, t in enumerate(up)}
    down = [b]
    while down[-1].i not in where:
        if down[-1].head.i == down[-1].i:
            return None
        down.append(down[-1].head)
    return up[: where[down[-1].i] + 1] + list(reversed(down[:-1]))

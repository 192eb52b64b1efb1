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
from dataclasses import dataclass, field

from soulgraph.models import Mention, RelationCandidate
from soulgraph.relations import vocab as V

_REL_PRONOUNS = frozenset({"who", "which", "that", "whom"})
_COPULAS = frozenset({"be", "become", "remain"})
_GREETING = re.compile(
    r"^\W*(?:(?:thanks|thank you|thx|hey|hi|hello|congrats|congratulations|bye|yo|dear|oh|"
    r"wow|aw+|good morning|good night|sorry|well|yes|yeah|no|ok|okay|great|nice)\W*)*$",
    re.IGNORECASE,
)
_IRREALIS = frozenset({"want", "hope", "plan", "wish", "need", "try", "intend", "would", "dream",
                       "aim", "consider", "think", "expect"})
_BOSS = frozenset({"boss", "manager", "supervisor", "chief"})


@dataclass(slots=True)
class _Ctx:
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
    ctx = _Ctx(doc, memory_id, offset, speaker, first_index, tok2men, types, mentions)
    ctx.addressee = _addressee(ctx, mentions)
    for sent in doc.sents:
        if len({tok2men[t.i] for t in sent if t.i in tok2men}) + _has_self(ctx, sent) < 2:
            continue
        for tok in sent:
            _verb_frame(ctx, tok)
            _noun_frame_sources(ctx, tok)
            if tok.i in tok2men:
                _attachments(ctx, tok)
        _surface_places(ctx, sent, mentions)
        _proximity(ctx, sent)
    return list(ctx.out.values())


# --------------------------------------------------------------------------- endpoints


def _has_self(ctx: _Ctx, sent) -> int:
    """1 or 2 extra endpoints a sentence has through "I"/"my" and "you" (when resolvable)."""
    n = 0
    if ctx.speaker is not None:  # the speaker is implied in every sentence of the turn
        n += 1
    if ctx.addressee is not None and any(t.lower_ in V.SECOND_PERSON for t in sent):
        n += 1
    if ctx.addressee is not None and any(t.lower_ == "friendship" for t in sent):
        n += 1
    return n


def _end(ctx: _Ctx, t):
    if t.i in ctx.tok2men:
        return ctx.tok2men[t.i]
    low = t.lower_
    if low in V.FIRST_PERSON and ctx.speaker is not None:
        return "@speaker"
    if low in V.SECOND_PERSON and ctx.addressee is not None:
        return ctx.addressee
    return None


def _ends(ctx: _Ctx, t, depth: int = 0) -> list[tuple[object, object]]:
    """Endpoints a slot token stands for: itself, its conjuncts, "X like/such as Y" examples."""
    res = []
    for c in (t, *t.conjuncts):
        e = _end(ctx, c)
        if e is not None:
            res.append((e, c))
            continue
        if depth:
            continue
        for ch in c.children:
            if ch.dep_ == "appos" and ch.i in ctx.tok2men:  # "my sister Ana lives in Lisbon"
                res.append((ctx.tok2men[ch.i], ch))
            elif ch.dep_ == "prep" and (ch.lower_ in ("like", "including")
                                      or (ch.lower_ == "as" and ch.i > 0
                                          and ctx.doc[ch.i - 1].lower_ == "such")):
                for p in ch.children:
                    if p.dep_ == "pobj":
                        res.extend(_ends(ctx, p, 1))
    return res


def _type(ctx: _Ctx, e) -> str:
    return "person" if isinstance(e, str) else ctx.types[e]


def _add(ctx: _Ctx, h, t, rel: str, toks, conf: float, trigger: str, *, retype: bool = False,
         extractor: str = "spacy-dep") -> None:
    """Record a candidate if the types fit; ``retype`` lets the type pair relabel a misfit."""
    if h == t or rel is None:
        return
    if rel == "@works_at_rev":
        h, t, rel = t, h, "works_at"
    th, tt = _type(ctx, h), _type(ctx, t)
    if "skip" in (th, tt):
        return
    if rel == "@in":
        rel, conf = V.TYPE_PREP.get((th, tt)), conf - 0.15
        if rel is None:
            return
    if not V.compatible(rel, th, tt):
        if not retype:
            return
        rel, conf = V.TYPE_PREP.get((th, tt)), conf - 0.2
        if rel is None or not V.compatible(rel, th, tt):
            return
    if isinstance(h, str) and isinstance(t, str):
        return
    hi = h if isinstance(h, str) else ctx.first + h
    ti = t if isinstance(t, str) else ctx.first + t
    key = (hi, ti, rel)
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


# --------------------------------------------------------------------------- verb frames


def _subjects(t, depth: int = 0) -> list:
    subj = [c for c in t.children if c.dep_ in ("nsubj", "csubj")]
    if subj:
        return [t.head if (s.lower_ in _REL_PRONOUNS and t.dep_ == "relcl") else s for s in subj]
    if depth < 3 and t.dep_ in ("xcomp", "conj", "advcl") and t.head.i != t.i:
        return _subjects(t.head, depth + 1)
    if t.dep_ == "acl" and t.tag_ == "VBG":
        return [t.head]
    return []


def _patients(t) -> list:
    pats = [c for c in t.children if c.dep_ == "nsubjpass"]
    if pats:
        return [t.head if (p.lower_ in _REL_PRONOUNS and t.dep_ == "relcl") else p for p in pats]
    if t.dep_ == "acl" and t.tag_ == "VBN":
        return [t.head]
    if t.dep_ == "conj" and t.tag_ == "VBN":
        return _patients(t.head)
    return []


def _verb_key(t) -> tuple[str, str]:
    lem = V.lemma(t.text)
    prt = next((c.lower_ for c in t.children if c.dep_ == "prt"), None)
    return lem, f"{lem} {prt}" if prt else lem


def _preps(t):
    for c in t.children:
        if c.dep_ in ("prep", "dative") and c.lower_ != "as":
            for p in c.children:
                if p.dep_ == "pobj":
                    yield c, p


def _verb_frame(ctx: _Ctx, v) -> None:
    if v.pos_ not in ("VERB", "AUX") and not any(c.dep_ in ("nsubj", "nsubjpass") for c in v.children):
        return
    lem, key = _verb_key(v)
    passive = any(c.dep_ in ("nsubjpass", "auxpass") for c in v.children) or (
        v.dep_ == "acl" and v.tag_ == "VBN")
    if passive:
        patients = [e for p in _patients(v) for e in _ends(ctx, p)]
        agents = [e for c in v.children if c.dep_ == "agent"
                  for p in c.children if p.dep_ == "pobj" for e in _ends(ctx, p)]
        rel = V.VERB_OBJ.get(key) or V.VERB_OBJ.get(lem)
        for a, at in agents:
            for p, pt in patients:
                _add(ctx, a, p, rel, (at, pt, v), 0.85, f"{v.text} by")
        for prep, pobj in _preps(v):
            prel = V.VERB_PREP.get((key, prep.lower_)) or V.VERB_PREP.get((lem, prep.lower_))
            if prel is None:
                continue
            for x, xt in _ends(ctx, pobj):
                for p, pt in patients:
                    _add(ctx, p, x, prel, (pt, xt, v), 0.8, f"{v.text} {prep.text}")
        return
    subs = [e for s in _subjects(v) for e in _ends(ctx, s)]
    if not subs or _irrealis(v):
        return
    if lem == "be" and v.tag_ == "VBD":
        _past_place_copula(ctx, v, subs)
    if lem in _COPULAS:
        for c in v.children:
            if c.dep_ in ("attr", "oprd"):
                _noun_frame(ctx, subs, c)
    objs = [c for c in v.children if c.dep_ in ("dobj", "oprd") or (c.dep_ == "attr" and lem not in _COPULAS)]
    rel = V.VERB_OBJ.get(key) or V.VERB_OBJ.get(lem)
    roles = []
    for o in objs:
        if _role(o) is not None and o.i not in ctx.tok2men:
            roles.append(o)
            _noun_frame(ctx, subs, o)
            continue
        if rel is None:
            continue
        for x, xt in _ends(ctx, o):
            for s, st in subs:
                _add(ctx, s, x, rel, (st, xt, v), 0.85, v.text)
        if not _ends(ctx, o):  # "building the Soul Protocol SDK": the name inside the object
            for ch in o.children:
                if ch.dep_ == "compound" and ch.i in ctx.tok2men:
                    for s, st in subs:
                        _add(ctx, s, ctx.tok2men[ch.i], rel, (st, ch, v), 0.55, v.text)
    for prep, pobj in _preps(v):
        p = prep.lower_
        prel = V.VERB_PREP.get((key, p)) or V.VERB_PREP.get((lem, p))
        if prel is None and p in ("as",):
            continue
        xs = _ends(ctx, pobj)
        if prel is None:
            if roles and p in V.ATTACH_PREPS:  # "lost my job at Door Dash"
                for r in roles:
                    for s, st in subs:
                        for x, xt in xs:
                            _add(ctx, s, x, _role(r), (st, r, xt), 0.7, f"{r.text} {p}", retype=True)
            elif lem in _COPULAS and p == "in":  # "Acme is in Berlin"
                for s, st in subs:
                    if _type(ctx, s) in ("org", "place"):
                        for x, xt in xs:
                            _add(ctx, s, x, "located_in", (st, xt), 0.6, f"{v.text} in")
            continue
        for x, xt in xs:
            for s, st in subs:
                _add(ctx, s, x, prel, (st, xt, v), 0.8, f"{v.text} {prep.text}")
    for c in v.children:  # "works as a designer at Acme", "serves as CEO of Acme"
        if c.dep_ == "prep" and c.lower_ == "as":
            for n in c.children:
                if n.dep_ == "pobj":
                    _noun_frame(ctx, subs, n)


def _irrealis(v) -> bool:
    """"I want to visit Paris", "we plan to move to Lisbon": wished, not done."""
    t = v
    for _ in range(3):
        if t.dep_ not in ("xcomp", "ccomp") or t.head.i == t.i:
            return False
        t = t.head
        if V.lemma(t.text) in _IRREALIS:
            return True
    return False


def _past_place_copula(ctx: _Ctx, v, subs) -> None:
    """A speaker saying "Italy was awesome!" is telling of a visit there."""
    if ctx.speaker is None or not any(c.dep_ == "acomp" for c in v.children):
        return
    for s, st in subs:
        if not isinstance(s, str) and ctx.types[s] == "place":
            _add(ctx, "@speaker", s, "visited", (st, v), 0.4, f"{st.text} {v.text}")


# --------------------------------------------------------------------------- noun frames


def _role(n) -> str | None:
    if n.pos_ not in ("NOUN", "PROPN"):
        return None
    w = n.lower_
    r = V.ROLE_NOUN.get(w)
    if r is None and w.endswith("s"):
        r = V.ROLE_NOUN.get(w[:-1])
    return r


def _noun_frame_sources(ctx: _Ctx, n) -> None:
    """Find what a role/description noun describes: appositions and role compounds."""
    if n.i in ctx.tok2men or n.pos_ not in ("NOUN", "PROPN"):
        return
    if n.dep_ == "appos" and n.head.i in ctx.tok2men:  # "Sarah, our lead designer,"
        _noun_frame(ctx, _ends(ctx, n.head), n)
    for c in n.children:
        if c.dep_ == "appos" and c.i in ctx.tok2men:  # "my sister Ana", "the CEO, Bob"
            _noun_frame(ctx, _ends(ctx, c), n)
    if n.dep_ == "compound" and n.head.i in ctx.tok2men and _role(n):  # "CEO John Smith"
        _noun_frame(ctx, [(ctx.tok2men[n.head.i], n.head)], n)
    if n.lower_ == "friendship" and ctx.addressee is not None:  # "our friendship" said to someone
        if any(c.dep_ == "poss" and c.lower_ in ("our", "your") for c in n.children):
            if ctx.speaker is not None:
                _add(ctx, "@speaker", ctx.addressee, "friend_of", (n,), 0.6, "our friendship")


def _noun_frame(ctx: _Ctx, described, n) -> None:
    """``described`` is/are ``n`` ("the CTO of Acme"); relate them to what ``n`` attaches."""
    role = _role(n)
    related = []
    for c in n.children:
        if c.dep_ == "poss":
            related += [(x, xt, "poss") for x, xt in _ends(ctx, c)]
        elif c.dep_ == "prep" and c.lower_ in V.ATTACH_PREPS:
            for p in c.children:
                if p.dep_ == "pobj":
                    related += [(x, xt, c.lower_) for x, xt in _ends(ctx, p)]
                    for c2, p2 in _preps(p):  # "manager of Truck Stop in Ontario"
                        if c2.lower_ in ("in", "of", "at"):
                            related += [(x, xt, "hop") for x, xt in _ends(ctx, p2)]
        elif c.dep_ in ("compound", "nmod") and c.i in ctx.tok2men:
            related.append((ctx.tok2men[c.i], c, "compound"))
        elif c.dep_ == "conj" and c.i not in ctx.tok2men and _role(c) is None:
            # "a fan of classical like Bach, as well as modern music like Ed Sheeran's 'Perfect'"
            related += [(x, xt, "of") for x, xt in _ends(ctx, c) if xt.i != c.i]
    for d, dt in described:
        for x, xt, how in related:
            if x == d:
                continue
            toks = (dt, n, xt)
            trig = f"{n.text} {how}"
            if role is None or how == "hop":
                if how in ("of", "at", "from", "in", "for", "compound", "hop"):
                    rel = V.TYPE_PREP.get((_type(ctx, d), _type(ctx, x)))
                    if rel:
                        _add(ctx, d, x, rel, toks, 0.55, trig)
                continue
            if how == "poss" and role in V.POSSESSOR_HEAD:  # "my sister Ana", "my top pick"
                _add(ctx, x, d, role, toks, 0.75, trig)
            elif how == "poss" and role == "works_at" and _type(ctx, x) == "person":
                rel = "reports_to" if n.lower_ in _BOSS else "knows"  # "our lead designer"
                if rel == "reports_to":
                    _add(ctx, x, d, rel, toks, 0.65, trig)
                else:
                    _add(ctx, x, d, rel, toks, 0.55, trig)
            else:
                _add(ctx, d, x, role, toks, 0.75, trig, retype=True)


# --------------------------------------------------------------------------- direct attachments


_POSS_REL = {  # (possessor type, possessed type) -> (relation, possessed is head)
    ("person", "work"): ("created", False), ("place", "org"): ("located_in", True),
    ("org", "person"): ("works_at", True), ("org", "org"): ("part_of", True),
    ("place", "place"): ("located_in", True), ("place", "person"): ("lives_in", True),
    ("org", "thing"): ("created", False), ("person", "thing"): ("created", False),
}
_COMPOUND_REL = {  # (modifier type, head type) -> relation head -> modifier
    ("place", "org"): "located_in", ("org", "person"): "works_at", ("place", "person"): "lives_in",
}


def _attachments(ctx: _Ctx, t) -> None:
    """One name attached straight to another, with no trigger word but a preposition."""
    m = ctx.tok2men[t.i]
    tm = ctx.types[m]
    for c in t.children:
        if c.i in ctx.tok2men and ctx.tok2men[c.i] == m:
            continue
        if c.dep_ == "prep" and c.lower_ in ("of", "from", "in", "at"):
            for p in c.children:
                if p.dep_ != "pobj":
                    continue
                for x, xt in _ends(ctx, p):
                    if isinstance(x, str):
                        continue
                    rel = V.TYPE_PREP.get((tm, ctx.types[x]))
                    if rel:
                        _add(ctx, m, x, rel, (t, xt), 0.6, c.text)
        elif c.dep_ == "poss":
            for x, xt in _ends(ctx, c):
                if isinstance(x, str):
                    continue
                got = _POSS_REL.get((ctx.types[x], tm))
                if got is None:
                    continue
                rel, head_is_possessed = got
                if rel == "created" and not _quoted_or_work(ctx, t, tm):
                    continue
                h, tl = (m, x) if head_is_possessed else (x, m)
                _add(ctx, h, tl, rel, (t, xt), 0.6, "'s")
        elif c.dep_ in ("compound", "nmod"):  # "Moscow ITAR-TASS", "Coast Guard Lt. Steve Hardy"
            for x, xt in _compound_names(ctx, c, m):
                rel = _COMPOUND_REL.get((ctx.types[x], tm))
                if rel:
                    _add(ctx, m, x, rel, (t, xt), 0.5, "compound")
        elif c.dep_ == "appos" and c.i in ctx.tok2men:
            x = ctx.tok2men[c.i]
            if tm == "place" and ctx.types[x] == "place":  # "West Point, Ga."
                _add(ctx, m, x, "located_in", (t, c), 0.6, ",")


def _compound_names(ctx: _Ctx, c, own: int, depth: int = 0) -> list:
    """Names inside a compound modifier chain (titles in between are skipped)."""
    x = ctx.tok2men.get(c.i)
    if x is not None and x != own:
        return [(x, c)]
    if depth > 2 or c.pos_ not in ("PROPN", "NOUN"):
        return []
    return [r for g in c.children if g.dep_ in ("compound", "nmod")
            for r in _compound_names(ctx, g, own, depth + 1)]


def _quoted_or_work(ctx: _Ctx, t, tm: str) -> bool:
    if tm == "work":
        return True
    i = t.i
    while i > 0 and ctx.tok2men.get(i - 1) == ctx.tok2men[t.i]:
        i -= 1
    return i > 0 and ctx.doc[i - 1].text in ("\"", "“", "'", "‘", "``")


def _surface_places(ctx: _Ctx, sent, mentions: list[Mention]) -> None:
    """"Portland, Maine", "Fort Hamilton, Brooklyn, N.Y.": a name, a bare comma, a place.

    Read from the text whatever the parse said; each name is in every place
    that follows it in the comma chain.
    """
    idx = sorted({ctx.tok2men[t.i] for t in sent if t.i in ctx.tok2men},
                 key=lambda i: mentions[i].start)
    text = ctx.doc.text
    chain: list[int] = []
    for a, b in zip(idx, idx[1:], strict=False):
        gap = text[mentions[a].end - ctx.offset: mentions[b].start - ctx.offset]
        if gap.strip() != "," or ctx.types[b] != "place":
            chain = []
            continue
        chain = chain or [a]
        for h in chain:
            th = ctx.types[h]
            rel = V.TYPE_PREP.get((th, "place")) or ("located_in" if th == "unknown" else None)
            if rel is None or (th == "person" and h != a):
                continue
            conf = 0.6 if h == a else 0.5
            _add(ctx, h, b, rel, _tok_span(ctx, h, b), conf, ",")
        chain.append(b)


def _tok_span(ctx: _Ctx, a: int, b: int) -> tuple:
    ma, mb = ctx.mentions[a], ctx.mentions[b]
    ta = ctx.doc.char_span(ma.start - ctx.offset, ma.end - ctx.offset, alignment_mode="expand")
    tb = ctx.doc.char_span(mb.start - ctx.offset, mb.end - ctx.offset, alignment_mode="expand")
    return (ta[0], tb[-1])


def _addressee(ctx: _Ctx, mentions: list[Mention]) -> int | None:
    """The one person a segment speaks to by name ("Thanks, Melanie!"), if exactly one."""
    text = ctx.doc.text
    found = set()
    idx = None
    for i, m in enumerate(mentions):
        if ctx.types[i] not in ("person", "unknown") or m.extractor == "speaker":
            continue
        s, e = m.start - ctx.offset, m.end - ctx.offset
        if s < 0 or e > len(text):
            continue
        before = text[max(0, m.sent_start - ctx.offset):s]
        after = text[e:e + 2]
        if not after or after[0] not in ",!?.":
            continue
        if (before and before.rstrip().endswith(",") and after[0] in "!?.") or _GREETING.match(before):
            if before.strip() == "" and after[0] == ".":
                continue
            found.add(m.text.casefold())
            idx = i
    return idx if len(found) == 1 else None


PROXIMITY_MAX_PATH = 1


def _dep_distance(a, b) -> int:
    up = {}
    d = 0
    t = a
    while True:
        up[t.i] = d
        if t.head.i == t.i:
            break
        t, d = t.head, d + 1
    d = 0
    t = b
    while t.i not in up:
        if t.head.i == t.i:
            return 99
        t, d = t.head, d + 1
    return up[t.i] + d


def _proximity(ctx: _Ctx, sent) -> None:
    """Fallback: two names close in the parse whose type pair has one usual relation.

    Only pairs with no trigger-word edge already; the label comes from the type
    pair (``vocab.TYPE_PREP``), confidence stays low and the extractor says so.
    """
    roots = {}
    for t in sent:
        m = ctx.tok2men.get(t.i)
        if m is not None and m not in roots and ctx.tok2men.get(t.head.i) != m or t.head.i == t.i:
            if m is not None and m not in roots:
                roots[m] = t
    linked = {frozenset((c.head, c.tail)) for c in ctx.out.values()}
    ms = sorted(roots)
    best: dict[tuple[int, str], list] = {}
    for a in ms:
        for b in ms:
            if a == b:
                continue
            ta, tb = ctx.types[a], ctx.types[b]
            if (ta, tb) != ("org", "place"):
                continue
            d = _dep_distance(roots[a], roots[b])
            if d > PROXIMITY_MAX_PATH:
                continue
            cur = best.get((a, tb))
            if cur is None or d < cur[0]:
                best[(a, tb)] = [d, [b]]
            elif d == cur[0]:
                cur[1].append(b)
    for (a, _tb), (_d, bs) in sorted(best.items()):
        if len(bs) != 1:
            continue
        b = bs[0]
        if frozenset((ctx.first + a, ctx.first + b)) in linked:
            continue
        ta, tb = ctx.types[a], ctx.types[b]
        _add(ctx, a, b, V.TYPE_PREP[(ta, tb)], (roots[a], roots[b]), 0.4, "next to",
             extractor="spacy-near")

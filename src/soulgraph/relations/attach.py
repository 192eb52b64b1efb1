"""Names attached straight to names ("Avis Co. of Folsom", "Ed Sheeran's 'Perfect'",
"Moscow ITAR-TASS", "Portland, Maine"), and who a segment addresses by name."""

from __future__ import annotations

import re

from soulgraph.classify import gazetteer
from soulgraph.models import Mention
from soulgraph.relations import vocab as V
from soulgraph.relations.context import Ctx, add, described, ends, object_of_event

_NAMED = frozenset({"person", "org", "place", "unknown"})
_FROM_TAILS = frozenset({"org", "place", "unknown"})
_IN_GAP = re.compile(  # "the Palace, in San Francisco", "Kassala in eastern Sudan", "in the south of X"
    r"^,?\s+in\s+(?:the\s+)?(?:(?:(?:north|south)-?(?:east|west)(?:ern)?|north(?:ern)?|south(?:ern)?|"
    r"east(?:ern)?|west(?:ern)?|central|upper|lower|rural|suburban|downtown)\s+(?:(?:part|region|area)\s+of\s+"
    r"(?:the\s+)?)?)?$", re.I)
_OF_GAP = re.compile(r"^,(?:\s*\d{1,3},)?\s+of\s+$")  # "Daniel Urquhart, 8, of Aumsville"
_DATED = re.compile(r"^,\s*[\w .]{1,20}\(\s*$")  # "Sofia, February 15 (BTA)"
_GREETING = re.compile(
    r"^\W*(?:(?:thanks|thank you|thx|hey|hi|hello|congrats|congratulations|bye|yo|dear|oh|"
    r"wow|aw+|good morning|good night|sorry|well|yes|yeah|no|ok|okay|great|nice)\W*)*$",
    re.IGNORECASE,
)


_POSS_REL = {  # (possessor type, possessed type) -> (relation, possessed is head)
    ("person", "work"): ("created", False), ("place", "org"): ("located_in", True),
    ("org", "person"): ("works_at", True), ("org", "org"): ("part_of", True),
    ("place", "place"): ("located_in", True), ("place", "person"): ("lives_in", True),
    ("org", "thing"): ("created", False), ("person", "thing"): ("created", False),
}

_COMPOUND_REL = {  # (modifier type, head type) -> relation head -> modifier
    ("place", "org"): "located_in", ("org", "person"): "works_at", ("place", "person"): "lives_in",
}

def attachments(ctx: Ctx, t) -> None:
    """One name attached straight to another, with no trigger word but a preposition."""
    m = ctx.tok2men[t.i]
    tm = ctx.types[m]
    if (who := described(ctx, t)) is not None:  # "Derwinski, a Republican from Chicago": he is from there
        m, tm = who, "person"
    for c in t.children:
        if c.i in ctx.tok2men and ctx.tok2men[c.i] == m:
            continue
        if c.dep_ == "prep" and c.lower_ in ("of", "from", "in", "at"):
            if c.lower_ in ("in", "at") and (tm == "person" and (object_of_event(t) or _doer_of_act(t))
                                             or tm != "place" and _for_or_with(ctx, m, t)):
                continue  # "met Priya in Lisbon", "lunch with Mark at Nopa", "tickets for X in Oakland":
                # the place is the event's (NER calls many a person ORG)
            for p in c.children:
                if p.dep_ != "pobj":
                    continue
                for x, xt in ends(ctx, p):
                    if isinstance(x, str):
                        continue
                    rel = V.TYPE_PREP.get((tm, ctx.types[x]))
                    if rel is None and tm == "person" and "of_origin" in ctx.mentions[x].cues:
                        rel = "lives_in"  # "Leroy Ivy of Oxford" (the extractor split them)
                    if rel is None and c.lower_ in ("of", "from") and {tm, ctx.types[x]} <= _NAMED:
                        rel = V.BY_TYPES  # NER's types fit no label; the final types decide
                    if rel:
                        add(ctx, m, x, rel, (t, xt), 0.6, c.text)
                        # "Moss and Brandt of Acme Corp"; not "The Revenue Office and Lakeshore Trust
                        # Co. of Omaha" (an organisation's "of" is its own, often part of its name)
                        for h, ht in _conj_heads(ctx, t, tm) if tm == "person" else ():
                            add(ctx, h, x, rel, (ht, xt), 0.55, c.text)
                        if c.lower_ == "in" and tm in _SITED and ctx.types[x] == "place":
                            # "Brazoria, Fort Bend, Galveston and Harris Counties in Texas": the
                            # model types the towns GPE, ORG at random; each one is in the place
                            for h, ht in _conj_heads(ctx, t, tm, _SITED):
                                add(ctx, h, x, V.TYPE_PREP.get((ctx.types[h], "place"), V.BY_TYPES),
                                    (ht, xt), 0.5, c.text)
        elif c.dep_ == "poss" and tm in ("place", "unknown") and any(
                a.dep_ == "amod" and a.lower_ in ("native", "adopted") for a in t.children):
            for x, xt in ends(ctx, c):  # "his native South Carolina": he is from there
                add(ctx, x, m, "lives_in", (xt, t), 0.6, "native", loose=True)
        elif c.dep_ == "poss":
            for x, xt in ends(ctx, c):
                if isinstance(x, str):
                    continue
                got = _POSS_REL.get((ctx.types[x], tm))
                if got is None:
                    continue
                rel, head_is_possessed = got
                if rel == "created" and not _quoted_or_work(ctx, t, tm):
                    continue
                h, tl = (m, x) if head_is_possessed else (x, m)
                add(ctx, h, tl, rel, (t, xt), 0.6, "'s")
        elif c.dep_ in ("compound", "nmod"):  # "Moscow ITAR-TASS", "Coast Guard Lt. Steve Hardy"
            for x, xt in _compound_names(ctx, c, m):
                rel = _COMPOUND_REL.get((ctx.types[x], tm))
                if rel:
                    add(ctx, m, x, rel, (t, xt), 0.5, "compound")
        elif c.dep_ == "appos" and c.i in ctx.tok2men:
            x = ctx.tok2men[c.i]
            if tm == "place" and ctx.types[x] == "place":  # "West Point, Ga."
                add(ctx, m, x, "located_in", (t, c), 0.6, ",")
            elif tm == "person" and (ctx.types[x] in ("place", "unknown") or (  # NER: "Memphis" NORP
                    ctx.types[x] == "group" and gazetteer.key(ctx.mentions[x].text)
                    not in gazetteer.words("demonyms"))) and any(  # ("an American native": no place)
                    a.dep_ == "amod" and a.i > c.i and a.lower_ in ("native", "resident")
                    for a in c.children):  # "Cybill Shepherd, a Memphis native": the parser
                add(ctx, m, x, "lives_in", (t, c), 0.6, "native", loose=True)  # hangs "native" on the place

_SITED = frozenset({"place", "org", "unknown"})  # what can be in a place (NER swaps them on towns)
_SPEECH = frozenset({"said", "says", "told", "added", "noted", "explained", "wrote", "reported", "announced"})


def _doer_of_act(t) -> bool:
    """"was shot by Carl Ames in Dallas", "said Laura Pike in Tulsa": the place after a passive's
    agent, or after the speaker of a "said X" inversion, is where the act happened, not a home
    ("Carl Ames of Dallas" still is)."""
    if t.dep_ == "pobj" and t.head.dep_ == "agent":
        return True
    return t.dep_ == "nsubj" and t.head.i < t.i and t.head.lower_ in _SPEECH


def _conj_heads(ctx: Ctx, t, tm: str, kinds: frozenset = frozenset()) -> list:
    """Names of the same coarse type (or of ``kinds``) coordinated before ``t`` ("X and Y of Z":
    X too)."""
    out = []
    while t.dep_ == "conj" and t.head.i != t.i:
        t = t.head
        x = ctx.tok2men.get(t.i)
        if x is None or (ctx.types[x] != tm and ctx.types[x] not in kinds):
            break
        out.append((x, t))
    return out

def _compound_names(ctx: Ctx, c, own: int, depth: int = 0) -> list:
    """Names inside a compound modifier chain (titles in between are skipped)."""
    x = ctx.tok2men.get(c.i)
    if x is not None and x != own:
        return [(x, c)]
    if depth > 2 or c.pos_ not in ("PROPN", "NOUN"):
        return []
    return [r for g in c.children if g.dep_ in ("compound", "nmod", "poss")  # "China's Premier Li Peng"
            for r in _compound_names(ctx, g, own, depth + 1)]

def _quoted_or_work(ctx: Ctx, t, tm: str) -> bool:
    if tm == "work":
        return True
    i = t.i
    while i > 0 and ctx.tok2men.get(i - 1) == ctx.tok2men[t.i]:
        i -= 1
    return i > 0 and ctx.doc[i - 1].text in ("\"", "“", "'", "‘", "``")

def surface_places(ctx: Ctx, sent, mentions: list[Mention]) -> None:
    """"Portland, Maine", "Fort Hamilton, Brooklyn, N.Y.": a name, a bare comma, a place.

    Read from the text whatever the parse said; each name is in every place
    that follows it in the comma chain.
    """
    idx = sorted({ctx.tok2men[t.i] for t in sent if t.i in ctx.tok2men},
                 key=lambda i: mentions[i].start)
    text = ctx.text
    listed = _listed(ctx, idx, mentions)
    chain: list[int] = []
    for a, b in zip(idx, idx[1:], strict=False):
        gap = text[mentions[a].end - ctx.offset: mentions[b].start - ctx.offset]
        if b in listed and not mentions[b].text.endswith("."):
            chain = []  # "Colombia, Bolivia, Ecuador, Peru, and Venezuela": a list, not "Town, State"
            continue
        if ctx.types[b] == "place" and ctx.types[a] in ("org", "place") and _IN_GAP.match(gap) \
                and not (ctx.types[a] == "org" and _for_or_with(ctx, a, _tok_span(ctx, a, a)[1])):
            add(ctx, a, b, "located_in", _tok_span(ctx, a, b), 0.6, "in")  # "the Palace, in San Francisco"
        if ctx.types[a] == "person" and ctx.types[b] in ("place", "unknown") and _OF_GAP.match(gap):
            add(ctx, a, b, "lives_in", _tok_span(ctx, a, b), 0.6, ", of")  # "X, 50, of Bethany"
        # "Dune by Frank Herbert": the author and the work
        if gap == " by " and ctx.types[b] == "person" and ctx.types[a] != "place" \
                and mentions[a].text[:1].isupper() and not _by_agent(ctx, a) and not _possessor(ctx, b):
            add(ctx, b, a, "created", _tok_span(ctx, a, b), 0.6, "by", loose=True)
        if gap == " from " and ctx.types[a] in ("person", "unknown") and ctx.types[b] in _FROM_TAILS:
            add(ctx, a, b, V.BY_TYPES, _tok_span(ctx, a, b), 0.5, "from")  # "Greg from Stripe": final types
        if gap.strip() != "," or ctx.types[b] != "place":
            chain = []
            continue
        if not chain:
            chain = [a]
            for c in list(ctx.out.values()):  # "Owens-Corning of Toledo, Ohio": in Ohio too
                if c.tail == ctx.first + a and c.relation in ("lives_in", "located_in") \
                        and not isinstance(c.head, str):
                    add(ctx, c.head - ctx.first, b, c.relation, _tok_span(ctx, c.head - ctx.first, b),
                        0.5, ", in")
        for h in chain:
            th = ctx.types[h]
            rel = V.TYPE_PREP.get((th, "place")) or ("located_in" if th == "unknown" else None)
            if rel is None or (th == "person" and h != a):
                continue
            conf = 0.6 if h == a else 0.5
            add(ctx, h, b, rel, _tok_span(ctx, h, b), conf, ",")
        chain.append(b)


_LIST_SEP = re.compile(r"^\s*(?:,|,?\s+(?:and|or|&)(?:\s+(?:the\s+)?[a-z]+)?)\s*$")  # "..., and southern X"
_AND_SEP = re.compile(r"\b(?:and|or)\b|&")


def _listed(ctx: Ctx, idx: list[int], mentions: list[Mention]) -> set[int]:
    """Names in a coordinated list of four or more ("A, B, C and D"): runs joined by bare
    commas with a final and/or. "Portland, Maine, and Boston, Mass." (the "and" in the
    middle) and "Port Arthur and Galveston, Texas" are no such list."""
    out: set[int] = set()
    run, seps = idx[:1], []
    text = ctx.text

    def close():
        if len(run) >= 4 and _AND_SEP.search(seps[-1]) and not any(_AND_SEP.search(x) for x in seps[:-1]):
            out.update(run)

    for a, b in zip(idx, idx[1:], strict=False):
        gap = text[mentions[a].end - ctx.offset: mentions[b].start - ctx.offset]
        if _LIST_SEP.match(gap):
            run.append(b)
            seps.append(gap)
        else:
            close()
            run, seps = [b], []
    close()
    return out


def _possessor(ctx: Ctx, b: int) -> bool:
    """"Dune by Tom's recommendation": the name owns the noun after "by"; it wrote nothing."""
    after = ctx.text[ctx.mentions[b].end - ctx.offset: ctx.mentions[b].end - ctx.offset + 2]
    return after in ("'s", "’s") or after[:1] in ("'", "’") and ctx.mentions[b].text.endswith("s")


def _by_agent(ctx: Ctx, a: int) -> bool:
    """"... was praised by X", "Jones, followed by X": a passive verb before the name takes the "by"."""
    before = ctx.text[max(0, ctx.mentions[a].start - ctx.offset - 40): ctx.mentions[a].start - ctx.offset]
    return bool(_PASSIVE_BEFORE.search(before))


_PASSIVE_BEFORE = re.compile(
    r"\b(?:was|were|is|are|been|being|be|get|got)\s+\w+(?:ed|en)\b[^.;:!?]*$|"
    r"\b(?:followed|joined|accompanied|replaced|succeeded|beaten|defeated)\W*$", re.I)


def _for_or_with(ctx: Ctx, m: int, t) -> bool:
    """A person's name (a given name first, whatever NER called it) that is the object of "for" /
    "with" ("tickets for Phoebe Bridgers in Oakland"): the place after it is where the thing
    happens ("a spokesman for the Diabetes Association in Alexandria" keeps its place)."""
    return t.dep_ == "pobj" and t.head.lower_ in ("for", "with") \
        and gazetteer.is_plain_given_name(ctx.mentions[m].text.split()[0])


def _tok_span(ctx: Ctx, a: int, b: int) -> tuple:
    ma, mb = ctx.mentions[a], ctx.mentions[b]
    ta = ctx.doc.char_span(ma.start - ctx.offset, ma.end - ctx.offset, alignment_mode="expand")
    tb = ctx.doc.char_span(mb.start - ctx.offset, mb.end - ctx.offset, alignment_mode="expand")
    return (ta[0], tb[-1])

def addressee(ctx: Ctx, mentions: list[Mention]) -> int | None:
    """The one person a segment speaks to by name ("Thanks, Melanie!"), if exactly one."""
    text = ctx.text
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


def datelines(ctx: Ctx, sent, mentions: list[Mention]) -> None:
    """"Moscow IZVESTIYA", "Paris Radio France International": the news source the extractor
    split off a dateline is based in the place before it."""
    idx = sorted({ctx.tok2men[t.i] for t in sent if t.i in ctx.tok2men}, key=lambda i: mentions[i].start)
    text = ctx.text
    if idx and ctx.types[idx[0]] in ("place", "unknown"):  # "Sofia, February 15 (BTA) --"
        a = idx[0]
        for c in idx[1:3]:
            gap = text[mentions[a].end - ctx.offset:mentions[c].start - ctx.offset]
            if _DATED.match(gap) and text[mentions[c].end - ctx.offset:].startswith(")"):
                add(ctx, c, a, "located_in", _tok_span(ctx, a, c), 0.6, "(dateline)")
                break
    for k, (a, b) in enumerate(zip(idx, idx[1:], strict=False)):
        if "dateline_place" not in mentions[a].cues:
            continue
        if "dateline_source" in mentions[b].cues and mentions[b].start - mentions[a].end <= 1:
            add(ctx, b, a, "located_in", _tok_span(ctx, a, b), 0.6, "dateline")
            continue
        chain = [a]
        for prev, c in zip(idx[k:], idx[k + 1:], strict=False):  # "BELGRADE, Yugoslavia (AP)"
            gap = text[mentions[prev].end - ctx.offset:mentions[c].start - ctx.offset]
            if gap.strip() == "(" and text[mentions[c].end - ctx.offset:].startswith(")"):
                for p in chain:  # the agency is in the town, and so in its country
                    add(ctx, c, p, "located_in", _tok_span(ctx, p, c), 0.6 if p == a else 0.5, "(dateline)")
            if gap.strip() != "," or ctx.types[c] != "place":
                break
            chain.append(c)



# Demonyms whose country is no prefix of them ("Dutch", "British"): the rest are read off the
# country's name ("Haitian" - Haiti, "Bulgarian" - Bulgaria, "Chinese" - China).
_DEMONYM_OF = {"american": ("united states", "u.s.", "us", "usa", "u.s.a.", "america"),
               "british": ("britain", "great britain", "united kingdom", "uk", "u.k."),
               "french": ("france",), "dutch": ("netherlands", "holland"), "swiss": ("switzerland",),
               "soviet": ("soviet union", "ussr"), "spanish": ("spain",), "turkish": ("turkey",),
               "polish": ("poland",), "greek": ("greece",), "danish": ("denmark",), "swedish": ("sweden",)}


def _names_place(word: str, place: str) -> bool:
    """"Haitian" names Haiti, "Shanghai" names Shanghai, "American" the U.S.; "Indian" is no
    name of Indiana, "Austrian" none of Australia."""
    w, p = word.casefold(), gazetteer.key(place)
    if w == p:
        return True
    if w in _DEMONYM_OF:
        return p in _DEMONYM_OF[w]
    stem = p[:-1] if p[-1:] in "aeiouy" else p
    return (len(stem) >= 4 and " " not in p and w.startswith(stem) and len(w) - len(stem) <= 4
            and w.endswith(("an", "ese", "i", "ian")) and p != "indiana")


def named_for_place(ctx: Ctx, sent, mentions: list[Mention]) -> None:
    """"the Haitian Parliament ... Haiti", "Chinese Foreign Ministry ... China", "the Shanghai
    Opera ... in Shanghai": an organisation whose name opens with a place or its demonym is based
    in that place when the sentence names it too."""
    idx = sorted({ctx.tok2men[t.i] for t in sent if t.i in ctx.tok2men}, key=lambda i: mentions[i].start)
    places = [j for j in idx if ctx.types[j] == "place"]
    if not places:
        return
    for i in idx:
        words = mentions[i].text.split()
        if ctx.types[i] not in ("org", "unknown") or len(words) < 2:
            continue
        for j in places:
            pj = mentions[j]
            if pj.start < mentions[i].end and mentions[i].start < pj.end:
                continue  # a part of the name itself
            if _names_place(words[0], pj.text):
                add(ctx, i, j, "located_in", _tok_span(ctx, i, j) if mentions[i].start < pj.start
                    else _tok_span(ctx, j, i), 0.5, words[0])

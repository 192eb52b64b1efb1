"""Candidate name spans from one parsed segment: entities, proper-noun runs, tech tokens.

``from_doc`` is a plain function over a spaCy ``Doc`` (plus the tech-token
spans of its text) that yields :class:`Cand` records with doc-relative
character offsets and cues. Overlaps are settled here, so each character of
the segment belongs to at most one candidate.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field

from soulgraph import shapes
from soulgraph.extract import context, lexicon, techspans, trim

NAME_LABELS = frozenset({"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "PRODUCT", "EVENT",
                         "WORK_OF_ART", "LANGUAGE", "LAW"})
NUMBER_LABELS = frozenset({"DATE", "TIME", "PERCENT", "MONEY", "QUANTITY", "CARDINAL", "ORDINAL"})
_PROPN = frozenset({"NNP", "NNPS"})
_PLACE_PERSON = frozenset({"GPE", "LOC", "PERSON", "FAC", "ORG", "NORP"})
# Lowercase words allowed inside a proper-noun run between two capitalised words.
_INNER = frozenset({"of", "de", "da", "del", "della", "di", "du", "van", "von", "der", "den", "la", "le",
                    "&", "for", "y", "bin", "al", "el"})
_SUBCOMMANDS = frozenset(
    "install uninstall add remove run exec sync init commit push pull clone publish upgrade".split()
)
_INTERJ = re.compile(
    r"^(?:a+w+|m+|h+m+|o+h+|a+h+|u+h+|e+h+|u+m+|w+o+w+|y+a+y+|(?:h+a+)+h*|(?:h+e+)+|w+o+o+h+o+o+|"
    r"o+o+p+s+|u+g+h+|y+e+s+|n+o+|o+k+|z+|y+a+s+|e+w+|p+f+t+|s+h+|b+r+r+|g+r+r+|x+o+)$|^\w*(\w)\1\1\w*$",
    re.IGNORECASE,
)
_CLOSED_TAGS = frozenset({"CC", "DT", "PDT", "IN", "PRP", "PRP$", "WDT", "WP", "WP$", "WRB", "MD", "TO",
                          "POS", "CD", "EX", "UH", "LS", "SYM", ",", ".", ":", "HYPH", "NFP", "_SP",
                          "``", "''"})
_ODD_CHARS = re.compile(r"[^\w\s.'’&-]")
_STRONG_TECH = frozenset({"path", "file", "issue_ref", "handle", "url", "code", "command"})


@dataclass(slots=True)
class Cand:
    start: int  # doc-relative character offsets
    end: int
    cues: list[str] = field(default_factory=list)
    sent_start: int = 0
    sent_end: int = 0
    sentence_initial: bool = False
    deferred: bool = False  # kept only if the same name occurs mid-sentence in the memory


def _sent_bounds(doc) -> tuple[list[int], list[tuple[int, int]], set[int]]:
    """Token index of each sentence start, char bounds, and 'initial' token indices."""
    starts, bounds, initial = [], [], set()
    for s in doc.sents:
        starts.append(s.start)
        bounds.append((s.start_char, s.end_char))
        k = s.start
        while k < s.end and (doc[k].is_punct or doc[k].is_space or doc[k].tag_ in ("LS", "NFP", "SYM")):
            k += 1
        initial.add(k)
    # line starts are openers too, unless the line merely wraps a sentence
    for t in doc:
        if t.is_space and "\n" in t.text or "\n" in t.whitespace_:
            p = t.i if not t.is_space else t.i - 1
            while p >= 0 and doc[p].is_space:
                p -= 1
            blank = t.text.count("\n") + t.whitespace_.count("\n") >= 2
            if p >= 0 and not blank and doc[p].text not in (".", "!", "?", ":", ";") \
                    and not _bullet(doc, t.i + 1):
                continue
            k = t.i + 1
            while k < len(doc) and (doc[k].is_punct or doc[k].is_space or doc[k].tag_ in ("LS", "NFP")):
                k += 1
            initial.add(k)
    return starts, bounds, initial


def _bullet(doc, k: int) -> bool:
    while k < len(doc) and doc[k].is_space:
        k += 1
    return k < len(doc) and doc[k].text in ("-", "*", "•", ">", "+") or (
        k + 1 < len(doc) and doc[k].like_num and doc[k + 1].text in (".", ")"))


def _runs(doc, initial: set[int], ent_at) -> Iterator[tuple[int, int]]:
    """Maximal runs of proper nouns (and capitalised words tagged otherwise), same line."""
    n = len(doc)
    i = 0
    while i < n:
        t = doc[i]
        if not _nameish(t, i in initial):
            i += 1
            continue
        j = i + 1
        while j < n:
            prev = doc[j - 1]
            if "\n" in prev.whitespace_:
                break
            u = doc[j]
            if _nameish(u, False) and (u.text[:1].isupper() or u.tag_ in _PROPN) \
                    and not (u.text[:1].isdigit() and not u.text.isdigit()):
                j += 1
                continue
            # inner "of"/"de"/"&": Palace of Fine Arts, Cliffs of Moher; "Milla & Ben" are two
            if (u.lower_ in _INNER and u.text.islower() or u.text == "&") and j + 1 < n \
                    and doc[j + 1].tag_ in _PROPN and doc[j + 1].text[:1].isupper():
                e1, e2 = ent_at.get(j - 1), ent_at.get(j + 1)
                same = e1 is not None and e1 is e2
                if same or (u.text != "&" and (e1 is None or e2 is None or e1 is e2)):
                    j += 2
                    continue
            # hyphen glued between two name parts: Jean-Luc, Bin-Nun
            if u.tag_ == "HYPH" and not prev.whitespace_ and not u.whitespace_ and j + 1 < n \
                    and doc[j + 1].tag_ in _PROPN and doc[j + 1].text[:1].isupper():
                j += 2
                continue
            break
        yield i, j
        i = j


def _nameish(t, is_initial: bool) -> bool:
    text = t.text
    if not text[:1].isupper() and t.tag_ not in _PROPN:
        return False
    if t.tag_ in _PROPN:
        if text.islower() and lexicon.is_word(text):
            return False  # "config" tagged NNP: the tagger guessing, not a name
        return text[:1].isalnum() or text[:1] == "@"
    # capitalised word spaCy did not call a proper noun: a name when it is no English word
    # (Kubernetes, Syncthing); all-caps acronyms only mid-sentence
    if not text[:1].isupper() or not text.isalpha():
        return False
    if lexicon.is_word(text):
        return text.isupper() and not is_initial
    return True


def from_doc(doc, tech: list[techspans.TechSpan], text: str | None = None) -> list[Cand]:
    """All candidates of one segment doc, overlaps settled, doc-relative offsets."""
    starts, bounds, initial = _sent_bounds(doc)
    text = doc.text if text is None else text
    out: list[Cand] = []

    def sent_of(tok_i: int) -> tuple[int, int]:
        k = bisect_right(starts, tok_i) - 1
        return bounds[max(k, 0)]

    # 1. spaCy spans: entities and proper-noun runs, merged
    spans: dict[tuple[int, int], list[str]] = {}
    ent_at: dict[int, tuple[int, int, str]] = {}
    for e in doc.ents:
        rec = (e.start, e.end, e.label_)
        for k in range(e.start, e.end):
            ent_at[k] = rec
    used: set[int] = set()
    for i, j in _runs(doc, initial, ent_at):
        for piece in _split_run(doc, i, j, ent_at):
            spans[piece] = []
            used.update(range(*piece))
    for e in doc.ents:
        if any(k in used for k in range(e.start, e.end)):
            continue
        if e.label_ in NAME_LABELS or e.label_ in NUMBER_LABELS:
            spans[(e.start, e.end)] = []
    # lowercase non-words (pytest, chromadb) and command heads (pip install X)
    n = len(doc)
    for t in doc:
        low = t.text
        if not (low.islower() and low.isalpha() and len(low) >= 2):
            continue
        nxt = doc[t.i + 1] if t.i + 1 < n else None
        if nxt is not None and nxt.lower_ in _SUBCOMMANDS and nxt.text.islower() and t.whitespace_ \
                and t.tag_ in ("NN", "NNP", "FW", "JJ", "VB", "VBP") and not t.is_stop \
                and t.i + 2 < n and not doc[t.i + 2].is_punct and (t.i == 0 or doc[t.i - 1].tag_ not in
                                                                   ("DT", "PRP$", "JJ", "CD")):
            spans[(t.i, t.i + 1)] = ["cmd_head"]
            used.add(t.i)
            continue
        if t.i >= 2 and doc[t.i - 1].lower_ in _SUBCOMMANDS and (t.i - 2, t.i - 1) in spans \
                and "cmd_head" in spans[(t.i - 2, t.i - 1)] and not t.is_stop:
            spans[(t.i, t.i + 1)] = [f"cmd:{doc[t.i - 1].lower_}"]  # "pip install requests": word or not
            used.add(t.i)
            continue
        if t.i in used or (t.i, t.i + 1) in spans or len(low) < 3:
            continue
        if t.tag_ not in _CLOSED_TAGS and not t.is_stop and not lexicon.is_word(low) \
                and not lexicon.is_misspelling(low):
            spans[(t.i, t.i + 1)] = ["lower_nonword", "shape:lower"]

    # 2. tech spans claim their characters; weak ones yield to a bigger spaCy name holding them
    occupied: list[tuple[int, int]] = []
    tech_out: list[Cand] = []
    cover: dict[int, list[tuple[int, int]]] = {}  # token -> char bounds of spaCy spans holding it
    for a, b in spans:
        chars = (doc[a].idx, doc[b - 1].idx + len(doc[b - 1]))
        for k in range(a, b):
            cover.setdefault(k, []).append(chars)
    occ_tokens: set[int] = set()
    for ts in tech:
        first = doc.char_span(ts.start, ts.end, alignment_mode="expand")
        if ts.kind not in _STRONG_TECH and first is not None and len(first) and any(
                a <= ts.start and ts.end <= b and (b - a) > (ts.end - ts.start)
                for a, b in cover.get(first.start, ())):
            continue
        occupied.append((ts.start, ts.end))
        if first is not None:
            occ_tokens.update(range(first.start, first.end))
        if ts.kind == "code" and not (ts.backticked and _plain_word(text[ts.start:ts.end])):
            continue  # identifiers, flags, versions: never nodes
        cues = ["backticked"] if ts.backticked else []
        kind = ts.kind if ts.kind not in ("code", "command") else "lower"
        if ts.kind == "command":
            cues.append("cmd_head")
        cues.append(f"shape:{kind}")
        tok = first
        if kind == "hyphenated" and not _keep_hyphenated(
                text[ts.start:ts.end], ts.backticked, _noun_parts(tok)):
            continue
        s0, s1 = sent_of(tok.start) if tok is not None and len(tok) else (0, len(text))
        if tok is not None and len(tok):
            cues.extend(context.role_cues(doc, tok.start, tok.end))
        tech_out.append(Cand(ts.start, ts.end, cues, s0, s1, tok is not None and tok.start in initial))

    # 3. settle spaCy spans against tech spans, trim, filter junk, add cues
    for (i, j), extra in sorted(spans.items()):
        for a, b in _outside(i, j, occ_tokens):
            c = _finish(doc, text, a, b, extra, ent_at, initial, sent_of)
            if c is not None:
                out.append(c)
    out.extend(tech_out)
    out.extend(_eponym_phrases(doc, out, initial, sent_of))
    _command_args(doc, out)
    out.sort(key=lambda c: c.start)
    return out


def _split_run(doc, i: int, j: int, ent_at) -> list[tuple[int, int]]:
    """A run grows to the entity holding it when the entity only adds name-like tokens.

    "June" -> "June 30" (DATE), "Kevin O" -> "Kevin O 'Brien", "0400" -> "0400 GMT";
    "Kubernetes at Acme Corp." as one ORG does not swallow the runs (the "at");
    runs longer than their entity win ("Soul Protocol" when NER says "Soul").
    """
    seen = {ent_at[k] for k in range(i, j) if k in ent_at}
    if len(seen) != 1:
        return [(i, j)]
    (es, ee, _label), = seen
    if es > i or ee < j or (es, ee) == (i, j):
        return [(i, j)]
    if all(_name_filler(doc[k]) for k in (*range(es, i), *range(j, ee))):
        return [(es, ee)]
    return [(i, j)]


def _name_filler(tok) -> bool:
    """Tokens an entity may add around a proper-noun run and still be one name."""
    t = tok.text
    if t[:1] == "-" and len(t) > 1:
        return False  # --lang: a CLI flag
    if t in ("-", "'", "’", ".", ",", "&"):
        return True
    if not any(ch.isalnum() for ch in t):
        return False  # emoji, symbols
    return (tok.tag_ in ("CD", "NNP", "NNPS") or t[:1].isupper()
            or (tok.lower_ in _INNER and t.islower()) or t.lower() in ("the", "'s", "’s"))


def _outside(i: int, j: int, occ_tokens: set[int]) -> list[tuple[int, int]]:
    """The pieces of token range [i, j) not claimed by a tech span."""
    if not occ_tokens:
        return [(i, j)]
    pieces, a = [], i
    for k in range(i, j):
        if k in occ_tokens:
            if a < k:
                pieces.append((a, k))
            a = k + 1
    if a < j:
        pieces.append((a, j))
    return pieces


def _finish(doc, text, i, j, extra, ent_at, initial, sent_of) -> Cand | None:
    """Trim, filter and cue one spaCy span (``text`` is ``doc.text``, which spaCy rebuilds per call)."""
    i, j = trim.trim(doc, i, j)
    if i >= j:
        return None
    ner = ent_at.get(i) or ent_at.get(j - 1)
    ner_start = None
    for k in range(i, j):
        if k in ent_at and ent_at[k][2] in NAME_LABELS:
            ner_start = ent_at[k][0]
            ner = ent_at[k]
            break
    i = trim.strip_openers(doc, i, j, i in initial, ner_start)
    j, head = trim.strip_trailing_heads(doc, i, j)
    i, j = trim.trim(doc, i, j)
    if i >= j:
        return None
    start, end = doc[i].idx, doc[j - 1].idx + len(doc[j - 1])
    s = text[start:end]
    sent_initial = i in initial
    label = ner[2] if ner is not None and ner[0] <= i < ner[1] or (ner and i <= ner[0] < j) else None
    toks = doc[i:j]
    all_propn = all(t.tag_ in _PROPN or not t.is_alpha for t in toks)
    keep = _keep(s, toks, label, sent_initial, all_propn, extra)
    if not keep:
        return None
    cues = list(extra)
    if s.islower() and "lower_nonword" not in cues and " " not in s and not lexicon.is_word(s):
        cues += ["lower_nonword", "shape:lower"]
    junk = shapes.junk_kind(s)
    if junk == "shouting" and label in _PLACE_PERSON:
        junk = None  # kept by _keep: a name in capitals (dateline), not shouting
    if junk:
        cues.append(f"junk:{junk}")
    elif label:
        cues.append(f"ner:{label}")
    if all_propn:
        cues.append("propn")
    if sent_initial:
        cues.append("sentence_initial")
    if head:
        cues.append(f"compound_head:{head}")
    cues.extend(_shape_cues(s, label))
    cues.extend(context.role_cues(doc, i, j, sent_initial))
    s0, s1 = sent_of(i)
    return Cand(start, end, cues, s0, s1, sent_initial, deferred=keep == "defer")


def _keep(s: str, toks, label, sent_initial: bool, all_propn: bool, extra) -> bool | str:
    """Junk filter: what is never worth a node ("defer": only if seen mid-sentence too)."""
    if len(s) < 2 and not s.isupper() or not any(ch.isalnum() for ch in s):
        return False
    if _ODD_CHARS.search(s):
        return False  # abspath+expanduser, a=b, x>y: code, not a name
    if label in NUMBER_LABELS:
        if shapes.is_version(s):
            return False
        return any(ch.isdigit() for ch in s) or shapes.is_month(s) or len(toks) > 1
    if " " not in s:
        if _INTERJ.match(s) or lexicon.is_interjection_like(s):
            return False  # Aww, Mmm, Hmmm, Yayyy, Woohoo, Haha, Wanna, Y'all
        if shapes.is_weekday(s) and label is None:
            return False  # "on Friday": a date, not a name
        kind = shapes.junk_kind(s)
        if kind == "shouting" and label in _PLACE_PERSON and lexicon.pos_of(s) <= {"noun"}:
            kind = None  # BANGKOK, DAYTON in a news dateline: a name in capitals, not shouting
        if kind in ("flag", "version", "status", "code_identifier", "shouting", "common_acronym", "date"):
            return False
        if shapes.is_numeric(s):
            return False
        if "lower_nonword" in extra or any(c.startswith("cmd") for c in extra):
            return True
        if sent_initial and lexicon.is_word(s):
            # "Thanks", "Verification", "Wow": capitalised because they open the sentence
            pos = lexicon.pos_of(s)
            if label in ("PERSON", "GPE", "ORG", "NORP", "LOC") and all_propn and not _verbish(toks[0]) \
                    and pos and pos <= {"noun", "verb"} and not lexicon.is_interjection_like(s):
                return True  # "Grace said", "Max called": a nominal NER calls a name
            return "defer" if all_propn else False
        if not all_propn and label is None and lexicon.is_word(s) and not s.isupper():
            return False
        if toks[0].tag_ in ("UH", "VB", "VBD", "VBG", "VBN", "VBZ", "VBP", "RB", "MD") and label is None:
            return False
    else:
        words = s.split()
        if label not in _PLACE_PERSON and all(w.isupper() and w.isalpha() and len(w) > 3 for w in words) \
                and all(shapes.is_shouting(w) for w in words):
            return False
    return True


def _verbish(tok) -> bool:
    return tok.tag_ in ("UH", "VB", "VBD", "VBG", "VBN", "VBZ", "RB", "JJ")


def _plain_word(s: str) -> bool:
    """A backticked bare name worth a node: `pytest` yes, `init` / `config` (ordinary words) no."""
    return s.isalpha() and len(s) >= 2 and not lexicon.is_word(s)


def _noun_parts(tok) -> bool:
    """A hyphenated compound the tagger reads as a proper name: nouns only, one of them proper.

    "soul-protocol" in "built on soul-protocol" (protocol/NNP) yes; "open-source",
    "self-acceptance", "module-level" no.
    """
    if tok is None or not len(tok):
        return False
    words = [t for t in tok if t.tag_ != "HYPH"]
    return len(words) >= 2 and any(t.tag_ in _PROPN for t in words) and all(
        t.tag_ in ("NN", "NNS", "NNP", "NNPS", "FW") and not t.is_stop and len(t) >= 2 for t in words)


# Second parts that make a hyphenated word an adjective/modifier, not a name ("module-level").
_MODIFIER_PARTS = frozenset(
    "level style wide based side time scale type mode safe aware compat compatible specific friendly only "
    "free like ready first heavy bound driven oriented facing related proof native agnostic sensitive "
    "insensitive independent dependent enabled disabled capable backed powered specific term".split()
)


def _keep_hyphenated(s: str, backticked: bool, propn: bool) -> bool:
    """soul-protocol / mempalace-mcp / kimi-k2 / Jean-Luc: not 'steady-state' or 'API-keyed'.

    ``propn``: the parser tagged every part as a noun ("soul-protocol" reads as a name,
    "open-source" / "real-time" do not).
    """
    if shapes.is_locale(s) or s.rsplit("-", 1)[-1].lower() in _MODIFIER_PARTS:
        return False
    if backticked:
        return True
    if propn and s.islower() and not shapes.junk_kind(s) and s.rsplit("-", 1)[-1] not in _MODIFIER_PARTS \
            and not s.endswith("s"):
        return True
    if shapes.is_status_token(s) or shapes.junk_kind(s):
        return False
    parts = [p for p in s.split("-") if p]
    if any(p.isdigit() for p in parts) and sum(p.isalpha() for p in parts) <= 1:
        return False  # SHA-256, COVID-19 handled by NER
    odd = [p for p in parts if not p.isdigit() and not lexicon.is_word(p) and not shapes.is_common_acronym(p)
           and p.lower() not in lexicon.PREFIXES]
    if not odd:
        return False
    if s.islower() or any(ch.isdigit() for ch in s):
        return True
    return all(p[:1].isupper() for p in parts)


def _shape_cues(s: str, label) -> list[str]:
    out = []
    if label in NUMBER_LABELS or shapes.is_numeric(s):
        out.append("shape:numeric")
    if shapes.is_doc_name(s):
        out.append("shape:docname")
    elif shapes.is_acronym(s):
        out.append("shape:acronym")
    elif shapes.is_camel_case(s):
        out.append("shape:camel")
    if " " not in s and s[:1].isupper() and not shapes.is_camel_case(s) and lexicon.is_word(s):
        out.append("dict_word")
    return out


def _command_args(doc, cands: list[Cand]) -> None:
    """"pip install chromadb": the argument of a command head gets ``cmd:<verb>``."""
    heads = [c for c in cands if "cmd_head" in c.cues]
    if not heads:
        return
    by_start = {c.start: c for c in cands}
    for h in heads:
        tok = doc.char_span(h.start, h.end)
        if tok is None or tok.end + 1 >= len(doc):
            continue
        verb = doc[tok.end].lower_
        arg = doc[tok.end + 1]
        c = by_start.get(arg.idx)
        if c is not None and f"cmd:{verb}" not in c.cues:
            c.cues.append(f"cmd:{verb}")


def _eponym_phrases(doc, cands: list[Cand], initial: set[int], sent_of) -> list[Cand]:
    """Named concepts: a rare name + common noun head ("Ebbinghaus decay", "Hebbian potentiation").

    Emitted as an extra, overlapping phrase (cue ``phrase``) next to the name itself, so
    the name stays a node and the phrase can be a concept. Names that are English words
    ("Python code", "Stripe account") and trailing heads ("Acme team") do not qualify.
    """
    out = []
    n = len(doc)
    for c in cands:
        if c.sentence_initial or not any(x == "propn" or x.startswith("ner:") for x in c.cues):
            continue
        span = doc.char_span(c.start, c.end)
        if span is None or len(span) != 1 or not span.text[:1].isupper() or lexicon.is_word(span.text):
            continue
        k = span.end
        chain = []
        while k < n and len(chain) < 2 and doc[k].text.isalpha() and doc[k].text.islower() \
                and doc[k].tag_ in ("NN", "VBG") and doc[k - 1].whitespace_ != "":
            chain.append(doc[k])
            k += 1
        while chain and chain[-1].tag_ != "NN":
            chain.pop()
        if not chain or chain[-1].lower_ in trim.TRAILING_HEADS \
                or any("\n" in t.whitespace_ for t in (doc[k - len(chain) - 1], *chain[:-1])):
            continue
        if k < n and doc[k].tag_ in ("NN", "NNS", "NNP"):
            continue  # the noun phrase goes on: not a closed phrase
        end = chain[-1].idx + len(chain[-1])
        s0, s1 = sent_of(span.start)
        out.append(Cand(c.start, end, ["phrase", f"phrase_head:{chain[-1].lower_}"], s0, s1, False))
    return out

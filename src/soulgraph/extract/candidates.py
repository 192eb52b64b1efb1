"""Candidate name spans from one parsed segment: entities, proper-noun runs, tech tokens.

``from_doc`` is a plain function over a spaCy ``Doc`` (plus the tech-token
spans of its text) that yields :class:`Cand` records with doc-relative
character offsets and cues. Overlaps are settled here, so each character of
the segment belongs to at most one candidate, except "Town, State" pairs
(cue ``place_pair``), which also stand as one name over their two parts.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field

from soulgraph import shapes
from soulgraph.classify import corpus, gazetteer
from soulgraph.extract import context, junk, lexicon, model_number, techspans, trim

NAME_LABELS = frozenset({"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "PRODUCT", "EVENT",
                         "WORK_OF_ART", "LANGUAGE", "LAW"})
NUMBER_LABELS = junk.NUMBER_LABELS
_PROPN = frozenset({"NNP", "NNPS"})
# Lowercase words allowed inside a proper-noun run between two capitalised words.
_INNER = frozenset({"of", "de", "da", "del", "della", "di", "du", "van", "von", "der", "den", "la", "le",
                    "&", "for", "y", "bin", "al", "el"})
_NO_FOR_LABELS = frozenset({"PERSON", "GPE", "LOC", "NORP"})  # names that take no "for ..." part
SUBCOMMANDS = frozenset(
    "install uninstall add remove run exec sync init commit push pull clone publish upgrade".split()
)
_CLOSED_TAGS = frozenset({"CC", "DT", "PDT", "IN", "PRP", "PRP$", "WDT", "WP", "WP$", "WRB", "MD", "TO",
                          "POS", "CD", "EX", "UH", "LS", "SYM", ",", ".", ":", "HYPH", "NFP", "_SP",
                          "``", "''"})
_STRONG_TECH = frozenset({"path", "file", "issue_ref", "handle", "url", "code", "command"})
_DEV_KINDS = frozenset({"path", "file", "issue_ref", "url", "code", "command", "tech"})


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
    # the parser runs on past "!", "?" and a lone "." in chat ("Congrats, Gina! Happy for you"):
    # the word after one opens a sentence all the same (abbreviations keep their dot: "Dr.", "U.S.")
    for t in doc[:-1]:
        if t.text in (".", "!", "?") and t.whitespace_ and doc[t.i + 1].text[:1].isupper():
            initial.add(t.i + 1)
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
                    and not (u.lower_ == "of" and _legal_form_end(doc, j - 1)) \
                    and doc[j + 1].tag_ in _PROPN and doc[j + 1].text[:1].isupper() \
                    and not _possessor_after_connector(doc, j - 1, min(j + 3, n)) \
                    and not (u.lower_ == "for" and trim.two_names_around_for(doc, i, j)):
                e1, e2 = ent_at.get(j - 1), ent_at.get(j + 1)
                same = e1 is not None and e1 is e2
                # "Jaffe Center for Strategic Studies" is one name; "Austin for Dell" (a person or
                # place of the model's, then a word it left out) is a place and a reason
                loose = u.text != "&" and not (u.lower_ == "for" and e1 is not None and e1 is not e2
                                               and e1[2] in _NO_FOR_LABELS)
                if same or (loose and (e1 is None or e2 is None or e1 is e2)):
                    j += 2
                    continue
            # inner "of the" inside one entity of the model: "Party of the Democratic Revolution"
            if u.text == "of" and j + 2 < n and doc[j + 1].text == "the" and doc[j + 2].tag_ in _PROPN \
                    and doc[j + 2].text[:1].isupper() and ent_at.get(j - 1) is not None \
                    and ent_at.get(j - 1) is ent_at.get(j + 2) and ent_at[j - 1][2] != "PERSON":
                j += 3
                continue
            # "Joe's Pizza", "Jimmy John's Sandwiches": an owner's possessive, then a shop word
            if u.text in ("'s", "\u2019s") and not prev.whitespace_ and j + 1 < n \
                    and gazetteer.is_shop_word(doc[j + 1].text):
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


# Legal forms that end a company's name: "Pittsburgh-Corning Corp. of Pittsburgh" is the company
# and its town, never one name (unlike "Bank of America", "University of Nigeria").
_LEGAL_FORMS = frozenset({"corp", "inc", "co", "ltd", "llc", "plc", "gmbh", "ag", "sa", "s.a.", "lp", "llp"})


def _legal_form_end(doc, k: int) -> bool:
    """Whether token ``k`` ends a legal form ("Corp.", "Inc", or "Corp" + ".")."""
    if doc[k].text == "." and k > 0 and not doc[k - 1].whitespace_:
        k -= 1
    return doc[k].lower_.rstrip(".") in _LEGAL_FORMS and doc[k].text[:1].isupper()


def _nameish(t, is_initial: bool) -> bool:
    text = t.text
    if not text[:1].isupper() and t.tag_ not in _PROPN:
        return junk.listed_lower_camel(text)  # "iOS", "vLLM" whatever the tagger made of them
    if t.tag_ in _PROPN:
        if text.islower() and lexicon.is_word(text):
            return False  # "config" tagged NNP: the tagger guessing, not a name
        return text[:1].isalnum() or text[:1] == "@"
    # capitalised word spaCy did not call a proper noun: a name when it is no English word
    # (Kubernetes, Syncthing); all-caps acronyms only mid-sentence
    if not text[:1].isupper() or not text.isalpha():
        return False
    if lexicon.is_word(text):
        # "on Twitter", "my cousin Raj": an English word that a list knows as a name (a given name
        # not also a common word, like Will or May), capitalised mid-sentence, is that name (at a
        # sentence start the capital says nothing)
        return not is_initial and (text.isupper() or _listed(text) or gazetteer.is_plain_given_name(text))
    return True


def from_doc(doc, tech: list[techspans.TechSpan], text: str | None = None) -> list[Cand]:
    """All candidates of one segment doc, overlaps settled, doc-relative offsets."""
    starts, bounds, initial = _sent_bounds(doc)
    text = doc.text if text is None else text
    out: list[Cand] = []

    def sent_of(tok_i: int) -> tuple[int, int]:
        k = bisect_right(starts, tok_i) - 1
        return bounds[max(k, 0)]

    # worked out at most once per segment, and only when asked: code-like text, or a dev chat
    # naming a file, an issue, a URL or Node.js
    technical = functools.cache(lambda: corpus.is_technical(text) or any(t.kind in _DEV_KINDS for t in tech))

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
            for a, b, source in trim.split_dateline(doc, *piece, initial, gazetteer.words("places")):
                for sub in trim.split_inner_title(doc, a, b) or [(a, b)]:
                    sub = (trim.drop_role_of(doc, *sub), sub[1])  # "CTO of Fathom Analytics"
                    place = source == "place" or (not source and b < piece[1])
                    cue = ["dateline_source"] if source is True else ["dateline_place"] if place else []
                    halves = trim.split_person_of(doc, *sub, gazetteer.words("given_names"))
                    if halves:  # "Leroy Ivy of Oxford": the person, and where from
                        spans[halves[0]], spans[halves[1]] = cue, ["of_origin"]
                    else:
                        spans[sub] = cue
            used.update(range(*piece))
    for e in doc.ents:
        if any(k in used for k in range(e.start, e.end)):
            continue
        if len(e) > 1 and e[0].tag_ in _FINITE and e[0].text.islower() and lexicon.is_word(e[0].text):
            continue  # "...; fixes data loss" (ORG): a clause the model took for a name
        if len(e) > 1 and e.text.islower() and gazetteer.key(e[-1].text) in gazetteer.words("tools") \
                and not _listed(e.text):
            continue  # "asked leo kubernetes questions" (PERSON): a name, then a listed tool
        if e.label_ in NAME_LABELS or e.label_ in NUMBER_LABELS:
            spans[(e.start, e.end)] = []
    # lowercase non-words (pytest, chromadb), command heads (pip install X) and, in technical
    # text, known command-line tools even when they are words too ("migrate to uv", "with sed")
    n = len(doc)
    cli_tools = gazetteer.words("cli_tools")
    after_name = -1  # the surname of a lowercase full name just taken
    for t in doc:
        low = t.text
        if not (low.islower() and low.isalpha() and len(low) >= 2) or t.i == after_name:
            continue
        if t.i + 1 < n and _lower_full_name(t, doc[t.i + 1]) and _single_or_free(spans, used, t.i, t.i + 2):
            for k in (t.i, t.i + 1):
                spans.pop((k, k + 1), None)
            spans[(t.i, t.i + 2)] = ["lower_name", "lower_nonword", "shape:lower"]
            used.update((t.i, t.i + 1))
            after_name = t.i + 1
            continue
        if low in cli_tools and t.i not in used and (t.i, t.i + 1) not in spans \
                and t.tag_ not in _CLOSED_TAGS:
            if technical():
                spans[(t.i, t.i + 1)] = ["cli_tool", "shape:lower"]
                used.add(t.i)
                continue
        nxt = doc[t.i + 1] if t.i + 1 < n else None
        if nxt is not None and nxt.lower_ in SUBCOMMANDS and nxt.text.islower() and t.whitespace_ \
                and t.tag_ in ("NN", "NNP", "FW", "JJ", "VB", "VBP") and not t.is_stop \
                and t.i + 2 < n and not doc[t.i + 2].is_punct and (t.i == 0 or doc[t.i - 1].tag_ not in
                                                                   ("DT", "PRP$", "JJ", "CD")) \
                and (low in cli_tools or not lexicon.is_word(low) or technical()):  # not "5K charity run"
            spans[(t.i, t.i + 1)] = ["cmd_head"]
            used.add(t.i)
            continue
        if t.i >= 2 and doc[t.i - 1].lower_ in SUBCOMMANDS and (t.i - 2, t.i - 1) in spans \
                and "cmd_head" in spans[(t.i - 2, t.i - 1)] and not t.is_stop:
            spans[(t.i, t.i + 1)] = [f"cmd:{doc[t.i - 1].lower_}"]  # "pip install requests": word or not
            used.add(t.i)
            continue
        if t.i in used or (t.i, t.i + 1) in spans or len(low) < 3:
            continue
        # "landed in amsterdam"; not a modifier of the next noun ("gravy to turkey sandwiches")
        if lowercase_place(low) and _after_place_word(doc, t.i) and t.dep_ != "compound":
            spans[(t.i, t.i + 1)] = ["lower_place", "shape:lower"]
            used.add(t.i)
            continue
        if t.tag_ not in _CLOSED_TAGS and not t.is_stop and not lexicon.is_word(low) \
                and not lexicon.is_misspelling(low) \
                and not (lexicon.is_run_together(low) and not _listed(low) and not technical()):
            if technical() or not _common_noun_in_prose(t):
                spans[(t.i, t.i + 1)] = ["lower_nonword", "shape:lower"]

    for a, b in _quoted_titles(doc, text):  # '"Charlotte's Web"': the title whole, not its words
        for key in [k for k in spans if a <= k[0] and k[1] <= b]:
            del spans[key]
        spans[(a, b)] = ["quoted_title"]
        used.update(range(a, b))

    # 2. tech spans claim their characters; weak ones yield to a bigger spaCy name holding them
    occupied: list[tuple[int, int]] = []
    tech_out: list[Cand] = []
    cover: dict[int, list[tuple[int, int]]] = {}  # token -> char bounds of spaCy spans holding it
    for a, b in spans:
        chars = (doc[a].idx, doc[b - 1].idx + len(doc[b - 1]))
        for k in range(a, b):
            cover.setdefault(k, []).append(chars)
    occ_tokens: set[int] = set()
    sources = {(doc[a].idx, doc[b - 1].idx + len(doc[b - 1])) for (a, b), x in spans.items()
               if "dateline_source" in x}  # "Moscow ITAR-TASS": the source is a name, not a hyphen token
    for ts in tech:
        first = doc.char_span(ts.start, ts.end, alignment_mode="expand")
        if ts.kind not in _STRONG_TECH and first is not None and len(first) and any(
                a <= ts.start and ts.end <= b and ((b - a) > (ts.end - ts.start) or (a, b) in sources)
                for a, b in cover.get(first.start, ())):
            continue
        occupied.append((ts.start, ts.end))
        if first is not None:
            occ_tokens.update(range(first.start, first.end))
        if ts.kind == "code" and not (ts.backticked and junk.plain_word(text[ts.start:ts.end])):
            continue  # identifiers, flags, versions: never nodes
        cues = ["backticked"] if ts.backticked else []
        kind = ts.kind if ts.kind not in ("code", "command") else "lower"
        if ts.kind == "command":
            cues.append("cmd_head")
        cues.append(f"shape:{kind}")
        tok = first
        if kind == "hyphenated" and not junk.keep_hyphenated(
                text[ts.start:ts.end], ts.backticked, junk.noun_parts(tok)) and not _package_slug(doc, tok):
            continue
        s0, s1 = sent_of(tok.start) if tok is not None and len(tok) else (0, len(text))
        s0, s1 = min(s0, ts.start), max(s1, ts.end)  # a tech span may run over a split ("!/0/g")
        if tok is not None and len(tok):
            cues.extend(context.role_cues(doc, tok.start, tok.end))
        tech_out.append(Cand(ts.start, ts.end, cues, s0, s1, tok is not None and tok.start in initial))

    # 3. settle spaCy spans against tech spans, trim, filter junk, add cues
    for (i, j), extra in sorted(spans.items()):
        for a, b in _outside(i, j, occ_tokens):
            c = _finish(doc, text, a, b, extra, ent_at, initial, sent_of, technical)
            if c is not None:
                out.append(c)
    out.extend(tech_out)
    from soulgraph.extract import phrases  # noqa: PLC0415 - phrases imports Cand from here

    out.extend(phrases.eponym_phrases(doc, out, initial, sent_of))
    phrases.command_args(doc, out)
    out.extend(phrases.place_pairs(doc, text, out))
    out.sort(key=lambda c: c.start)
    return out


def _lower_full_name(t, u) -> bool:
    """"olivia rodrigo", "ed sheeran": in lowercase chat a given name (not also a plain word like
    "will" or "rose") and a word no dictionary knows are one person's name, not two nodes (nor
    "ed" dropped as a determiner). Not "jake lol", "amy smh": slang is in the dictionary; nor
    "sent maya figma links", "ask leo kubernetes questions": brands and tools are in no
    dictionary either, and a listed one (or a command-line tool) is never a surname."""
    v = u.text
    return len(v) >= 4 and v.isalpha() and v.islower() and not u.is_stop and u.tag_ not in _CLOSED_TAGS \
        and gazetteer.is_given_name(t.text) and not gazetteer.is_ambiguous_name(t.text) \
        and t.tag_ not in ("IN", "CC", "MD", "TO", "PRP", "PRP$", "WDT", "WP") \
        and not lexicon.is_word(v) and not lexicon.is_misspelling(v) and not lexicon.is_interjection_like(v) \
        and not _REDOUBLED.search(v) and not _listed(v) and v not in gazetteer.words("cli_tools") \
        and not _listed(t.text)


_REDOUBLED = re.compile(r"(\w)\1\1")  # "lmaooo", "yesss"


def _single_or_free(spans: dict, used: set[int], i: int, j: int) -> bool:
    """Each token of [i, j) is in no other span, or alone in its own (the model's "amy" and "schumer")."""
    return all(k not in used and not any(a <= k < b for a, b in spans if b - a > 1 and (a, b) != (i, j))
               or (k, k + 1) in spans
               for k in range(i, j))


# What only a package has after its name: "the soul-protocol wheel", "pin acme-sdk to 2.1".
_PACKAGE_HEADS = frozenset("wheel wheels package packages crate crates gem repo repository".split())


def _package_slug(doc, tok) -> bool:
    """"soul-protocol 0.4.0", "the soul-protocol wheel": a lowercase hyphenated name of plain
    nouns with a version number or a package word straight after it is a package (a repo
    slug), even when each part is an English word ("open-source", "real-time" are no nouns)."""
    if tok is None or not len(tok) or not tok.text.islower() or tok.end >= len(doc):
        return False
    words = [t for t in tok if t.tag_ != "HYPH"]
    if len(words) < 2 or not all(t.tag_ in ("NN", "NNS", "NNP", "FW") and t.is_alpha for t in words):
        return False
    if tok.text.rsplit("-", 1)[-1] in junk.MODIFIER_PARTS:
        return False
    nxt = doc[tok.end]
    return shapes.is_version(nxt.text) and nxt.text[:1].isdigit() or nxt.lower_ in _PACKAGE_HEADS


_FINITE = frozenset({"VBD", "VBZ", "VBP"})


def _runs_over_a_clause(ent, label: str) -> bool:
    """A name entity spanning a lowercase finite verb ("Oliver joined Stripe") is the small
    model gluing subject, verb and object: its label is a guess about the whole clause, which
    the relation pass must not trust for either name. Titles capitalise their verbs."""
    return label in NAME_LABELS and any(t.tag_ in _FINITE and t.text.islower() for t in ent[1:-1])


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
    if any(doc[k].lower_ == "of" and _legal_form_end(doc, k - 1)
           for k in (*range(max(es, 1), i), *range(j, ee))):
        return [(i, j)]  # "Pittsburgh-Corning Corp." of "Pittsburgh": the company, then its town
    if _possessor_after_connector(doc, es, ee):
        return [(i, j)]  # "Lisbon for Riley's birthday": two names, not "Lisbon for Riley's"
    if any(doc[k].lower_ == "for" and trim.two_names_around_for(doc, es, k) for k in range(es + 1, ee - 1)):
        return [(i, j)]  # "leaving Acme for Vercel", "Ticketmaster for Phoebe Bridgers": two names
    if all(_name_filler(doc[k]) for k in (*range(es, i), *range(j, ee))):
        return [(es, ee)]
    return [(i, j)]


# a quoted stretch starting with a capital; a dot or comma before the closing quote is the sentence's
_QUOTED = re.compile(r"[\"\u201c]([A-Z0-9][^\"\u201c\u201d\n]{0,78}[\w!?)])[.,]?[\"\u201d]")
_TITLE_SMALL = frozenset("of the a an and or in on at to for with from by vs 's \u2019s".split())


def _quoted_titles(doc, text: str) -> list[tuple[int, int]]:
    """Token ranges of quoted titles of two to eight words, every word capitalised but the small
    ones ("Charlotte's Web", "The Lord of the Rings", "Attention Is All You Need"): a work's
    name in quotes, kept whole. A quoted sentence or phrase ("we did it") is not a title."""
    out = []
    for m in _QUOTED.finditer(text):
        words = m.group(1).replace("\u2019s", " 's").replace("'s", " 's").split()
        if not 2 <= len(words) <= 8 or not all(w[:1].isupper() or w[:1].isdigit() or w.lower() in _TITLE_SMALL
                                                for w in words):
            continue
        span = doc.char_span(m.start(1), m.end(1))
        if span is not None:
            out.append((span.start, span.end))
    return out


def _unit_after_number(doc, i: int, j: int) -> bool:
    """"5K run", "4K video", "5G", "3D": a letter or two glued to a number is its unit, no name."""
    t = doc[i]
    return j - i == 1 and i > 0 and len(t.text) <= 2 and t.text.isalpha() and t.text.isupper() \
        and doc[i - 1].like_num and not doc[i - 1].whitespace_


def _bare_count(doc, i: int, j: int) -> bool:
    """A lone integer that counts something ("180+ new tests", "1000-item batches", "line 58",
    "300 people"): no node. A year or a four-digit time stays (Hebb 1949, "1978 allegations",
    "at 1000 today")."""
    t = doc[i]
    if j - i != 1 or not t.text.isdigit():
        return False
    if i > 0 and doc[i - 1].text[:1].isupper() and doc[i - 1].is_alpha:
        return False  # "Ps 4", "Uncharted 4", "Windows 11": the number of a name before it
    nxt = doc[j] if j < len(doc) else None
    if nxt is not None and nxt.text in ("+", "-", "x", "%") and not t.whitespace_:
        return True  # "180+", "1000-item", "10x"
    w = t.text
    if len(w) == 4 and (1000 <= int(w) <= 2100 or (int(w[:2]) < 24 and int(w[2:]) < 60)):
        return False  # a year or a time of day ("1978 allegations", "at 2200 GMT")
    return True


def _whole_listed_name(doc, i: int, j: int, text: str) -> int:
    """Take back a capitalised word the tagger read as grammar when it completes a listed name:
    "Nike and Under Armour" ("Under" a preposition), "a pair of On Running shoes"."""
    if i == 0 or not doc[i - 1].whitespace_ or not doc[i - 1].text[:1].isupper() or not doc[i - 1].is_alpha:
        return i
    return i - 1 if _listed(gazetteer.key(text[doc[i - 1].idx:doc[j - 1].idx + len(doc[j - 1])])) else i


_listed = gazetteer.is_listed


# Words after which a lowercase known place name is that place ("moving to canada", "back from
# the philippines"), not the word the dictionary also lists ("turkey", "china", "chad").
PLACE_PREPS = frozenset("in to from at near visit visiting visited around across outside into via "
                        "through toward towards".split())


# Known places that are also everyday nouns or given names in lowercase chat ("down to earth",
# "stuffing into the turkey"): never taken for the place without a capital.
_COMMON_PLACE_WORDS = frozenset("earth turkey china guinea chad jordan phoenix niger queens reading bath "
                                "mobile nice split orange jersey java cork lima panama bologna champagne "
                                "cologne cheddar mars venus moon sun wales lincoln".split())


def _after_place_word(doc, i: int) -> bool:
    """A preposition of place (or a visit verb) before the word, "the" allowed between."""
    k = i - 1 - (i >= 2 and doc[i - 1].lower_ == "the")
    return k >= 0 and doc[k].lower_ in PLACE_PREPS and doc[k].text.islower()


def lowercase_place(word: str) -> bool:
    """A known place that, written in lowercase, still reads as the place: not an everyday word
    or a given name ("down to earth", "going to jordan's"). The sentence gate asks it too."""
    return word in gazetteer.words("places") and word not in _COMMON_PLACE_WORDS \
        and not gazetteer.is_given_name(word)


def _common_noun_in_prose(t) -> bool:
    """A lowercase word the dictionary lacks, used as a common word in ordinary prose: "that app",
    "my rehab", "his fave", "anytime you need", "and storytelling". The word list is old; a
    determiner or possessive of its own, or an adverb / gerund tag, says it is no name. Only
    asked outside technical text, where lowercase names are the norm ("the pytest run": there
    the determiner is the run's)."""
    if gazetteer.is_given_name(t.text) or _listed(t.text):
        return False  # "my lenovo laptop", "stevie wonder": a known name written in lowercase
    if t.tag_ in ("RB", "RBR", "RBS", "VBG", "UH") or (t.tag_ == "JJ" and t.dep_ == "amod"):
        return True  # "anytime", "storytelling", "my fave memories"
    return any(c.dep_ in ("det", "poss") for c in t.children)


def _possessor_after_connector(doc, es: int, ee: int) -> bool:
    """An entity ending "<connector> <given name>'s" ("Lisbon for Riley's"): the given name owns
    what follows, so the entity is two names ("Bank of America's" keeps: no given name)."""
    if ee - es < 4 or ee > len(doc) or doc[ee - 1].text not in ("'s", "’s"):
        return False
    con, name = doc[ee - 3], doc[ee - 2]
    return (con.text.islower() and con.lower_ in ("for", "from", "with", "to", "at", "and")
            and name.text[:1].isupper() and gazetteer.is_given_name(name.text))


def _name_in_date(toks) -> bool:
    """Capitalised proper nouns with no number, month or weekday: a name the model's date or
    time entity ran over, not part of the date. A short all-caps token is the time's own zone
    or era ("10 a.m. EST", "300 BC")."""
    calendar = gazetteer.words("calendar")
    return all(t.tag_ in _PROPN and t.text[:1].isupper() and not (t.is_upper and len(t) <= 4)
               and not t.like_num and t.lower_.rstrip(".") not in calendar for t in toks)


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


def _finish(doc, text, i, j, extra, ent_at, initial, sent_of, technical) -> Cand | None:
    """Trim, filter and cue one spaCy span (``text`` is ``doc.text``, which spaCy rebuilds per call)."""
    # a known tool is one whole token, whatever its tag ("with sed/VBN"); a quoted title is all of it
    whole = "cli_tool" in extra or "quoted_title" in extra or "lower_name" in extra
    if not whole:
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
    if "quoted_title" in extra and ner is not None and (ner[0], ner[1]) != (i, j):
        ner = None  # "Charlotte's Web": the model's GPE was for a word of the title
    title = head = None
    if not whole:
        i = trim.strip_openers(doc, i, j, i in initial, ner_start)
        person = any(ent_at.get(k, (0, 0, ""))[2] == "PERSON" for k in range(i, j))
        i, title = trim.strip_title(doc, i, j, person)
        if title is None and i > 0 and (person or trim.bare_name(doc, i, j)):
            title = trim.title_word(doc[i - 1])  # dropped by the opener or inner-title rules
        j, head = trim.strip_trailing_heads(doc, i, j)
        i, j = trim.trim(doc, i, j)
        if i < j < len(doc) and doc[j].text in ("'s", "\u2019s") and trim.owns_s(doc, i, j + 1):
            j += 1  # "at McDonald's": the chain's own "'s", outside the model's run
        elif i < j < len(doc) and any(ch.isdigit() for ch in doc[j].text) \
                and model_number.model_end(text, doc[i].idx, doc[j].idx - 1) == doc[j].idx + len(doc[j]):
            j += 1  # "my iPhone 15", "Volvo 240": a product line and its model
    if i >= j or _unit_after_number(doc, i, j) or _bare_count(doc, i, j):
        return None
    if j - i == 1 and doc[i].text.islower() and doc[i].is_alpha and doc[i].tag_ in ("NNP", "NNPS") \
            and not doc[i].ent_type_ and not extra and _common_noun_in_prose(doc[i]) \
            and not technical():
        return None  # "continue my edu": the tagger's lowercase proper noun, used as a common noun
    listed_start = _whole_listed_name(doc, i, j, text)
    if listed_start < i:
        i, ner = listed_start, None  # the model's label was for a part of the listed name
    start, end = doc[i].idx, doc[j - 1].idx + len(doc[j - 1])
    s = text[start:end]
    sent_initial = i in initial
    label = ner[2] if ner is not None and ner[0] <= i < ner[1] or (ner and i <= ner[0] < j) else None
    if "dateline_source" in extra:
        label = "ORG"  # the news source of a dateline, whatever NER made of "Moscow IZVESTIYA"
    elif "dateline_place" in extra:
        label = "GPE"  # the known place opening a dateline ("Sofia BTA")
    elif "of_origin" in extra:  # "Leroy Ivy of Oxford": NER's PERSON covered both names
        label = "GPE" if gazetteer.is_place(text[doc[i].idx:doc[j - 1].idx + len(doc[j - 1])]) else None
    if label in NUMBER_LABELS and ner is not None and (ner[0] < i or ner[1] > j) and _name_in_date(doc[i:j]):
        label = None  # "on Twitter yesterday" (DATE): the model glued a name to the date after it
    if label in ("DATE", "TIME") and (k := trim.strip_relative_tail(doc, i, j)) < j:
        j, end = k, doc[k - 1].idx + len(doc[k - 1])
        s = text[start:end]
    toks = doc[i:j]
    all_propn = all(t.tag_ in _PROPN or not t.is_alpha for t in toks)
    keep = junk.keep(s, toks, label, sent_initial, all_propn, extra)
    if not keep:
        return None
    cues = list(extra)
    if s.islower() and "lower_nonword" not in cues and " " not in s and not lexicon.is_word(s):
        cues += ["lower_nonword", "shape:lower"]
    kind = shapes.junk_kind(s)
    if kind == "shouting" and label in junk.PLACE_PERSON:
        kind = None  # kept by junk.keep: a name in capitals (dateline), not shouting
    if kind:
        cues.append(f"junk:{kind}")
    elif label:
        cues.append(f"ner:{label}")
        if ner is not None and label == ner[2] and _runs_over_a_clause(doc[ner[0]:ner[1]], label):
            cues.append("ner_clause")
    if all_propn:
        cues.append("propn")
    if sent_initial:
        cues.append("sentence_initial")
    if head:
        cues.append(f"compound_head:{head}")
    cues.extend(junk.shape_cues(s, label))
    cues.extend(context.role_cues(doc, i, j, sent_initial))
    if title and f"title:{title}" not in cues:
        cues.append(f"title:{title}")
    ts = trim.title_start(doc, i) if title or any(c.startswith("title:") for c in cues) else None
    if ts is None and trim.title_word(doc[i]) and doc[i].lower_ in trim.KEEP_TITLES:
        ts = i  # "Archduke Franz Ferdinand": the rank stayed on the name
    if ts is not None:
        ts = trim.place_before_title(doc, ts)
    if ts is not None and ts < i:  # "Sen. Bob Dole", "U.S. Sen. Robert F. Kennedy": aliases of "Bob Dole"
        cues.append(f"titled:{text[doc[ts].idx:end]}")
    s0, s1 = sent_of(i)
    return Cand(start, end, cues, s0, s1, sent_initial, deferred=keep == "defer")

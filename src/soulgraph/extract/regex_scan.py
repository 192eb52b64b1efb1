"""Pass 1 of the regex fallback: find candidate occurrences in one segment, with local signals.

Each occurrence records its span, its matching key (casefolded text), whether it
opens a sentence, and the signals read from its immediate context (the words
right before it, the words right after it, pronouns nearby). Pass 2 scores
candidates from these recorded positions only, so no candidate ever costs a
scan of the whole store.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left
from dataclasses import dataclass, field

from soulgraph.classify import gazetteer
from soulgraph.extract import datafile, dateline, model_number, possessive
from soulgraph.extract import regex_patterns as P
from soulgraph.extract import regex_words as W

PRONOUN_BEFORE = 80  # characters before a name in which a pronoun counts
PRONOUN_AFTER = 160  # ... and after it (pronouns mostly refer back)
MAX_NAME_WORDS = 6  # longer capitalised runs are headings ("Palace Structure Matters For Recall ...")
MAX_CHUNK = 200  # longest whitespace-free chunk read as a tech token
_OPENER_SUFFIXES = ("ing", "ly", "ed")
_PUNCT = ".,!?;:\"'()[]“”‘’…"
_NO_WORDS = ("", -1, "")


# Capitalised forms of the stopwords, for a one-lookup skip of the commonest runs ("I", "The").
_STOP_FORMS = frozenset(f(w) for w in W.STOPWORDS for f in (str.capitalize, str.upper, str.title))


@dataclass(slots=True)
class Occ:
    """One occurrence of a candidate inside a segment (offsets relative to the segment)."""

    start: int
    end: int
    text: str
    key: str
    kind: str  # name | path | file | issue_ref | standard | handle | tech | hyphenated | lower
    initial: bool = False
    signals: list[str] = field(default_factory=list)
    vocative: bool = False  # "Caroline, ..." opening a turn: address only if seen mid-sentence too


def scan(t: str, dialogue: bool = False) -> list[Occ]:
    """All candidate occurrences of segment text ``t``, in text order.

    ``dialogue``: the segment is a speaker's turn, so a name opening a sentence
    and followed by a comma is read as direct address ("Caroline, guess what").
    """
    occs: list[Occ] = []
    blocked: list[tuple[int, int]] = []
    if P.has_trigger(t):
        _tech_tokens(t, occs, blocked)
    n_tech = len(occs)
    bi = 0
    pron = None  # the segment's pronouns (_pronouns), found once it holds a name
    for m in P.name_runs(t):
        run = m.group()
        if run in _STOP_FORMS:  # (half of all runs in chat: "I", "The"; skipped either way)
            continue
        s, e = m.span()
        if blocked:
            while bi < len(blocked) and blocked[bi][1] <= s:
                bi += 1
            if bi < len(blocked) and blocked[bi][0] < e:
                continue
        if run in P.SPEC_PREFIXES:
            num = P.SPEC_NUM.match(t, e)
            if num is not None:
                text = t[s:num.end()]
                occs.append(Occ(s, num.end(), text, text.casefold(), "standard", _is_initial(t, s)))
            continue
        if s < 3 and run.isupper() and _caps_dateline(t, s, e):  # (datelines open the text)
            pieces = ((s, e, True, "dateline_place"),)  # "DAYTON, Ohio (AP)": the town, not shouting
        elif run.isalpha():  # one word of letters (most runs): no blank, apostrophe nor 's to strip
            pieces = ((s, e, _is_initial(t, s), ""),)
        elif " " in run or "\t" in run or "\u00a0" in run:
            pieces = _wire_dateline(t, s, e) if s < 3 and _WIRE_ID.match(run) else _pieces(t, s, e)
        else:  # one word holding other characters (an apostrophe, a digit, a dot)
            pe = _strip_possessive(t, s, e)
            if pe <= s or ("'" in run or "’" in run) and _is_stopword(run):
                continue
            pieces = ((s, pe, _is_initial(t, s), ""),)
        if t[e + 1:e + 2] in _DIGITS and t[e] == " " and pieces and pieces[-1][1] == e:
            pieces = _with_model(t, pieces)
        if pron is None and pieces:
            pron = _pronouns(t)
        if s >= 4 and t[s - 2] == "." and t[s - 4:s] == "St. " and pieces and pieces[0][0] == s \
                and (s == 4 or not t[s - 5].isalnum()) and _saint_before(t, s - 4):
            # "St. Louis", "St. Luke's Hospital": Saint opens the name, it is no title of a person
            if occs and occs[-1].start == s - 4:
                occs.pop()
            pieces = [(s - 4, pieces[0][1], pieces[0][2] or _is_initial(t, s - 4), ""), *pieces[1:]]
        for ps, pe, initial, cue in pieces:
            text = t[ps:pe]
            occ = Occ(ps, pe, text, text.casefold(), "name", initial)
            _signals(t, occ, dialogue, pron)
            if cue:
                occ.signals.append(cue)
            occs.append(occ)
    if ("install" in t or "import" in t or " add " in t) and _package_sites(t, occs):
        n_tech = 1
    if n_tech and _cli_tools(t, occs):
        n_tech = 1
    if n_tech and len(occs) > 1:
        occs.sort(key=lambda o: o.start)
    if len(occs) > 1 and ", " in t:
        _place_pairs(t, occs)  # last, after every part: see regex_fallback._emit
    return occs


# a wire-service document number (as extract.trim's), then a word
_WIRE_ID = re.compile(r"(?=(?:\S*\d){5})(?=(?:\S*[A-Z]){2})[A-Z0-9]{8,}(?=\s)")
_DATELINE_TAIL = re.compile(r",[ \t]*([A-Z][\w.]*(?:[ \t][A-Z][\w.]*)?)[ \t]*(?:\(([A-Z][A-Za-z-]+)\)|--|_\s)"
                            r"|[ \t]*\(([A-Z]{2,})\)")
_SOURCE_WORDS = frozenset({"radio", "television", "tv", "network", "service", "agency"})


def _caps_dateline(t: str, s: int, e: int) -> bool:
    """"BANGKOK, Thailand (AP) _", "MEXICO CITY (AP)": a town in capitals opening a news story."""
    if not (s == 0 or t[:s].isspace()) or e - s <= 2 or shapes_acronym(t[s:e]):
        return False
    m = _DATELINE_TAIL.match(t, e)  # the region after a comma must be a known one: "HEY, Mel --" is none
    if m is None or m.group(1) is not None and not gazetteer.in_place_lists(gazetteer.key(m.group(1))):
        return False
    return dateline.credited(t[s:e], m.group(2) or m.group(3), m.group(1))  # not "DEPLOY (PROD) failed"


def shapes_acronym(word: str) -> bool:
    """A listed or short all-caps organisation ("NASA", "FBI") rather than a dateline town."""
    return len(word) <= 4 or gazetteer.key(word) in gazetteer.words("orgs")


def _wire_dateline(t: str, s: int, e: int) -> list[tuple[int, int, bool, str]]:
    """"XQ1203558812 Quito Radio Centro in Spanish": a wire document number (never
    part of a name), the town, then the news source (as extract.trim.split_dateline reads spaCy's
    runs); a run with no known town after the number keeps its other words as one name."""
    words = [(m.start(), m.end()) for m in P.NONSPACE.finditer(t, s, e)][1:]
    for n in (2, 1):
        if len(words) <= n:
            continue
        place = t[words[0][0]:words[n - 1][1]]
        k = place.casefold()
        if not (gazetteer.in_place_lists(k) or n == 2 and place.endswith(" City")
                and gazetteer.in_place_lists(k[:-5])):
            continue
        rest = t[words[n][0]:e]
        if rest.isupper() or t.startswith(" in ", e) or not _SOURCE_WORDS.isdisjoint(rest.casefold().split()):
            town = (words[0][0], words[n - 1][1], True, "dateline_place")
            return [town, (words[n][0], e, False, "dateline_source")]
    return _pieces(t, words[0][0], e) if words else []


_DIGITS = frozenset("0123456789")  # after a run and a space, a model number may follow ("iPhone 15")


def _with_model(t: str, pieces) -> list[tuple[int, int, bool, str]]:
    """The run's last name with the model number after it ("iPhone 15", "Volvo 240"), when any."""
    *rest, (ps, pe, ini, cue) = pieces
    return [*rest, (ps, model_number.model_end(t, ps, pe), ini, cue)]


def _place_pairs(t: str, occs: list[Occ]) -> None:
    """"Marietta, Ohio", "Portland, Ore.", "Lyon, France": a town and the state or country
    holding it, also as one name (news cites towns that way), cued ``place_pair`` as spaCy's
    extract.phrases.place_pairs does; its parts stay names. Not a list ("Ohio, Iowa and
    Texas", "Paris, France and Spain") nor a given name before the comma ("Thanks, Jo")."""
    regions = _REGIONS
    for k in range(len(occs) - 1):
        a = occs[k]
        if not t.startswith(", ", a.end):
            continue
        b = occs[k + 1]
        if b.start != a.end + 2 or a.kind != "name" or b.kind != "name":
            continue
        abbrev = b.end < len(t) and t[b.end] == "." and b.end - b.start <= 5
        if not (b.key + "." in regions if abbrev else b.key in regions) or a.key in regions \
                or gazetteer.is_plain_given_name(a.text) or not abbrev and not _town_shaped(t, a):
            continue  # ("Azusa, Calif.", "EAST LANSING, Mich.": a newspaper's state, a town's pair)
        end = b.end + 1 if abbrev else b.end
        if not abbrev and (t.startswith((" and ", " or ", ", and ", ", or "), end)
                           or gazetteer.is_given_name(b.text) and _clause_after(t, end)):
            continue  # "Paris, France and Spain": a list; "..., Georgia will pair": a person
        text = t[a.start:end]
        occs.append(Occ(a.start, end, text, text.casefold(), "name", a.initial, ["place_pair"]))


def _town_shaped(t: str, a: Occ) -> bool:
    """The name before a comma can be a town: not a list's item ("A, B, G, Ohio"), a letter, a word
    in capitals but a dateline's, nor a person's full name ("Gave it to Ana Ruiz, Georgia checks
    it") unless a list knows it or it ends in a town's word ("Marion Falls")."""
    if a.end - a.start < 2 or t.startswith(", ", a.start - 2):
        return False
    if a.text.isupper() and "dateline_place" not in a.signals:
        return False  # "HOTFIX, Georgia -- review it": shouting, no dateline (_caps_dateline)
    first, _, last = a.text.partition(" ")
    return not last or not gazetteer.is_given_name(first) or last.rsplit(" ", 1)[-1] in _TOWN_LAST \
        or gazetteer.in_place_lists(a.key)


# Last words of towns that open with a given name ("Morgan City", "Carson City")
_TOWN_LAST = frozenset("City Springs Beach Falls Heights Park Hills Valley Harbor Bay Lake Creek Port "
                       "Point Village Junction County Township".split())


_PAIR_CLOSERS = frozenset("in on at for near by with to from since until before after this that last next "
                          "yesterday today tonight where when".split())


def _clause_after(t: str, end: int) -> bool:
    """A lowercase word after a pair's region that goes on a clause ("Jordan finally fixed it"),
    not a preposition or a time ("Atlanta, Georgia last year"): the region is someone's name."""
    m = _NEXT_WORD.match(t, end)
    return m is not None and m.group(1).islower() and m.group(1) not in _PAIR_CLOSERS


# Countries, US states (and their newspaper abbreviations: "ore.", "n.c.") and provinces: the part
# of data/places.txt before its cities, which can follow a town after a comma (read at import, as
# the patterns are compiled: every rebuild of a store with a comma between two names needs it)
_REGIONS = datafile.entries("places", "# major cities")


def _package_sites(t: str, occs: list[Occ]) -> bool:
    """Lowercase package names at "pip install x" / "import x" sites (not already a token)."""
    taken = {o.start for o in occs}
    found = False
    for m in P.PACKAGE_SITE.finditer(t):
        group = m.lastgroup or ""
        s, e = m.span(group)
        if s in taken or t[s:e] in W.STOPWORDS:
            continue
        occs.append(Occ(s, e, t[s:e], t[s:e].casefold(), "lower", False,
                        ["cmd:install" if group == "inst" else "imported"]))
        found = True
    return found


@functools.cache
def _cli_tool_rx() -> re.Pattern:
    from soulgraph.classify import gazetteer

    names = sorted(gazetteer.words("cli_tools"), key=len, reverse=True)
    return re.compile(rf"(?<![\w.\-/@#$])(?:{'|'.join(map(re.escape, names))})(?![\w\-/@]|\.\w)")


def _cli_tools(t: str, occs: list[Occ]) -> bool:
    """Known command-line tools in lowercase ("migrate to uv", "with sed") in technical text
    (as the spaCy extractor's ``cli_tool``); ``t`` already holds a technical token."""
    from soulgraph.classify import corpus

    if not corpus.is_technical(t):
        return False
    found = False
    for m in _free_matches(_cli_tool_rx(), t, occs):
        # kind "tech", not "lower": lowercase names are looked for store-wide, and "bash" in a
        # chat is a party
        occs.append(Occ(m.start(), m.end(), m.group(), m.group(), "tech", False, ["cli_tool"]))
        found = True
    return found


def _free_matches(rx: re.Pattern, t: str, occs: list[Occ]) -> list[re.Match]:
    """Matches of ``rx`` in ``t`` that overlap none of the occurrences already found."""
    taken = [(o.start, o.end) for o in occs]
    return [m for m in rx.finditer(t) if not any(a < m.end() and m.start() < b for a, b in taken)]


def rescan_lower(t: str, rx, occs: list[Occ]) -> list[Occ]:
    """Other mentions of known lowercase package names in ``t`` (pass 2 asks once per segment)."""
    new = []
    for m in _free_matches(rx, t, occs):
        s, e = m.span()
        occ = Occ(s, e, m.group(), m.group().casefold(), "lower", _is_initial(t, s))
        _project_signals(t, occ)
        new.append(occ)
    return new


def _pronoun_near(t: str, s: int, e: int, found: tuple[list[int], list[int]] | None = None) -> bool:
    """A whole-word he/she/him/her/his... within the window around [s, e) (never inside the name).

    What ``P.PRONOUN.search(t, pos, end)`` finds, read from ``found`` (``_pronouns(t)``: one
    scan of the segment, not one per name): the pronouns of the whole text inside the window,
    or the one a window end cuts out of a longer word ("she" of "shelter": ``endpos`` ends the
    string there, so ``\b`` holds)."""
    pos = s - PRONOUN_BEFORE if s > PRONOUN_BEFORE else 0
    end = e + PRONOUN_AFTER
    starts, ends = found if found is not None else _pronouns(t)
    i = bisect_left(starts, pos)
    if i < len(starts) and ends[i] <= end:
        return True  # (matches never overlap: the first one from pos ends first)
    if end >= len(t) or t[end - 1] not in _PRONOUN_ENDS or not _isw(t[end]):
        return False  # (no word cut, or the cut one ends in no pronoun's last letter)
    k = end - 1  # the window's end cuts a word: where it starts (a match opens a word)
    while k > 0 and _isw(t[k - 1]) and end - k < 8:
        k -= 1
    if k < pos or end - k >= 8 or (k > 0 and _isw(t[k - 1])):
        return False  # it starts before the window, or is longer than any pronoun
    return P.PRONOUN_WORD.fullmatch(t, k, end) is not None and t[k:end].lower() in W.PERSON_PRONOUNS


def _pronouns(t: str) -> tuple[list[int], list[int]]:
    """(starts, ends) of the person pronouns of ``t`` (``P.PRONOUN`` matches that are one:
    ``W.PERSON_PRONOUNS``; a match of either is a whole word, so the words ``P.PRONOUN`` also
    matched hide no pronoun), found at their "h" / "H" by two literal-first scans."""
    starts: list[int] = []
    ends: list[int] = []
    for m in P.PRONOUN_AT_LOWER_H.finditer(t):  # (the person pronouns, at their "h")
        at = m.start()
        starts.append(at - 1 if at and t[at - 1] in "sS" else at)  # "she": from its "s"
        ends.append(m.end())
    upper = [m.span() for m in P.PRONOUN_AT_UPPER_H.finditer(t)] if "H" in t else None
    if upper:  # ("He", "Her" ...: merged by start, as one scan finds them)
        spans = sorted([*zip(starts, ends, strict=True), *upper])
        starts = [a for a, _ in spans]
        ends = [b for _, b in spans]
    return starts, ends


_AFTER_OPENS = frozenset(" \t<=>~")  # the first characters P.AFTER can match
_PRONOUN_ENDS = frozenset("emrsf")  # the last letters of P.PRONOUN_WORD's matches


def _isw(c: str) -> bool:  # what \w matches
    return c.isalnum() or c == "_"


def _tech_tokens(t: str, occs: list[Occ], blocked: list[tuple[int, int]]) -> None:
    """Classify each whitespace chunk holding a trigger character; record kept tokens and blocks."""
    covered = 0
    n = len(t)
    for m in P.TRIGGER.finditer(t):
        i = m.start()
        if i < covered:
            continue
        if t[i] == "`":
            j = t.find("`", i + 1)
            nl = t.find("\n", i + 1)
            if j > 0 and (nl < 0 or j < nl):
                blocked.append((i, j + 1))
                covered = j + 1
            continue
        lo = i - MAX_CHUNK if i > MAX_CHUNK else 0  # bounded backward search (linear overall)
        s = max(t.rfind(" ", lo, i), t.rfind("\n", lo, i), t.rfind("\t", lo, i), lo - 1) + 1
        ws = P.WS.search(t, i)
        e = ws.start() if ws else n
        covered = e
        if e - s > MAX_CHUNK:  # minified code, base64, a URL wall: no names in there
            blocked.append((s, e))
            continue
        while s < e and t[s] in P.CHUNK_LEAD:
            s += 1
        while e > s and t[e - 1] in P.CHUNK_TRAIL and t[e - 2:e] != "()":
            e -= 1
        if e <= s:
            continue
        kind = _chunk_kind(t[s:e])
        if kind is None:
            continue
        if kind == "pin":  # "ruff>=0.4": the package name is the mention
            pin = P.PIN.match(t, s)
            if pin is not None:
                ne = pin.end("name")
                occs.append(Occ(s, ne, t[s:ne], t[s:ne].casefold(), "lower", False, ["versioned"]))
            blocked.append((s, e))
            continue
        if kind == "issue_ref":
            pre = P.ISSUE_PREFIX.search(t, max(0, s - 16), s)
            if pre is not None:
                s = pre.start()
        blocked.append((s, e))
        if kind != "block":
            text = t[s:e]
            occ = Occ(s, e, text, text.casefold(), kind, _is_initial(t, s))
            if kind in ("hyphenated", "tech"):
                _project_signals(t, occ)
            occs.append(occ)


def _chunk_kind(c: str) -> str | None:
    """The tech kind of a chunk, "block" for code/URLs (no names inside), None for plain words."""
    if "://" in c:
        return "block"
    if "#" in c:
        if P.ISSUE.fullmatch(c):
            return "issue_ref"
        return "tech" if P.LANG.fullmatch(c) else "block"
    if c[0] == "@":
        return "handle" if P.HANDLE.fullmatch(c) else "block"
    if "/" in c:
        return "path" if _is_doc_path(c) else "block"
    if "+" in c:
        return "tech" if P.LANG.fullmatch(c) else "block"
    if P.TECHDOT.fullmatch(c):
        return "tech"
    if P.FILE.fullmatch(c):
        return "file"
    if "=" in c:
        return "pin" if P.PIN.match(c) else "block"
    if ":" in c:
        return "tech" if P.MODEL_TAG.fullmatch(c) else None
    if P.HYPHEN_LOWER.fullmatch(c):
        return "hyphenated"
    if "_" in c or "." in c or "(" in c:
        return "block"
    return None


def _is_doc_path(p: str) -> bool:
    """A slash token names a file or folder (not "and/or", "p50/p95", "backends/chroma")."""
    if p.startswith(("~", "/", "./", "../")) or p.endswith("/") or "*" in p or "<" in p:
        return not p.startswith("//") and any(c.isalpha() for c in p)
    last = p.rsplit("/", 1)[-1]
    return "." in last and last.rsplit(".", 1)[-1].lower() in P.FILE_EXTENSIONS


def _is_initial(t: str, s: int) -> bool:
    """True when position ``s`` opens a sentence, bullet or segment (quotes and bullets skipped).

    A line break after a word that does not end a sentence is a soft wrap
    ("file lock (fcntl on\nUnix, ...)"): the next line does not open a sentence.
    """
    i = s - 1
    skip = P.OPENER_SKIP
    while i >= 0 and t[i] in skip:
        i -= 1
    if i < 0:
        return True
    c = t[i]
    if c == "\n" or c == "\r":
        if any(ch in P.BULLETS for ch in t[i + 1:s]):
            return True
        while i >= 0 and t[i] in " \t\r\n":
            if t[i] == "\n" and i > 0 and t[i - 1] in "\r\n":
                return True  # blank line: a new paragraph
            i -= 1
        return i < 0 or t[i] in P.SENT_END_CHARS
    if c == "." and i >= 2:
        j = i
        while j > 0 and t[j - 1].isalpha():
            j -= 1
        if t[j:i] in W.TITLES:
            return False  # "Dr. Smith": the period closes a title, not a sentence
    return c in P.SENT_END_CHARS or (c.isdigit() and i + 1 < s and t[i + 1] in ".)")


def _pieces(t: str, s: int, e: int) -> list[tuple[int, int, bool, str]]:
    """Split a multi-word capitalised run into names: drop stopwords, openers, possessive 's.

    The split reads only the run's own words and whether it opens a sentence, but for a possessive
    's, whose keeping reads the word after it (``_owns_s``): any other run is split once per
    distinct (run, initial) and the split's pieces shifted to where the run stands ("Hey John",
    "Hey Nate" open a third of the turns of a chat log)."""
    initial = _is_initial(t, s)
    run = t[s:e]
    if "'" in run or "’" in run:
        return _split_run(t, s, e, initial)
    return [(s + ps, s + pe, ini, cue) for ps, pe, ini, cue in _run_pieces(run, initial)]


@functools.lru_cache(maxsize=4096)
def _run_pieces(run: str, initial: bool) -> tuple[tuple[int, int, bool, str], ...]:
    """``_split_run`` of a run without an apostrophe, read alone (offsets from its start)."""
    return tuple(_split_run(run, 0, len(run), initial))


def _split_run(t: str, s: int, e: int, initial: bool) -> list[tuple[int, int, bool, str]]:
    """``_pieces`` of the run t[s:e], which opens a sentence when ``initial``."""
    words = [(m.start(), m.end()) for m in P.NONSPACE.finditer(t, s, e)]
    if len(words) > MAX_NAME_WORDS + 2:  # a Title Case Heading, not names
        return []
    out: list[tuple[int, int, bool, str]] = []
    cur: list[tuple[int, int]] = []
    cue = ""
    first = True

    def flush() -> None:
        nonlocal cur, first, cue
        while cur and (t[cur[-1][0]:cur[-1][1]] in W.CONNECTORS or cur[-1][1] - cur[-1][0] == 2
                       and t[cur[-1][1] - 1] == "."):
            cur.pop()  # no trailing connector ("of") or middle initial ("F.")
        if len(cur) > MAX_NAME_WORDS:  # a Title Case Heading, not a name
            cur = []
        if cur:
            if first and initial and len(cur) > 1 and (_is_opener(t[cur[0][0]:cur[0][1]])
                                                        and not W.opens_term(t[cur[0][0]:cur[0][1]],
                                                                             t[cur[1][0]:cur[1][1]]) or
                                                        _imperative_before_person(t[cur[0][0]:cur[0][1]],
                                                                                  t[cur[1][0]:cur[1][1]])):
                cur = cur[1:]
                out.append((cur[0][0], cur[-1][1], False, cue))
            else:
                out.append((cur[0][0], cur[-1][1], first and initial and cur[0][0] == s, cue))
            cue = ""
        cur = []
        first = False

    of_title = 0  # 1: a title just ended the name so far; 2: "of" came after it
    skip_to = 0  # words before this index belong to the title's organisation
    corp = False  # the last title is a company officer's ("CEO", "VP"): its "of" names a company
    for i, (ws, we) in enumerate(words):
        if i < skip_to:
            continue
        w = t[ws:we]
        lw = w.casefold()
        if lw in W.CONNECTORS and w.islower():
            if cur and lw == "of" and _person_of(t, cur, words, i):
                flush()  # "Maria Gonzalez of Albuquerque": a person, then where they are from
            elif cur:
                cur.append((ws, we))
            elif of_title == 1 and lw == "of":
                of_title = 2
                k = _title_body_end(t, words, i + 1, corp)
                if k:  # "President of Acme Corp Jane Ng": the body, then the person
                    body = t[words[i + 1][0]:words[k - 1][1]]
                    # not "VP of (Global) Sales"
                    if not (corp and body.casefold().split()[-1] in _DEPARTMENTS):
                        out.append((words[i + 1][0], words[k - 1][1], False, ""))
                    skip_to, of_title = k, 0
                    if k == len(words):
                        cue = ""  # "CEO of Globex": no person named after it
            continue
        if _is_stopword(w) and not (i + 1 < len(words)
                                    and W.opens_term(w, t[words[i + 1][0]:words[i + 1][1]])):
            flush()
            of_title = 0
            continue
        corp = lw in _CORP_TITLES and w.isupper()  # "Acme CEO Jane Doe", "CTO of Plaid"
        if (corp or lw == "director") and lw not in W.ROLE_TITLES and not _person_after(t, words, i + 1):
            corp = False  # "The CEO Summit", "CFO Magazine": the title names no one here
        elif (corp or lw in W.ROLE_TITLES or lw == "director" or (
                lw in W.NAMED_ROLES and _named_after(t, words, i + 1))) and we < e \
                and not _titled_brand(t, words, i):
            flush()
            cue, of_title = f"title:{lw}", 1
            continue
        if of_title == 2:  # "Secretary of State James Baker": the title's own "of State"
            of_title = 0
            continue
        of_title = 0
        if we - ws > 3 and t[we - 1] == "s" and t[we - 2] in "'’" and i + 1 < len(words) \
                and (len(cur) >= 1 and gazetteer.is_plain_given_name(t[cur[0][0]:cur[0][1]])
                     or (gazetteer.is_given_name(t[words[i + 1][0]:words[i + 1][1]])
                         or _owner_before_name(t, ws, we, words[i + 1]))
                     and i + 2 < len(words) and t[words[i + 2][0]:words[i + 2][0] + 1].isupper()) \
                and not gazetteer.is_shop_word(t[words[i + 1][0]:words[i + 1][1]]):
            cur.append((ws, we - 2))  # "Tesla's Elon Musk", "Justin Trudeau's Liberal Party": two names
            flush()
            continue
        cur.append((ws, we))
    flush()
    if out:
        ps, pe, ini, c = out[-1]
        out[-1] = (ps, _strip_possessive(t, ps, pe), ini, c)
    return [p for p in out if p[1] > p[0]]


_CORP_TITLES = frozenset("ceo cto cfo coo cio cmo cpo cso vp svp evp".split())


def _person_of(t: str, cur: list[tuple[int, int]], words: list[tuple[int, int]], i: int) -> bool:
    """"Brian Hall of Miami": a given name and a surname before "of" and a capitalised word after
    it are a person and their town (as extract.trim.split_person_of reads spaCy's runs); "Bank of
    America", "Catherine of Aragon" and "University of Nigeria" stay whole."""
    return len(cur) >= 2 and i + 1 < len(words) and t[words[i + 1][0]].isupper() \
        and t[cur[0][0]].isupper() and gazetteer.is_given_name(t[cur[0][0]:cur[0][1]]) \
        and t[cur[-1][0]].isupper()


def _titled_brand(t: str, words: list[tuple[int, int]], i: int) -> bool:
    """"Captain Morgan": a title and the word after it are a listed brand's name, not a person's
    (not "Captain Morgan Freeman": a capitalised word after them is a name's)."""
    if i + 1 >= len(words) or gazetteer.key(t[words[i][0]:words[i + 1][1]]) not in gazetteer.words("marques"):
        return False
    return not (i + 2 < len(words) and t[words[i + 2][0]:words[i + 2][0] + 1].isupper()
                and t[words[i + 1][1]:words[i + 2][0]].isspace()
                and gazetteer.is_surname_word(t[words[i + 2][0]:words[i + 2][1]]))


def _owner_before_name(t: str, ws: int, we: int, nxt: tuple[int, int]) -> bool:
    """"Tesla's Elon Musk", "Zambia's Kafue River": a listed organisation's or place's possessive
    before a capitalised word that is no title ("China's Premier Li Peng" keeps its title's split)."""
    w = t[nxt[0]:nxt[1]]
    return w[:1].isupper() and w.casefold() not in W.ROLE_TITLES and w.casefold() not in _CORP_TITLES \
        and w.casefold() not in W.NAMED_ROLES and gazetteer.is_known_body(t[ws:we - 2]) \
        and not _verb_only(w)


def _verb_only(w: str) -> bool:
    """A word the dictionary knows only as a verb ("Got"): it goes on the owner's title ("America's
    Got Talent", "Britain's Got Talent"), it opens no name of its own ("Russia's Foreign Ministry",
    "Tennessee's Brushy Mountain State Prison" still split: adjectives open names)."""
    from soulgraph.extract import lexicon  # noqa: PLC0415 - read only at a listed owner's possessive

    return lexicon.pos_of(w) == {"verb"}
# a company's own units: "VP of Engineering" heads one, it names no company
_DEPARTMENTS = frozenset("""engineering sales marketing product products operations finance hr design research
legal support growth data infrastructure platform people security it communications partnerships strategy
technology business development""".split())


def _saint_before(t: str, i: int) -> bool:
    """"St." at ``i`` opens a name ("to St. Louis"), not closes a street's ("Main St. Bob said")."""
    prev = t[max(0, i - 30):i].split()
    if prev and prev[-1][:1].isdigit():
        return False  # "on 5th St. Mary brought cookies": a numbered street
    return not prev or not prev[-1][:1].isupper() or prev[-1][-1:] in ".!?"


def _person_after(t: str, words: list[tuple[int, int]], i: int) -> bool:
    """After a company officer's title: its "of" body, a given name, or two capitalised
    words ("Acme CEO Jane Doe", "VP of Sales Tom Reed"), not "CEO Summit", "CFO Magazine"."""
    rest = [t[ws:we] for ws, we in words[i:]]
    if not rest:
        return False
    if rest[0].casefold() == "of" or gazetteer.is_given_name(rest[0]):
        return True
    caps = 0
    for w in rest:
        if not w[:1].isupper() or _is_stopword(w):
            break
        caps += 1
    return caps >= 2


def _named_after(t: str, words: list[tuple[int, int]], i: int) -> bool:
    """A role word placed before a name ("Actor Tom Hanks", "Chief Justice John Roberts"): a given
    name or another title follows, not "Author Services", "Inspector Gadget"."""
    if i >= len(words):
        return False
    k = i  # the name after the role word: its capitalised words up to a connector
    while k + 1 < len(words) and t[words[k + 1][0]].isupper() \
            and not _is_stopword(t[words[k + 1][0]:words[k + 1][1]]):
        k += 1
    last = t[words[k][0]:words[k][1]].casefold()
    if last in gazetteer.words("places_suffix") or last in gazetteer.words("orgs_suffix"):
        return False  # "General Lee Avenue", "General Mills Inc": the run names a place or a firm
    w = t[words[i][0]:words[i][1]]
    if gazetteer.is_plain_given_name(w) or w.casefold() in W.NAMED_ROLES or w.casefold() in W.ROLE_TITLES:
        return True
    # a given name that is also a word ("Sally", "Will") when a capitalised surname follows
    return i + 1 < len(words) and t[words[i + 1][0]].isupper() and gazetteer.is_given_name(w)


def _title_body_end(t: str, words: list[tuple[int, int]], i: int, corp: bool = False) -> int:
    """After "President of": the index where the person's name starts when the body named
    before it has two or more words and ends in an organisation word ("Acme Corp Jane Ng"),
    else 0 ("Secretary of State James Baker" skips its one word as before). After a company
    officer's title the body is a company: up to a given name ("CTO of Plaid", "VP of Sales
    Tom Reed"), or to the end of the run."""
    if corp:
        for k in range(i + 1, len(words)):
            if gazetteer.is_given_name(t[words[k][0]:words[k][1]]):
                return k
        return len(words) if i < len(words) else 0
    for k in range(i + 1, min(i + 5, len(words) - 1)):
        last = t[words[k][0]:words[k][1]]
        if not last[:1].isupper():
            return 0
        if last.casefold() in gazetteer.words("orgs_suffix"):
            nxt = t[words[k + 1][0]:words[k + 1][1]]
            return k + 1 if nxt[:1].isupper() and not _is_stopword(nxt) else 0
    return 0


def _is_stopword(word: str) -> bool:
    """A stopword, or a contraction of one ("I'll", "It's"), or any negation ("Don't")."""
    lw = word.casefold()
    if lw in W.STOPWORDS:
        return True
    for q in "'’":
        if q in lw:
            base, _, suffix = lw.partition(q)
            return suffix == "t" or (suffix in W.CONTRACTION_SUFFIXES and base in W.STOPWORDS)
    return False


def _is_opener(word: str) -> bool:
    """An ordinary word glued before a name at a sentence start ("Visiting Paris", "Lately Jo")."""
    return word.casefold().endswith(_OPENER_SUFFIXES) and len(word) > 4


def _imperative_before_person(verb: str, name: str) -> bool:
    """"Call Mom", "Ask Priya about it": a request's verb before a given name or a kin word
    ("Book Club", "Help Desk" keep their first word)."""
    v = verb.casefold()
    return (v in W.IMPERATIVES or v in W.PAST_BEFORE_NAME) and (name.casefold() in W.KIN_NAMES
                                                                 or gazetteer.is_given_name(name))


def _strip_possessive(t: str, s: int, e: int) -> int:
    if e - s > 2 and t[e - 2] in "'’" and t[e - 1] in "sS" and not _owns_s(t, s, e):
        return e - 2
    return e


def _owns_s(t: str, s: int, e: int) -> bool:
    """"Trader Joe's", "McDonald's": the "'s" ending t[s:e] is the name's own (extract.possessive)."""
    m = _NEXT_WORD.match(t, e)
    return possessive.keeps_s(t[s:e - 2], m.group(1) if m else "")


_NEXT_WORD = re.compile(r"[ \t]+([A-Za-z]+)")


def _word_before(t: str, i: int) -> tuple[int, str]:
    """(start, raw word) of the word ending at index ``i`` (inclusive), on the same line."""
    lo = i - 40 if i > 40 else 0  # bounded: a long run without spaces must not cost O(n) per name
    j = i - 1  # back to the last blank in t[lo:i] (a word is a few characters: a step each costs
    while j >= lo and t[j] not in " \n\t":  # less than one of three rfind calls with bounds)
        j -= 1
    return j + 1, t[j + 1:i + 1]


def _prev_words(t: str, s: int) -> tuple[str, int, str]:
    """The lowercased word before ``s`` on the same line, where it starts, and the gap text.

    Empty when a line or sentence ends in between; ``title:<w>`` after "Dr." and the like.
    """
    i = s - 1
    while i >= 0 and t[i] in " \t,":
        i -= 1
    if i < 0 or t[i] == "\n" or i == s - 1:
        return "", -1, ""
    ws, raw = _word_before(t, i)
    if raw[-1] in ".!?;:":
        if raw[:-1] in W.TITLES:
            return f"title:{raw[:-1].lower()}", ws, t[i + 1:s]  # "Dr. Smith"
        return "", -1, ""  # a sentence ended between that word and the name
    return raw.strip(_PUNCT).lower(), ws, t[i + 1:s]


def _second_word(t: str, ws: int) -> str:
    """The lowercased word before the word starting at ``ws`` (same line), or ""."""
    i = ws - 1
    while i >= 0 and t[i] in " \t":
        i -= 1
    if i < 0 or t[i] == "\n" or i == ws - 1:
        return ""
    return _word_before(t, i)[1].strip(_PUNCT).lower()


_NEEDS_W2 = frozenset({"you", "the", "our", "my", "morning", "night", "luck", "there", "done"}
                      | W.INSTALL_VERBS)


def _signals(t: str, occ: Occ, dialogue: bool, pron: tuple[list[int], list[int]] | None = None) -> None:
    """Read the person / project / place signals around one name occurrence (``pron``: the
    segment's ``_pronouns``, when the caller has them)."""
    sig = occ.signals
    s, e = occ.start, occ.end
    w1, ws, gap = _prev_words(t, s) if s else _NO_WORDS
    w2 = _second_word(t, ws) if w1 in _NEEDS_W2 else ""
    addressed = False
    if w1:
        if w1[0] == "t" and w1.startswith("title:"):
            sig.append(w1)
        elif w1 in W.ADDRESS_WORDS or (w2, w1) in W.ADDRESS_PAIRS:
            sig.append("addressed")
            addressed = True
        elif w1 in W.PREPOSITIONS and "," not in gap:
            sig.append(f"prep:{w1}")
        elif w1 in W.PROJECT_VERBS or (w1 in ("the", "our", "my") and w2 in W.PROJECT_VERBS):
            sig.append(f"project_verb:{w1 if w1 in W.PROJECT_VERBS else w2}")
        elif w1 in W.INSTALL_VERBS and w2 in W.INSTALLERS:
            sig.append("cmd:install")
        elif w1 == "import":
            sig.append("imported")
    if dialogue and occ.initial and not addressed and e < len(t) and t[e] == "," and not occ.text.endswith(
            _OPENER_SUFFIXES):
        sig.append("addressed")  # "Caroline, awesome news!" (vocative at the start of a turn)
        occ.vocative = addressed = True
    # (every branch of P.AFTER opens with a blank, "<", "=", ">" or "~": not after "Mel!")
    m = P.AFTER.match(t, e) if e < len(t) and t[e] in _AFTER_OPENS else None
    if m is not None:
        if m.lastgroup == "email":
            sig.append("email")
        elif m.lastgroup == "version":
            sig.append("versioned")
        else:
            word = m.group("word")
            if word in W.PERSON_VERBS and not addressed:
                if P.QUOTE_END.search(t, max(0, s - 4), s):
                    sig.append("dialogue")
                else:
                    sig.append(f"verb:{word}")
            elif word == "import" and w1 == "from":
                sig.append("imported")
    if e + 1 < len(t) and t[e] in "'’" and t[e + 1] in "sS":
        sig.append("poss")
    if _pronoun_near(t, s, e, pron):
        sig.append("pronoun")
    if occ.initial:
        sig.append("sentence_initial")


def _project_signals(t: str, occ: Occ) -> None:
    """Project signals for a tech token: installed, imported, versioned."""
    w1, ws, _gap = _prev_words(t, occ.start) if occ.start else _NO_WORDS
    w2 = _second_word(t, ws) if w1 in W.INSTALL_VERBS else ""
    if w1 in W.INSTALL_VERBS and w2 in W.INSTALLERS:
        occ.signals.append("cmd:install")
    elif w1 == "import":
        occ.signals.append("imported")
    elif w1 in W.PROJECT_VERBS:
        occ.signals.append(f"project_verb:{w1}")
    m = P.AFTER.match(t, occ.end)
    if m is not None and m.lastgroup == "version":
        occ.signals.append("versioned")

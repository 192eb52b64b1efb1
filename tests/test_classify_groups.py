"""``classify.collect`` groups a name's mentions that vote alike and tallies each group once with
its count, the groups in the order of their last mention. The grouped tally must hold what the
plain one holds: every mention tallied on its own, in mention order (Tally.kinds keeps the last
kind seen for a label, so the order of the groups matters; the order the labels are first seen
in is the groups', as it always was)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import soulgraph.classify as C
from soulgraph.classify import corpus
from soulgraph.models import Mention

NAME = "Odalys"
# (text, extractor, speaker) around one mention of NAME; none opens with a clause word, so a
# mention's own group (the reference) reads its votes exactly as a shared group does
_TEMPLATES = [
    ("Odalys said the tiles were late.", "regex", None),
    ("We met Odalys at the market on Friday.", "regex", None),
    ("I bought Odalys a lamp for the hallway.", "regex", "Bram"),
    ("Odalys: see you at noon then.", "speaker", "Odalys"),
    ('"Odalys" is the song I keep playing on repeat.', "regex", None),
    ("My dog Odalys chewed the rug again.", "regex", None),
    ("Hey Odalys, did you call the plumber?", "regex", "Bram"),
    ("The Odalys festival opens in June.", "regex", None),
    ("She thinks Odalys will move to Porto.", "regex", None),
]
_CUES = [[], ["regex:person"], ["regex:concept", "shape:"], ["speaker", "speaker:user"], ["speaker:agent"]]


def _mention(i: int, template: int, cues: int) -> tuple[Mention, str]:
    text, extractor, speaker = _TEMPLATES[template]
    start = text.index(NAME)
    cue = list(_CUES[cues]) if extractor != "speaker" else ["speaker", "speaker:user"]
    return Mention(f"m{i}", start, start + len(NAME), NAME, 0, len(text), extractor, speaker, cue), text


def _fields(tally) -> tuple:
    return (tally.mentions, dict(tally.counts), tally.weights, tally.kinds, dict(tally.forbidden),
            dict(tally.forbid_why), tally.quoted)


def _tally(picks: list[tuple[int, int]], plain: bool = False) -> tuple:
    pairs = [_mention(i, t, c) for i, (t, c) in enumerate(picks)]
    mentions = [m for m, _ in pairs]
    texts = {m.memory_id: text for m, text in pairs}
    stats = corpus.store_stats(texts)
    if not plain:
        return _fields(C.collect(NAME, mentions, texts, stats))
    has_appos = C._has_appos
    C._has_appos = lambda cue_t: True  # every mention a group of its own: no grouping at all
    try:
        return _fields(C.collect(NAME, mentions, texts, stats))
    finally:
        C._has_appos = has_appos


def _alike(pick: tuple[int, int]) -> tuple[int, int]:
    """Picks whose mentions vote alike (one group): a speaker prefix's cues are its own."""
    return (pick[0], 3) if _TEMPLATES[pick[0]][1] == "speaker" else pick


def _by_last_mention(picks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The mentions in the order collect tallies its groups: each group's mentions together, the
    groups in the order of their last mention."""
    keys = list(map(_alike, picks))
    last = {k: i for i, k in enumerate(keys)}
    return [p for k in sorted(last, key=last.__getitem__) for p, pk in zip(picks, keys, strict=True)
            if pk == k]


_PICKS = st.lists(st.tuples(st.integers(0, len(_TEMPLATES) - 1), st.integers(0, len(_CUES) - 1)),
                  min_size=1, max_size=14)


@settings(max_examples=150, deadline=None)
@given(_PICKS)
def test_grouped_tally_equals_plain_tally(picks):
    grouped = _tally(picks)
    assert grouped == _tally(picks, plain=True)  # (dicts: equal whatever their order)
    # ... and the labels are first seen in the groups' order, by their last mention
    ordered = _tally(_by_last_mention(picks), plain=True)
    assert [list(d) for d in grouped[1:6]] == [list(d) for d in ordered[1:6]]


def test_groups_interleaved_keep_the_last_mentions_order():
    # A B A: the first group's last mention comes after the second group's
    picks = [(1, 1), (0, 0), (1, 1), (3, 3), (0, 0), (5, 2), (1, 1)]
    grouped = _tally(picks)
    assert grouped == _tally(picks, plain=True)
    assert grouped[0] == len(picks)
    assert list(grouped[1]) == list(_tally(_by_last_mention(picks), plain=True)[1])
    assert list(grouped[1]) != list(_tally(picks, plain=True)[1])  # (mention order differs here)

"""Entity resolution: each merge rule and each guard, plus order independence."""

from __future__ import annotations

import random

from soulgraph import resolve
from soulgraph.models import Mention
from soulgraph.registry import Pin, Registry


def M(text: str, mid: str = "m1", start: int = 0, *, initial: bool = False) -> Mention:
    return Mention(memory_id=mid, start=start, end=start + len(text), text=text, sent_start=0,
                   sent_end=start + len(text), extractor="spacy", sentence_initial=initial)


def groups(mentions, types=None, registry=None) -> dict[str, set[str]]:
    reg = registry or Registry()
    cs = resolve.cluster(mentions, reg)
    cs = resolve.refine(cs, {c.key: (types or {}).get(c.key, "concept") for c in cs}, reg)
    return {c.key: {m.text for m in c.mentions} for c in cs}


def test_variants_share_one_key():
    got = groups([M("soul-protocol"), M("Soul Protocol", start=20), M("soul_protocol", start=40),
                  M("the Soul Protocol", start=60), M("SOUL PROTOCOL", start=80)])
    assert list(got) == ["soul protocol"]
    assert resolve.normalize("Ed Sheeran's") == resolve.normalize("Ed Sheeran") == "ed sheeran"


def test_display_name_leaves_the_full_stop_when_the_name_is_also_written_without():
    """spaCy keeps "Corp." whole at a sentence end, so "Acme Corp." was shown though the user
    also wrote "Acme Corp" (the commoner spelling only by the count of sentence ends)."""
    (c,) = resolve.cluster([M("Acme Corp."), M("Acme Corp.", "m2"), M("Acme Corp", "m3")], Registry())
    assert c.name == "Acme Corp" and c.aliases == ["Acme Corp."]
    (c,) = resolve.cluster([M("Acme Corp."), M("Acme Corp.", "m2")], Registry())
    assert c.name == "Acme Corp."  # the only spelling: kept as written


def test_compact_form_merges_camel_and_spaced():
    got = groups([M("SoulProtocol"), M("Soul Protocol", start=20)])
    assert got == {"soul protocol": {"SoulProtocol", "Soul Protocol"}}


def test_cluster_lists_aliases_and_merged_from():
    cs = resolve.refine(resolve.cluster([M("Sarah"), M("Sarah Chen", start=10), M("sarah chen", start=30)],
                                        Registry()),
                        {"sarah": "person", "sarah chen": "person"}, Registry())
    (c,) = cs
    assert c.key == "sarah chen" and c.name in ("Sarah Chen", "sarah chen")
    assert "Sarah" in c.aliases and c.merged_from == ["sarah"]


def test_short_form_extends_only_when_unambiguous():
    types = {"sarah": "person", "sarah chen": "person", "sarah lee": "person"}
    assert "sarah" in groups([M("Sarah"), M("Sarah Chen", start=10), M("Sarah Lee", start=30)], types)
    got = groups([M("Sarah"), M("Sarah Chen", start=10)], types)
    assert got == {"sarah chen": {"Sarah", "Sarah Chen"}}


def test_short_form_needs_compatible_types():
    types = {"python": "tool", "python software foundation": "org"}
    got = groups([M("Python"), M("Python Software Foundation", start=10)], types)
    assert set(got) == {"python", "python software foundation"}


def test_short_form_org_only_through_org_suffix():
    types = {"acme": "org", "acme corp": "org", "texas": "place", "texas theater": "place"}
    got = groups([M("Acme"), M("Acme Corp", start=10), M("Texas", start=30), M("Texas Theater", start=40)],
                 types)
    assert got["acme corp"] == {"Acme", "Acme Corp"}
    assert "texas" in got and "texas theater" in got


def test_greeting_glued_to_a_name_does_not_swallow_it():
    types = {"caroline": "person", "bye caroline": "person"}
    got = groups([M("Caroline", start=20), M("Bye Caroline", initial=True)], types)
    assert "caroline" in got
    types = {"chen": "person", "sarah chen": "person"}
    got = groups([M("Chen", start=20), M("Sarah Chen", initial=True), M("Sarah Chen", "m2", 5)], types)
    assert got == {"sarah chen": {"Chen", "Sarah Chen"}}


def test_short_acronyms_never_extend_or_fuzzy_merge():
    types = {"api": "org", "api corp": "org", "nasa": "org", "nasb": "org"}
    got = groups([M("API"), M("API Corp", start=10), M("NASA", start=30), M("NASB", start=40)], types)
    assert {"api", "nasa", "nasb"} <= set(got)


def test_fuzzy_merges_long_same_type_names_only():
    types = {"kubernetes": "tool", "kubernates": "tool", "kubernetes operator": "tool"}
    got = groups([M("Kubernetes"), M("Kubernates", start=20)], types)
    assert len(got) == 1
    # incompatible types never merge, however close the spelling
    got = groups([M("Kubernetes"), M("Kubernates", start=20)], {"kubernetes": "tool", "kubernates": "person"})
    assert len(got) == 2
    # too short for fuzzy matching
    assert len(groups([M("Redis"), M("Rediss", start=10)], {"redis": "tool", "rediss": "tool"})) == 2
    # a word that only extends another, a short differing word, plain lowercase words: no
    assert len(groups([M("Challenger"), M("Challengers", start=20)],
                      {"challenger": "org", "challengers": "org"})) == 2
    assert len(groups([M("World War I"), M("World War II", start=20)],
                      {"world war i": "event", "world war ii": "event"})) == 2
    assert len(groups([M("challenge"), M("challenger", start=20)],
                      {"challenge": "org", "challenger": "org"})) == 2
    # numbers must agree ("Python 3.11" is not "Python 3.12")
    assert len(groups([M("Python 3.11"), M("Python 3.12", start=20)],
                      {"python 3.11": "tool", "python 3.12": "tool"})) == 2


def test_registry_merges_aliases_and_unmerges():
    ms = [M("Max"), M("Max Planck", start=10), M("Bobby", start=30), M("Robert Smith", start=40)]
    types = {"max": "person", "max planck": "person", "bobby": "person", "robert smith": "person"}
    reg = Registry(entities={"Robert Smith": Pin(aliases=["Bobby"])}, unmerges=[("Max", "Max Planck")])
    got = groups(ms, types, reg)
    assert got["robert smith"] == {"Bobby", "Robert Smith"}
    assert "max" in got and "max planck" in got  # the automatic short-form merge is vetoed
    reg = Registry(merges=[("Bobby", "Robert Smith")])
    assert groups(ms, types, reg)["robert smith"] == {"Bobby", "Robert Smith"}


def test_order_independent_and_deterministic():
    ms = [M("Sarah", "a"), M("Sarah Chen", "b"), M("soul-protocol", "c"), M("Soul Protocol", "d"),
          M("Kubernetes", "e"), M("Kubernates", "f"), M("SoulProtocol", "g")]
    types = {"sarah": "person", "sarah chen": "person", "kubernetes": "tool", "kubernates": "tool"}
    want = groups(ms, types)
    for seed in range(5):
        shuffled = ms[:]
        random.Random(seed).shuffle(shuffled)
        assert groups(shuffled, types) == want
    cs = resolve.cluster(ms, Registry())
    assert [c.key for c in cs] == sorted(c.key for c in cs)


def test_titled_form_joins_the_name_it_titles_and_stays_an_alias():
    bare = M("Lincoln", "m1", 10)
    bare.cues.append("titled:President Lincoln")
    whole = M("President Lincoln", "m2")  # NER missed the person: the title stayed on
    cs = resolve.cluster([bare, whole, M("Lincoln Center", "m3")], Registry())
    got = {c.key: c for c in cs}
    assert set(got) == {"lincoln", "lincoln center"}
    assert got["lincoln"].name == "Lincoln"
    assert "President Lincoln" in got["lincoln"].aliases


def test_a_pull_request_and_its_bare_number_are_one_node():
    """The demo soul had "#1628" and "PR #1628" as two nodes (GitHub numbers issues and PRs
    together, so "issue #1628" is the same one too); "#16" stays apart."""
    from soulgraph import Memory, rebuild

    g = rebuild([Memory(id="d1", content="Merged PR #1628 after review."),
                 Memory(id="d2", content="Follow-up to #1628: fix the flaky test."),
                 Memory(id="d3", content="See issue #1628 and #16 for details.")], extractor="regex").graph
    refs = {d["name"]: sorted(d.get("aliases") or []) for _, d in g.nodes(data=True) if "#" in d["name"]}
    assert refs == {"#1628": ["PR #1628", "issue #1628"], "#16": []}, refs

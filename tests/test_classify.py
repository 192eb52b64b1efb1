"""The typed classifier: each evidence kind, the person gate, junk drop, stability."""

from __future__ import annotations

import random

import pytest

from soulgraph import classify
from soulgraph.classify import gazetteer, shape
from soulgraph.models import Mention
from soulgraph.ontology import ENTITY_TYPES


def mentions_of(name: str, texts: dict[str, str], cues: dict[str, list[str]] | None = None) -> list[Mention]:
    """Every occurrence of ``name`` in ``texts`` as a mention (sentence = its line)."""
    out = []
    for mid, text in sorted(texts.items()):
        i = text.find(name)
        while i >= 0:
            s0 = max(text.rfind("\n", 0, i), text.rfind(". ", 0, i) + 1, 0)
            s1 = text.find("\n", i)
            out.append(Mention(memory_id=mid, start=i, end=i + len(name), text=name,
                               sent_start=s0, sent_end=len(text) if s1 < 0 else s1,
                               extractor="spacy", cues=list((cues or {}).get(mid, []))))
            i = text.find(name, i + len(name))
    return out


def decide(name: str, *lines: str, cues: dict[str, list[str]] | None = None) -> classify.TypeDecision:
    texts = {f"m{i}": line for i, line in enumerate(lines)}
    return classify.decide(name, mentions_of(name, texts, cues), texts)


# --------------------------------------------------------------------------- person evidence


def test_person_from_verbs_and_pronouns():
    d = decide("Riley", "Yesterday Riley said she would call.", "We met Riley at the park. Riley laughed.")
    assert d.type == "person"
    assert any(r.startswith("said") for r in d.reasons)
    assert d.confidence > 0.5


def test_person_from_direct_address_in_dialogue():
    d = decide("Zed", "Caroline: Thanks, Zed! That means a lot.", "Melanie: Hey Zed, how was it?")
    assert d.type == "person"
    assert "addressed directly" in " ".join(d.reasons)


def test_speaker_is_person():
    texts = {"a": "Caroline: I went hiking today.", "b": "Melanie: Caroline went hiking?",
             "c": "Caroline: Yes, up the coast."}  # a store speaker: two turns or more
    ms = mentions_of("Caroline", {"b": texts["b"]})
    d = classify.decide("Caroline", ms, texts)
    assert d.type == "person"
    assert "speaker" in d.reasons[0]


def test_capitalised_word_alone_is_not_a_person():
    d = decide("Verification", "We ran the suite. Verification took an hour.")
    assert d.type != "person"


def test_ner_person_vote_on_common_word_needs_more():
    d = decide("Fingers", "Fingers crossed for tomorrow!", cues={"m0": ["ner:PERSON", "sentence_initial"]})
    assert d.type in (None, "concept")


def test_comma_list_in_prose_is_not_direct_address():
    d = decide("Fireworks", "Covers OpenRouter, Groq, Together,\n  Fireworks, and most self-hosted servers.",
               cues={"m0": ["addressed", "dict_word"]})
    assert d.type != "person"


def test_title_and_kinship_words():
    assert decide("Okafor", "Dr. Okafor reviewed the scan.").type == "person"
    assert decide("Tamsin", "My sister Tamsin is visiting next week.").type == "person"


# --------------------------------------------------------------------------- other types


@pytest.mark.parametrize("name,line,expected", [
    ("Quorvex Labs", "She joined Quorvex Labs last year.", "org"),
    ("Brindlemark", "Aisha works at Brindlemark as an engineer.", "org"),
    ("Lisbon", "They moved to Lisbon in May.", "place"),
    ("Tarnow", "He lives in Tarnow, Poland.", "place"),
    ("Python", "The script is written in Python.", "tool"),
    ("zorblib", "Run pip install zorblib first.", "tool"),
    ("miner.py", "Fixed a bug in miner.py today.", "document"),
    ("PR #1628", "Merged PR #1628 this morning.", "document"),
    ("RFC 5646", "Tags follow RFC 5646 now.", "document"),
    ("qwen3:8b", "Switched the default model to qwen3:8b for speed.", "tool"),
    ("Gophercon", "We met at the Gophercon conference.", "event"),
    ("Lakeside Music Festival", "Tickets for Lakeside Music Festival sold out.", "event"),
    ("Friday", "The release is on Friday.", "concept"),
])
def test_types_from_context_shape_and_lists(name, line, expected):
    d = decide(name, line)
    assert d.type == expected, (d.type, d.reasons)


@pytest.mark.parametrize("junk", ["MERGED", "POCKETPAW_POCKET_REFRESH_SCHEDULER_ENABLED", "v2.3.1",
                                  "CI-green", "TaskSpec.run", "API", "JSON", "--dry-run", "Nov-2025"])
def test_junk_shapes_never_person_org_place(junk):
    d = decide(junk, f"The {junk} thing happened again said Bob.", cues={"m0": ["ner:PERSON"]})
    assert d.type not in ("person", "org", "place")


def test_interjection_at_sentence_start_is_dropped():
    initial = {"m0": ["sentence_initial"], "m1": ["sentence_initial"]}
    d = decide("Wow", "Wow, that was fast.", "Wow! Nice.", cues=initial)
    assert d.type is None


def test_unknown_name_is_concept_never_person():
    d = decide("Blorptang", "The Blorptang thing is here.")
    assert d.type == "concept"


# --------------------------------------------------------------------------- ambiguous given names


def test_grace_decided_from_context():
    assert decide("Grace", "I went to the cinema with Grace. Grace said she loved it.").type == "person"
    assert decide("Grace", "She moved with Grace across the stage.", "Grace under pressure matters.").type \
        != "person"


def test_will_and_may_as_words_are_not_people():
    d = decide("May", "May be slow on large stores.", "May need a retry.",
               cues={"m0": ["sentence_initial"], "m1": ["sentence_initial"]})
    assert d.type != "person"


# --------------------------------------------------------------------------- stability and data


def test_decision_independent_of_mention_order():
    texts = {
        "a": "Riley said the Acme Corp launch went well.", "b": "Riley works at Acme Corp.",
        "c": "Acme Corp announced layoffs; Riley was upset.", "d": "She told Riley about Lisbon.",
    }
    for name in ("Riley", "Acme Corp", "Lisbon"):
        ms = mentions_of(name, texts)
        first = classify.decide(name, ms, texts)
        for seed in range(5):
            shuffled = ms[:]
            random.Random(seed).shuffle(shuffled)
            again = classify.decide(name, shuffled, dict(reversed(list(texts.items()))))
            assert (again.type, again.confidence, again.reasons) == \
                (first.type, first.confidence, first.reasons)


def test_gazetteers_load_and_types_are_in_the_ontology():
    for name in ("tools", "languages", "orgs", "places", "given_names", "ambiguous_names", "calendar"):
        assert len(gazetteer.words(name)) > 20
    assert gazetteer.is_given_name("Riley") and gazetteer.is_ambiguous_name("Grace")
    for v in gazetteer.votes("Claude Code UI") + gazetteer.votes("Acme Corp") + shape.votes("C:tag")[0]:
        assert v.type in ENTITY_TYPES


def test_reasons_are_counted_and_ranked():
    d = decide("Riley", "Riley said hi.", "Riley said bye.", "Then Riley said nothing.")
    assert d.reasons[0] == "said x3"


def test_an_ambiguous_given_name_before_a_person_verb_is_a_person():
    """ "Grace said" is a name; "grace" elsewhere may be a word (the issue's example)."""
    d = decide("Grace", "Grace said the migration slipped to May.")
    assert d.type == "person", d


def test_an_honorific_makes_a_person_whatever_the_surname_looks_like():
    assert decide("Dr. Elena Park", "Dr. Elena Park will present at the summit.").type == "person"
    assert decide("General Accounting Office", "The General Accounting Office said no.").type != "person"


def test_project_prefix_names_a_project():
    d = decide("Project Falcon", "The migration for Project Falcon slipped to May.", cues={"m0": ["ner:ORG"]})
    assert d.type == "project", d


def test_a_known_tool_as_the_destination_of_a_moved_object_stays_a_tool():
    d = decide("Confluence", "We moved the docs from Notion to Confluence.",
               cues={"m0": ["ner:WORK_OF_ART", "propn", "prep:to", "pobj_of:to:move:obj"]})
    assert d.type == "tool", d
    d = decide("Lisbon", "We moved to Lisbon last year.",
               cues={"m0": ["ner:GPE", "prep:to", "pobj_of:to:move"]})
    assert d.type == "place", d


def test_a_known_tool_followed_by_a_common_noun_is_a_task_not_a_product():
    assert not [v for v in gazetteer.votes("Kubernetes migration") if v.type == "tool"]
    assert [v for v in gazetteer.votes("Kubernetes Engine") if v.type == "tool"]
    assert [v for v in gazetteer.votes("iPad pro") if v.type == "tool"]  # a product, cased as tweeted


@pytest.mark.parametrize("name, expected", [
    ("@dataclass", "concept"), ("@lru_cache", "concept"), ("@pytest.fixture", "concept"),
    ("@devbot", "tool"), ("@sarah_k", "person"),
])
def test_handles_decorators_and_bots(name, expected):
    """A Python decorator is code and a bot account a tool; other handles are people."""
    votes, _ = shape.votes(name)
    assert max(votes, key=lambda v: v.weight).type == expected


def test_package_directory_of_the_stores_code_is_a_project():
    """A dev log's own package ("quillstack/cli.py", "quillstack/store.py") is the project being
    built, even when it also runs as a command; a tool merely named in the same log stays a tool."""
    from soulgraph import pipeline
    from soulgraph.models import Memory

    texts = ["fix(cli): `quillstack sync` crashed in quillstack/cli.py when the index was empty (#41)",
             "refactor: move the SQLite code from quillstack/store.py into quillstack/db/sqlite.py",
             "Ran quillstack sync again after the fix; pytest passes on `tests/test_cli.py` (#42)"]
    g = pipeline.rebuild([Memory(id=str(i), content=t) for i, t in enumerate(texts)], extractor="spacy").graph
    assert g.nodes["quillstack"]["type"] == "project"
    assert any("package of the store's code files" in r for r in g.nodes["quillstack"]["reasons"])
    assert g.nodes["pytest"]["type"] == "tool"


def test_conference_with_its_edition_is_an_event():
    from soulgraph import pipeline
    from soulgraph.models import Memory

    mems = [Memory(id="1", content="User is speaking at PyCon Portugal in Porto in September."),
            Memory(id="2", content="Booked the hotel for KubeCon Europe 2025 next to the venue.")]
    g = pipeline.rebuild(mems, extractor="spacy").graph
    assert g.nodes["pycon portugal"]["type"] == "event"
    assert g.nodes["porto"]["type"] == "place"


def test_work_nouns_and_dates_after_a_name_make_no_concept_phrase():
    """"the TaskSpec change", "PocketPaw today" are the name itself, not a named concept;
    "Ebbinghaus decay" still is one."""
    from soulgraph import pipeline
    from soulgraph.models import Memory

    g = pipeline.rebuild([Memory(id="1", content="Add a migration note for any TaskSpec change."),
                          Memory(id="2", content="I'm picking up the scheduler work for PocketPaw today."),
                          Memory(id="3", content="We model forgetting with Ebbinghaus decay in the ranker.")],
                         extractor="spacy").graph
    names = {d["name"] for _, d in g.nodes(data=True)}
    assert "TaskSpec change" not in names and "PocketPaw today" not in names
    assert "Ebbinghaus decay" in names


def test_ascii_word_scan_matches_the_token_loop():
    """``memory_facts`` reads ASCII text as bytes (translate, split; no regex match per token, no
    Python step per lowercase token) and its capitalised mid-sentence words with one findall when
    no capital needs the sentence-start search: same words as the Unicode token scan, including
    runs that open with a digit, '_', an apostrophe or a hyphen ("9-Bar", "--force", "'Tis")."""
    import random

    from soulgraph.classify import corpus

    rng = random.Random(3)
    parts = ["Ana", "ana", "McDonald", "Donald", "iPhone", "Phone", "ABC", "Abc", "x_y", "3Ab", "Ab3c",
             "don't", "Don't", "-", "'", "_", " ", "  ", ". ", "\n", "\n- ", ": ", "(", "\"", "9",
             "e-mail", "E-mail", "a ", "a  ", "; ", "! ", "? ", ") ", "* ", "> ", "# ", "1 ", "\t", "\x0b",
             "\x1c", "\r", "            ", "'Tis", "--force", "2024", "_Foo", "9-Bar", "@", "/", "=", "\x7f",
             "~", "x'", "A'", "Ab-Cd"]
    fast = 0  # texts whose capitalised words one findall reads (no one-letter match: no loop)
    for _ in range(8000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(0, 30)))
        assert corpus._words_ascii(text) == corpus._words(text), text
        fast += 1 not in map(len, corpus._CAPITAL_MID.findall(text))
        lead = text.encode("ascii").translate(corpus._LEAD_BYTES)  # (a run opening with no letter)
        assert (corpus._NO_LETTER_FIRST.search(lead) is not None) == (b" 0" in lead or lead[:1] == b"0")
    assert fast > 1000, fast
    # Other characters: read as ASCII only when they are separators that end no sentence start
    others = ["→", "—", "“", "”", "…", "😀", "é", "Élan", "’", "don’t", "\u2003", "\u00a0", "٣", "\u0301",
              "Ⅻ"]
    chosen = {True: 0, False: 0}
    for _ in range(8000):
        text = "".join(rng.choice(parts + others) for _ in range(rng.randint(0, 30)))
        if not text.isascii():
            fast = corpus._ascii_words_suffice(text)
            chosen[fast] += 1
            if fast:
                assert corpus._words_ascii(text) == corpus._words(text), text
    assert min(chosen.values()) > 500, chosen


@pytest.mark.parametrize("name, line", [
    ("DVDs", "I still have a box of DVDs from college."),
    ("NFTs", "He keeps talking about NFTs at lunch."),
    ("re-running", "We keep re-running the flaky job."),
    ("whitespace-padded", "The parser chokes on whitespace-padded values."),
])
def test_plural_acronyms_and_hyphenated_verb_forms_are_concepts(name, line):
    assert decide(name, line).type in (None, "concept")


@pytest.mark.parametrize("name", ["pre-commit", "django-embed", "rss-feed"])
def test_a_hyphenated_lowercase_name_is_still_a_tool(name):
    assert decide(name, f"Install {name} and run {name} on every push.").type == "tool"


def test_technical_prefilter_never_hides_code():
    """``is_technical`` skips the code scan only when no branch of it can match, and stops it at
    the second span: same answer as counting the code spans, single- and multi-line, commit
    prefixes anywhere."""
    import random

    from soulgraph.classify import corpus

    rng = random.Random(5)
    parts = ["feat: ", "fix(api): ", "docs!: ", "chore", "`x`", "a_b", "foo_bar", "f()", "#12", "#1", "x.py",
             "a.md", "cfg.yaml", "Ana", "word", " ", "\n", ": ", "(", ")", ".", "_", "`", "test:", "ci:"]
    for _ in range(6000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(0, 14)))
        assert corpus.is_technical(text) == (len(corpus._CODE.findall(text)) >= 2), text



def test_vote_init_behaves_as_the_dataclass_one():
    """``Vote.__init__`` sets the slots through their descriptors (cheaper than the frozen
    dataclass's object.__setattr__): same parameters, values, equality, hash, repr, immutability."""
    import dataclasses
    import inspect

    from soulgraph.classify.evidence import Vote

    @dataclasses.dataclass(slots=True, frozen=True)
    class Reference:  # what the decorator alone generates
        type: str
        label: str
        weight: float
        kind: str = ""

    def params(f):
        return [(p.name, p.default, p.kind) for p in inspect.signature(f).parameters.values()]

    assert params(Vote.__init__) == params(Reference.__init__)
    cases = [(("person", "said", 1.5, "verb"), {}), (("place", "in X", 0.9), {}),
             ((), {"type": "tool", "label": "v2", "weight": 1.0}), (("org",), {"label": "x", "weight": 2})]
    for args, kw in cases:
        a, b = Vote(*args, **kw), Reference(*args, **kw)
        assert dataclasses.astuple(a) == dataclasses.astuple(b)
        assert repr(a).removeprefix("Vote") == repr(b).split("Reference", 1)[1]
        assert a == Vote(*args, **kw) and hash(a) == hash(Vote(*args, **kw)) == hash(b)
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.weight = 0.0
        assert dataclasses.replace(a, weight=9.0) == Vote(a.type, a.label, 9.0, a.kind)
    with pytest.raises(TypeError):
        Vote("person", "said")  # a weight is required, as before


def test_code_marks_are_tested_one_by_one():
    """``is_technical``'s pre-test (single characters, "()", then one scan for the file endings)
    says what one search for any of ``_CODE_MARKS`` says."""
    import random

    from soulgraph.classify import corpus

    rng = random.Random(11)
    parts = [*corpus._CODE_MARKS, ".", "(", ")", "py", "js", "json", "yam", "l", ".y", "m", "Ana ", " ", "\n",
             "é", "x"]
    for _ in range(5000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(0, 10)))
        any_mark = any(mark in text for mark in corpus._CODE_MARKS)
        pre = ("`" in text or "_" in text or "#" in text or "()" in text
               or corpus._DOT_MARK.search(text) is not None)
        assert pre == any_mark, text

"""Regex two-pass fallback extractor: spans, candidates, signals, verdicts, and the known flaws.

Memories go through the real JSONL reader's validation (``to_memory``), so speaker
segments come from the real envelope splitter.
"""

from __future__ import annotations

import pytest
from conftest import graph_facts
from hypothesis import given, settings
from hypothesis import strategies as st

from soulgraph.extract import regex_fallback
from soulgraph.models import MemoryAnalysis, Mention
from soulgraph.sources.jsonl import to_memory


def mem(content: str, i: int | str = 0, **extra):
    return to_memory({"id": str(i), "content": content, **extra}, "test")


def run(*contents: str, **extra) -> list[MemoryAnalysis]:
    return regex_fallback.analyze([mem(c, i, **extra) for i, c in enumerate(contents)])


def mentions(*contents: str, **extra) -> list[Mention]:
    return [m for a in run(*contents, **extra) for m in a.mentions]


def texts(*contents: str, **extra) -> list[str]:
    return [m.text for m in mentions(*contents, **extra)]


def cues_of(name: str, *contents: str, **extra) -> list[list[str]]:
    return [m.cues for m in mentions(*contents, **extra) if m.text == name]


def verdict(name: str, *contents: str) -> str:
    found = {c for cues in cues_of(name, *contents) for c in cues if c.startswith("regex:")}
    assert len(found) == 1, (name, found)
    return found.pop()


# --------------------------------------------------------------------------- contract


def test_one_analysis_per_memory_in_input_order():
    mems = [mem("Riley went to Paris.", "b"), mem("nothing here", "a"), mem("Sam met Jo.", "c")]
    out = regex_fallback.analyze(mems)
    assert [a.memory_id for a in out] == ["b", "a", "c"]
    assert [m.memory_id for m in out[0].mentions] == ["b", "b"]
    assert out[1].mentions == []


def test_spans_are_exact_and_sentences_contain_them():
    corpus = [
        "Caroline: Thanks, Melanie! I went to the Cliffs of Moher with Ed Sheeran's band.",
        "User: I'm building soul-protocol v2 with Node.js.\nAgent: Nice, see PR #123 and src/x.py.",
        "Riley said she would come.\nMaybe Riley is late. Dr. Smith visited Zoë in Zürich.",
    ]
    ms = [(c, m) for c, a in zip(corpus, run(*corpus), strict=True) for m in a.mentions]
    assert len(ms) >= 12
    for content, m in ms:
        assert content[m.start:m.end] == m.text
        assert m.sent_start <= m.start < m.end <= m.sent_end <= len(content)


_ALPHABET = "abcdeRSTJZéöøëÖ .,!?:;'\"-_/#@+`\n\tAIPR0123"


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(alphabet=_ALPHABET, max_size=80), min_size=1, max_size=6))
def test_spans_exact_on_arbitrary_text(contents):
    for content, a in zip(contents, run(*contents), strict=True):
        for m in a.mentions:
            assert content[m.start:m.end] == m.text
            assert m.text and "\n" not in m.text


# --------------------------------------------------------------------------- speakers


def test_named_speaker_prefix_is_one_speaker_mention():
    ms = mentions("Caroline: Wow, Mel. That hike sounds wonderful!", speaker="Caroline")
    spk = [m for m in ms if m.extractor == "speaker"]
    assert [(m.text, m.start, m.end, m.cues) for m in spk] == [("Caroline", 0, 8, ["speaker"])]
    assert all(m.speaker == "Caroline" for m in ms)
    assert "Caroline" not in [m.text for m in ms if m.extractor == "regex"]  # prefix is metadata


def test_user_and_agent_prefixes_carry_role_cues():
    spk = [m for m in mentions("User: hi there\nAgent: hello, Riley!") if m.extractor == "speaker"]
    assert [(m.text, m.cues) for m in spk] == [("User", ["speaker", "speaker:user"]),
                                               ("Agent", ["speaker", "speaker:agent"])]


def test_commit_trailer_headings_are_not_speakers():
    ms = mentions("fix: lock the palace\n\nVerified: ran the suite on 3.11\n\nCo-authored-by: bot <a@b.c>")
    assert [m for m in ms if m.extractor == "speaker"] == []


def test_speaker_turns_and_address_make_a_person():
    turns = ["Caroline: I love it!", "Melanie: Thanks, Caroline! It was fun.",
             "Caroline: See you, Melanie!", "Melanie: Caroline, guess what I did!"]
    ms = [m for a in run(*turns) for m in a.mentions if m.extractor == "regex"]
    assert {m.text for m in ms} == {"Caroline", "Melanie"}
    assert all("regex:person" in m.cues for m in ms)


# --------------------------------------------------------------------------- candidates


@pytest.mark.parametrize("name", ["João", "Zoë", "Björn", "Øyvind", "Élodie"])
def test_accented_names_are_found(name):
    assert texts(f"Yesterday we met {name} at the lake.") == [name]


@pytest.mark.parametrize("compound", ["Claude Code", "Soul Protocol", "Acme Corp", "New York", "LM Studio",
                                      "Cliffs of Moher"])
def test_compound_names_stay_whole(compound):
    assert texts(f"We talked about {compound} all day.") == [compound]


@pytest.mark.parametrize("token, shape", [
    ("soul-protocol", "shape:hyphenated"), ("Node.js", "shape:tech"), ("llama.cpp", "shape:tech"),
    ("C++", "shape:tech"), ("src/soulgraph/x.py", "shape:path"), ("README.md", "shape:file"),
    ("PR #123", "shape:issue_ref"), ("#733", "shape:issue_ref"), ("@igorls", "shape:handle"),
    ("PEP 621", "shape:standard"), ("~/.claude/projects/", "shape:path"),
])
def test_tech_tokens_are_whole_mentions(token, shape):
    content = f"We are building it with {token} and shipping {token} v2 today."
    found = [m for m in mentions(content) if m.text == token]
    assert len(found) == 2 and all(shape in m.cues for m in found)
    assert not any("regex:person" in m.cues for m in found)


def test_file_paths_and_refs_are_documents():
    assert verdict("src/soulgraph/x.py", "see src/soulgraph/x.py now") == "regex:document"
    assert verdict("PR #12", "merged PR #12 today") == "regex:document"


def test_frequency_floor_for_noisy_shapes():
    # a plain capitalised word mid-sentence once is kept; a noisy shape (digits) needs to recur
    assert texts("we listened to Bach and GPT4 tonight") == ["Bach"]
    assert "GPT4" in texts("we used GPT4 today", "and GPT4 again")


def test_sentence_initial_only_words_need_a_signal():
    assert texts("Verification passed.", "Steady-state looks fine.", "Wow. Music heals.") == []
    assert texts("Riley said hello.") == ["Riley"]  # initial, but a person verb follows


def test_line_wrap_is_not_a_sentence_start():
    ms = mentions("a cross-platform lock (fcntl on\nUnix, msvcrt on Windows)")
    assert [(m.text, m.sentence_initial) for m in ms] == [("Unix", False), ("Windows", False)]


# --------------------------------------------------------------------------- junk


@pytest.mark.parametrize("junk", [
    "MERGED", "NOT", "v0.4.0", "v2", "M3", "CI-green", "--dry-run", "snake_case_name",
    "SCREAMING_SNAKE_CASE", "os.path.abspath", "Nov-2025", "API", "JSON", "`Backticked`",
])
def test_junk_shapes_never_become_mentions(junk):
    assert texts(f"the fix for {junk} landed and {junk} works") == []


def test_camel_identifiers_are_never_people():
    for cues in cues_of("TaskSpec", "Riley said TaskSpec is nice", "thanks TaskSpec, she said",
                        "TaskSpec laughed at TaskSpec"):
        assert "regex:person" not in cues and "shape:camel" in cues


@pytest.mark.parametrize("opener", ["Thanks", "Wow", "Maybe", "Yesterday", "Plus", "Also"])
def test_sentence_openers_do_not_glue_onto_names(opener):
    assert texts(f"{opener} Riley came over.") == ["Riley"]


def test_ing_opener_is_trimmed_at_sentence_start():
    assert texts("Visiting Paris was fun.") == ["Paris"]


def test_contractions_are_not_names():
    assert texts("I'll go. Don't worry. It's fine with Mel's dog.") == ["Mel"]


# --------------------------------------------------------------------------- signals & verdicts


def test_person_needs_two_signal_types():
    only_verbs = ["Then Riley said hello.", "and Riley asked why.", "so Riley laughed."]
    assert verdict("Riley", *only_verbs) == "regex:uncertain"
    assert verdict("Riley", *only_verbs, "Later Riley smiled and she left.") == "regex:person"


def test_all_signals_count_before_the_diversity_check():
    # many same-type signals first, the second type last: a detector that looks at only
    # the first few signals never sees it
    same = [f"then Riley said thing {i}." for i in range(8)]
    assert verdict("Riley", *same, "bye, hey Riley") == "regex:person"


def test_pronoun_window_does_not_match_name_inside_words():
    corpus = ["we met Al today.", "Also she went home. Also he did.", "Al said yes."]
    assert texts(*corpus) == ["Al", "Al"]
    assert all("pronoun" not in c for c in cues_of("Al", *corpus))
    assert verdict("Al", *corpus) == "regex:uncertain"


def test_newline_never_joins_names():
    ms = mentions("I saw Riley\nThanks for the tea, Sam\nMaria")
    assert [m.text for m in ms] == ["Riley", "Sam", "Maria"]


def test_address_counts_once_not_also_as_verb():
    cues = cues_of("Riley", "thanks Riley", "hey Riley", "hi, Riley")
    assert cues and all("addressed" in c and not any(x.startswith("verb:") for x in c) for c in cues)
    # address alone is one signal type, however often: not a person yet
    assert verdict("Riley", "thanks Riley", "hey Riley", "hi, Riley", "thank you Riley") == "regex:uncertain"


def test_project_signals():
    corpus = ["We are deploying Foobar tonight.", "Foobar v2 is out.", "see foobar.py for details"]
    assert verdict("Foobar", *corpus) == "regex:project"
    cues = cues_of("Foobar", *corpus)
    assert ["project_verb:deploying"] == [c for c in cues[0] if c.startswith("project_verb")]
    assert "versioned" in cues[1]


def test_install_and_import_signals_on_tech_tokens():
    cues = cues_of("soul-protocol", "pip install soul-protocol", "import soul-protocol")
    assert "cmd:install" in cues[0] and "imported" in cues[1]


def test_place_and_title_cues():
    cues = cues_of("Smith", "we saw Dr. Smith in Paris")
    assert cues == [["regex:uncertain", "title:dr"]]
    assert ["regex:uncertain", "prep:in"] in cues_of("Paris", "we saw Dr. Smith in Paris")


def test_email_trailer_cue():
    cues = cues_of("Arnold Wender", "fix it\n\nCo-authored-by: Arnold Wender <aw@example.com>")
    assert cues and "email" in cues[0]


def test_package_names_learned_at_install_sites_are_found_store_wide():
    corpus = ["first run pip install chromadb", "then chromadb crashed", "pinned ruff>=0.4.0 today",
              "import numpy\nnumpy works"]
    got = {(m.memory_id, m.text, tuple(m.cues)) for m in mentions(*corpus)}
    assert ("0", "chromadb", ("regex:project", "cmd:install", "shape:lower")) in got
    assert ("1", "chromadb", ("regex:project", "shape:lower")) in got
    assert ("2", "ruff", ("regex:project", "versioned", "shape:lower")) in got
    assert {m.text for m in mentions(*corpus) if m.memory_id == "3"} == {"numpy"}


@pytest.mark.parametrize("code", ["ValueError", "PermissionError", "TestKGLazyCache", "KeyboardInterrupt"])
def test_exception_and_test_class_names_are_dropped(code):
    assert texts(f"it raised {code} when {code} was caught") == []


def test_doc_names_are_documents():
    assert verdict("README", "see the README for setup", "the README again") == "regex:document"


def test_two_hump_brands_are_kept_but_never_people():
    cues = cues_of("TikTok", "we posted on TikTok and she said TikTok laughed")
    assert cues and all("regex:person" not in c and "shape:camel" in c for c in cues)


def test_titles_become_cues_and_middle_initials_stay_inside():
    ms = mentions("we met John F. Kennedy and President Boris Yeltsin.", "Sen. Bob Dole spoke.")
    assert [(m.text, [c for c in m.cues if c.startswith("title:")]) for m in ms] == [
        ("John F. Kennedy", []), ("Boris Yeltsin", ["title:president"]), ("Bob Dole", ["title:sen"])]


def test_news_job_titles_are_cues_not_name_words():
    """"Attorney William French Smith", "Prime Minister Tansu Ciller": the title went into the
    name (a person typed concept, or "Prime" a name of its own)."""
    ms = mentions("Attorney William French Smith met Prime Minister Tansu Ciller.",
                  "City Attorney Tom Muri and Deputy Yevhen Saburov spoke.")
    got = {m.text: [c for c in m.cues if c.startswith("title:")] for m in ms}
    assert got["William French Smith"] == ["title:attorney"] and got["Tansu Ciller"] == ["title:minister"]
    assert got["Tom Muri"] == ["title:attorney"] and got["Yevhen Saburov"] == ["title:deputy"]
    assert not any(t.startswith(("Attorney", "Prime", "Deputy")) for t in got)
    (baker,) = mentions("Secretary of State James Baker arrived.")  # the title's own "of State"
    assert baker.text == "James Baker" and "title:secretary" in baker.cues


def test_turn_opening_interjection_with_comma_is_not_an_address():
    turns = ["Gotcha, that makes sense!", "Bummer, I missed it.", "Caroline, you rock!", "I told Caroline."]
    ms = mentions(*turns, speaker="Mel")
    assert [m.text for m in ms if m.extractor == "regex"] == ["Caroline", "Caroline"]
    assert "addressed" in [m for m in ms if m.text == "Caroline"][0].cues


def test_title_case_headings_are_not_names():
    assert texts("see We Built A Better Way To Store Memory Today here") == []


def test_long_inputs_keep_exact_spans():
    content = "Riley," * 2000 + " " + "a.b" * 2000 + " Aaa" * 2000 + "\n" + "x/" * 2000
    ms = mentions(content)
    assert len([m for m in ms if m.text == "Riley"]) == 2000
    assert all(content[m.start:m.end] == m.text and len(m.text) < 100 for m in ms)


def test_known_cli_tools_in_technical_text_only():
    """As the spaCy extractor: "with sed", "migrate to uv" in a commit message are tools; a chat's
    "birthday bash" is not, even when the same store also holds the technical memory."""
    tech = "fix(hooks): replace mapfile with sed for bash 3.2 compat (#1440), migrate to uv in `ci.yml`"
    chat = "We had a birthday bash on Friday and I bought yarn for a scarf."
    found = texts(tech, chat)
    assert {"sed", "bash", "uv"} <= set(found)
    assert all("cli_tool" in c for c in cues_of("sed", tech, chat))
    chat_mentions = [m.text for a in run(tech, chat) if a.memory_id == "1" for m in a.mentions]
    assert "bash" not in chat_mentions and "yarn" not in chat_mentions


_CONVO_PLAIN = r"\b(?:I|I'm|I've|I'll|me|my|you|your|we|our|[Tt]hanks|[Hh]ey|[Hh]i|[Hh]ello|[Ww]ow|[Bb]ye)\b"
_CONVO_PARTS = ["I", "I'm", "i", "me", "my", "mey", "you", "your", "yours", "we", "wee", "wow", "Wow", "WOW",
                "our", "ours", "thanks", "Thanks", "hey", "Hey", "hi", "Hi", "hello", "bye", "Bye", "Ime",
                "home", "x", "é", "o", "w", "y", "h", "T", "B", " ", "'", "-", "_", "1", ".", "\n", "We",
                "Me", "ſ", "K", "İ", "ǅ", "oI", "Iy"]


def test_convo_pronoun_finds_one_wherever_the_plain_alternation_does():
    """``convo_pronoun`` (an "I" search, then a first-letter class whose branches check the word
    start behind them) answers "is there one" as the plain word alternation does, inside any
    pos/endpos window."""
    import random
    import re

    from soulgraph.extract import regex_patterns as P

    plain = re.compile(_CONVO_PLAIN)
    rng = random.Random(2)
    for _ in range(20000):
        t = "".join(rng.choice(_CONVO_PARTS) for _ in range(rng.randint(0, 10)))
        a = rng.randint(0, len(t))
        b = rng.randint(a, len(t))
        assert P.convo_pronoun(t, a, b) == (plain.search(t, a, b) is not None), (t, a, b)


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_CONVO_PARTS) | st.text(max_size=3), max_size=12), st.data())
def test_convo_pronoun_property(parts, data):
    """The same, hypothesis writing the text (the chat words, any characters) and the window."""
    import re

    from soulgraph.extract import regex_patterns as P

    t = "".join(parts)
    a = data.draw(st.integers(0, len(t)))
    b = data.draw(st.integers(a, len(t)))
    assert P.convo_pronoun(t, a, b) == (re.compile(_CONVO_PLAIN).search(t, a, b) is not None)


def test_regex_only_people_are_born():
    """Without the model, "X was born" is person evidence; "Illinois born X" is not about X's left."""
    from soulgraph import Memory, rebuild

    g = rebuild([Memory(id="b1", content="It is said that Buddy Holly was born in Lubbock, Texas."),
                 Memory(id="b2", content="Illinois born Charlton Heston was an actor.")],
                extractor="regex").graph
    types = {d["name"]: d["type"] for _, d in g.nodes(data=True)}
    assert types.get("Buddy Holly") == "person", types
    assert types.get("Illinois") != "person", types


def test_regex_a_request_verb_or_a_title_word_is_not_part_of_the_name():
    from soulgraph import Memory, rebuild

    g = rebuild([Memory(id="r1", content="Ask Priya about the venue."),
                 Memory(id="r2", content="Email Professor Okafor the draft."),
                 Memory(id="r3", content="Help Desk opens at nine.")], extractor="regex").graph
    names = {d["name"] for _, d in g.nodes(data=True)}
    assert {"Priya", "Okafor"} <= names and not {"Ask Priya", "Professor Okafor"} & names, names
    assert "Desk" not in names, names  # no given name after it: the words stay together


def _regex_edges(mems) -> set[tuple[str, str, str]]:
    return graph_facts(*mems, extractor="regex")[1]


def test_town_and_state_after_one_comma_and_age_of_town_in_patterns():
    mems = [mem("Marie Ferraro, 50, of Bethany, Conn., was shot to death Thursday.", 0),
            mem("Ten oil workers were missing off Morgan City, La., after their rig capsized.", 1),
            mem("The group (Colombia, Bolivia, Ecuador, Peru, and Venezuela) will meet.", 2),
            mem("We toured Paris, London and Rome.", 3)]
    edges = _regex_edges(mems)
    assert ("Bethany", "located_in", "Conn") in edges, edges
    assert ("Morgan City", "located_in", "La") in edges, edges
    assert ("Marie Ferraro", "lives_in", "Bethany") in edges, edges
    listed = {"Colombia", "Bolivia", "Ecuador", "Paris", "London", "Rome"}
    assert not any(h in listed and t in listed for h, _, t in edges), edges  # lists, not towns and states


def test_place_or_company_role_name_in_patterns():
    mems = [mem("The rig capsized near the coast, Chevron spokesman Jonathan Lifa said.", 0),
            mem("\" We'd play hearts for hours, \" said Atlanta businessman Neil Estes.", 1),
            mem("My brother Tom and Paris were great.", 2)]
    edges = _regex_edges(mems)
    assert ("Jonathan Lifa", "works_at", "Chevron") in edges, edges
    assert ("Neil Estes", "lives_in", "Atlanta") in edges, edges
    assert not any(h == "Tom" for h, _, _ in edges), edges  # "and" is no role


def test_pronoun_index_answers_as_the_window_search():
    """``_pronoun_near`` reads one scan of the segment (``_pronouns``); it answers what the
    windowed ``PRONOUN.search(t, pos, end)`` loop did, including the pronoun a window end cuts
    out of a longer word ("she" of "shelter": ``endpos`` ends the string, so ``\\b`` holds)."""
    import random

    from soulgraph.extract import regex_patterns as P
    from soulgraph.extract import regex_scan as S
    from soulgraph.extract import regex_words as W

    def windowed(t: str, s: int, e: int) -> bool:
        pos, end = max(0, s - S.PRONOUN_BEFORE), e + S.PRONOUN_AFTER
        while (m := P.PRONOUN.search(t, pos, end)) is not None:
            i = m.start()
            if (i == 0 or not t[i - 1].isalnum()) and m.group().lower() in W.PERSON_PRONOUNS:
                return True
            pos = i + 1
        return False

    rng = random.Random(3)
    words = ["he", "she", "him", "her", "his", "hers", "himself", "herself", "He", "She", "HIS", "Sis",
             "shelter", "herselfish", "hisx", "x_he", "_she", "3he", "hé", "ß", "abcdefghij", "Riley"]
    seps = [" ", ", ", ".", "\n", "_", "", "-", "é", "'"]
    answers = set()
    for _ in range(30000):
        t = "".join(rng.choice(words) + rng.choice(seps) for _ in range(rng.randint(1, 70)))
        s = rng.randint(0, len(t))
        e = min(len(t), s + rng.randint(0, 10))
        want = windowed(t, s, e)
        assert S._pronoun_near(t, s, e, S._pronouns(t)) is want, (t, s, e)
        answers.add(want)
    assert answers == {True, False}
    cut = "x" * 200 + " she" + "lter"  # the window of a name at 0..3 ends right after "she"
    assert S._pronoun_near(cut, 0, 43) is windowed(cut, 0, 43) is False
    cut = "Al" + " " * 157 + "shelter"
    assert windowed(cut, 0, 2) is S._pronoun_near(cut, 0, 2) is True


def test_person_pronoun_pattern_finds_the_filtered_pronoun_matches():
    """``_pronouns`` finds only person pronouns: the spans of the ``P.PRONOUN`` matches
    that are person pronouns (the filter it replaced), in every case and next to any word."""
    import random

    from soulgraph.extract import regex_patterns as P
    from soulgraph.extract import regex_scan as S
    from soulgraph.extract import regex_words as W

    def filtered(t: str) -> tuple[list[int], list[int]]:
        starts, ends = [], []
        for m in P.PRONOUN.finditer(t):
            i = m.start()
            if (i == 0 or not t[i - 1].isalnum()) and m.group().lower() in W.PERSON_PRONOUNS:
                starts.append(i)
                ends.append(m.end())
        return starts, ends

    rng = random.Random(5)
    words = ("he she him her his hers himself herself He She Him Her His Hers Himself Herself HE SHE HIS "
             "sis Sis se Se hhe Hhe Sim sers Serself hero shelter ashes this _he he_ 2he he's She’s").split()
    seps = ("", " ", ", ", ".", "_", "'", "\n", "é", " é ")
    for _ in range(4000):
        t = "".join(rng.choice(words) + rng.choice(seps) for _ in range(rng.randint(0, 12)))
        assert S._pronouns(t) == filtered(t), t


def test_after_pattern_opens_only_with_the_characters_checked_first():
    """``_signals`` runs ``P.AFTER`` only where the name is followed by one of
    ``_AFTER_OPENS``: no other first character lets any of its branches match."""
    import sys

    from soulgraph.extract import regex_patterns as P
    from soulgraph.extract import regex_scan as S

    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        for rest in (" said", "said", "=1", "= 1", "<a@b.c>", "a@b.c>", "v2", " v2", "1.2", " 1.2"):
            if P.AFTER.match(c + rest):
                assert c in S._AFTER_OPENS, repr(c + rest)
    assert P.AFTER.match(" said") and P.AFTER.match("\tsaid") and P.AFTER.match(">=2")


def test_a_memory_without_turns_reads_as_its_one_whole_segment():
    """Without speaker turns the whole text is one segment: the same analysis as with that
    Segment given explicitly (``segments_of``'s), whoever speaks it."""
    from soulgraph.models import Segment

    contents = ["Riley said Acme ships Beacon v2. She met Dr. Wu in Boise, Idaho.",
                "We use numpy; pip install tinydb and import tinydb. thanks, Sam!"]
    for extra in ({}, {"speaker": "Riley"}):
        plain = [mem(c, i, **extra) for i, c in enumerate(contents)]
        assert all(not m.segments for m in plain) or extra
        given = [m.model_copy(update={"segments": [Segment(speaker=m.speaker, start=0, end=len(m.content))]})
                 for m in plain]
        a, b = regex_fallback.analyze(plain), regex_fallback.analyze(given)
        assert a == b and any(x.mentions for x in a)


def test_speaker_mentions_from_plain_spans_are_the_segments_own():
    """The emit pass writes speaker mentions from the (speaker, start, end) it read once per
    segment: the same mentions ``speakers.speaker_mentions`` reads from the pydantic segments,
    on random dialogues (prefixes on their own line, blank lines, roles, a name twice)."""
    import random

    from soulgraph.extract import speakers

    rng = random.Random(4)
    names = ["Caroline", "Mel", "User", "Agent", "Jon Snow", "Dr Ruiz"]
    bodies = ["hey, I think you should go.", "Thanks Mel! See you in Lisbon.", "my dog Rex said hi",
              "We met Priya at Acme Corp.", "ok"]
    mems = []
    for i in range(200):
        lines = []
        for _ in range(rng.randint(1, 4)):
            name, body = rng.choice(names), rng.choice(bodies)
            lines.append(f"{name}:\n{body}" if rng.random() < 0.2 else f"{name}: {body}")
        mems.append(mem(rng.choice(["\n", "\n\n"]).join(lines), i))
    for m, a in zip(mems, regex_fallback.analyze(mems), strict=True):
        got = [x for x in a.mentions if x.extractor == "speaker"]
        assert got, m.content  # every name here speaks in first or second person
        assert got == list(speakers.speaker_mentions(m, m.segments)), m.content


def test_a_vocative_anchors_a_name_but_weighs_nothing_in_its_verdict():
    """``_verdict`` reads a name's scores (lazily, for a kept name only) as they stood before its
    vocatives ("Riley, look") count as address: one "Riley said" and one vocative keep Riley,
    uncertain (a vocative weighing 4 would make it a person); the address is on its counts after."""
    from soulgraph.extract import regex_fallback as R

    c = R.Candidate("name", "Riley", count=3, mid=2, vocative=1, counts={"verb": 1})
    assert R._verdict("riley", c) == "uncertain"
    assert c.counts["addressed"] == 1
    plain = R.Candidate("name", "Riley", count=3, mid=2, counts={"verb": 1, "addressed": 1})
    assert R._verdict("riley", plain) == "person"

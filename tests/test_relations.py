"""Relation constructions, direction and linking, on the real spaCy model.

Mentions are placed by hand (the names we mean, with an NER-style cue) so each
test checks the relation pass, not the mention extractor.
"""

from __future__ import annotations

import pytest
from conftest import graph_facts
from hypothesis import given, settings
from hypothesis import strategies as st

from soulgraph import relations
from soulgraph.extract.spacy_np import load_nlp
from soulgraph.models import Memory, MemoryAnalysis, Mention, Segment
from soulgraph.relations import vocab

nlp = load_nlp()
pytestmark = pytest.mark.skipif(nlp is None, reason="spaCy model not installed")


def _mentions(text: str, names: dict[str, str], mid: str = "m1", speaker: str | None = None):
    doc = nlp(text) if nlp else None
    out = []
    for name, label in names.items():
        i = text.index(name)
        sent = doc.char_span(i, i + len(name), alignment_mode="expand").sent
        out.append(Mention(memory_id=mid, start=i, end=i + len(name), text=name,
                           sent_start=sent.start_char, sent_end=sent.end_char, extractor="spacy",
                           speaker=speaker, cues=[f"ner:{label}"] if label else []))
    return doc, out


def triples(text: str, names: dict[str, str], speaker: str | None = None) -> set[tuple[str, str, str]]:
    """(head, relation, tail) read from ``text`` with the given names (label '' = no NER cue)."""
    doc, ms = _mentions(text, names, speaker=speaker)
    cands = relations.candidates_from_doc(doc, "m1", 0, speaker, ms, 0)
    for c in cands:  # every candidate's evidence is an exact span of the text
        assert 0 <= c.start < c.end <= len(text)
        assert c.sent_start <= c.start and c.end <= c.sent_end
    name = lambda ref: ref if isinstance(ref, str) else ms[ref].text  # noqa: E731
    return {(name(c.head), c.relation, name(c.tail)) for c in cands}


P, ORG, G = "PERSON", "ORG", "GPE"


def test_svo():
    assert ("Arjun", "uses", "Python") in triples("Arjun uses Python every day.", {"Arjun": P, "Python": ""})
    got = triples("Maya is building Soul Protocol.", {"Maya": P, "Soul Protocol": ""})
    assert ("Maya", "builds", "Soul Protocol") in got


@pytest.mark.parametrize("text,rel", [
    ("Priya works at Stripe.", "works_at"),
    ("Priya lives in Lisbon.", "lives_in"),
    ("Priya moved to Lisbon last year.", "lives_in"),
])
def test_prepositional_attachments(text, rel):
    tail = "Stripe" if "Stripe" in text else "Lisbon"
    got = triples(text, {"Priya": P, tail: ORG if tail == "Stripe" else G})
    assert ("Priya", rel, tail) in got


def test_based_in_participle():
    got = triples("Pepperell, based in West Point, makes towels.", {"Pepperell": ORG, "West Point": G})
    assert ("Pepperell", "located_in", "West Point") in got


def test_copula_role_noun():
    got = triples("Alice is the CTO of Acme.", {"Alice": P, "Acme": ORG})
    assert got == {("Alice", "works_at", "Acme")}


def test_apposition_with_first_person_possessor():
    got = triples("Sarah, our lead designer, moved to Paris.", {"Sarah": P, "Paris": G}, speaker="User")
    assert ("Sarah", "lives_in", "Paris") in got
    assert ("@speaker", "knows", "Sarah") in got


def test_role_compound():
    got = triples("Acme CEO John Smith said it.", {"Acme": ORG, "John Smith": P})
    assert ("John Smith", "works_at", "Acme") in got


def test_possessive_kinship_points_from_possessor():
    got = triples("Riley's daughter Ana loves painting.", {"Riley": P, "Ana": P})
    assert ("Riley", "family_of", "Ana") in got
    got = triples("My sister Ana lives in Lisbon.", {"Ana": P, "Lisbon": G}, speaker="Riley")
    assert ("@speaker", "family_of", "Ana") in got
    assert ("Ana", "lives_in", "Lisbon") in got


def test_possessive_work_is_created_by_its_owner():
    got = triples('I love Ed Sheeran\'s "Perfect".', {"Ed Sheeran": P, "Perfect": "WORK_OF_ART"},
                  speaker="Mel")
    assert ("Ed Sheeran", "created", "Perfect") in got


def test_coordination_gives_one_edge_per_conjunct():
    got = triples("Alice and Bob work at Acme.", {"Alice": P, "Bob": P, "Acme": ORG})
    assert {("Alice", "works_at", "Acme"), ("Bob", "works_at", "Acme")} <= got
    got = triples("I'm a fan of Bach and Mozart.", {"Bach": P, "Mozart": P}, speaker="Mel")
    assert {("@speaker", "likes", "Bach"), ("@speaker", "likes", "Mozart")} <= got


def test_passive_by_agent_is_the_head():
    got = triples("Acme was founded by Bob in 2001.", {"Acme": ORG, "Bob": P})
    assert ("Bob", "founded", "Acme") in got
    assert ("Acme", "founded", "Bob") not in got


def test_first_person_points_from_the_speaker():
    got = triples("I use Python for everything.", {"Python": ""}, speaker="User")
    assert got == {("@speaker", "uses", "Python")}
    assert triples("I use Python for everything.", {"Python": ""}, speaker=None) == set()


def test_wishes_are_not_facts():
    assert triples("I want to visit Paris.", {"Paris": G}, speaker="Tim") == set()


def test_type_mismatch_is_dropped():
    # "lives in" an organisation is not a lives_in fact
    got = triples("Priya lives in Stripe.", {"Priya": P, "Stripe": ORG})
    assert ("Priya", "lives_in", "Stripe") not in got


def test_you_resolves_to_the_one_named_addressee():
    got = triples("Thanks, Melanie! Appreciate our friendship!", {"Melanie": P}, speaker="Caroline")
    assert ("@speaker", "friend_of", "Melanie") in got


def test_relations_stay_in_the_vocabulary():
    from soulgraph.ontology import RELATIONS

    texts = ["Alice and Bob work at Acme.", "Acme was founded by Bob.", "Alice is the CTO of Acme."]
    for t in texts:
        names = {k: v for k, v in {"Alice": P, "Bob": P, "Acme": ORG}.items() if k in t}
        for _, rel, _ in triples(t, names):
            assert rel in RELATIONS


# --------------------------------------------------------------------------- regex patterns


def _regex(text: str, names: list[str], speaker: str | None = None):
    ms = []
    for n in names:
        i = text.index(n)
        ms.append(Mention(memory_id="m1", start=i, end=i + len(n), text=n, sent_start=0,
                          sent_end=len(text), extractor="regex", speaker=speaker))
    cands = relations.candidates_from_text(text, "m1", 0, speaker, ms, 0)
    name = lambda ref: ref if isinstance(ref, str) else ms[ref].text  # noqa: E731
    return {(name(c.head), c.relation, name(c.tail)) for c in cands}


def test_regex_patterns():
    assert ("Priya", "works_at", "Stripe") in _regex("Priya works at Stripe.", ["Priya", "Stripe"])
    assert ("Priya", "lives_in", "Lisbon") in _regex("Priya lives in Lisbon.", ["Priya", "Lisbon"])
    assert ("Riley", "family_of", "Ana") in _regex("Riley's daughter Ana laughed.", ["Riley", "Ana"])
    assert ("Bob", "founded", "Acme") in _regex("Acme was founded by Bob.", ["Acme", "Bob"])
    assert ("@speaker", "uses", "Python") in _regex("I use Python daily.", ["Python"], speaker="User")
    assert _regex("I use Python daily.", ["Python"], speaker=None) == set()
    got = _regex("I lost my job at Door Dash.", ["Door Dash"], "Gina")
    assert ("@speaker", "works_at", "Door Dash") in got
    got = _regex("I'm a fan of classical like Bach and Mozart.", ["Bach", "Mozart"], "Mel")
    assert {("@speaker", "likes", "Bach"), ("@speaker", "likes", "Mozart")} <= got
    assert ("@speaker", "likes", "Iron Man") in _regex("Iron Man is my top pick.", ["Iron Man"], "Nate")


@pytest.mark.parametrize("text, names, triple", [
    ("Bernero, a senior spokesman for the NRC, said no.", ["Bernero", "NRC"], ("Bernero", "works_at", "NRC")),
    ("Acme's CEO Dana Ruiz resigned.", ["Acme", "Dana Ruiz"], ("Dana Ruiz", "works_at", "Acme")),
    ("Oswald shot and killed Kennedy in Dallas.", ["Oswald", "Kennedy"], ("Oswald", "killed", "Kennedy")),
    ("Lincoln was assassinated by Booth.", ["Lincoln", "Booth"], ("Booth", "killed", "Lincoln")),
    ("It came from Yerevan, the capital of Armenia.", ["Yerevan", "Armenia"],
     ("Yerevan", "located_in", "Armenia")),
    ("Bernero of the NRC spoke.", ["Bernero", "NRC"], ("Bernero", vocab.BY_TYPES, "NRC")),
])
def test_regex_patterns_for_roles_killings_and_places(text, names, triple):
    assert triple in _regex(text, names)


@pytest.mark.parametrize("text, names, triple", [
    # killings told with a lead verb, an apposition, or a possessive noun
    ("Mark Keller, convicted of murdering reporter Ann Dole, died.", ["Mark Keller", "Ann Dole"],
     ("Mark Keller", "killed", "Ann Dole")),
    ("Police said Tom Vail acted alone in killing Sam Reed.", ["Tom Vail", "Sam Reed"],
     ("Tom Vail", "killed", "Sam Reed")),
    ("It was Sam Reed's assassin, Tom Vail, who fled.", ["Sam Reed", "Tom Vail"],
     ("Tom Vail", "killed", "Sam Reed")),
    ("Tom Vail, assassin of Sam Reed, was caught.", ["Tom Vail", "Sam Reed"],
     ("Tom Vail", "killed", "Sam Reed")),
    ("Sam Reed was fatally shot by Tom Vail.", ["Sam Reed", "Tom Vail"], ("Tom Vail", "killed", "Sam Reed")),
    # birthplaces, headquarters, places in a region
    ("Ann Dole, 76, born in Fort Worth, sang.", ["Ann Dole", "Fort Worth"],
     ("Ann Dole", "lives_in", "Fort Worth")),
    ("Ann Dole was born in Tulsa.", ["Ann Dole", "Tulsa"], ("Ann Dole", "lives_in", "Tulsa")),
    ("Staff at the Globex headquarters in nearby Dover left.", ["Globex", "Dover"],
     ("Globex", vocab.IN_PLACE, "Dover")),
    ("Rain hit Lamu in eastern Kenya.", ["Lamu", "Kenya"], ("Lamu", vocab.IN_PLACE, "Kenya")),
    # appositions: a described name, or a role whose organisation comes before the person
    ("Ann Dole, a Tulsa lawyer, said no.", ["Ann Dole", "Tulsa"], ("Ann Dole", vocab.ROLE_AT, "Tulsa")),
    ("said Ann Dole, Globex's chairman.", ["Ann Dole", "Globex"], ("Ann Dole", "works_at", "Globex")),
    ("with the deputy director of the Globex Institute, Ann Dole, today.", ["Globex Institute", "Ann Dole"],
     ("Ann Dole", "works_at", "Globex Institute")),
    ("The dissident Ukrainian pianist Tom Vail spoke.", ["Ukrainian", "Tom Vail"],
     ("Tom Vail", vocab.BY_TYPES, "Ukrainian")),
])
def test_regex_patterns_for_news_shapes(text, names, triple):
    assert triple in _regex(text, names)


def test_regex_news_appositions_with_a_role_and_a_town_in_its_state():
    types, edges = graph_facts("Ann Dole, 50, of Bethany, Conn., was hurt Thursday.",
                               "Quotes came from Tom Vail, an Initech spokesman.",
                               "said Jo Reed, vice president of daytime programs for Globex Entertainment.",
                               "Sam Lee, the 9th president of the United States, was born in Tulsa, Okla.",
                               extractor="regex")
    assert {("Ann Dole", "lives_in", "Bethany"), ("Ann Dole", "lives_in", "Conn"),
            ("Tom Vail", "works_at", "Initech"),
            ("Jo Reed", "works_at", "Globex Entertainment")} <= edges, edges
    assert not [e for e in edges if e[0] == "United States"], edges  # the country was born nowhere


def test_regex_passive_killing_points_from_the_killer():
    assert _regex("Tom Vail was assassinated by Sam Reed.", ["Tom Vail", "Sam Reed"]) == {
        ("Sam Reed", "killed", "Tom Vail")}


@pytest.mark.parametrize("text, names", [
    ("The biggest ship on Earth is the Queen Mary.", ["Earth", "Mary"]),  # no title in "is the Queen"
    # heading a country is no job at a place
    ("the 13th president of the United States, Tom Vail, was born there.", ["United States", "Tom Vail"]),
    ("Ann Dole, the Tulsa one, left early.", ["Ann Dole", "Tulsa"]),  # no noun saying what she is
])
def test_regex_news_shapes_that_are_no_edge(text, names):
    assert _regex(text, names) == set()


def test_regex_title_with_a_period_does_not_split_the_pair():
    """The regex extractor's sentence splitter cuts after "Gov."; the pair still links."""
    types, edges = graph_facts("Nebraska Gov. Tom Vail signed the bill on Monday.",
                               "Tom Vail spoke in Nebraska.", extractor="regex")
    assert ("Tom Vail", "lives_in", "Nebraska") in edges
    _, edges = graph_facts("Tom Vail lives in Nebraska. Gov. Ann Dole of Ohio spoke.", extractor="regex")
    assert not [e for e in edges if e[0] == "Tom Vail" and e[2] != "Nebraska"]


def test_regex_patterns_do_not_link_across_a_list():
    assert _regex("She met Colombia, Bolivia and Peru officials.", ["Colombia", "Bolivia"]) == set()
    assert _regex("Emailed Lisa, Tom, and the director of Globex.", ["Tom", "Globex"]) == set()


@pytest.mark.parametrize("text, names", [
    ("Yesterday Caroline shot Melanie a quick message.", ["Caroline", "Melanie"]),
    ("Our photographer Dana shot Emma at golden hour.", ["Dana", "Emma"]),
    ("The photos of Emma were shot by Dana in the park.", ["Emma", "Dana"]),
])
def test_a_photo_or_a_message_shot_is_no_killing(text, names):
    assert not [t for t in _regex(text, names) if t[1] == "killed"]


def test_a_person_in_a_place_is_only_visiting_but_an_organisation_there_is_located():
    from soulgraph.models import Relation
    from soulgraph.relations import check_types

    seen = _regex("I saw Caroline in Paris last week.", ["Caroline", "Paris"])
    assert ("Caroline", vocab.IN_PLACE, "Paris") in seen
    rel = Relation(source="caroline", target="paris", relation=vocab.IN_PLACE)
    assert check_types([rel], {"caroline": "person", "paris": "place"}) == []
    org = Relation(source="acme", target="paris", relation=vocab.IN_PLACE)
    assert [r.relation for r in check_types([org], {"acme": "org", "paris": "place"})] == ["located_in"]


# --------------------------------------------------------------------------- link


def test_link_resolves_speaker_per_segment_and_merges_provenance():
    text = "User: I use Python.\nAgent: Noted."
    mem = Memory(id="m1", content=text, created_at="2026-01-02T00:00:00",
                 segments=[Segment(speaker="User", start=6, end=19), Segment(speaker="Agent", start=27,
                                                                                  end=33)])
    mem2 = Memory(id="m2", content="User: I use Python.", created_at="2026-01-01T00:00:00",
                  segments=[Segment(speaker="User", start=6, end=19)])
    analyses = []
    for m in (mem, mem2):
        seg = m.segments[0]
        doc = nlp(m.content[seg.start:seg.end])
        i = m.content.index("Python")
        ms = [Mention(memory_id=m.id, start=i, end=i + 6, text="Python", sent_start=seg.start,
                      sent_end=seg.end, extractor="spacy", speaker="User")]
        a = MemoryAnalysis(memory_id=m.id, mentions=ms)
        a.relations = relations.candidates_from_doc(doc, m.id, seg.start, "User", ms, 0)
        analyses.append(a)
    ent = {("m1", 0): "python", ("m2", 0): "python"}
    spk = {("m1", "User"): "user", ("m2", "User"): "user"}
    rels = relations.link(analyses, ent, spk, {"m1": mem, "m2": mem2})
    assert [(r.source, r.relation, r.target) for r in rels] == [("user", "uses", "python")]
    r = rels[0]
    assert sorted(p.memory_id for p in r.provenance) == ["m1", "m2"]
    assert r.valid_from == "2026-01-01T00:00:00"  # earliest supporting memory
    for p in r.provenance:
        content = {"m1": text, "m2": mem2.content}[p.memory_id]
        assert "I use Python" in content[p.start:p.end]
    # no resolvable speaker: the first-person edge is dropped, never misattributed
    assert relations.link(analyses, ent, {}, {"m1": mem, "m2": mem2}) == []


def test_killings_named_by_gerunds_and_nouns():
    got = triples("Sirhan was convicted of assassinating Robert Kennedy.", {"Sirhan": P, "Robert Kennedy": P})
    assert ("Sirhan", "killed", "Robert Kennedy") in got
    got = triples("Mark Vasquez was charged with the slaying of John Walker.",
                  {"Mark Vasquez": P, "John Walker": P})
    assert ("Mark Vasquez", "killed", "John Walker") in got


def test_pronoun_takes_the_one_person_named_before():
    got = triples("Darci Pereira stunned the court by admitting he shot Mendes.",
                  {"Darci Pereira": P, "Mendes": P})
    assert ("Darci Pereira", "killed", "Mendes") in got


def test_comma_chains_of_places():
    got = triples("They sued Owens-Corning of Toledo, Ohio, last year.",
                  {"Owens-Corning": ORG, "Toledo": G, "Ohio": G})
    assert {("Owens-Corning", "located_in", "Toledo"), ("Toledo", "located_in", "Ohio"),
            ("Owens-Corning", "located_in", "Ohio")} <= got


def test_org_then_in_then_place():
    got = triples("The company performed at the Palace of Arts, in San Francisco, in June.",
                  {"Palace of Arts": "FAC", "San Francisco": G})
    assert ("Palace of Arts", "located_in", "San Francisco") in got


def test_every_trigger_maps_into_the_controlled_vocabulary():
    from soulgraph.ontology import RELATIONS
    from soulgraph.relations import patterns
    from soulgraph.relations import vocab as V

    used = {*V.VERB_OBJ.values(), *V.VERB_PREP.values(), *V.ROLE_NOUN.values(), *V.TYPE_PREP.values()}
    used |= {rel for table in (patterns._GAPS, patterns._REV_GAPS, patterns._SELF, patterns._SELF_AFTER)
             for _, rel in table}
    special = {r for r in used if r.startswith("@")}  # resolved to vocabulary names by the pass
    # the last three: link.check_types
    assert special <= {"@works_at_rev", "@in", "@move", V.BY_TYPES, V.IN_PLACE, V.MEMBER_IN}
    assert used - special <= set(RELATIONS)


def _graph_edges(*texts: str) -> set[tuple[str, str, str]]:
    return graph_facts(*texts)[1]


def test_moving_to_an_employer_is_works_at_and_to_a_city_lives_in():
    """"moved to X" was always a home; "Priya is moving to Google" gave no edge at all."""
    got = _graph_edges("Priya is moving to Google next month.", "Priya moved to Berlin in 2019.")
    assert ("Priya", "works_at", "Google") in got and ("Priya", "lives_in", "Berlin") in got
    assert ("Priya", "lives_in", "Google") not in got


def test_experimenting_with_a_tool_uses_it():
    got = _graph_edges("Tomás experimented with Docker last week.",
                       "Marta is tinkering with Rust this summer.")
    assert ("Tomás", "uses", "Docker") in got and ("Marta", "uses", "Rust") in got


def test_starting_at_an_organisation_is_works_at_and_at_a_place_is_nothing():
    got = _graph_edges("My sister Leah just started at Deloitte in Chicago.",
                       "Omar started at Stripe in May.", "The race started at Central Park.")
    assert ("Leah", "works_at", "Deloitte") in got and ("Omar", "works_at", "Stripe") in got
    assert not any(r == "works_at" and t == "Central Park" for _, r, t in got)


def test_self_alternation_matches_wherever_one_self_pattern_does():
    """``_SELF_ANY`` (one search) gates the eleven first-person patterns: it finds a match in
    exactly the strings where one of them does."""
    import random

    from soulgraph.relations import patterns

    rng = random.Random(4)
    parts = ["I", "we", "my", "our", "I'm", "we're", " am", " have", "'ve", "use", "using", "work",
             "at", "for", "live", "in", "moved", "to", "build", "love", "visited", "been", "sister",
             "friend", "best", "job", "with", "a", "big", "fan", "fans", "of", "the", "x", ",", ".",
             " ", " ", " ", "\n", "Iwe"]
    hits = 0
    for _ in range(20000):
        t = "".join(rng.choice(parts) + rng.choice((" ", " ", "")) for _ in range(rng.randint(0, 9)))
        want = any(p.search(t) for p, _ in patterns._SELF)
        hits += want
        assert (patterns._SELF_ANY.search(t) is not None) is want, t
    assert hits > 50



_SELF_PARTS = ["I", "i", "\u0130", "we", "WE", "my", "My", "our", "'m", "'ve", " am", "use", "work", "at",
               "fan", "fans", "of", "sister", "boss", "the", "a", "is", "was", "top", "pick", "favorite",
               " ", "  ", "\n", "\t", "\u00a0", "\u2003", ",", ".", "x", "Dune"]


def test_self_min_is_the_fewest_characters_a_self_pattern_matches():
    """``_SELF_MIN`` lets a name whose text before it is shorter skip the first-person searches:
    no _SELF pattern may match fewer characters (re's own parser says what each one needs)."""
    import re._parser as parser

    from soulgraph.relations import patterns

    widths = [parser.parse(p.pattern, p.flags).getwidth()[0] for p, _ in patterns._SELF]
    assert min(widths) == patterns._SELF_MIN


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_SELF_PARTS), max_size=12),
       st.lists(st.sampled_from(_SELF_PARTS), max_size=8))
def test_self_pre_tests_never_reject_a_text_a_pattern_matches(before, after):
    """The two pre-tests of ``_self_candidates``: a text shorter than ``_SELF_MIN`` matches no
    _SELF pattern, and a name not followed by whitespace matches no _SELF_AFTER pattern."""
    from soulgraph.relations import patterns

    b, t = "".join(before), "Dune" + "".join(after)
    if len(b) < patterns._SELF_MIN:
        assert not any(p.search(b) for p, _ in patterns._SELF), b
    if not t[4:5].isspace():
        assert not any(p.match(t, 4) for p, _ in patterns._SELF_AFTER), t


def test_self_after_in_any_case_and_only_after_the_name():
    """"X is MY favourite" gives the speaker's like, also at a line's end; a name with no space
    after it or a short text before it ("Dune:", "Hey Dune") gives none, nor a "my" before it."""
    assert ("@speaker", "likes", "Dune") in _regex("Dune is MY favourite.", ["Dune"], "Nate")
    assert _regex("In my view Dune is overrated.", ["Dune"], "Nate") == set()
    assert _regex("Dune is a favourite of mine.", ["Dune"], "Nate") == set()
    assert ("@speaker", "likes", "Dune") in _regex("x\nDune\tis my favourite", ["Dune"], "Nate")
    assert ("@speaker", "uses", "Dune") in _regex("I use Dune", ["Dune"], "Nate")
    assert _regex("Hey Dune: is my favourite", ["Dune"], "Nate") == set()

def test_moving_to_a_name_ner_calls_neither_org_nor_place_is_typed_by_the_classifier():
    """The small model calls Globex a PRODUCT in "... and is moving to Globex": the move is kept
    for the final types to label (works_at once Globex is an organisation), not dropped."""
    got = _graph_edges("Kenji Watanabe (Kenji) set up the nightly CI and is moving to Globex.",
                       "Globex hired three engineers this week.", "Kenji joined Globex's platform team.")
    assert ("Kenji Watanabe", "works_at", "Globex") in got
    assert ("Kenji Watanabe", "lives_in", "Globex") not in got


@pytest.mark.parametrize("text, names, triple", [
    # the small model's parse leaves these pairs unlinked; the surface patterns read them
    ("At a briefing at FAA headquarters in nearby Dover, Ann Lee said no.",
     {"FAA": ORG, "Dover": G, "Ann Lee": P}, ("FAA", vocab.IN_PLACE, "Dover")),  # located_in for an org
    ("Ohio born Tom Vail was a 27-year-old actor from Broadway.", {"Ohio": G, "Tom Vail": P},
     ("Tom Vail", "lives_in", "Ohio")),
])
def test_surface_patterns_link_what_the_parse_left_unlinked(text, names, triple):
    assert triple in triples(text, names)


def test_surface_patterns_keep_the_ner_type_veto():
    assert triples("Priya Shah was born in Stripe.", {"Priya Shah": P, "Stripe": ORG}) == set()


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_date_after_was_killed_is_no_victim(extractor):
    _, edges = graph_facts("Tom Vail was killed April 1980 in a coup.", "Tom Vail led the army.",
                           extractor=extractor)
    assert not [e for e in edges if e[1] == "killed"], edges


@pytest.mark.parametrize("text, names, wrong", [
    # a role noun, a game, a name after "with": the surface alone links no job, membership or home
    ("Sam was a visitor at Google last week.", {"Sam": P, "Google": ORG}, ("Sam", "works_at", "Google")),
    ("Leo plays in Minecraft with Sam.", {"Leo": P, "Minecraft": ORG}, ("Leo", "member_of", "Minecraft")),
    ("Drove to Denver with coach Mike Tran.", {"Denver": G, "Mike Tran": P},
     ("Mike Tran", "lives_in", "Denver")),
    ("Kyle killed all of Dana's stuck pods.", {"Kyle": P, "Dana": P}, ("Kyle", "killed", "Dana")),
])
def test_surface_patterns_leave_roles_and_memberships_to_the_parse(text, names, wrong):
    got = triples(text, names)
    assert wrong not in got and (wrong[0], vocab.BY_TYPES, wrong[2]) not in got, got


def test_surface_patterns_keep_a_job_said_by_a_verb():
    got = triples("Our old boss, Greg Holt, now runs engineering at Notion.",
                  {"Greg Holt": P, "Notion": ORG})
    assert ("Greg Holt", "works_at", "Notion") in got, got



def test_gap_parts_by_first_character_match_as_the_whole_alternation_does():
    """``_gap_rel`` / ``_rev_rel`` (the gap patterns split by a gap's first character, with no
    part at all for a character no pattern opens with; "is a <role> at" and the reversed ones
    ending in a title noun tried only on a gap whose words may fit them) give the relation the
    whole ordered alternation gives, on gaps of every opening: comma, spaces of every kind, "'s",
    "-born", quotes, brackets, the empty gap."""
    import random

    from soulgraph.relations import patterns as P

    whole = {False: P._first_of(P._GAPS), True: P._first_of(P._REV_GAPS)}
    rng = random.Random(7)
    leads = [",", ", ", " ", "\t", "\n", "\r", "\u2009", "\u00a0", "'s ", "’s ", "'", "-", '"', "(", ")",
             ":", "&", ""]
    words = ["works", "at", "the", "is", "a", "lawyer", "in", "from", "of", "born", "was", "founded", "by",
             "ceo", "spokesman", "Gov.", "sister", "friend", "who", "killed", "capital", "headquarters",
             "eastern", "76,", "and", "for", "lives", "plays", "soccer", "senior", "historian", "x",
             "vice", "president", "Gov", "pianist", "ſpokesman", "leader", "rep.", "PIANIST"]
    hits = 0
    for _ in range(30000):
        body = " ".join(rng.choice(words) for _ in range(rng.randint(0, 4)))
        gap = rng.choice(leads) + body + rng.choice((" ", " ", "", ", "))
        if not rng.randrange(6):
            gap = rng.choice(("", " ", "-")) + "born "
        elif not rng.randrange(5):  # "is a senior lawyer at the", "was an engineer in"
            gap = (rng.choice((" ", "\t", " \u00e9 ")) + rng.choice(("is", "was", "IS", "has")) + " "
                   + rng.choice(("a", "an", "the", "one")) + " " + rng.choice(("", "senior ", "and "))
                   + rng.choice(("lawyer", "ceo", "pianist", "vice president", "x", "friend"))
                   + " " + rng.choice(("at", "for", "with", "in", "from", "of"))
                   + rng.choice(("", " the", " an")) + rng.choice((" ", "", "\n")))
        c = gap[:1]
        lead = P._LEAD_OF.get(c) or (" " if c.isspace() else c)
        got = {False: P._gap_rel(lead, gap), True: P._rev_rel(lead, gap)}
        for rev in (False, True):
            want = whole[rev][0].match(gap)
            assert (got[rev] or None) == (want and whole[rev][1][want.lastgroup]), (rev, gap)
            hits += want is not None
    assert hits > 500

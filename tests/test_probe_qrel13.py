"""Fresh text of the thirteenth relations pass: the spaCy leftovers the regex mode had already
fixed (a bank's manager, an org's event, a witness after "killed by his brother and"), appointments
with a date after the office, tag questions in chat, displaced killers, a role word used as a verb
in regex mode. Real spaCy model (and the regex extractor), end to end. Each rule has a sentence it
must change and one it must leave alone; every sentence is written for these tests."""

from __future__ import annotations

import pytest
from conftest import BOTH, REGEX, SPACY, per_extractor
from conftest import chat_edges as _chat
from conftest import graph_facts as _graph

# (rule, extractors, text, the edge it must make)
_LINKS = [
    ("my new manager is still my boss", SPACY, "Omar: My boss Greta signed off on the budget today.",
     ("Omar", "reports_to", "Greta")),
    ("a bank manager is someone I know", SPACY, "Omar: My bank manager Felix called about the loan.",
     ("Omar", "knows", "Felix")),
    ("a business partner is no family", SPACY,
     "Rolf Adler sued his business partner, Tobias Merz, over the hotel deal.",
     ("Rolf Adler", "knows", "Tobias Merz")),
    ("a kin noun still makes family", SPACY, "Rolf Adler sued his brother, Tobias Adler, over the hotel.",
     ("Rolf Adler", "family_of", "Tobias Adler")),
    ("two killers after by", SPACY, "Irma Salo was killed by Kai Berg and Ville Orava in 1987.",
     ("Ville Orava", "killed", "Irma Salo")),
    ("an office, then a year", SPACY,
     "The Lakeside Gazette named Petra Holm as its executive editor in 2011.",
     ("Petra Holm", "works_at", "Lakeside Gazette")),
    ("an appointment read as one noun phrase", SPACY,
     "The Harbor Owls named Dario Conti as head coach on Tuesday.",
     ("Dario Conti", "works_at", "Harbor Owls")),
    ("an auxiliary tag asserts", SPACY, "Lena: Tom founded Loomly, didn't he?",
     ("Tom", "founded", "Loomly")),
    ("a tag word asserts (guard)", SPACY, "Lena: Priya works at Google, right?",
     ("Priya", "works_at", "Google")),
    ("a killer hung on the place phrase", SPACY,
     "Arne Voss was shot to death in 1994 in his garage by Jonas Eklund, a former tenant.",
     ("Jonas Eklund", "killed", "Arne Voss")),
    ("killed on someone's orders", SPACY, "Mara Lind was murdered on the orders of Victor Brandt.",
     ("Victor Brandt", "killed", "Mara Lind")),
    ("the role word a title", REGEX, "Can Orbital Systems CEO Dana Whitlock fix the launch delay?",
     ("Dana Whitlock", "works_at", "Orbital Systems")),
    ("a home after of, beside an agent", SPACY, "Senator Dale Ross was shot by Carl Ames of Dallas.",
     ("Carl Ames", "lives_in", "Dallas")),
    ("people coordinated before of", SPACY, "Lena Moss and Otto Brandt of Acme Corp signed the deal.",
     ("Lena Moss", "works_at", "Acme Corp")),
    ("a person is no part", SPACY, "Ana Pike, a Harvard historian, wrote the book.",
     ("Ana Pike", "works_at", "Harvard")),
    ("a unit is still part of its firm", SPACY, "Westcott Labs, a unit of Globex Industries, cut 200 jobs.",
     ("Westcott Labs", "part_of", "Globex Industries")),
    ("born on a date in", REGEX, "Nora Quist was born on May 3 in Bergen.",
     ("Nora Quist", "lives_in", "Bergen")),
    ("born in a year in", REGEX, "Nora Quist was born in 1950 in Bergen.",
     ("Nora Quist", "lives_in", "Bergen")),
    ("a kin noun's name among the killers", SPACY,
     "Mark Hale was killed by Tom Reyes and his brother Dan Reyes.",
     ("Dan Reyes", "killed", "Mark Hale")),
    ("a product built", REGEX, "Omar is building Loomly with Rust.", ("Omar", "builds", "Loomly")),
    ("an office as a second object", BOTH, "Harbor Bank named Rosa Diaz its new chief executive on Monday.",
     ("Rosa Diaz", "works_at", "Harbor Bank")),
    ("an office without its article", BOTH, "The Falcons appointed Tom Reyes head coach on Friday.",
     ("Tom Reyes", "works_at", "Falcons")),
    ("someone from a firm after to", REGEX, "I talked to Greg Olsen from Stripe yesterday.",
     ("Greg Olsen", "works_at", "Stripe")),
    ("two files, one name ending the other", BOTH, "Moved the batch_loader.py helpers into loader.py today.",
     ("batch_loader.py", "co_occurs", "loader.py")),
    ("a firm before a role keeps the job", REGEX, "Acme Corp spokesman Tom Reyes declined to comment.",
     ("Tom Reyes", "works_at", "Acme Corp")),
    ("works with an adverb", REGEX, "Laura Brandt now works for Halvorsen Shipping in Bergen.",
     ("Laura Brandt", "works_at", "Halvorsen Shipping")),
    ("moved with an adverb", REGEX, "Laura Brandt later moved to Trondheim after the fire.",
     ("Laura Brandt", "lives_in", "Trondheim")),
]

# (rule, extractors, text, relation that must not appear, (source, target) or None: any pair)
_LEFT_ALONE = [
    ("a bank manager is no boss", SPACY, "Omar: My bank manager Felix called about the loan.",
     "reports_to", None),
    ("a property manager is no boss", SPACY, "Omar: My property manager Dieter never answers.",
     "reports_to", None),
    ("a business partner is no family", SPACY,
     "Rolf Adler sued his business partner, Tobias Merz, over the hotel deal.", "family_of", None),
    ("a witness after killed by his brother and", SPACY,
     "Irma Salo was killed by her brother and Ville Orava survived the fire.", "killed", None),
    ("an org's event", SPACY, "Greta Lund ran the Red Cross blood drive at the school.", "leads", None),
    ("a bot for a product", SPACY, "Jonas is building a Discord bot with Python.", "builds", None),
    ("a called-X phrase is no post", SPACY, "A coach named Dario Conti came to the dinner.", "works_at",
     None),
    ("a title after the office, then a date", SPACY,
     "The Lakeside Gazette named Petra Holm as its reader of the year in 2011.", "works_at", None),
    ("a question is asked", SPACY, "Lena: Ok, is Priya at Google now?", "works_at", None),
    ("a question after a comma", SPACY, "Lena: So, does Priya work at Google?", "works_at", None),
    ("a place is no killer", SPACY, "Arne Voss was killed in a cabin in 1994 by Lake Vanern.", "killed",
     ("Lake Vanern", "Arne Voss")),
    ("the place of a passive's agent", SPACY, "Senator Dale Ross was shot by Carl Ames in Dallas.",
     "lives_in", None),
    ("the place where one spoke", SPACY, '"We will win," said Laura Pike in Omaha on Tuesday.',
     "lives_in", None),
    ("an organisation's own of", SPACY,
     "The Revenue Office and Lakeshore Trust Co. of Omaha will file a plan.",
     "located_in", ("Revenue Office", "Omaha")),
    ("an idea born in a year in", REGEX, "Nora Quist's idea was born in 1950 in Bergen.", "lives_in", None),
    ("a witness after a kin noun's name", SPACY,
     "Lena Park was killed by her husband and her son Tom Park survived.", "killed", None),
    ("an integration for a product", BOTH, "Omar is building a Stripe integration for Shopify.", "builds",
     None),
    ("a title as a second object", BOTH, "The Herald named Ada Kerr its player of the decade.", "works_at",
     None),
    ("a country electing", SPACY, "Brazil elected Maria Santos president in 2022.", "works_at", None),
    ("a trip's two ends", REGEX, "We flew to Lisbon from Boston last week.", "located_in", None),
    ("a name and its longer name", SPACY, "Torn between the kindle and the Kindle oasis tbh!", "co_occurs",
     None),
    ("a role word as a verb", REGEX, "Will Denver coach Boston to a title?", "located_in", None),
    ("a town's captain lives nowhere", REGEX, "Leeds captain Liam Cooper lifted the trophy in Leeds.",
     "lives_in", None),
    ("an adverb after a comma names no subject", REGEX,
     "Laura Brandt, who grew up in Tromso, now works for Halvorsen Shipping.", "works_at",
     ("Tromso", "Halvorsen Shipping")),
]


@pytest.mark.parametrize("extractor, text, edge", per_extractor(_LINKS))
def test_the_rule_links_its_sentence(extractor, text, edge):
    _, edges = _graph(text, extractor=extractor)
    assert edge in edges, edges


@pytest.mark.parametrize("extractor, text, rel, pair", per_extractor(_LEFT_ALONE))
def test_the_rule_leaves_its_neighbour_sentence_alone(extractor, text, rel, pair):
    _, edges = _graph(text, extractor=extractor)
    assert not any(r == rel and (pair is None or (s, t) == pair) for s, r, t in edges), edges


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("text, edge", [
    ("Greta: I'm originally from Sweden, you know.", ("Greta", "lives_in", "Sweden")),
    ("Greta: I am from Ohio.", ("Greta", "lives_in", "Ohio")),
    ("Greta: I've been working at Google for three years now.", ("Greta", "works_at", "Google")),
    ("Greta: I just started a new job at Stripe!", ("Greta", "works_at", "Stripe")),
    ("Greta: I've been living in Denver since 2019.", ("Greta", "lives_in", "Denver")),
])
def test_chat_turns_about_the_speaker(text, edge, extractor):
    edges = _chat(text, extractor)
    assert edge in edges, edges


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("text, rel", [
    ("Greta: I'm back from Paris!", "lives_in"),
    ("Greta: We're just home from Lisbon.", "lives_in"),
    ("Greta: Last week I visited my mom in Tucson.", "lives_in"),
    ("Greta: I'm from the Denver office, calling about the invoice.", "lives_in"),
])
def test_chat_turns_the_rules_leave_alone(text, rel, extractor):
    edges = _chat(text, extractor)
    assert not any(r == rel for _, r, _ in edges), edges


@pytest.mark.parametrize("before", [
    "Yesterday I met my sister ", "we moved to ", "I'm originally from ", "Honestly, my boss, ",
    "our mentor ",
    "Oh wow, i've been working at ", "WE LIVE IN ", "the song Ana ", "Mia said that ", "", "İ grew up in ",
    "ı use the ", "Me and my friend ", "so we're from the ",
])
def test_the_speaker_gates_agree_with_the_patterns(before):
    """_SELF_HINT and _SELF_ANY (their first-letter lookahead a speed-up) say exactly whether one of
    the first-person patterns matches the words before a name."""
    from soulgraph.relations import patterns as P

    any_hit = any(p.search(before) for p, _ in P._SELF)
    assert bool(P._SELF_ANY.search(before)) == any_hit
    assert not any_hit or P._SELF_HINT.search(before)

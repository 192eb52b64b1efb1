"""Fresh text of the eleventh relations pass: merges a group qualifier vetoes, surface relations of
news and chat text in regex mode, parse relations in spaCy mode. Real spaCy model (and the regex
extractor), end to end. Each rule has a sentence it must link and one it must leave alone."""

from __future__ import annotations

import pytest
from conftest import BOTH, REGEX, SPACY, chat_edges, per_extractor
from conftest import graph_facts as _graph


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_given_name_qualified_by_a_group_takes_no_surname_from_elsewhere(extractor):
    """'Dan from work' is one Dan of the writer's office: a Dan Whitfield who fixes the roof
    in another memory is no evidence that they are one person."""
    types, _ = _graph("User: Had lunch with Dan from work today, he is switching teams.",
                      "User: Dan Whitfield called about the roof repair estimate.", extractor=extractor)
    assert types.get("Dan") == "person" and types.get("Dan Whitfield") == "person", types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("other", ["User: Dan Whitfield from work sent the quarterly slides.",
                                   "User: Dan Whitfield sent the invoice for the gutters."])
def test_a_given_name_extends_to_a_full_name_of_the_same_group_or_of_none(other, extractor):
    first = ("User: Had lunch with Dan from work today, he is switching teams." if "from work" in other
             else "User: Dan called about the roof repair estimate.")
    types, _ = _graph(first, other, extractor=extractor)
    assert "Dan Whitfield" in types and "Dan" not in types, types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_full_name_in_the_same_memory_extends_a_qualified_given_name(extractor):
    """Finding 10: the group veto is for a full name from elsewhere; a full name the same memory
    gives ("His full name is Dan Whitfield") is the qualified Dan's own."""
    types, _ = _graph("Jess: Dan from work and I got lunch. His full name is Dan Whitfield, he sits near me.",
                      "Jess: See you soon!", extractor=extractor)
    assert "Dan Whitfield" in types and "Dan" not in types, types


# (rule, extractors, text, the edge it must make); "(guard)": a case main 4744494 passed already,
# kept only as a regression guard of the rule it names
_LINKS = [
    ("relative clause home", REGEX, "Sophie Laurent, who lives in Lyon, won the regional lottery.",
     ("Sophie Laurent", "lives_in", "Lyon")),
    ("relative clause grew up", REGEX, "Jenna Wu, who grew up in Taipei, joined the faculty in 2019.",
     ("Jenna Wu", "lives_in", "Taipei")),
    ("relative clause of the nearer name", REGEX,
     "Oskar Lind met Sophie Laurent, who lives in Lyon, at the fair.",
     ("Sophie Laurent", "lives_in", "Lyon")),
    ("age before a role", REGEX, "Elena Ruiz, 37, a nurse at Mercy Hospital, was honored by the city.",
     ("Elena Ruiz", "works_at", "Mercy Hospital")),
    ("stabbed to death by", REGEX,
     "Arnold Penn was stabbed to death by his neighbor, Victor Hale, prosecutors said.",
     ("Victor Hale", "killed", "Arnold Penn")),
    ("stabbed to death by (guard)", SPACY,
     "Arnold Penn was stabbed to death by his neighbor, Victor Hale, prosecutors said.",
     ("Victor Hale", "killed", "Arnold Penn")),
    ("beaten to death by a kin noun", REGEX, "Rita Vance was beaten to death by her husband Paul Vance.",
     ("Paul Vance", "killed", "Rita Vance")),
    ("a place's possessive", REGEX, "Analysts praised Denver's Orbital Systems for the launch.",
     ("Orbital Systems", "located_in", "Denver")),
    ("a place's possessive landmark", REGEX, "The statue stood in Beijing's Tiananmen Square for a week.",
     ("Tiananmen Square", "located_in", "Beijing")),
    ("a role at a firm (guard)", REGEX,
     "Carlos Mendes, the director of research at Banco Atlantico, warned of slower growth.",
     ("Carlos Mendes", "works_at", "Banco Atlantico")),
    ("plural relative clause (guard)", SPACY,
     "Carl Brenner and Tim Rowe, who live in Leeds, opened a bakery.",
     ("Tim Rowe", "lives_in", "Leeds")),
    ("lives in a NER person", SPACY, "Sophie Laurent, who lives in Lyon, won the regional lottery.",
     ("Sophie Laurent", "lives_in", "Lyon")),
    ("founded a NER person", SPACY, "Ana: Marcus Webb founded Helix Labs in 2021.",
     ("Marcus Webb", "founded", "Helix Labs")),
    ("is a native of", REGEX, "Ask anyone: Ravi Menon is a native of Tulsa and says so often.",
     ("Ravi Menon", "lives_in", "Tulsa")),
    (", a native of (guard)", REGEX, "Ravi Menon, a native of Tulsa and a keen sailor, fixed the mast.",
     ("Ravi Menon", "lives_in", "Tulsa")),
    ("a lifelong resident after a comma", BOTH, "Omar Said, a lifelong resident of Denver, opened the fair.",
     ("Omar Said", "lives_in", "Denver")),
    ("a the former mayor after a copula", REGEX, "Omar Said was the former mayor of Leeds until 2019.",
     ("Omar Said", "lives_in", "Leeds")),
    ("who runs", REGEX, "Marta Voss, who runs Harbor Books, sold the lease in May.",
     ("Marta Voss", "leads", "Harbor Books")),
    ("operates the", REGEX, "Noah Kim operates the Harbor Grill near the pier.",
     ("Noah Kim", "leads", "Harbor Grill")),
    ("led a company function at", REGEX, "Sara Lind led marketing at Spotify for six years.",
     ("Sara Lind", "works_at", "Spotify")),
    ("runs the", REGEX, "Ana Diaz runs the Harbor Point Marina in the summer.",
     ("Ana Diaz", "leads", "Harbor Point Marina")),
    ("dateline date", REGEX, "The bus crashed near Lugano, Switzerland, Tuesday morning.",
     ("Lugano", "located_in", "Switzerland")),
    ("appointed chairman of", BOTH, "Brian Tull was appointed chairman of Westcott Media on Thursday.",
     ("Brian Tull", "works_at", "Westcott Media")),
    ("named as its chairman", BOTH, "Westcott Media named Brian Tull as its new chairman.",
     ("Brian Tull", "works_at", "Westcott Media")),
    ("f killed by a kin noun and name", BOTH, "Gil Moss was killed by his uncle Ned Moss last night.",
     ("Ned Moss", "killed", "Gil Moss")),
    ("h a person after a firm lives in", SPACY, "Ines Kohl of Brightwave Labs now lives in Denver.",
     ("Ines Kohl", "lives_in", "Denver")),
    ("b an office after as its", BOTH, "Harbor Bank appointed Rosa Diaz as its chief executive on Monday.",
     ("Rosa Diaz", "works_at", "Harbor Bank")),
    ("the mayor of T, X", BOTH, "The mayor of Tulsa, Maria Lopez, signed the budget late Friday.",
     ("Maria Lopez", "lives_in", "Tulsa")),
    ("a month-like name", SPACY, "The mayor of Tulsa, Mary Hill, signed the budget late Friday.",
     ("Mary Hill", "lives_in", "Tulsa")),
    ("a firm before a job noun (guard)", SPACY,
     "Paul Mercer, a Delta Freight spokesman, declined to comment.",
     ("Paul Mercer", "works_at", "Delta Freight")),
    ("a role at a firm after a comma (guard)", REGEX,
     "Dana Fox, the chief economist at Wilmington Trust, disagreed.",
     ("Dana Fox", "works_at", "Wilmington Trust")),
    ("an untyped job noun", REGEX, "Rita Gomez, an Orbital Systems employee, saw the fire start.",
     ("Rita Gomez", "works_at", "Orbital Systems")),
]

# (rule, extractors, text, relation that must not appear, (source, target) or None: any pair)
_LEFT_ALONE = [
    ("an age then no job", REGEX, "Elena Ruiz, 37, a tourist at the Grand Hotel, lost her passport.",
     "works_at", None),
    ("beaten by", REGEX, "Arnold Penn was beaten by his neighbor, Victor Hale, in the final round.",
     "killed", None),
    ("a listed place after a possessive", REGEX, "Analysts doubt that Russia's Ukraine policy will change.",
     "located_in", ("Ukraine", "Russia")),
    ("a person after a place's possessive", REGEX, "Germany's Angela Merkel met the press in Berlin.",
     "located_in", ("Angela Merkel", "Germany")),
    ("a nationality", REGEX,
     "Carlos Mendes, the head of the Portuguese central bank, warned of slower growth.",
     "works_at", ("Carlos Mendes", "Portuguese")),
    ("lives with a person", SPACY, "Sophie Laurent, who lives with Marc Dubois, won the regional lottery.",
     "lives_in", None),
    ("met is no founding", SPACY, "Ana: Marcus Webb met Tessa Moore in 2021.", "founded", None),
    ("a fan of a place", REGEX, "Ravi Menon is a big fan of Tulsa and its river.", "lives_in", None),
    ("runs software", REGEX, "Ana Diaz runs Kubernetes on her laptop.", "leads", None),
    ("a list of countries", REGEX, "The summit brings Colombia, Bolivia, Ecuador and Peru together.",
     "located_in", None),
    ("appointed by", REGEX, "Brian Tull was appointed by Westcott Media on Thursday.", "works_at", None),
    ("named in a lawsuit", BOTH, "Westcott Media named Brian Tull in the lawsuit.", "works_at", None),
    ("named a dog", SPACY, "Ruth Ng named her dog Biscuit as a joke.", "works_at", None),
    ("the president of a country", REGEX,
     "In the novel, the second president of Peru, Ana Villa, grew up in a mountain village.",
     "lives_in", ("Ana Villa", "Peru")),
    ("a month is no party", SPACY, "Tom Vail was killed April 1980 in Tulsa, the police said.", "killed",
     ("April 1980", "Tom Vail")),
    ("heading a country", REGEX, "Last spring Ada Quill, the ninth president of Chile, opened the fair.",
     "works_at", ("Ada Quill", "Chile")),
    # the reviewer's findings on the eleventh pass (numbers as in the review)
    ("1 ran a thing for a charity", BOTH, "Nadia Holm ran a half marathon for Unicef last spring.",
     "works_at", None),
    ("1 ran the numbers for a firm", BOTH, "Tom Reyes ran the numbers for Acme Corp last night.",
     "works_at", None),
    ("1 managed an account for a firm", BOTH, "Sam Patel managed the account for Nike at the agency.",
     "works_at", None),
    ("1 led a tour at a museum", BOTH, "Ana Lima led the tour at the Louvre for our group.",
     "works_at", None),
    ("2 a home after an apposition", BOTH, "Ana Ruiz, the CEO of Acme Corp, lives in Boston.",
     "located_in", ("Acme Corp", "Boston")),
    ("2 grew up after a relative clause", BOTH, "Kim Lee, who founded Loomly, grew up in Seoul.",
     "located_in", ("Loomly", "Seoul")),
    ("2 who after an object", REGEX, "Tom Berg joined Stripe, who lives in Dublin anyway?",
     "located_in", None),
    ("3 killed by his brother and", REGEX,
     "Ravi Shah was killed by his brother and Elena Cruz survived the attack.", "killed", None),
    ("3 beaten to death by his son and", BOTH,
     "Dan Reed was beaten to death by his son and Mary Voss called the police.", "killed", None),
    ("3 a witness after the comma", BOTH,
     "Omar Haddad was stabbed to death by his cellmate, Victor Pell told reporters.", "killed", None),
    ("4 a role's apposition then a speaker", BOTH,
     "Karen Holt, the governor of Ohio, Ben said, will run again.", "lives_in", ("Ben", "Ohio")),
    ("4 a role then another clause", BOTH, "I wrote to the mayor of Denver, Priya helped me with the letter.",
     "lives_in", ("Priya", "Denver")),
    ("5 a person's possessive car", BOTH, "Austin's Tesla broke down again on the highway.",
     "located_in", None),
    ("5 a person's possessive shoes", BOTH, "Jordan's Nike shoes are finally here.", "located_in", None),
    ("5 a possessive dealer", BOTH, "I got a text from Sydney's Honda dealer.", "located_in", None),
    ("7 ran an org's event", REGEX, "Tom Reyes ran the Red Cross blood drive at our church.", "leads", None),
    ("7 heads an org's partnership", REGEX, "Ana Ortiz heads the Microsoft partnership now.", "leads", None),
    ("7 operated a machine", REGEX, "Ben Kohl operated the Caterpillar excavator all day.", "leads", None),
    ("7 runs a team at a firm", BOTH, "Greg Kerr runs the Platform team at Stripe.", "leads", None),
    ("8 elected head of a country", BOTH, "Maria Santos was elected president of Brazil in 2022.",
     "works_at", None),
    ("8 elected head of a country, no home", SPACY, "Maria Santos was elected president of Brazil in 2022.",
     "lives_in", None),
    ("8 an award is no post", BOTH, "The Herald picked Dario Vega as its player of the year.",
     "works_at", None),
    ("9 a hospital residency", REGEX, "Dr. Tom Berg was a resident of Johns Hopkins before moving west.",
     "lives_in", None),
    ("11 a chat name's line", BOTH, "Tom was named chairman of\nAcme Corp: the board met today.",
     "works_at", None),
    ("a customer", BOTH, "Rita Gomez, an Orbital Systems customer, saw the fire start.", "works_at", None),
    # the second review of the eleventh pass (letters as in the review)
    ("a met the governor of", BOTH, "Omar Said met the governor of Utah after the flood.", "lives_in", None),
    ("a phoned the mayor of", BOTH, "Lucia Ferri phoned the mayor of Leeds twice.", "lives_in", None),
    ("a married a native of", BOTH, "Ines Kohl married a native of Galway last June.", "lives_in", None),
    ("a hosted the senator from", BOTH, "Hugo Brandt hosted the senator from Idaho at his ranch.",
     "lives_in", None),
    ("b a title of the decade", BOTH, "The Chronicle named Ada Kerr as its player of the decade.",
     "works_at", None),
    ("b a title with a superlative", BOTH, "Reuters named Omar Said as its greatest player ever.",
     "works_at", None),
    ("b a title with a job-like noun", BOTH, "Elle named Ines Kohl as its top designer of the decade.",
     "works_at", None),
    ("e led the people at a town", BOTH, "Rosa Parks led the people at Montgomery in 1955.", "works_at",
     None),
    ("f killed by a kin's thing", BOTH, "Gil Moss was killed by his uncle Ned's tractor.", "killed", None),
    ("g runs a product for clients", BOTH, "Omar Said runs Google Ads for four law firms.", "leads", None),
    ("h a firm before lives in", BOTH, "Ines Kohl of Brightwave Labs now lives in Denver.", "located_in",
     None),
    ("c a vocative after the place", BOTH, "Rosa: I'm a native of Utah, Kofi.", "lives_in", ("Kofi", "Utah")),
    ("c a vocative mid-sentence", BOTH, "Rosa: Well I'm a citizen of Peru, Kofi, so yes.", "lives_in",
     ("Kofi", "Peru")),
]


@pytest.mark.parametrize("extractor, text, edge", per_extractor(_LINKS))
def test_the_rule_links_its_sentence(extractor, text, edge):
    _, edges = _graph(text, extractor=extractor)
    assert edge in edges, edges


@pytest.mark.parametrize("extractor, text, rel, pair", per_extractor(_LEFT_ALONE))
def test_the_rule_leaves_its_neighbour_sentence_alone(extractor, text, rel, pair):
    _, edges = _graph(text, extractor=extractor)
    assert not any(r == rel and (pair is None or (s, t) == pair) for s, r, t in edges), edges


def test_my_friend_is_no_family_in_regex_mode():
    """The kin nouns of the surface patterns held the friend nouns too: 'my friend Aisha' made a
    family_of edge; 'my cousin Kenji' still does."""
    _, edges = _graph("Maria: My friend Aisha just got a job with Pfizer in Boston.",
                      "Maria: My cousin Kenji lives in Osaka.", "Maria: Have you been to Lisbon?",
                      extractor="regex")
    assert ("Maria", "friend_of", "Aisha") in edges and ("Maria", "family_of", "Aisha") not in edges, edges
    assert ("Maria", "family_of", "Kenji") in edges, edges


def test_a_relative_clause_says_nothing_of_its_antecedents_conjuncts():
    """'Carl Brenner, who killed Hugo Lentz, and Tim and Ida Rowe': only Brenner killed him."""
    _, edges = _graph("His clients have included Carl Brenner, who killed the banker Hugo Lentz, "
                      "and Tim and Ida Rowe.")
    assert ("Carl Brenner", "killed", "Hugo Lentz") in edges, edges
    assert not any(r == "killed" and s != "Carl Brenner" for s, r, _ in edges), edges


def test_a_place_before_a_job_noun_is_a_home():
    """'Kenji Sato, a Tokyo lawyer' (the small model calls him an ORG): he lives there."""
    _, edges = _graph("Kenji Sato, a Tokyo lawyer, represented the families.")
    assert ("Kenji Sato", "lives_in", "Tokyo") in edges, edges
    assert ("Kenji Sato", "works_at", "Tokyo") not in edges, edges


def _chat(turn: str) -> set:
    """The edges of one chat turn in regex mode (:func:`conftest.chat_edges`)."""
    return chat_edges(turn, "regex")


@pytest.mark.parametrize("text, edge", [
    ("Maria: My sister Elena just moved to Portland for a new job.", ("Elena", "lives_in", "Portland")),
    ("Jake: Last summer I went to Iceland with my college roommate Ben.", ("Jake", "friend_of", "Ben")),
    ("Melanie: My son Noah started playing soccer for the Riverside Rangers.",
     ("Noah", "member_of", "Riverside Rangers")),
    ("Jake: My neighbor Frank fixed our fence on Saturday.", ("Jake", "knows", "Frank")),
    ("Maria: My boss Linda is leaving Microsoft next month.", ("Maria", "reports_to", "Linda")),
    ("Maria: I love the band Coldplay so much.", ("Maria", "likes", "Coldplay")),
    ("Jake: I grew up in Nashville, but I live in Denver now.", ("Jake", "lives_in", "Nashville")),
    ("Jake: My little brother Tom fixed the car.", ("Jake", "family_of", "Tom")),
])
def test_chat_turns_in_regex_mode(text, edge):
    edges = _chat(text)
    assert edge in edges, edges


@pytest.mark.parametrize("text, rel", [
    ("Maria: My sister's neighbor Elena fixed the car.", "family_of"),
    ("Maria: I love the band and Coldplay too.", "likes"),
    ("Jake: My dad's boss Linda came to dinner.", "reports_to"),
    ("Jake: I grew up near Nashville.", "lives_in"),
    ("Jess: my bank manager Tom said the loan is approved.", "reports_to"),  # finding 6
    ("Jess: my property manager Greg never fixes anything.", "reports_to"),
    ("Jess: my ex boss Linda still texts me.", "reports_to"),
    ("Jess: I texted my boss, Linda said the build is green.", "reports_to"),
    ("Jess: my work wife Jen brought me coffee.", "family_of"),
    ("Jess: I love the song Tom wrote for me.", "likes"),
    ("Jess: I love the book Ana lent me last week.", "likes"),
])
def test_chat_turns_the_rules_leave_alone_in_regex_mode(text, rel):
    edges = _chat(text)
    assert not any(r == rel for _, r, _ in edges), edges

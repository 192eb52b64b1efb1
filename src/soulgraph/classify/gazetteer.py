"""Small word lists shipped in ``soulgraph/data``: evidence, never verdicts.

A list hit is one vote about the name. Given names are weak (a project may be
called "Sage"); words that are also names (Will, May, Grace) pull towards
``concept`` until context says "person".
"""

from __future__ import annotations

import functools
import re

from soulgraph.classify.evidence import Vote
from soulgraph.extract import datafile

_PLACE_MORPH = re.compile(r"(?:ville|burg|burgh|dale|ford|field|wood|stan|polis|grad|shire|borough|"
                          r"mouth|bury|chester|stadt|abad|pur|heim|hausen|dorf|ingen)$")
_LISTS = ("tools", "languages", "orgs", "orgs_suffix", "places", "places_suffix", "event_words",
          "calendar", "demonyms", "given_names", "ambiguous_names", "nonentities", "marques", "events",
          "cli_tools", "cities", "team_names")


@functools.cache  # (called per mention on hot paths: the name check runs once per list)
def words(name: str) -> frozenset[str]:
    """One typing list, lowercased, comments and blank lines removed (read once, by
    ``extract.datafile``, the one reader of ``soulgraph/data``)."""
    if name not in _LISTS:
        raise KeyError(name)
    return datafile.entries(name)


def key(name: str) -> str:
    """Lookup form: casefolded, single spaces, no edge quotes or trailing possessive."""
    s = " ".join(name.replace("’", "'").split()).casefold().strip("\"'`()[]{}<>,;:!?")
    if s.endswith("'s"):
        s = s[:-2]
    return s


def is_given_name(token: str) -> bool:
    return key(token) in words("given_names")


def is_ambiguous_name(token: str) -> bool:
    return key(token) in words("ambiguous_names")


def is_plain_given_name(token: str) -> bool:
    """A capitalised given name that is no ordinary word too ("Raj", not "Will" or "May"): a
    name whatever the tagger made of it."""
    return token[:1].isupper() and is_given_name(token) and not is_ambiguous_name(token)


def in_place_lists(k: str) -> bool:
    """A lookup key (:func:`key`) the place or the city list holds."""
    return k in words("places") or k in words("cities")


def is_known_body(name: str) -> bool:
    """A listed organisation, brand or place ("Tesla", "Ukraine"): its possessive before a
    capitalised name is an owner, not the name's first word ("Tesla's Elon Musk")."""
    k = key(name)
    return k in words("orgs") or in_place_lists(k) or k in words("marques")


def is_club(name: str) -> bool:
    """A name the lists know as a club, an organisation or a town (a club is often called by its
    town: "Boston beat Miami"), or a team's nickname ("the Lakers"): a side of a match result
    is a team only then; a person's name there is a player ("Sinner beat Alcaraz 6-4")."""
    k = key(name)
    if k in words("orgs") or in_place_lists(k) or k in words("team_names"):
        return True
    toks = k.split()
    if len(toks) == 2 and toks[1] in _CLUB_TAILS:  # "Orlando City", "Leeds United": a club or a town,
        return True  # no person's name
    if len(toks) == 2 and toks[0] == "inter":  # "Inter Miami"
        return in_place_lists(toks[1])
    return 1 < len(toks) < 5 and _team(name, toks)


_CLUB_TAILS = frozenset({"city", "united", "fc", "athletic", "town", "county"})


# Last words of a shop, restaurant or small business named for its owner with a possessive
# ("Joe's Pizza", "Jimmy John's Sandwiches", "Ben's Chili Bowl"): only after "<Name>'s" are they
# evidence (an organisation); alone they are ordinary words. (A closed list, in code: it is read
# at a possessive, and a list file would be read from disk on the first one.)
_SHOP_HEADS = frozenset("""
    pizza pizzeria sandwiches subs deli diner kitchen grill bar pub tavern cafe
    café coffee bakery bagels donuts doughnuts burgers tacos wings bbq barbecue restaurant
    bistro steakhouse chophouse smokehouse seafood noodles ramen sushi creamery cream bowl garage
    books bookshop bookstore market pharmacy furniture hardware bikes cycles salon barbers barbershop
    florist flowers tailors emporium boutique store shop shack chicken kebabs fish chippy
""".split())


def is_shop_word(word: str) -> bool:
    """A capitalised shop word ("Pizza", "Sandwiches"): after "<Name>'s" it goes on the name."""
    return word[:1].isupper() and word.casefold().strip(".,;:!?\"'") in _SHOP_HEADS


def is_shop_name(name: str) -> bool:
    """"Joe's Pizza", "Jimmy John's Sandwiches": a capitalised owner's possessive, then a
    listed shop word ending the name (a business named for its owner, not the owner). The
    owner must be a person's name: a given name or no English word. A common noun makes a
    district or a kind of place ("Hell's Kitchen", "Farmer's Market"), and a listed place is
    that place."""
    owners = _possessives_before_shop_word(name)
    return bool(owners) and not in_place_lists(key(name)) and any(_owner_name(t) for t in owners)


def is_shop_shaped(name: str) -> bool:
    """"Joe's Pizza", "Hell's Kitchen", "Domino's Pizza": a capitalised possessive before a
    shop word ending the name; whoever or whatever owns it, the name is no person's."""
    return bool(_possessives_before_shop_word(name))


def _possessives_before_shop_word(name: str) -> list[str]:
    """The capitalised owners ("Jimmy John's Sandwiches": ["John"]) of a name that ends in a
    shop word; [] for any other name."""
    if "'s " not in name and "\u2019s " not in name:
        return []  # (most names: no possessive before a word)
    toks = name.replace("\u2019", "'").split()
    if len(toks) < 2 or not is_shop_word(toks[-1]):
        return []
    return [t[:-2] for t in toks[:-1] if t.endswith("'s") and len(t) > 3 and t[:1].isupper()]


def _owner_name(word: str) -> bool:
    """A shop owner's name: a given name ("Joe", "Rosie") or a word the dictionary does not
    know ("Katz"); "Hell", "Farmer" are ordinary words. (No dictionary: given names only.)"""
    if is_given_name(word):
        return True
    from soulgraph.extract import lexicon  # (extract imports this module)
    return lexicon.available() and not lexicon.is_word(word)


def is_nonentity(token: str) -> bool:
    return key(token) in words("nonentities")


def is_place(name: str) -> bool:
    return key(name) in words("places")


LISTED = ("marques", "orgs", "tools", "places", "events")


def is_listed(name: str) -> bool:
    """A name one of the lists knows as a brand, organisation, tool, place or event."""
    k = key(name)
    return any(k in words(n) for n in LISTED)


def is_listed_thing(name: str) -> bool:
    """A name a list knows as a tool, a language, a brand or an organisation (not as a place):
    "the Azure region", "central Airflow" are a cloud's and a tool's, no town's."""
    k = key(name)
    return any(k in words(n) for n in ("tools", "cli_tools", "languages", "marques", "orgs"))


def is_surname_word(word: str) -> bool:
    """Whether a word after a brand named like a titled person goes on that person's name
    ("Captain Morgan Freeman"): not a weekday or a month ("Captain Morgan Tuesday night"), nor a
    word the dictionary knows as a verb or an adjective ("Captain Morgan Spiced Rum"). Both
    extractors ask this."""
    if key(word) in words("calendar"):
        return False
    try:
        from soulgraph.extract import lexicon
    except ImportError:  # pragma: no cover
        return True
    return not lexicon.available() or lexicon.pos_of(word) <= {"noun"}


def _is_word(k: str) -> bool:
    try:
        from soulgraph.extract import lexicon
    except ImportError:  # pragma: no cover
        return False
    return lexicon.available() and lexicon.is_word(k)


# Lower-case nouns naming work done on or with a tool, or what one keeps on it: "<tool> <noun>"
# is that work or thing, not a product of its own ("Kubernetes migration", "Spotify playlist";
# but "iPad pro", "Google Sheets" are products).
TASK_NOUNS = frozenset("""
migration migrations upgrade upgrades update updates setup install installation deployment deploy
rollout integration integrations config configuration outage incident issue issues bug bugs error
errors crash crashes support docs documentation tutorial course workshop training test tests build
builds release releases refactor rewrite port fix fixes adapter wrapper fallback service cluster
account accounts subscription subscriptions password login profile feed playlist playlists channel
""".split())


# "Center for Strategic Studies", "Council on Foreign Relations", "Society of Actuaries": a body
# named for what it does is an organisation, not the building it sits in.
_BODY_FOR = re.compile(r"\b(Center|Centre|Institute|Council|Committee|Foundation|Society|Association|"
                       r"Bureau|Agency|Commission|League|Federation|Alliance)\s+(for|on|of)\s+[A-Z]")

# The noun before "of" names what "<Head> of <Name>" is: a body ("Union of Writers", "American
# University of Cairo", "Organization of American States") or a country, a region or a sea
# ("Republic of Ireland", "District of Columbia", "Sea of Azov"). Only before a capital: not
# "State of the Union", "Valley of the Dolls".
_HEAD_OF = re.compile(r"(?:^|\s)([A-Z][a-z]+)\s+of\s+[A-Z]")
_PLACE_HEADS_OF = frozenset("republic kingdom district province state sea gulf bay isle island islands "
                            "strait straits county principality emirate commonwealth city".split())

# "Duchess of Kent", "Prince of Wales", "Archbishop of Canterbury": a person's title and see.
_PERSON_HEADS_OF = frozenset("duke duchess prince princess earl countess baron baroness marquess viscount "
                             "archbishop bishop emir sultan".split())


def _head_of(name: str) -> Vote | None:
    """The vote of the head noun before the first "of" of a name, when it is a body's or a
    country's word."""
    hit = _HEAD_OF.search(name)
    if hit is None:
        return None
    head = hit.group(1).casefold()
    if head in words("orgs_suffix"):
        return Vote("org", f"'{hit.group(1)} of ...' (a body)", 2.5, "shape")
    if head in _PLACE_HEADS_OF and (head not in _TITLE_HEADS_OF or _place_tail(name[hit.end() - 1:])):
        return Vote("place", f"'{hit.group(1)} of ...' (a country, region or sea)", 2.5, "shape")
    if head in _PERSON_HEADS_OF and is_titled_of(name):
        return Vote("person", f"'{hit.group(1)} of ...' (a peer's or a prelate's title)", 2.5, "title")
    return None


# Place heads that also open games', films' and books' titles ("Sea of Thieves", "Kingdom of
# Heaven", "State of Decay", "City of Ghosts"): a place's only before a place-like tail.
_TITLE_HEADS_OF = frozenset("sea kingdom state republic city".split())


def _place_tail(tail: str) -> bool:
    """What follows "<Head> of" names a place: a listed one, or a word no dictionary holds
    ("Sea of Azov"); a game's, a film's or a book's title goes on with plain words ("Sea of
    Thieves", "State of Decay", "Kingdom of Heaven")."""
    k = key(tail)
    last = k.split()[-1]
    return in_place_lists(k) or not (_is_word(last) or (last.endswith("s") and _is_word(last[:-1])))


_TITLED_OF = re.compile(r"^([A-Z][a-z]+) of [A-Z][\w'’-]*$")


def is_titled_of(name: str) -> bool:
    """"Duchess of Kent", "Archbishop of Canterbury": a title, "of" and a one-word see, nothing
    after (not "Duke of Edinburgh Award")."""
    hit = _TITLED_OF.match(name) if " of " in name else None
    return hit is not None and hit.group(1).casefold() in _PERSON_HEADS_OF


# Conference and festival names glued CamelCase: "PyCon", "KubeCon", "JSConf", "DevFest", "BarCamp".
_CAMEL_EVENT = re.compile(r"^[A-Z][A-Za-z]*[A-Za-z](?:Con|CON|Conf|Fest|Camp)(?:\s?'?\d{2,4})?$")
# Gatherings named by their occasion: "Christmas party", "birthday dinner", "Eid celebration".
_OCCASION_HEADS = frozenset({"party", "dinner", "lunch", "brunch", "celebration", "dance", "picnic", "bash"})


def _conference_edition(name: str) -> bool:
    """"PyCon Portugal", "KubeCon Europe 2025", "JSConf US": a conference name and its edition
    (a place, a region or a year)."""
    parts = name.split()
    if len(parts) < 2 or not _CAMEL_EVENT.match(parts[0]):
        return False
    rest = " ".join(p for p in parts[1:] if not p.isdigit()).casefold()
    return not rest or rest in words("places") or rest in words("demonyms") or rest in _EDITIONS


_EDITIONS = frozenset("us usa eu europe asia africa north america latin america apac emea uk au "
                      "india japan china online remote virtual".split())


# Newspaper state abbreviations that are no word or name without their period ("Nashville, Tenn";
# the regex extractor drops the period): not "Pa", "Mo", "Miss", "Ill", "Wash", "Mass", "Tex", ...
BARE_STATE_ABBR = frozenset("ariz calif colo conn fla ga ind ky la md mich minn neb nev okla tenn va vt "
                             "wis wyo".split())


@functools.cache
def _suffix_words() -> frozenset[str]:
    """Last words that make a name an org, a place or an event (their union, built once)."""
    return words("orgs_suffix") | words("places_suffix") | words("event_words")


# First words of landforms: "Mount Rainier", "Lake Tahoe", "Cape Cod" (not "Mount Sinai Hospital",
# "Mount Sinai School of Medicine", "Cape Town Supreme Court": an organisation's word inside).
_LANDFORM_FIRST = frozenset({"lake", "mount", "mt.", "mt", "cape"})
# A storm named after its kind: "Hurricane Katrina", "Typhoon Haiyan", "Tropical Storm Alberto"
# (not a bare "Storm X": Storm is a given name, "Storm Patel").
_STORMS = frozenset({"hurricane", "typhoon", "cyclone"})


# Titles that open a listed brand's name: "Captain Morgan", "Dr Pepper" (the title votes person).
TITLE_FIRST = frozenset({"captain", "cap'n", "dr", "dr.", "doctor", "general", "major", "colonel",
                          "sergeant", "mr", "mr.", "mrs", "mrs.", "uncle", "aunt", "lady", "sir", "king",
                          "queen"})


# Last words of firms' and clubs' names that are also a field of study or a vehicle ("Fluid
# Dynamics", "Management Consulting", "two Land Rovers"): a firm's only after a name no
# dictionary holds or a listed town ("Halvex Dynamics"), or two capitalised words.
_FIELD_OR_VEHICLE = frozenset({"dynamics", "consulting", "rovers"})


def _org_last_word(name: str, toks: list[str]) -> bool:
    """Whether an org's last word after ``toks[:-1]`` names a firm or a club."""
    if toks[-1] not in _FIELD_OR_VEHICLE:
        return True
    before = name.split()[:-1]
    if not all(w[:1].isupper() and w.isalpha() for w in before):  # "NASA's Mars Rovers", "2 Land Rovers"
        return False
    return len(before) > 1 or in_place_lists(toks[0]) or not _is_word(toks[0])


def _team(name: str, toks: list[str]) -> bool:
    """"Chicago Bulls", "Boston Red Sox": a listed town, then a team's nickname, in title case."""
    if not all(w[:1].isupper() and not (w.isupper() and len(w) > 2) for w in name.split()):
        return False
    for n in (1, 2):
        town = " ".join(toks[:-n])
        if town and " ".join(toks[-n:]) in words("team_names") and in_place_lists(town):
            return True
    return False


def votes(name: str) -> list[Vote]:
    """Votes from list membership of the whole name and of its last / first word."""
    k = key(name)
    toks = k.split()
    out: list[Vote] = []
    plain = " " not in k and _is_word(k)  # "Go", "Ray", "Spark": also ordinary words
    if k in words("languages"):
        out.append(Vote("tool", "known language", 2.0 if plain else 3.5, "gazetteer"))
    if k in words("tools"):
        out.append(Vote("tool", "known tool", 2.0 if plain else 4.0, "gazetteer"))
    if k in words("orgs"):
        out.append(Vote("org", "known organisation", 3.0, "gazetteer"))
    if k in words("marques") and len(toks) > 1 and toks[0] in TITLE_FIRST:
        out.append(Vote("tool", "known brand named like a titled person (Captain Morgan)", 4.5, "gazetteer"))
    elif k in words("marques"):  # "a Toyota", "my Casio": the product first, the maker second
        out.append(Vote("tool", "known brand (its product)", 1.3 if plain else 2.0, "gazetteer"))
        out.append(Vote("org", "known brand (its maker)", 0.6 if plain else 1.0, "gazetteer"))
    if in_place_lists(k):
        out.append(Vote("place", "known place", 3.0, "gazetteer"))
    elif k in BARE_STATE_ABBR and name[:1].isupper() and not name.isupper():
        out.append(Vote("place", "US state abbreviation (Tenn, Calif)", 2.0, "gazetteer"))
    if k in words("events"):  # "Coachella", "Art Basel", "WWDC": the model calls them GPE / ORG / PERSON
        out.append(Vote("event", "known event", 2.0 if plain else 3.5, "gazetteer"))
    if k in words("demonyms"):
        out.append(Vote("concept", "language / nationality", 2.5, "gazetteer"))
    if k in words("calendar"):
        out.append(Vote("concept", "month/weekday", 4.0, "gazetteer"))
    if not toks:
        return out
    if _CAMEL_EVENT.match(name.strip()) or _conference_edition(name):
        out.append(Vote("event", "conference name (PyCon, JSConf)", 5.0, "shape"))
    occasion = len(toks) > 1 and toks[-1] in _OCCASION_HEADS and (
        " ".join(toks[:-1]) in words("calendar") or toks[-2] in words("event_words"))
    if occasion:
        out.append(Vote("event", f"occasion '{toks[-1]}'", 4.0, "shape"))  # "Diwali party", not a party
    elif len(toks) > 1 and toks[-1] in words("orgs_suffix") and _org_last_word(name, toks):
        out.append(Vote("org", f"org word '{toks[-1]}'", 3.0, "shape"))
    if len(toks) > 1 and toks[-1].rstrip(".") in words("places_suffix"):
        out.append(Vote("place", f"place word '{toks[-1]}'", 2.2, "shape"))
    if 1 < len(toks) < 5 and _team(name, toks):
        out.append(Vote("org", "a team's name (Chicago Bulls, Boston Red Sox)", 3.5, "gazetteer"))
    if len(toks) > 1 and toks[-1] in ("ci", "ci/cd") and name.split()[-1].isupper():
        out.append(Vote("tool", "CI service (X CI)", 3.0, "gazetteer"))  # "Drone CI", "Woodpecker CI"
    if len(toks) > 1 and toks[-1] in words("event_words"):
        out.append(Vote("event", f"event word '{toks[-1]}'", 3.0, "shape"))
    if len(toks) > 1 and toks[0] in ("university", "bank", "institute", "college"):
        out.append(Vote("org", f"org word '{toks[0]}'", 2.5, "shape"))
    elif (body := _BODY_FOR.search(name)) is not None:  # "Jaffe Center for Strategic Studies"
        why = f"'{body.group(1)} {body.group(2)} ...' (a body named for its work)"
        out.append(Vote("org", why, 2.5, "shape"))
    elif len(toks) > 2 and "of" in toks[1:-1] and (head_of := _head_of(name)) is not None:
        out.append(head_of)  # "Union of Kenyan Farmers", "People's Republic of China"
    if len(toks) > 1 and toks[0] in _LANDFORM_FIRST and "of" not in toks \
            and not any(t in words("orgs_suffix") for t in toks):
        out.append(Vote("place", f"place word '{toks[0]}'", 2.0, "shape"))  # "Mount Rainier", "Lake Como"
    elif len(toks) > 1 and toks[0] in ("port", "fort", "san", "santa", "st.", "saint", "new", "north",
                                       "south", "east", "west"):
        out.append(Vote("place", f"place word '{toks[0]}'", 0.8, "shape"))
    if len(toks) == 2 and toks[0] in _STORMS or len(toks) == 3 and toks[:2] == ["tropical", "storm"]:
        out.append(Vote("event", "a named storm (Hurricane Ian)", 4.0, "shape"))
    known = any(k in words(x) for x in ("tools", "languages", "orgs", "places", "marques", "events",
                                        "cities"))
    if not known and len(toks) > 1:
        raw = name.split()
        for cut in range(len(toks) - 1, 0, -1):
            head = " ".join(toks[:cut])
            if len(raw) == len(toks) and all(w in TASK_NOUNS for w in raw[cut:]):
                continue  # "Kubernetes migration", "Postgres upgrade": a task about the tool
            if head in words("tools") or head in words("languages"):
                out.append(Vote("tool", f"extends known tool '{head}'", 2.0, "gazetteer"))
                known = True
                break
            tail = " ".join(toks[len(toks) - cut:])
            if tail in words("tools") and not _is_word(tail):  # "Jet Black AirPods": a kind of a product
                out.append(Vote("tool", f"ends with known product '{tail}'", 1.5, "gazetteer"))
                known = True
                break
            if head in words("marques") and toks[-1] not in words("orgs_suffix"):
                # "Captain Morgan Spiced Rum": a model of the rum, however "Captain" votes
                titled = toks[0] in TITLE_FIRST and not is_surname_word(toks[cut])
                out.append(Vote("tool", f"a model of '{head}'", 4.5 if titled else 2.0, "gazetteer"))
                known = True
                break
    if known or (len(toks) > 1 and toks[-1].rstrip(".") in _suffix_words()):
        return out
    first_given = toks[0] in words("given_names") and toks[0] not in words("ambiguous_names")
    if len(toks) == 1:
        if k in words("ambiguous_names"):
            out.append(Vote("concept", "also a common word", 1.2, "gazetteer"))
        elif first_given:
            out.append(Vote("person", "common given name", 1.5, "given_name"))
        elif _PLACE_MORPH.search(k) and k.isalpha() and len(k) > 5:
            out.append(Vote("place", "place-like ending", 1.3, "shape"))
        elif _surname_shaped(name) and not in_place_lists(k):
            out.append(SURNAME)
    elif len(toks) in (2, 3) and (first_given or toks[0] in words("given_names")):
        orig = name.split()
        if (all(t[:1].isalpha() for t in toks) and not (set(toks[1:]) & words("nonentities"))
                and not any(t.isupper() and len(t) > 1 for t in orig[1:])):
            out.append(Vote("person", "given name + surname", 2.0, "given_name"))
    elif len(toks) in (2, 3) and _surname_shaped(name):
        out.append(SURNAME)
    return out


# Family-name endings no place, firm or word shares: patronymic and Slavic, Georgian, Greek,
# Romanian, Turkish forms ("Petrovic", "Karpovich", "Shevchenko", "Kowalski", "Gorbachev",
# "Papadopoulos", "Ionescu"). Not "-ov" / "-ova" (Rostov, Moldova) nor "-ska" (Alaska).
_SURNAME_END = re.compile(r"[a-z](?:ovich|evich|ovic|evic|ović|ević|vić|dzic|džić|enko|shvili|dze|opoulos|"
                          r"escu|oglu|oğlu|wicz|czyk|ski|skiy|sky|chev|shev|yev|ayev)$")
SURNAME = Vote("person", "family-name ending (-vich, -enko, -ski)", 1.5, "given_name")


def _surname_shaped(name: str) -> bool:
    """Title-case words ending in a family-name ending that is no dictionary word."""
    parts = name.split()
    last = parts[-1]
    return (all(p[:1].isupper() and p[1:].islower() and p.isalpha() for p in parts)
            and _SURNAME_END.search(last) is not None and not _is_word(last.casefold()))

"""Pattern relations for the regex extractor: no parse, so only a few sure surface forms.

Each pattern reads the text *between* two names of one sentence ("X works at Y",
"X's daughter Y") or the words before a name for first person ("I use Y",
"my sister Y"). A gap may not cross a sentence end, so names far apart never link.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from soulgraph.classify import gazetteer
from soulgraph.classify.lexicon import noun_type
from soulgraph.models import Mention, RelationCandidate
from soulgraph.relations import vocab as V


def _alternation(words: Iterable[str]) -> str:
    """A regex alternation of ``words``, escaped, longest first (a word before its prefixes)."""
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


def _kin_of(relation: str) -> str:
    """An alternation of the kin nouns of one relation: "my friend Priya" is no family."""
    return _alternation(k for k in V.KIN if V.ROLE_NOUN.get(k) == relation)


_KIN = _kin_of("family_of")
_FRIENDS = _kin_of("friend_of")
_THE = r"(?:the\s+|a\s+|an\s+)?"


def _roles(*relations: str) -> str:
    """An alternation of the role nouns that mean one of ``relations`` ("ceo", "spokesman")."""
    return _alternation(w for w, r in V.ROLE_NOUN.items() if r in relations and w not in V.KIN)


# "a senior", "the former deputy": up to three words, none a conjunction ("Lisa, Tom, and the
# director of Globex" lists Tom; it does not make him the director)
_MODS = r"(?:(?!(?:and|or|plus|nor|but)\b)[\w.-]+\s+){0,3}?"
# "shot" alone is a photo or a message ("Dana shot Emma's portrait"); it kills when it says so
_KILL = r"(?:killed|assassinated|murdered|stabbed|slew|strangled|shot\s+dead|shot\s+and\s+killed)"
_KILLED_BY = (r"(?:killed|assassinated|murdered|stabbed|strangled|executed|shot\s+dead|"
              r"(?:stabbed|beaten|shot|strangled|bludgeoned|burned|hacked)\s+to\s+death)")
# "by his neighbor, Victor Hale": the killer named after who he was to the victim, a kin or
# standing noun (one modifier before it at most: "by her estranged husband"), never any two
# words ("by his brother and Elena Cruz survived", "by his son after Nora left"); after a comma
# the name must close the phrase (candidates_from_text: "by his cellmate, Victor Pell told ...")
_KILLER_NOUN = (r"(?:brother|sister|son|daughter|father|mother|stepfather|stepmother|stepson|husband|"
                r"wife|ex-husband|ex-wife|boyfriend|girlfriend|ex-boyfriend|ex-girlfriend|partner|"
                r"uncle|nephew|cousin|neighbou?r|cellmate|roommate|friend|lover|employee|bodyguard)")
_BY_KIN = (r"by\s+(?:(?:his|her|their)\s+(?:(?!(?:and|or|but|after|before|while|when|as|then|who|that)\b)"
           rf"(?-i:[a-z]+)\s+)?(?-i:{_KILLER_NOUN}),?\s+)?")

_TITLES = r"gov|sen|rep|premier|businessman|businesswoman"
# a birth's date between "born" and "in": "on May 3, 1950,", "on Sept. 9, 1961," (news style
# shortens months), "in 1950"
_BORN_WHEN = r"(?:on\s+[a-z]{3,9}\.?\s+\d{1,2}(?:,\s+\d{4})?,?|in\s+\d{4},?)"


def _person_nouns() -> str:
    """An alternation of the nouns that name a person by occupation or standing ("historian",
    "pianist", "lawyer"), kin and friends left out: "Soviet historian Roy Medvedev"."""
    from soulgraph.classify.lexicon import PERSON_NOUNS

    return _alternation(w for w in PERSON_NOUNS
                        if w.isalpha() and w not in V.KIN and V.ROLE_NOUN.get(w) != "friend_of")


_PERSON_NOUN = _person_nouns()
# words that never modify a role before a name: "Drove to Denver with coach Mike Tran"
_NOT_MOD = (r"(?:is|was|are|were|the|a|an|and|or|plus|nor|but|of|to|in|on|for|with|at|by|from|into|onto|"
            r"after|before|about|over|near|via|like|than|met|saw|called|visited|drove|flew|told|asked|said|"
            r"says|hired|thanked|when|while|where|who|whom|that|as|if|because|then|and)")
# a role's modifiers after a copula or an apposition: "a lifelong", "the former"; no verb or
# preposition ("Omar, who met the mayor of Leeds")
_HOME_MODS = rf"(?:(?!{_NOT_MOD}\b)(?-i:[a-z][\w-]*)\s+){{0,2}}?"
_JOB_NOUN = "|".join(w for w in _PERSON_NOUN.split("|") if w not in V.NOT_JOB)
# kill-verb modifiers before the victim: "killed reporter Don Bolles", not "killed all of Dana's"
_KMODS = r"(?:(?!(?:and|or|plus|nor|but|of|all|some|most|many|several|both)\b)[\w.-]+\s+){0,3}?"
_ORG_STARTED = _alternation(V.STARTED_ORGS)
# "convicted of murdering", "acted alone in killing", "fired the shots that killed"
_KILLING = (r"(?:killing|murdering|assassinating|killed|murdered|assassinated|"
            r"the\s+(?:assassination|murder|killing)\s+of)")
_KILL_LEAD = (r"(?:convicted\s+of|charged\s+with(?:\s+having)?|accused\s+of|suspected\s+of|"
              r"acted\s+alone\s+in|fired\s+the\s+shots?\s+that|in)")
# a company's function: "runs engineering at Notion", "heads the sales team at Stripe"
_FUNCTION = (r"(?:engineering|marketing|sales|operations|ops|product|design|research|finance|accounting|"
             r"legal|support|security|infrastructure|infra|recruiting|hr|it|growth|data|communications|"
             r"comms|partnerships|procurement|compliance|customer\s+success|business\s+development|"
             r"platform|frontend|backend|devops|qa|analytics|payroll|logistics)")
_COMPASS = r"(?:north|south|east|west|central|(?:north|south)-?(?:east|west))(?:ern)?"

# "Sam is a product designer at Figma", "Marta is a lawyer in Madrid": deferred (_gap_rel)
_IS_A_JOB_AT = (rf"^\s+(?:is|was)\s+(?:a|an|the)\s+{_MODS}(?:{_roles('works_at', 'leads')}|{_JOB_NOUN})\s+"
                rf"(?:at|for|with)\s+{_THE}$")
_IS_A_ROLE_IN = (rf"^\s+(?:is|was)\s+(?:a|an)\s+{_MODS}(?:{_roles('works_at', 'leads')}|{_PERSON_NOUN})\s+"
                 rf"(?:in|from)\s+{_THE}$")
# text between head and tail -> relation (head -> tail). The sources are compiled only as the
# alternations ``_by_lead`` makes (all case-insensitive): compiling each alone as well cost every
# run's start-up ~20 ms for patterns nothing matched with.
_GAPS: list[tuple[str, str]] = [
    (rf"^\s+(?:now\s+|still\s+|currently\s+|also\s+)?(?:works?|worked|working|is working|has worked)\s+"
     rf"(?:at|for)\s+{_THE}$", "works_at"),  # "Jasper Quinn now works for Veridian Labs"
    # "Omar Haddad, who previously worked at Uber", "Henry Walsh teaches history at Ohio State"
    (rf"^,?\s+who\s+(?:(?-i:[a-z]+ly)\s+)?(?:works|worked|has\s+worked|had\s+worked)\s+"
     rf"(?:at|for)\s+{_THE}$", "works_at"),
    (rf"^,?\s+(?:teaches|taught|lectures|lectured)\s+(?:(?-i:[a-z]+)\s+){{0,2}}at\s+{_THE}$", "works_at"),
    # "Marta Voss, who runs Harbor Books", "Ana Diaz runs the Blue Door Cafe", "Noah Kim operates the
    # Harbor Grill": the name must be the whole object (candidates_from_text: not "heads the
    # Microsoft partnership"); "ran", "operated" are left out ("ran the London Marathon", "operated
    # the crane", "ran the Red Cross blood drive")
    (r"^,?\s+(?:who\s+)?(?:now\s+)?(?:runs|operates|heads|headed|chairs|chaired)\s+(?:the\s+)?$", "leads"),
    # "Greg Holt, now runs engineering at Notion", "Sara Lind led the marketing team at Spotify": a
    # company function only ("ran a marathon for Oxfam", "led the tour at the Louvre": no job)
    (rf"^,?\s+(?:now\s+)?(?:runs|ran|leads|led|heads|headed|manages|managed)\s+(?:(?:the|its|our)\s+)?"
     rf"{_FUNCTION}(?:\s+(?:team|department|group|division|org|organi[sz]ation))?\s+(?:at|for)\s+{_THE}$",
     "works_at"),
    # "Gloria Reyes is visiting from San Antonio": where she comes from
    (rf"^,?\s+(?:is\s+|was\s+)?(?:visiting|over)\s+from\s+{_THE}$", "lives_in"),
    # "Sophie Laurent, who lives in Lyon", "Jenna Wu, who grew up in Taipei"
    # (after a comma only with "who", and only of a name that opens its sentence: "Ana Ruiz, the CEO
    # of Acme Corp, lives in Boston" says nothing of Acme Corp, "Tom Berg joined Stripe, who lives
    # in Dublin" nothing of Stripe: candidates_from_text)
    (rf"^,?\s+(?:who\s+)?(?:now\s+|still\s+|currently\s+)?(?:lives?|lived|living|resides?|resided)\s+in\s+"
     rf"{_THE}$", "lives_in"),
    (rf"^,?\s+(?:who\s+)?(?:grew\s+up|was\s+raised|were\s+raised)\s+in\s+{_THE}$", "lives_in"),
    # "Hannah works as a nurse at Providence", "Sam is a product designer at Figma", "Bob retired
    # from Boeing"
    (rf"^\s+(?:works?|worked|working)\s+as\s+(?:a|an|the)\s+{_MODS}[\w-]+\s+(?:at|for|with)\s+{_THE}$",
     "works_at"),
    (_IS_A_JOB_AT, "works_at"),
    (_IS_A_ROLE_IN, V.BY_TYPES),  # "Marta is a lawyer in Madrid"
    # "Elena is a pediatrician at Boston Children's": an occupation by its suffix
    (rf"^\s+(?:is|was)\s+(?:a|an)\s+{_MODS}(?!(?:tourist|guardian|pedestrian|civilian|vegetarian|christian|motorist|cyclist|finalist|panelist|loyalist)\b)(?-i:[a-z]+(?:ist|ian))\s+(?:at|for)\s+{_THE}$",
     "works_at"),
    (rf"^,?\s+(?:has\s+)?(?:retired|resigned)\s+from\s+{_THE}$", "works_at"),
    # "Leo plays soccer for the Timbers", "Zoe plays violin in the Seattle Youth Symphony"
    (rf"^\s+(?:(?:started|began|starts|still|now)\s+)?(?:plays?|played|playing|sings?|sang|singing)\s+"
     rf"(?:[a-z]+\s+)?for\s+{_THE}$", "member_of"),  # "Noah started playing soccer for the Rangers"
    # "Zoe plays violin in the Seattle Youth Symphony", not "plays in Minecraft", "sings in Italian"
    (r"^\s+(?:plays?|played|playing|sings?|sang|singing)\s+(?:[a-z]+\s+)?in\s+the\s+$",
     V.MEMBER_IN),
    (rf"^\s+(?:has\s+)?(?:just\s+|recently\s+|finally\s+|later\s+|eventually\s+)?(?:moved|moves|relocated)\s+"
     rf"to\s+{_THE}$", "lives_in"),
    (rf"^,?\s+(?:is\s+|was\s+)?(?:based|headquartered|located)\s+in\s+{_THE}$",
     "located_in"),
    (rf"^\s+(?:uses|used|is using|was using|relies on)\s+{_THE}$", "uses"),
    (rf"^\s+(?:builds|built|is building|was building|develops|developed|maintains)\s+{_THE}$", "builds"),
    # "Ethan founded a startup called Loomly"
    (rf"^\s+(?:founded|co-?founded|started)\s+(?:{_THE}|(?:a|an)\s+(?:[\w-]+\s+){{0,2}}?"
     rf"(?:{_ORG_STARTED})\s+(?:called|named)\s+)$", "founded"),
    (rf"^\s+(?:joined|is a member of|was a member of)\s+{_THE}$", "member_of"),
    (rf"^\s+(?:depends on|requires)\s+{_THE}$", "depends_on"),
    (r"^\s+(?:reports to)\s+$", "reports_to"),
    (rf"^\s+(?:visited|went to|travelled to|traveled to|flew to)\s+{_THE}$",
     "visited"),
    (rf"^,\s+{_THE}(?:ceo|cto|cfo|founder|co-?founder|engineer|designer|director|"
     rf"manager|head|president|developer)\s+(?:of|at)\s+{_THE}$", "works_at"),
    # "Bernero, a spokesman for the NRC", "Smith, the former CEO of Acme"; a second role, or the
    # role's own lowercase field, may come between: "Walter Mears, vice president and columnist
    # for The AP", "Jo Emmerich, vice president of daytime programs for ABC"
    (rf"^,\s+(?:\d{{1,3}},\s+)?{_MODS}(?:{_roles('works_at')})s?(?:\s+and\s+(?:{_roles('works_at')})"
     rf"|\s+(?:of|for)\s+(?-i:[a-z][\w-]*)(?:\s+(?-i:[a-z][\w-]*)){{0,2}})?\s+(?:of|at|for|with)\s+"
     rf"{_THE}$", "works_at"),
    (rf"^,\s+{_MODS}(?:{_roles('leads')})\s+(?:of|for)\s+{_THE}$", "leads"),
    (rf"^,\s+{_MODS}(?:{_roles('founded')})\s+of\s+{_THE}$", "founded"),
    # "Omar Said, a lifelong resident of Leeds", "Omar was the mayor of Leeds": a copula or an
    # apposition's comma right before the role (with its article and at most two modifiers); not
    # "Omar met the mayor of Leeds", "Omar married a native of Leeds": another person's home
    (rf"^(?:,|\s+(?:is|was))\s+(?:(?:a|an|the)\s+)?{_HOME_MODS}(?:{_roles('lives_in')})\s+(?:of|from)\s+"
     rf"{_THE}$", "lives_in"),
    # ("Tolbert was killed April 1980", "X has been killed Y": a passive's name after is no victim)
    (rf"^\s+(?:has\s+|had\s+)?{_KILL}\s+$", "killed"),
    # "Oswald, acting alone, fired the shots that killed Kennedy", "Adamson, convicted of
    # murdering reporter Don Bolles", "Booth, assassin of Lincoln", "Oswald had shot Kennedy"
    (rf"^,?\s+(?:\d{{1,3}},\s+|acting\s+alone,\s+)?(?:who\s+)?(?:(?:(?:was|is|had|has)\s+)?"
     rf"(?:allegedly\s+)?{_KILL_LEAD}\s+{_KILLING}|(?:had\s+|has\s+)?(?:allegedly\s+)?{_KILL})\s+"
     rf"(?!by\b){_KMODS}$",
     "killed"),
    (rf"^,\s+(?:the\s+)?(?:assassin|killer|murderer)\s+of\s+{_MODS}$", "killed"),
    # "Betsy Ross was born in Philadelphia", "Gordon Parks, 76, born in Fort Scott", "Nora Quist was
    # born on May 3, 1950, in Bergen", "was born in 1950 in Bergen"
    (rf"^,?\s+(?:\d{{1,3}},\s+)?(?:who\s+)?(?:was\s+)?born\s+(?:{_BORN_WHEN}\s+)?in\s+{_THE}$", "lives_in"),
    # "the NRC headquarters in nearby Rockville", "Acme's offices in Berlin"
    (rf"^(?:'s|’s)?\s+(?:headquarters|head\s+office|offices|main\s+office|plant|factory|campus)\s+"
     rf"in\s+(?:nearby\s+)?{_THE}$", V.IN_PLACE),  # an owner typed a person: dropped
    # "the Savannah River Plant, in Aiken", "Kassala in eastern Sudan", "Mohammadia, south-east Algeria"
    (rf"^,?\s+in\s+(?:the\s+)?{_COMPASS}\s+$|^,\s+in\s+{_THE}$|^,\s+{_COMPASS}\s+$",
     V.IN_PLACE),
    (rf"^,\s+{_MODS}(?:capital|city|town|village|suburb|port|province|state|region|county|"
     rf"district|island|country|nation|neighbou?rhood)\s+(?:of|in)\s+{_THE}$",
     "located_in"),  # "Yerevan, the capital of Armenia", "Madagascar, an island nation in the Indian Ocean"
    # "Marie Ferraro, 50, of Bethany": a person's age, then where from
    (rf"^,\s+\d{{1,3}},\s+(?:of|from)\s+{_THE}$", V.BY_TYPES),
    # a bare "X of Y" / "X from Y": the final types pick the relation (link.check_types) or drop
    # it; "X in Y" only places an organisation or a place ("I saw Caroline in Paris": a visit)
    (rf"^\s+(?:of|from)\s+{_THE}$", V.BY_TYPES),
    (rf"^\s+in\s+{_THE}$", V.IN_PLACE),
    (rf"^(?:'s|’s)\s+(?:{_KIN}),?\s+$", "family_of"),
    (rf"^(?:'s|’s)\s+(?:best\s+|close\s+|old\s+)?(?:{_FRIENDS}),?\s+$", "friend_of"),
]
# reversed gaps: tail -> head ("Acme was founded by Bob").
_REV_GAPS: list[tuple[str, str]] = [
    (r"^\s+(?:was|is|were)\s+(?:founded|co-?founded|started|created)\s+by\s+$",
     "founded"),
    (r"^\s+(?:was|is)\s+(?:built|written|developed|made)\s+by\s+$", "created"),
    (rf"^\s+(?:was|were|had\s+been|has\s+been)\s+{_KILLED_BY}\s+{_BY_KIN}$", "killed"),
    (rf"^(?:'s|’s)\s+{_MODS}(?:{_roles('works_at')})\s+$", "works_at"),  # "Acme's CEO Bob"
    (r"^(?:'s|’s)\s+(?:capital|capital\s+city|largest\s+city|biggest\s+city),?\s+$",
     "located_in"),  # "Bosnia's capital, Sarajevo"
    # "Kennedy's assassin, Lee Harvey Oswald", "John F. Kennedy assassin Lee Harvey Oswald"
    (r"^(?:'s|’s)?\s+(?:assassin|killer|murderer),?\s+$", "killed"),
    # "Kennedy was fatally shot by Lee Harvey Oswald", "Oswald, who had just been shot by Jack Ruby"
    # ("The photos of Emma were shot by Dana": "shot by" alone is no killing)
    (rf"^,?\s+(?:who\s+)?(?:was|were|had\s+(?:just\s+)?been|has\s+been)\s+"
     rf"(?:{_KILLED_BY}|fatally\s+shot)\s+by\s+$", "killed"),
    # "Omaha's Greenfield Bank", "Beijing's Tiananmen Square": a place's own organisation or
    # landmark (the final types keep organisations and places in a place only; a listed place
    # after the possessive is no part of it: "Russia's Ukraine policy")
    (r"^(?:'s|’s)\s+$", V.IN_PLACE),
    # "Illinois born Charlton Heston", "Ohio-born Ann Smith"
    (r"^[\s-]born\s+$", "lives_in"),
    # "Chevron spokesman Jonathan Lifa", "Illinois Gov. James Thompson", "Rochester teacher union
    # leader Adam Urbanski": a place or organisation, a role, a name; the final types pick
    # works_at or lives_in (link.check_types)
    (rf"^\s+(?:(?!{_NOT_MOD}\b)[\w.-]+\s+){{0,3}}?"
     rf"(?:{_roles('works_at', 'leads', 'lives_in')}|{_TITLES})"
     rf"\.?\s+$",
     V.BY_TYPES),
    # "Soviet pianist Vladimir Ashkenazy", "Apple design lead Ana Ruiz": any occupation, after
    # lowercase modifiers only ("the biggest ship on Earth is the Queen Mary" is no title)
    (rf"^\s+(?:(?!{_NOT_MOD}\b)(?-i:[a-z-]+)\s+){{0,2}}"
     rf"(?-i:{_PERSON_NOUN})\s+$", V.BY_TYPES),
]
# "I love the band Coldplay": a work's kind before its name (the name must close the phrase:
# "I love the song Tom wrote for me" likes the song, not Tom: _liked_named)
_LIKED_KIND = r"the\s+(?:band|show|series|movie|film|book|game|singer|artist|song|album|podcast)\s+"
_LIKED_KIND_END = re.compile(rf"{_LIKED_KIND}$", re.I)
# the words that may stand between "my" and a kin noun: "my little brother", "my late grandfather"
_KIN_MODS = (r"(?:little|big|baby|older|younger|elder|eldest|oldest|youngest|middle|twin|late|dear|"
             r"beloved|only|step|half|great|favou?rite|kid)")
# words right before a name, said by the speaker.
_SELF: list[tuple[re.Pattern, str]] = [
    (re.compile(rf"\b(?:I|we)(?:'m| am| are|'re)?\s+(?:use|used|using|rely on|switched to)\s+{_THE}$",
                re.I), "uses"),
    (re.compile(rf"\b(?:I|we)(?:'ve|\s+have)?\s+(?:work|worked|am working|'m working|been\s+working)\s+"
                rf"(?:at|for)\s+{_THE}$", re.I), "works_at"),  # "I've been working at Google" (_self_closed)
    (re.compile(rf"\bI(?:'ve| have)?\s+(?:just\s+|recently\s+)?(?:started|got|landed|accepted|took|began)\s+"
                rf"(?:a|an|the|my)\s+(?:new\s+)?(?:job|position|role|internship)\s+(?:at|with)\s+{_THE}$",
                re.I), "works_at"),
    # "I grew up in Nashville", "I've been living in Denver" (_self_closed)
    (re.compile(rf"\b(?:I|we)(?:'ve|\s+have)?\s+(?:live|lived|am living|'m living|been\s+living|grew\s+up|"
                rf"was\s+raised|were\s+raised)\s+in\s+{_THE}$", re.I), "lives_in"),
    # "I'm originally from Sweden" ("I'm back from Paris": a trip)
    (re.compile(rf"\b(?:I'm|I am|we're|we are)\s+(?:originally\s+)?from\s+{_THE}$", re.I), "lives_in"),
    (re.compile(rf"\b(?:I|we)(?:'ve| have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+to\s+"
                rf"{_THE}$", re.I), "lives_in"),
    (re.compile(rf"\b(?:I|we)(?:'m| am| are|'re)?\s+(?:build|built|building|maintain)\s+{_THE}$", re.I),
     "builds"),
    # "I love the band Coldplay", "we really enjoy the show Severance"
    (re.compile(rf"\b(?:I|we)\s+(?:really\s+|absolutely\s+)?(?:love|like|enjoy|adore)\s+(?:{_THE}|{_LIKED_KIND})$",
                re.I), "likes"),
    (re.compile(rf"\b(?:I|we)(?:'ve| have)?\s+(?:visited|been to|went to)\s+{_THE}$", re.I), "visited"),
    # "my sister Elena", "my little brother Tom", "my late grandfather Walter"; not "my work wife Jen"
    (re.compile(rf"\b(?:my|our)\s+(?:{_KIN_MODS}\s+)?(?:{_KIN}),?\s+$", re.I), "family_of"),
    (re.compile(rf"\bmy\s+(?:old\s+|new\s+)?(?:job|work|position|role|internship)\s+(?:at|with)\s+{_THE}$",
                re.I), "works_at"),
    (re.compile(r"\b(?:I'm|I am|we're|we are)\s+(?:a\s+)?(?:big\s+|huge\s+)?fans?\s+of\b[^.!?;]{0,60}$",
                re.I), "likes"),
    (re.compile(rf"\b(?:my|our)\s+(?:(?-i:[a-z]+)\s+)?(?:{_FRIENDS}),?\s+$", re.I), "friend_of"),
    # "my neighbor Frank", "our team lead, Omar": someone the speaker knows; "my boss Linda"
    (re.compile(r"\b(?:my|our)\s+(?:(?-i:[a-z]+)\s+)?(?:neighbou?r|colleague|co-?worker|classmate|teammate|"
                r"mentor|team\s+lead|tech\s+lead),?\s+$", re.I), "knows"),
    # "my boss Linda", "my new manager, Omar,"; not "my bank manager Tom", "my property manager
    # Greg", "my ex boss Linda" (no modifier but "new" / "current")
    (re.compile(r"\b(?:my|our)\s+(?:(?:new|current)\s+)?(?:boss|manager|supervisor),?\s+$", re.I),
     "reports_to"),
]


# words right after a name, said by the speaker ("Iron Man is my top pick"); matched at the name's
# end within the text (pos, endpos), so no "^" and no slice per name
_SELF_AFTER: list[tuple[re.Pattern, str]] = [
    (re.compile(r"\s+(?:is|was)\s+my\s+(?:all-time\s+|absolute\s+)?(?:top\s+pick|favou?rite)\b", re.I),
     "likes"),
]
# Every _SELF_AFTER pattern opens with whitespace: a name not followed by one skips their match
# (``_self_candidates``; str.isspace is re's \s for str patterns).
if not all(p.pattern.startswith(r"\s") for p, _ in _SELF_AFTER):
    raise ValueError("every _SELF_AFTER pattern must open with \\s (_self_candidates)")


def _first_of(patterns: list[tuple[str, str]], at: list[int] | None = None
              ) -> tuple[re.Pattern, dict[str, str]]:
    """One case-insensitive alternation of start-anchored pattern sources: it matches with the
    branch of the FIRST pattern that matches, as the loop over them would (each branch is tried
    in order at position 0). Branch i is group "r<at[i]>" (its place in the whole list)."""
    at = at if at is not None else list(range(len(patterns)))
    names = {f"r{at[i]}": rel for i, (_, rel) in enumerate(patterns)}
    rx = re.compile("|".join(f"(?P<r{at[i]}>{p})" for i, (p, _) in enumerate(patterns)), re.I)
    return rx, names


# A pattern that matches nothing: the part of a lead no pattern may open with.
_NEVER = re.compile("(?!)")


def _by_lead(patterns: list[tuple[str, str]], skip: tuple[str, ...] = ()
             ) -> dict[str | None, tuple[re.Pattern, dict[str, str]]]:
    """The alternation split by a gap's first character: a gap opening with a comma can only
    match the patterns that may open with one (", the CEO of"), a space only those that may open
    with a space, "'s" only the possessives, "-" only "-born". Each part keeps the patterns'
    order, so its first match is the whole alternation's. A pattern whose opening is not plain is
    in every part, and alone in part None, for a gap opening with any other character ('"', "(",
    "" between adjacent names): no pattern is such now, so those gaps match nothing without a
    compile of the whole alternation (the LoCoMo soul has six such gaps, and its run paid ~20 ms
    to compile the two whole alternations on the first). Sources in ``skip`` are left out."""
    def opens(src: str) -> set[str] | None:
        if "|^" in src:  # top-level branches: what any of them may open with
            sets = [opens(b if k == 0 else "^" + b) for k, b in enumerate(src.split("|^"))]
            return None if None in sets else set().union(*sets)
        if src.startswith("^,?\\s"):
            return {",", " "}
        if src.startswith("^(?:'s|’s)?\\s"):
            return {"'", " "}
        if src.startswith("^,\\s"):
            return {","}
        if src.startswith("^(?:'s|’s)\\s"):
            return {"'"}
        if src.startswith("^\\s"):
            return {" "}
        if src.startswith("^[\\s-]"):
            return {" ", "-"}
        return None

    out = {}
    for lead in (",", " ", "'", "-", None):
        at = [i for i, (p, _) in enumerate(patterns)
              if p not in skip and ((o := opens(p)) is None or lead in o)]
        out[lead] = _first_of([patterns[i] for i in at], at) if at else (_NEVER, {})
    return out


# "X is a <role noun> at / in Y" (two noun alternations, ~5 ms of every run's start-up) fits few
# gaps: _is_a_role says which may match; the two are compiled on first use and tried only then,
# taking a hit of the other gaps' part only if theirs comes first in _GAPS.
_GAP_DEFER = (_IS_A_JOB_AT, _IS_A_ROLE_IN)
_GAP_DEFER_AT = [p for p, _ in _GAPS].index(_IS_A_JOB_AT)
if tuple(p for p, _ in _GAPS[_GAP_DEFER_AT:_GAP_DEFER_AT + len(_GAP_DEFER)]) != _GAP_DEFER:
    raise ValueError("_gap_rel needs the deferred gap patterns next to each other, in order")
_GAP_LEAD = _by_lead(_GAPS, skip=_GAP_DEFER)


@functools.cache
def _deferred_gaps() -> tuple[re.Pattern, dict[str, str]]:
    at = [i for i, (p, _) in enumerate(_GAPS) if p in _GAP_DEFER]
    return _first_of([_GAPS[i] for i in at], at)


# The last two reversed gaps ("Chevron spokesman", "Soviet pianist") end in a role, title or
# occupation noun: a gap can match them only if its last word ends one (_titled), which few gaps
# of chat do, so they are compiled on first use (~3 ms of every run's start-up: three noun
# alternations), after the other reversed gaps, as their order puts them.
_REV_TITLED = 2
_REV_GAP_LEAD = _by_lead(_REV_GAPS[:-_REV_TITLED])


@functools.cache
def _rev_titled() -> tuple[re.Pattern, dict[str, str]]:
    return _first_of(_REV_GAPS[-_REV_TITLED:])


def _noun_ends(*alternations: str) -> frozenset[str]:
    """The last words of the nouns of ``re.escape``d alternations ("vice president" -> "president")."""
    return frozenset(re.sub(r"\\(.)", r"\1", w).split(" ")[-1].lower()
                     for alt in alternations for w in alt.split("|"))


_TITLE_ENDS = _noun_ends(_roles("works_at", "leads", "lives_in"), _TITLES, _PERSON_NOUN)
_ROLE_ENDS = _noun_ends(_roles("works_at", "leads"), _JOB_NOUN, _PERSON_NOUN)
_ROLE_PREPS = frozenset({"at", "for", "with", "in", "from"})


def _is_a_role(gap: str) -> bool:
    """Whether ``gap`` may match _IS_A_JOB_AT or _IS_A_ROLE_IN: "is|was a|an|the ... <noun>
    <preposition> [the|a|an]", the noun's last word one of theirs (a gap not all ASCII always may:
    re.I folds a few other letters onto ASCII ones)."""
    if not gap.isascii():
        return True
    w = gap.lower().split()
    if len(w) < 4 or w[0] not in ("is", "was") or w[1] not in ("a", "an", "the"):
        return False
    if w[-1] in _ROLE_PREPS:
        return w[-2] in _ROLE_ENDS
    return w[-1] in ("the", "a", "an") and w[-2] in _ROLE_PREPS and w[-3] in _ROLE_ENDS


def _gap_rel(lead: str, gap: str) -> str | None:
    """The relation of the first gap pattern ``gap`` matches (head -> tail), or None."""
    rx, rel = _GAP_LEAD.get(lead) or _GAP_LEAD[None]
    hit = rx.match(gap)
    if lead == " " and (hit is None or int(hit.lastgroup[1:]) > _GAP_DEFER_AT) and _is_a_role(gap):
        rx2, rel2 = _deferred_gaps()
        hit2 = rx2.match(gap)
        if hit2 is not None:
            return rel2[hit2.lastgroup]
    return None if hit is None else rel[hit.lastgroup]


def _titled(gap: str) -> bool:
    """Whether ``gap`` may match one of the last two reversed gaps: its last word (a period after
    it aside) is the last word of one of their nouns; a word not all ASCII always may (re.I
    folds a few other letters onto ASCII ones: "ſ", the Kelvin sign)."""
    words = gap.split()
    if not words:
        return False
    w = words[-1]
    if not w.isascii():
        return True
    w = w.lower()
    return w in _TITLE_ENDS or (w[-1:] == "." and w[:-1] in _TITLE_ENDS)


def _rev_rel(lead: str, gap: str) -> str | None:
    """The relation of the first reversed gap pattern ``gap`` matches (tail -> head), or None."""
    rx, rel = _REV_GAP_LEAD.get(lead) or _REV_GAP_LEAD[None]
    hit = rx.match(gap)
    if hit is None and lead == " " and _titled(gap):
        rx, rel = _rev_titled()
        hit = rx.match(gap)
    return None if hit is None else rel[hit.lastgroup]
# a gap's first character -> its part; any other whitespace (\r, a thin space) is " " too, any
# other character its own key (its part: the None one unless it is "-")
_LEAD_OF = {",": ",", "'": "'", "’": "'", " ": " ", "\t": " ", "\n": " ", "\u00a0": " "}
# Every _SELF pattern opens with one of these words: none of them can match without it.
_SELF_HINT = re.compile(r"(?=[IiWwMmOo])\b(?:I|we|my|our)", re.I)  # (the lookahead: as _SELF_ANY's)
# Matches where any _SELF pattern matches: chat text is full of "I" and "my", and one search of
# the alternation says what searching each of them says (they are then run in order, for the
# first one's hit, only when one of them matches). The lookahead on the first letter all of them
# open with lets the search skip every other position at once (~2.5x faster than trying each
# branch's "\b" there; the same folding of re.I applies to the class and to the branches).
_SELF_ANY = re.compile("(?=[IiWwMmOo])(?:" + "|".join(f"(?:{p.pattern})" for p, _ in _SELF) + ")", re.I)
# The fewest characters any _SELF pattern matches ("I use "; tests check it with re's parser).
_SELF_MIN = 6
if not all(p.pattern.startswith(("\\bI", "\\bmy", "\\b(?:I", "\\b(?:we", "\\b(?:my")) for p, _ in _SELF):
    raise ValueError("every _SELF pattern must open with I / we / my / our (_SELF_ANY's lookahead)")


def candidates_from_text(text: str, memory_id: str, offset: int, speaker: str | None,
                         mentions: list[Mention], first_index: int) -> list[RelationCandidate]:
    """Pattern-based candidates for one segment (``text`` is the segment's text)."""
    if len(mentions) < (1 if speaker is not None else 2):
        return []  # no pair of names, and no speaker to say "I use X"
    out: dict[tuple, RelationCandidate] = {}
    order = sorted(range(len(mentions)), key=lambda i: mentions[i].start) if len(mentions) > 1 else ()
    work = None  # the last work named "X by Author" in this segment
    for a, b in zip(order, order[1:], strict=False):
        ma, mb = mentions[a], mentions[b]
        if mb.start < ma.end:
            continue
        authors = () if work is None else {(c.head, c.tail) for c in out.values() if c.relation == "created"}
        gap = text[ma.end - offset: mb.start - offset]
        if len(gap) > 60 or "\n" in gap or (ma.sent_start != mb.sent_start and not _abbr_break(ma.text, gap)):
            continue  # (a line break ends a chat turn's line: "named chairman of\nAcme Corp: the board met")
        c = gap[:1]
        lead = _LEAD_OF.get(c) or (" " if c.isspace() else c)
        rel = _gap_rel(lead, gap)
        if rel is not None:
            if _asked(text, offset, ma, mb):
                continue  # "Does Ana still work at Stripe?", "Is it true Omar now works for X?"
            if rel == "lives_in" and "born" in gap and _idea_born(text, ma.start - offset):
                continue  # "the plan for Tidely was born in a Lisbon bakery": an idea's birth, no home
            if rel == "lives_in" and (_listed_place(ma) or not _home_of(text, offset, ma, mb, gap)):
                continue  # "the 23rd President of the United States, was born in ...": not the country
            if rel == V.BY_TYPES and gap.lstrip().startswith("from") and _listed_place(ma) \
                    and (_listed_place(mb) or _motion_before(text, offset, ma)):
                continue  # "flew to Lisbon from Boston", "Welcome to Utah from Reno": a trip's ends
            if rel == "builds" and _addon_after(text, mb.end - offset):
                continue  # "is building a Stripe integration": the integration, not Stripe
            if rel == "leads" and not _whole_object(text, mb.end - offset):
                continue  # "ran the Red Cross blood drive", "heads the Microsoft partnership"
            if rel == "works_at" and c == "," and _listed_place(mb):
                continue  # "Ada Quill, the 9th president of Chile": heading a country is no job
            if rel == "killed" and (_ASSASSIN_AFTER.match(text, mb.end - offset)
                                    or text.startswith(("'s", "’s"), mb.end - offset)):
                continue  # "Ruby, who killed Kennedy assassin Oswald", "shot Lisa's photos": no victim
            if rel == "works_at" and _RETIRED.match(gap) \
                    and (_listed_place(mb) or _TO_AFTER.match(text, mb.end - offset)):
                continue  # "Joe retired from Chicago to Scottsdale": a move, no employer
            if rel == "member_of" and _as_role().match(text, mb.end - offset):
                rel = "works_at"  # "Dana joined Shopify as a staff engineer": a job, not a membership
            _put(out, memory_id, first_index + a, first_index + b, rel, ma.start, mb.end, ma, gap)
            continue
        rev = _rev_rel(lead, gap)
        if rev is not None:
            if ma.text.split(None, 1)[0].casefold() in _FORMER and len(ma.text.split()) > 1:
                continue  # "Former Army sergeant Dale Ritter": the name took the sentence's first word
            if rev == V.BY_TYPES and _role_as_verb(text, offset, ma, gap):
                continue  # "Could Austin captain Leeds to the title?": "captain" is the verb
            if rev == V.BY_TYPES and gap.split()[-1].lower() in _SQUAD_STAFF:
                rev = V.STAFF_IN  # "Denver Nuggets coach Ty Marsh": on the club's staff, if any; no home
            elif rev == V.BY_TYPES and gap.split()[-1].lower() in _SQUAD_ROLES:
                rev = V.MEMBER_IN  # "Leeds captain Liam Cooper": the town's club, if any; no home
            if rev == V.IN_PLACE and (_listed_place(mb) or (lead == "'" and not _place_owns(ma, mb))):
                continue  # "Russia's Ukraine policy", "Austin's Tesla": a place's own firm or landmark only
            if rev == "killed" and (not _killer_named(text, mb.end - offset, gap)
                                    or text.startswith(("'s", "’s"), mb.end - offset)):
                continue  # "stabbed to death by his cellmate, Victor Pell told reporters", "killed
                # by his uncle Ned's tractor": the possessor's thing, not he, killed
            _put(out, memory_id, first_index + b, first_index + a, rev, ma.start, mb.end, ma, gap)
        elif gap == " by " and _work_before(text, offset, ma) and not _listed_place(ma) \
                and not text.startswith(("'s", "’s"), mb.end - offset):
            # "reading Dune by Frank Herbert"; not "Barbie by Jake's recommendation", "Boston by ..."
            _put(out, memory_id, first_index + b, first_index + a, "created", ma.start, mb.end, ma, gap)
            work = a
        elif work is not None and _CO_AUTHOR.match(gap) and (first_index + a, first_index + work) in authors:
            # "The Pragmatic Programmer by Andrew Hunt and David Thomas": each author wrote it
            _put(out, memory_id, first_index + b, first_index + work, "created", ma.start, mb.end, ma, gap)
        elif _APPOINTED_TO.match(gap) and _appointed_role().match(gap) and not _listed_place(mb):
            # "Brian Tull was appointed chairman of Westcott Media": he works there
            _put(out, memory_id, first_index + a, first_index + b, "works_at", ma.start, mb.end, ma, gap)
        elif _APPOINTED.match(gap) and _as_office().match(text, mb.end - offset):
            # "Westcott Media named Brian Tull as its new chairman": he works there
            _put(out, memory_id, first_index + b, first_index + a, "works_at", ma.start, mb.end, ma, gap)
        elif (rel := _apposition(text, offset, ma, mb, gap)) is not None:
            h, t = (a, b) if rel[1] else (b, a)
            _put(out, memory_id, first_index + h, first_index + t, rel[0], ma.start, mb.end, ma, gap)
        elif gap.strip() == "," and len(gap) <= 2 and _town_state(text, offset, ma, mb):
            _put(out, memory_id, first_index + a, first_index + b, V.IN_PLACE, ma.start, mb.end, ma, gap)
            town = first_index + a
            for c in list(out.values()):  # "Ferraro, 50, of Bethany, Conn.": in the state too
                if c.tail == town and c.relation in _PLACED and not isinstance(c.head, str):
                    _put(out, memory_id, c.head, first_index + b, c.relation, c.start, mb.end, ma, c.trigger)
    if speaker is not None:
        _self_candidates(out, text, memory_id, offset, mentions, first_index)
    return list(out.values())


def _self_candidates(out: dict, text: str, memory_id: str, offset: int, mentions: list[Mention],
                     first_index: int) -> None:
    """The speaker's own relations to each name ("I work at X", "my sister X", "X is my top
    pick"). Each search is skipped where it cannot match, as most chat names' are: the text
    before a name shorter than the shortest _SELF match (``_SELF_MIN``: a segment's first word,
    "Hey Ana"), a name followed by no whitespace for ``_SELF_AFTER``."""
    for i, m in enumerate(mentions):
        if m.extractor == "speaker":
            continue
        start = m.start - offset
        lo = max(0, max(m.sent_start, m.start - 60) - offset)
        # "my boss\nLinda: ok": a new line's name (one slice from the last line break on)
        cut = max(lo, text.rfind("\n", lo, start) + 1)
        before = text[cut: start] if start - cut >= _SELF_MIN else ""
        hinted = before and _SELF_HINT.search(before) and _SELF_ANY.search(before)
        for pat, rel in (_SELF if hinted else ()):
            hit = pat.search(before)
            if hit and not _self_closed(text, m.end - offset, hit.group(0)):
                break  # "I texted my boss, Linda said ...", "I love the book Ana lent me"
            if hit:
                _put(out, memory_id, "@speaker", first_index + i, rel,
                     offset + lo + hit.start(), m.end, m, hit.group(0))
                break
        end = m.end - offset
        for pat, rel in (_SELF_AFTER if text[end: end + 1].isspace() else ()):
            hit = pat.match(text, end, min(m.sent_end, m.end + 40) - offset)
            if hit:
                _put(out, memory_id, "@speaker", first_index + i, rel, m.start,
                     m.end + hit.end() - end, m, hit.group(0))


def _self_closed(text: str, end: int, trigger: str) -> bool:
    """A name after a comma ("my manager, Omar,") or after a work's kind ("the band Coldplay")
    must close the phrase: "I texted my boss, Linda said ..." opens another clause, "I love the
    song Tom wrote" likes the song; a name after "I'm from" is no site of a firm ("the Denver
    office")."""
    if _LIKED_KIND_END.search(trigger):
        return _LIKED_CLOSED.match(text, end) is not None
    if "been " in trigger and _stretch_after(text, end):
        return False  # "I've been working at Blue Bottle on my essay", "been working for Globex's
        # launch", "we've been living in Discord all week": a task or a stretch, no job or home
    if trigger.lower().rstrip().endswith(("from", "from the", "from a", "from an")):
        return _site_after().match(text, end) is None  # "I'm from the Denver office": no home
    return not trigger.rstrip().endswith(",") or _CLOSED.match(text, end) is not None



# relations that put their head in a town, so in the town's state too
_PLACED = frozenset({"lives_in", "located_in", V.IN_PLACE, V.BY_TYPES, V.ROLE_AT})


def _put(out, memory_id, head, tail, rel, start, end, m: Mention, trigger: str) -> None:
    key = (head, tail, rel)
    if key not in out:
        out[key] = RelationCandidate(
            memory_id=memory_id, head=head, tail=tail, relation=rel, start=start, end=end,
            sent_start=min(m.sent_start, start), sent_end=max(m.sent_end, end), extractor="regex-pattern",
            confidence=0.6, trigger=trigger.strip(),
        )


# "Guy Struve, the New York attorney", "Sun Hung Kai, a Hong Kong construction firm": a name, a
# described second name, then a noun saying what the first one is
_APPOS_GAP = re.compile(r"^,\s+(?:a|an|the)\s+(?:former\s+|retired\s+|longtime\s+|local\s+)?$", re.I)
_APPOS_NOUN = re.compile(r"(?:,\s+[A-Z][\w.]*,)?\s+((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)")
# The three role-noun patterns below serve rare branches (a possessive or "X of" right before a
# pair, a membership hit): each is compiled on first use, not at import, since most runs never
# reach them (none of the LoCoMo soul's 2,760 memories does) and their ~100-noun alternations cost
# every run's start-up ~4 ms.


@functools.cache
def _poss_role() -> re.Pattern:
    """"John A. Georges, International Paper's chairman"."""
    return re.compile(rf"(?:'s|’s)\s+{_MODS}(?:{_roles('works_at', 'leads')})\b", re.I)


# "the deputy secretary of the Foreign Ministry, Datuk Abdul Halim Ali"
_ROLE_OF_ENDS = ("of ", "at ", "for ", "the ")


@functools.cache
def _role_of() -> re.Pattern:
    return re.compile(rf"\b(?:{_roles('works_at', 'leads')})\s+(?:of|at|for)\s+(?:the\s+)?$", re.I)


@functools.cache
def _home_role_of() -> re.Pattern:
    """"the mayor of Tulsa, Grant Ellery": a role that says where its holder lives."""
    return re.compile(rf"\b(?:{_roles('lives_in')})\s+of\s+(?:the\s+)?$", re.I)


# "I'm a native of Ohio, Ben": a role after a copula is the subject's; a name after the place
# is the one spoken to, not the holder
_COPULA_ROLE = re.compile(r"(?:'m|’m|'re|’re|'s|’s|\b(?:am|is|are|was|were|be|been|being))\s+"
                          rf"(?:(?:a|an|the)\s+)?{_HOME_MODS}\w+\s+(?:of|from)\s+(?:the\s+)?[^,]*,?\s*$",
                          re.I)


@functools.cache
def _as_role() -> re.Pattern:
    """"joined Shopify as a staff engineer": a role after a membership."""
    return re.compile(rf"\s+as\s+(?:(?:a|an|the|its|their|our)\s+)?{_MODS}"
                      rf"(?:{_roles('works_at', 'leads')}|{_PERSON_NOUN})\b", re.I)


@functools.cache
def _as_office() -> re.Pattern:
    """"named Brian Tull as its new chairman", "named Rosa Diaz its chief executive": an office of a
    closed list after an appointment (its "as" may go), and nothing after it but the phrase's end
    ("as its player of the year", "as its top designer": a title given, no job)."""
    mods, offices = _alternation(V.OFFICE_MODS), _alternation(V.OFFICES)
    return re.compile(rf"\s+(?:as\s+)?(?:(?:a|an|the|its|their|our)\s+)?(?:(?:{mods})\s+){{0,3}}"
                      rf"(?:{offices})(?:\s*(?:[.,;:!?)]|$)|\s+(?:on|in|last|this|earlier|"
                      r"effective|after|from|starting|since)\b)", re.I)


# "Ana Ruiz has been named CEO at Loomly": the verb is checked first, the role noun alternation
# (~100 nouns) compiled on first use only
_APPOINTED_TO = re.compile(r"^,?\s+(?:was|is|has\s+been|had\s+been|will\s+be)\s+"
                           r"(?:appointed|named|elected|hired|promoted)\s", re.I)


@functools.cache
def _appointed_role() -> re.Pattern:
    """"was appointed chairman of", "has been named CEO at": a job there."""
    return re.compile(rf"{_APPOINTED_TO.pattern}\s*(?:as\s+)?{_MODS}(?:{_roles('works_at', 'leads')})\s+"
                      rf"(?:of|at|for)\s+{_THE}$", re.I)


_APPOINTED = re.compile(r"^\s+(?:has\s+)?(?:named|appointed|hired|tapped|picked)\s+$", re.I)
_CO_AUTHOR = re.compile(r"^(?:,\s+|,?\s+and\s+|\s+&\s+)$")
_FORMER = frozenset({"former", "ex", "retired", "late", "then"})
_RETIRED = re.compile(r"^,?\s+(?:has\s+)?(?:retired|resigned)\s", re.I)
_TO_AFTER = re.compile(r"\s+to\s+(?:the\s+)?[A-Z]")
_ASSASSIN_AFTER = re.compile(r"(?:'s|’s)?\s+(?:assassin|killer|murderer)\b", re.I)


# role nouns that are also verbs, and the words after which they are one: "Could Austin captain Leeds"
_VERB_ROLES = frozenset({"captain", "captains", "coach", "coaches", "head", "heads", "lead", "leads",
                         "chair", "chairs", "skipper", "skippers", "host", "hosts", "manage", "manages",
                         "pilot", "pilots", "anchor", "anchors", "judge", "judges", "star", "stars"})
@functools.cache
def _modal_before() -> re.Pattern:  # (compiled on first use, as the other rare patterns)
    return re.compile(r"\b(?:could|can|will|would|should|might|may|must|did|does|do|to|'ll)\s+$", re.I)


# a place of a squad's role before a name is the club ("Leeds captain X", "England striker Y"):
# a member of it when the name is typed an organisation, else no edge (never a home)
_SQUAD_ROLES = frozenset({"captain", "skipper", "striker", "goalkeeper", "goalie", "midfielder", "defender",
                          "winger", "quarterback", "pitcher", "player", "forward", "keeper"})
_SQUAD_STAFF = frozenset({"coach", "trainer"})
# the words that open a question ("Does Ana work at X?", "Is it true Omar works for Y?")
_QUESTION_AUX = frozenset({"does", "did", "do", "is", "was", "are", "were", "has", "have", "can", "could",
                           "will", "would", "should"})
# the words before a name whose "birth" is an idea's: "the idea for Tidely was born in Porto"
_IDEA_OF = frozenset({"for", "of", "behind"})
# what follows a name after "been working at/for", "been living in" when no job or home is said
_STRETCH_WORDS = frozenset({"all", "this", "last"})
_STRETCHES = frozenset({"day", "night", "morning", "week", "weekend", "month"})


def _asked(text: str, offset: int, ma: Mention, mb: Mention) -> bool:
    """Whether the pair stands in a question that opens with an auxiliary ("Does Ana still work at
    Stripe?"); a statement with a tag ("Ana works at Stripe, right?") opens with the name.
    (String steps, no pattern: a pattern's compiling costs more than every run of this.)"""
    end = mb.end - offset
    q = text.find("?", end, mb.sent_end - offset + 1)
    if q < 0 or any(ch in text[end:q] for ch in ".!\n"):
        return False
    head = text[max(0, ma.sent_start - offset - 40): ma.start - offset]
    words = head[max(head.rfind(c) for c in ".!?:\n") + 1:].split()
    return bool(words) and words[0].lower() in _QUESTION_AUX


def _idea_born(text: str, start: int) -> bool:
    """"the idea for Tidely was born in a Lisbon bakery": the word before the name says an idea."""
    words = text[max(0, start - 10): start].split()
    return start > 0 and text[start - 1].isspace() and bool(words) and words[-1].lower() in _IDEA_OF


def _stretch_after(text: str, end: int) -> bool:
    """"been working at Blue Bottle on my essay", "for Globex's launch", "in Discord all week"."""
    if text.startswith(("'s", "’s"), end):
        return True
    words = text[end: end + 24].lower().split()
    return bool(words) and (words[0] == "on" or (
        len(words) > 1 and words[0] in _STRETCH_WORDS and words[1].rstrip(".,!?") in _STRETCHES))


def _role_as_verb(text: str, offset: int, ma: Mention, gap: str) -> bool:
    """"Could Austin captain Leeds to another title?", "Will Ana coach the Tigers": a role word that
    can be a verb, alone between two names after a modal or "to", is the verb of the first name
    ("Can Apple CEO Tim Cook ..." keeps its title: "CEO" is no verb)."""
    return gap.strip().lower() in _VERB_ROLES and _modal_before().search(
        text, max(0, ma.start - offset - 12), ma.start - offset) is not None


def _listed_place(m: Mention) -> bool:
    from soulgraph.classify import gazetteer

    return gazetteer.key(m.text) in gazetteer.words("places")


# "Sophie Laurent, who lives in Lyon", "Priya lives in Toronto"; a comma without "who" starts
# another clause's verb ("Ana Ruiz, the CEO of Acme Corp, lives in Boston": not Acme Corp's home)
_HOME_GAP = re.compile(r"^(,)?\s+(who\s+)?(?:now\s+|still\s+|currently\s+)?(?:lives?|lived|living|resides?|"
                       r"resided|grew\s+up|was\s+raised|were\s+raised)\s", re.I)
_RESIDENT = re.compile(r"\bresidents?\s+(?:of|from)\s", re.I)


def _home_of(text: str, offset: int, ma: Mention, mb: Mention, gap: str) -> bool:
    """Whether a lives_in gap says the first name's home: after a comma only with "who", and after
    "who" only when that name opens its sentence or starts with a given name ("Tom Berg joined
    Stripe, who lives in Dublin": no home of Stripe's; "met Sophie Laurent, who lives in Lyon");
    "a resident of" only of a listed place ("a resident of Johns Hopkins": a hospital residency)."""
    from soulgraph.classify import gazetteer

    if _RESIDENT.search(gap):
        return _listed_place(mb)
    hit = _HOME_GAP.match(gap)
    if hit is not None and (not _may_live(text, offset, ma) or _seen_live(text, offset, ma, gap)):
        return False
    if hit is None or not (hit.group(1) or hit.group(2)):
        return True
    if hit.group(1) and not hit.group(2):
        return False
    return gazetteer.is_given_name(ma.text.split()[0]) \
        or not text[max(0, ma.sent_start - offset): ma.start - offset].strip(" \t\n\"'“‘(")


# "we saw Coldplay live in Chicago", "watched Arctic Monkeys live at Red Rocks": a show, where
# "live" is an adverb ("heard X live in Y" may report a home: left alone)
_SEEN_BEFORE = re.compile(rf"\b(?:{_alternation(V.SEE_SHOW)})\s+$", re.I)


def _seen_live(text: str, offset: int, m: Mention, gap: str) -> bool:
    lo = m.start - offset
    return gap[:6].lower() == " live " and _SEEN_BEFORE.search(text, max(0, lo - 10), lo) is not None


_OF_BEFORE = re.compile(r"\b(?:of|at|for|from|with)\s+(?:the\s+)?$", re.I)


def _may_live(text: str, offset: int, m: Mention) -> bool:
    """Whether ``m`` can be the one who "lives in": a name typed an organisation or a place is no
    resident, nor is a name that is a preposition's object ("Ana Ruiz of Acme Corp now lives in
    Boston": Ana lives there) or holds one ("Ana Ruiz of Acme Corp" read as one name)."""
    from soulgraph.classify import gazetteer

    if " of " in m.text or (V.coarse_type(m) in ("org", "place")
                            and not gazetteer.is_given_name(m.text.split()[0])):
        return False
    lo = m.start - offset
    return _OF_BEFORE.search(text, max(0, lo - 12), lo) is None


# after a name that is the whole object of "runs" / "heads": a sentence end, a preposition, an adverb
# (not "for": "runs Google Ads for three clinics" runs a product for clients)
_OBJECT_END = re.compile(r"(?:\s*(?:[.,;:!?)\]]|$)|\s+(?:in|at|on|since|from|with|and|until|"
                         r"near|now|today|again|too|alone|together|downtown|full-time|part-time)\b|"
                         r"\s+[A-Z0-9(\"'“])")


def _whole_object(text: str, end: int) -> bool:
    """Whether a name is the whole object of its verb, no modifier of a noun after it: "runs the
    Harbor Grill in Dayton"; not "ran the Red Cross blood drive", "operated the Caterpillar
    excavator"."""
    return _OBJECT_END.match(text, end) is not None


@functools.cache
def _to_before() -> re.Pattern:  # (compiled on first use)
    return re.compile(r"\b(?:flew|fly|flies|flying|flown|flight|drove|drive|drives|driving|driven|went|go|"
                      r"goes|going|gone|moved|move|moves|moving|came|come|comes|coming|travel\w*|trip|welcome|"
                      r"head(?:ed|ing|s)?|return(?:ed|ing|s)?|sail(?:ed|ing|s)?|walk(?:ed|ing|s)?|commut\w*)\s+"
                      r"(?:back\s+|home\s+)?(?:to|into)\s+(?:the\s+)?$", re.I)


def _motion_before(text: str, offset: int, m: Mention) -> bool:
    """A name right after a trip's "to" ("drove to Denver from Omaha", "welcome to Utah from Reno":
    a greeting on arrival is a trip's end too):
    the "from" after it says where the trip began, not what the name is part of ("talked to
    Jordan from Nike" keeps his firm)."""
    return _to_before().search(text, max(0, m.start - offset - 30), m.start - offset) is not None


_NEXT_WORD = re.compile(r"\s+([\w-]+)")


def _addon_after(text: str, end: int) -> bool:
    """The word after a name is a thing made for it ("a Slack bot", "the Grafana dashboards")."""
    hit = _NEXT_WORD.match(text, end)
    return hit is not None and hit.group(1).lower() in V.ADDON_HEADS


# a site of an organisation after "I'm from <name>": "I'm from the Denver office" is no home
@functools.cache
def _site_after() -> re.Pattern:  # (compiled on first use)
    return re.compile(r"\s+(?:office|offices|branch|team|store|shop|location|campus|site|headquarters|hq|"
                      r"plant|department|division|chapter|club|group)\b", re.I)


_CLOSED = re.compile(r"\s*(?:[.,;:!?)\]]|$)")
# "I love the band Coldplay so much", "... Coldplay and Muse"; not "the song Tom wrote for me"
_LIKED_CLOSED = re.compile(r"\s*(?:[.,;:!?)\]]|$)|\s+(?:so|too|a\s+lot|and|but|more|now|lately|again|by|"
                           r"from|the\s+most)\b")


def _killer_named(text: str, end: int, gap: str) -> bool:
    """A killer named after a comma ("by his neighbor, Carl Moss") must close the phrase: "by his
    cellmate, Victor Pell told reporters" names a witness."""
    by = gap.rfind(" by ")
    return by < 0 or "," not in gap[by:] or _CLOSED.match(text, end) is not None


# the last words of a place's own firm or landmark: "Omaha's Greenfield Bank", "Beijing's Tiananmen Square"
_LANDMARK_ENDS = frozenset({"square", "bridge", "tower", "cathedral", "palace", "castle", "gate", "harbor",
                            "harbour", "market", "zoo", "garden", "gardens", "opera", "theater", "theatre"})


def _place_owns(owner: Mention, owned: Mention) -> bool:
    """"Omaha's Greenfield Bank": a bare possessive places a name in its owner only when the owner
    is a listed place no given name ("Austin's Tesla", "Jordan's Nike shoes": a person's things)
    and the owned name has an organisation's or landmark's head noun ("Sydney's Honda dealer")."""
    from soulgraph.classify import gazetteer

    if not _listed_place(owner) or gazetteer.is_given_name(owner.text.split()[0]):
        return False
    words = owned.text.split()
    last = words[-1].casefold() if len(words) > 1 else ""
    return noun_type(last) in ("org", "place") or last in _LANDMARK_ENDS \
        or gazetteer.key(last) in gazetteer.words("orgs_suffix")


def _work_before(text: str, offset: int, work: Mention) -> bool:
    """A reading / watching verb or a work noun before ``work`` in its sentence ("the book X")."""
    from soulgraph.classify.lexicon import WORK_LEFT

    lo = max(0, work.sent_start - offset, work.start - offset - 60)
    return WORK_LEFT.search(text, lo, work.start - offset) is not None


def _apposition(text: str, offset: int, ma: Mention, mb: Mention, gap: str) -> tuple[str, bool] | None:
    """(relation, head is the first name) of a pair an apposition joins, or None."""
    if gap[0] != "," and gap != " ":
        return None  # (most gaps: one test)
    after = mb.end - offset
    if gap[0] == "," and _APPOS_GAP.match(gap):
        hit = _APPOS_NOUN.match(text, after)
        if hit is None:
            return None
        noun = hit.group(1).split()[-1].casefold()
        if V.ROLE_NOUN.get(noun) != "works_at" \
                and not any(noun_type(w) in ("person", "org") for w in hit.group(1).split()):
            return None  # (a job noun the lexicon does not type: "Rita Gomez, an Orbital Systems employee")
        rel = V.ROLE_NOUN.get(noun) or V.ROLE_NOUN.get(noun[:-1])
        if rel == "works_at":
            return V.ROLE_AT, True  # "Paul Mercer, a Delta Freight spokesman" (and "a Tulsa lawyer": a home)
        if rel == "member_of" and gazetteer.key(mb.text) not in gazetteer.words("places"):
            return rel, True  # "Ann Lee, a City Council member"
        if rel == "attended":
            return rel, True  # "Priya, a Stanford student": a pupil there, no job
        if noun in V.NOT_JOB:
            return None  # "Rita Gomez, an Orbital Systems customer": no job, no home
        return V.BY_TYPES, True
    if gap != " " and gap.strip() != ",":
        return None
    if gap != " " and text.startswith(("'s", "’s"), after) and _poss_role().match(text, after) \
            and V.coarse_type(mb) != "person":  # not "Rabin's spokesman"
        return "works_at", True  # "John A. Georges, International Paper's chairman"
    # "President of Acme Corp Jane Ng", "the deputy secretary of the Foreign Ministry, Ann Lee";
    # not "the second president of Peru, Ana Villa": heading a country is no job
    # at a place
    lo = ma.start - offset
    if text.endswith(_ROLE_OF_ENDS, max(0, lo - 5), lo) and _role_of().search(text, max(0, lo - 50), lo) \
            and gazetteer.key(ma.text) not in gazetteer.words("places"):
        return "works_at", False
    home = text.endswith(_ROLE_OF_ENDS, max(0, lo - 5), lo) \
        and _home_role_of().search(text, max(0, lo - 30), lo) is not None \
        and _COPULA_ROLE.search(text, max(0, lo - 60), lo) is None
    if home and V.coarse_type(mb) in ("person", "unknown") and not _town_state(text, offset, ma, mb) \
            and (gap == " " or _CLOSED.match(text, after)):
        # "the mayor of Tulsa, Grant Ellery"; not "a native of Bayfield, Wis.", nor a comma that
        # opens another clause ("the governor of Ohio, Ben said", "the mayor of Denver, Priya helped")
        return "lives_in", False
    return None


# a word that ends in a period without ending the sentence: "Gov.", "Sen.", "Conn.", "Calif.",
# an initial ("R."); the extractor's sentence splitter cuts after any period
_ABBR_WORD = re.compile(r"(?:[A-Z][a-z]{0,4}|[A-Z][a-z]?\.[A-Z])\.$")
_GAP_STOP = re.compile(r"(\S*)[.!?…]+(?=\s|$)")


def _abbr_break(head: str, gap: str) -> bool:
    """The pair only looks split: every sentence end the splitter saw between the two names
    is an abbreviation's period ("Illinois Gov. James Thompson", "Bethany, Conn., was")."""
    if head.endswith(".") and not _ABBR_WORD.search(head.rsplit(None, 1)[-1]):
        return False
    for hit in _GAP_STOP.finditer(gap):
        if not _ABBR_WORD.fullmatch(hit.group(0)):
            return False
    return True


def _town_state(text: str, offset: int, town: Mention, region: Mention) -> bool:
    """"Bethany, Conn", "Morgan City, La.", "Staunton, Virginia": a town and the known state or
    country after one comma, not a list ("Paris, London and Rome", "Colombia, Bolivia, Ecuador":
    a comma before the pair, or "and" or another name after it); a state abbreviation after a
    comma is one even after a list's comma ("the Mill Creek Trail, Fernhill, Calif.")."""
    from soulgraph.classify import gazetteer

    r = region.text
    k = gazetteer.key(r)
    abbr = r.endswith(".") and len(r) <= 6  # "Calif.", "N.M.": a state, never a list's item
    if not (abbr or k in gazetteer.words("places") or k in gazetteer.BARE_STATE_ABBR):
        return False
    before = text[max(0, town.start - offset - 2): town.start - offset]
    after = text[region.end - offset: region.end - offset + 12]
    # "Colombia, Bolivia, Ecuador"; not a dateline's date: "Lugano, Switzerland, Tuesday morning"
    listed = after.startswith(", ") and after[2:3].isupper() \
        and gazetteer.key(after[2:].split(None, 1)[0].rstrip(".,")) not in gazetteer.words("calendar")
    return ("," not in before or abbr) and not listed and not after.lstrip().startswith(("and ", "or ", "& "))

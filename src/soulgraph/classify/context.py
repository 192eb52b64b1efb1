"""Votes from the words around a mention, read from the memory text itself.

These patterns work whatever extractor produced the mention (the regex
fallback carries few cues), and they share labels with the cue votes so the
same fact seen twice counts once per mention.
"""

from __future__ import annotations

import functools
import re

from soulgraph.classify import cues, gazetteer, lexicon
from soulgraph.classify.evidence import Vote
from soulgraph.models import Mention

_W = 60  # characters of context either side

_PERSON_VERB = re.compile(
    r"^(?:\s*,\s*(?:who|\d{1,3}),?)?\s+(?:(?:has|had|just|also|then|never|always|finally|really|"
    r"quickly|later)\s+|(?:was|were)\s+(?=born\b))?"  # only people are born ("Aldrin was born in")
    r"((?<=was\s)born|(?<=were\s)born|said|says|asked|asks|told|tells|laughed|laughs|smiled|smiles|cried|replied|answered|explained|"
    r"mentioned|agreed|argued|thinks|thought|feels|felt|believes|believed|decided|decides|wants|"
    r"wanted|loves|loved|hates|hated|knows|knew|went|came|met|married|died|hugged|texted|sighed|"
    r"shrugged|nodded|grinned|whispered|shouted|admitted|testified|pleaded|confessed|vowed|insisted|"
    r"recalled|wondered|worried|promised|apologi[sz]ed|remembered|hopes|hoped|wishes|wished|enjoys|"
    r"enjoyed|misses|missed|is\s+(?:a|an|my|our)\s+(?:friend|sister|brother|mom|dad|colleague))\b",
    re.I)
_BORN = Vote("person", "was born", 2.0, "born")  # a strong kind: only people (and pets) are born
_WHO = re.compile(r"^\s*,\s*(?:who|whose)\b|^\s*,\s*\d{1,3}\s*,", re.I)
_SAID_BY = re.compile(r"\b(?:told|asked|thanked|met|hugged|married|texted|emailed|invited|"
                      r"congratulated)\s+$", re.I)
_SAID_BY_END = re.compile(r"\b(?:said|says|according\s+to|wrote)\s+$", re.I)  # "..., said Bruno Pusterla."
_CLAUSE_END = re.compile(r"^\s*(?:[,.;:!?)\"']|$)")
_KIN_LEFT = re.compile(
    r"\b(?:my|our|his|her|their|your)\s+(?:best\s+|old\s+|little\s+|big\s+)?(?:friend|buddy|sister|"
    r"brother|mom|mum|mother|dad|father|son|daughter|wife|husband|girlfriend|boyfriend|partner|"
    r"cousin|uncle|aunt|grandma|grandpa|grandmother|grandfather|boss|colleague|coworker|teacher|"
    r"mentor|neighbou?r|roommate|kid|niece|nephew|fianc[ée]e?)\s*,?\s*$", re.I)
_NEXT_LOWER = re.compile(r"\s+[a-z]+\b")
_GIVE_KIN = re.compile(r"\b(?:buy|bought|buying|get|got|getting|give|gave|giving|gift(?:ed)?|send|sent|"
                       r"order(?:ed)?|make|made|find|found)\s+(?:my|our|his|her|their|your)\s+[a-z]+\s+$",
                       re.I)


def _brand_then_noun(name: str, left: str, right: str) -> bool:
    """"bought my dad Nike shoes": a listed brand or firm (no given name) after "<give> my <kin>"
    and before a lowercase word is the gift's maker, not the kin's name (an indirect object)."""
    k = gazetteer.key(name)
    listed = k in gazetteer.words("marques") or k in gazetteer.words("orgs")
    if not listed or gazetteer.is_given_name(k):
        return False
    return _GIVE_KIN.search(left) is not None and _NEXT_LOWER.match(right) is not None


def gift_to_kin(m: Mention, text: str) -> bool:
    """"got my uncle Adidas trainers": the spaCy extractor's title cue ("uncle") names the one
    given to, not the brand (``classify`` drops that cue's vote)."""
    return "title" in "".join(m.cues) and _brand_then_noun(
        m.text, text[max(0, m.start - 40):m.start], text[m.end:m.end + 20])


def _gift_after_title(text: str, left: str, right: str) -> bool:
    """The same when the mention holds the kin word: "got my [uncle Adidas] trainers"."""
    head, _, rest = text.partition(" ")
    return bool(rest) and _brand_then_noun(rest, f"{left}{head} ", right)


_KIN_RIGHT = re.compile(  # "Ana's sister", and tokenised text's "Ana ' s sister"
    r"^\s?['’]\s?s\s+(?:(?:new|little|older|younger|best|real)\s+)?(?:wife|husband|son|daughter|mom|mum|"
    r"mother|dad|father|sister|brother|family|kids|children|friend|friends|girlfriend|boyfriend|"
    r"partner|birthday|wedding|funeral|grandma|grandpa|parents|baby|mommy|mummy|daddy|sisters|"
    r"brothers|sons|daughters|fiance|fiancee|fiancé|fiancée|husbands?|wives)\b", re.I)
_TITLE_LEFT = re.compile(
    r"\b(Mr|Mrs|Ms|Miss|Dr|Prof|Sir|Dame|Lord|Lady|President|Sen|Senator|Rep|Gov|Governor|Mayor|"
    r"Judge|Justice|Gen|General|Col|Capt|Captain|Lt|Sgt|Officer|Detective|Pope|King|Queen|Prince|"
    r"Princess|Rev|Coach|Chairman|Secretary|Minister|Chancellor|Ambassador|Uncle|Aunt|Auntie|Aunty|"
    r"Grandma|Grandpa|Granny|Cousin|Saint)\.?\s+$")
_TITLE_IN = re.compile(
    r"^(?:Mr|Mrs|Ms|Dr|Prof|Sir|Dame|President|Sen|Senator|Rep|Gov|Governor|Mayor|Judge|Gen|"
    r"General|Col|Capt|Captain|Lt|Sgt|Officer|Pope|King|Queen|Prince|Princess|Rev|Coach|Chairman|"
    r"Secretary|Minister|Chancellor|Ambassador|Archduke|Duke|Lord|Lady|"
    r"Uncle|Aunt|Auntie|Aunty|Grandma|Grandpa|Granny|Cousin)\.?\s+[A-Z]")  # kin: "Uncle Vikram"
# A title inside a name, after a modifier of it: "Roman Emperor Julius Caesar", "U.S. Sen. Robert Kennedy".
_TITLE_INNER = re.compile(
    r"(?<=[A-Za-z.] )(Emperor|Empress|King|Queen|Prince|Princess|President|Premier|Sen|Senator|Gov|Governor|"
    r"Gen|Minister|Chancellor|Pope|Sultan|Sheikh|Emir|Shah|Tsar|Czar|Kaiser|Mayor|Judge|Rev|Dr|Mr|Mrs|Ms)"
    r"\.?\s+[A-Z][a-z]+(?:\s+[A-Z][\w.-]*)*$")
_ADDRESS_LEFT = re.compile(
    r"(?:^|[\s\"'(])(?:hey|hi|hello|thanks|thank\s+you|bye|goodbye|congrats|congratulations|dear|"
    r"yo|morning|night|welcome|sorry|love\s+you|miss\s+you|see\s+you)\s*,?\s*$", re.I)
_VOCATIVE = re.compile(r"^\s*[!?]|^\s*[.,]\s*(?:$|[A-Z\"'])")
# Greetings that only ever address someone, in any kind of text ("Hi Mel,", "Thanks Jo for ..."):
# unlike a bare comma, which in prose is as often a list ("Groq, Together, Fireworks").
_GREET_LEFT = re.compile(r"(?:^|[\s\"'(])(?:hey|hi|hello|hiya|bye|goodbye|thanks|thank\s+you|thx|congrats|"
                         r"congratulations|dear)\s*,?\s*$", re.I)
# A comment's closing praise names the one it thanks: "Thanks for the update Sherlock Holmes",
# "Much love Miccoli", "Nice vid Mabey!" (then the end of the sentence).
_PRAISE_LEFT = re.compile(
    r"\b(?:great|nice|good|awesome|amazing|cool|funny|love\s+the|loved\s+the|thanks\s+for\s+the|"
    r"thank\s+you\s+for\s+the|keep\s+up\s+the|much|lots\s+of|sending|best\s+of)\s+(?:[a-z]+\s+)?"
    r"(?:video|vid|vids|videos|job|work|content|update|upload|stream|love|luck|edit|channel)\s*,?\s*$", re.I)
_PRAISE_RIGHT = re.compile(r"^\s*(?:[.!?)]|,\s*$|$|[\u2600-\u27bf\U0001f000-\U0001faff])")
_GREET_RIGHT = re.compile(r"^\s*(?:[,.!?:)]|$|\s(?:for|on|so|and|you|u)\b)", re.I)
# The name opening its sentence, then the person spoken to: "Kelsey you should ...", "Loey, do you
# ...", "Jo, please ..." (a place or product is not told what to do).
_OPENING_VOCATIVE = re.compile(
    r"^\s*,?\s+(?:you|u)\s+(?:should|are|r|were|have|had|need|must|can|could|look|looked|did|do|rock|"
    r"rule|never|always|make|made|got|gotta)\b|"
    r"^\s*,\s*(?:you|u|your|ur)\b|"
    r"^\s*,?\s+(?:do|did|can|could|would|will|are|have)\s+(?:you|u)\b|"
    r"^\s*,?\s+please\b", re.I)
# The name as subject of its own clause with a gendered pronoun pointing back at it: "Pyrion continues
# his streak", "Gaby gave herself more", "X shook her head". Things take "its", never "his"/"her".
_OWN_PRONOUN = re.compile(  # (a preposition is no verb: "moved to Porto with her husband")
    r"^\s+(?:(?:just|also|then|never|always|finally|really|still|even)\s+)?"
    r"(?!(?:with|for|to|from|at|in|on|of|by|near|and|or|but|than|like|about|after|before|without|into|"
    r"through|around|as|under|over)\s)[a-z]+(?:s|ed)?\s+"
    r"(?:his|himself|herself|her(?=\s+[a-z])(?!\s+(?:to|for|in|on|at|as|last|this|that|and|or|but|with|by|"
    r"from|after|before|because|when|out|up|down|off|over|back|again|yesterday|today|a|an|the)\b))\b")
# Predicates only said of people (and pets): "Themba is obsessed", "X looks so pregnant".
_TRAIT = re.compile(
    r"^\s+(?:is|was|looks?|looked|seems?|seemed|got|gets)\s+(?:(?:so|really|very|such|totally|"
    r"super|soo+|kinda|literally)\s+)*(?:(?:a|an)\s+)?(?:cute|hilarious|handsome|gorgeous|pretty|"
    r"obsessed|jealous|humble|pregnant|married|divorced|engaged|sad|angry|mad|upset|scared|afraid|"
    r"brave|talented|adorable|sexy|mean|rude|lazy|drunk|high|sick|tired|hungry|excited|proud|"
    r"genius|legend|queen|king|savage|sweetheart|beauty|babe|jerk|idiot|liar|(?:wo)?man|girl|guy|"
    r"boy|lady|dude|gentleman|sweetie|goddess|legend)\b", re.I)
# Someone's own named thing: "my Casio", "your Morphe palette", "his Kenworth" (a product; people
# and kin are not owned this way, and "our X" is a team's project).
_OWNED_LEFT = re.compile(r"(?:^|[^\w'])(?:my|your|ur|his)\s+(?:(?:new|old|favou?rite|first|own)\s+)?$", re.I)
_KIN_WORD = re.compile(r"(?:mom|mum|mother|dad|father|ma|pa|mama|papa|mommy|mummy|daddy|grandma|grandpa|nana|"
                       r"granny|gran|auntie|aunt|uncle|lord|god|love|baby|babe|boo|bro|sis)\W*$", re.I)
# Stage-name prefixes: "DJ Quell", "Lil Sorrow", "MC Ren" name performers.
_STAGE_NAME = re.compile(r"^(?:DJ|Lil|Lil'|MC|Dj)\s+[A-Za-z]")
# Coordinated with the speaker or the one spoken to: "you and Hamish", "me and Ana", "Ana and I".
_WITH_ME_LEFT = re.compile(r"(?:^|[^\w'])(?:you|me|u)\s+(?:and|&|n)\s+$", re.I)
_WITH_ME_RIGHT = re.compile(r"^\s+(?:and|&|n)\s+(?:I|me|myself)\b(?!\s+(?:am|was|have|had|think)\s+\w+ing)")
# A person's body, voice and looks: "Ariana's voice", "Link ' s face".
_BODY_RIGHT = re.compile(
    r"^\s?['’]\s?s\s+(?:(?:new|real|little|beautiful|amazing|cute|whole)\s+)?(?:voice|face|hair|eyes|smile|laugh|"
    r"outfit|beard|makeup|accent|personality|vocals|lips|nose|teeth|body|legs|hairstyle|haircut|"
    r"pregnancy|wig|eyebrows|singing|dancing|acting)\b", re.I)
# An epithet: "Dora the Explorer", "Ivo the builder", "Alexander the Great" (people and characters).
_EPITHET_IN = re.compile(r"^[A-Z][a-z]+ the (?:[A-Z][a-z]+|[a-z-]+(?:er|or|ist|ian))$")
_EPITHET_RIGHT = re.compile(r"^\s+the\s+(?:(?:fake|real|great|mighty|little|big|mass)\s+)?"
                            r"(?!(?:major|minor|former|latter|other|senior|junior|inner|outer|upper|lower|prior|"
                            r"interior|exterior|super|user|server|order|error|number|center|centre|folder|"
                            r"header|footer|layer|driver|parser|buffer|cluster|river|water|power|paper)\b)"
                            r"[a-z-]+(?:er|or|ist|ian|great|terrible)\b(?!\s+(?:of|for)\b)")
# Mid-sentence, a name straight before "you <verb>": "Nice vid Mabey you can do a giveaway" (not "in
# Paris you can ...": a preposition before the name makes it a scene, not the one spoken to).
_NAME_YOU = re.compile(r"^\s+(?:you|u)\s+(?:should|can|could|are|r|were|have|need|must|did|rock|rule|never|"
                       r"always|made|gotta|will|deserve|look|sound)\b", re.I)
_PREP_END = re.compile(r"\b(?:in|at|on|from|to|for|with|of|by|near|about|like|into|across|around|than|"
                       r"and|or)\s+$", re.I)
# "there are 785 Pokemon": a kind of thing, counted (a year before a name is no count)
_COUNTED_LEFT = re.compile(r"(?:^|\s)(?!(?:1[5-9]|20)\d\d\s)\d(?:[\d,.]*\d)?\s+$")
_OPENING_LEFT = re.compile(r"^[\W_]*$")  # nothing but punctuation / emoji before the name
_PRONOUN = re.compile(r"\b(he|she|him|her|his|hers|himself|herself)\b", re.I)
# _PRONOUN's matches in lowercased ASCII text, found at their "h" (every pronoun holds one, first
# or after the "s" of "she"): a pattern opening with one literal lets sre skip ahead with a plain
# character loop, not a class test per character (2x fewer instructions). A match of "she" starts
# at its "h": the match starts one character earlier when an "s" comes before it (a "he" needs a
# non-word character there).
_PRONOUN_AT_H = re.compile(r"h(?:(?<=\bh)(?:e|im(?:self)?|is|ers?|erself)|(?<=\bsh)e)\b")
# A creative work by how it is consumed: "watching Stranger Things", "X season 4", "Elden Ring on ps5".
_WORK_LEFT = re.compile(  # (books: "reading X" is a document's cue)
    r"\b(?:(?:re)?watch(?:ed|ing)?|binge(?:d|ing)?(?:-?watch(?:ed|ing)?)?|listening\s+to)\s+$", re.I)
_WORK_RIGHT = re.compile(
    r"^\s+(?:season\s*\d|s\d\d?\b|episode|ep\s*\d|trailer|soundtrack|finale|sequel|"
    r"on\s+(?:ps[345]|xbox|switch|steam|netflix|hulu|hbo|disney\+|prime\s+video)\b)", re.I)
_ORG_LEFT = re.compile(
    r"\b(?:works?|worked|working|job|intern(?:ed|ing)?|engineer|analyst|employee|volunteer(?:s|ed|ing)?)\s+at\s+"
    r"(?:the\s+)?$|"
    r"\b(?:works|worked|working|(?:i|we|you|they|to|still|now|who)\s+work)\s+for\s+$|"  # not "the work for X"
    r"\b(?:join(?:s|ed|ing)?|employed\s+by|hired\s+by|acquired\s+by|ceo\s+of|founder\s+of|co-?founded|founded|"
    r"chairman\s+of|spokes(?:man|woman|person)\s+for|member\s+of|shares\s+of)\s+(?:the\s+)?$", re.I)
# A meal or a coffee at a named place: a restaurant, cafe or shop ("lunch at Sweetgreen", "coffee
# at Blue Bottle"), a business and no person, whatever the model's PERSON on an unknown word says
_VENUE_LEFT = re.compile(r"\b(?:lunch|dinner|breakfast|brunch|coffee|drinks|meal|ate|eat|eating|"
                         r"shopping|shopped)\s+at\s+$", re.I)
# "dinner at Priya's", "at Paloma and Reggie's place", "at Sam's house": a host's home, no venue
# (not before a capitalised word: "dinner at Zazie and Tom's Diner" names a diner)
_HOST_RIGHT = re.compile(r"^(?:\s+(?:and|&)\s+[A-Z][\w\-]*)?\s?['\u2019]s\b(?!\s+[A-Z])")
_VENUE = Vote("org", "lunch / coffee at X (a restaurant, cafe or shop)", 1.5, "prep")
# A team in a match result: "Arsenal beat Chelsea 3-1" (the winner: a result verb, the other side
# and the score; "lost to Girona 4-2"), "Arsenal beat Chelsea 3-1" (the other side: a capitalised
# name and a result verb right before it, the score right after it). People play matches too
# ("I beat Priya 3-1 at chess", "Sinner beat Alcaraz 6-4"): the vote is only for a name the lists
# know as a club, an organisation or a town used as a club's name (``_club_side``).
_SCORE = (r"\d{1,3}[-\u2013]\d{1,3}(?![\d%\w\-\u2013])"  # not "3-4 times", "3-5 June"
          r"(?!\s*(?i:times|x|days?|weeks?|months?|years?|hours?|hrs?|mins?|minutes|[ap]\.?m|jan(?:uary)?|"
          r"feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
          r"nov(?:ember)?|dec(?:ember)?)\b)")
_TEAM_RIGHT = re.compile(
    r"^(?:\s+(?:beat|beats|defeated|defeats|edged|thrashed|routed|crushed|trounced|downed|drew\s+with|"
    r"tied|lost\s+to|fell\s+to|lost\s+at|won\s+at)\s+(?:the\s+)?(?P<other>(?:[A-ZÀ-ÖØ-Þ][\w.'&\-]*\s+){1,4})|\s+)"
    + _SCORE)
_TEAM_LEFT = re.compile(  # (read in the bounded left window: no scan of the sentence)
    r"(?<![\w'’])(?!I\s)(?P<other>[A-ZÀ-ÖØ-Þ][\w.'&\-]*)\s+(?:beat|beats|defeated|defeats|edged|thrashed|routed|"
    r"crushed|trounced|downed|drew\s+with|tied|lost\s+to|fell\s+to)\s+(?:the\s+)?$")


_PERSON_SIDE = frozenset({"kin", "title", "address", "with_me"})


# A vote between places reads like a match: "London beat Paris 54-50 in the final round of voting"
_VOTE_AFTER = re.compile(r"[^.;!?\n]{0,40}?\b(?:votes?|voted|voting|ballots?|polls?|polling|elections?|bids?|"
                         r"count|seats|delegates)\b", re.I)
_PRONOUNS = frozenset("i we me us he she they you him her them it".split())


def _other_side(words: list[str]) -> str | None:
    """What the other side of a match result is: "person" (a kin word, a pronoun, a given name
    that is no club: "Mom", "We", "Priya"), "club" (a listed club or town: the longest run of its
    last words), or None (unknown)."""
    if any(w.casefold() in _PRONOUNS or _KIN_WORD.match(w) for w in words):
        return "person"
    if any(gazetteer.is_club(" ".join(words[i:])) for i in range(len(words))):
        return "club"
    return "person" if any(gazetteer.is_given_name(w) for w in words) else None


def _club_side(m: Mention, left: str, team: re.Match) -> bool:
    """The mention is a side of a match result (``_TEAM_RIGHT`` matched after it) and a club:
    not when the other side is a person ("Chelsea beat Mom 6-2", "Priya beat Chelsea 21-18"), nor
    for a given name unless the other side is a club, nor in a vote ("... 54-50 in the voting")."""
    if team.group("other"):
        other = team.group("other").split()
    else:
        lm = _TEAM_LEFT.search(left)
        if lm is None:
            return False  # a score right after the name, no result verb right before it
        other = left[max(0, lm.start("other") - 40):lm.end("other")].split()
        k = len(other)  # the capitalised run before the verb ("Real Madrid beat ...")
        while k > 0 and len(other) - k < 4 and other[k - 1][:1].isupper():
            k -= 1
        other = other[k:]
    if _VOTE_AFTER.match(team.string, team.end()):
        return False
    side = _other_side(other)
    if side == "person" or (side != "club" and gazetteer.is_given_name(m.text.split()[0])):
        return False
    return gazetteer.is_club(m.text)


_ORG_RIGHT = re.compile(
    r"^(?:'s|’s)?\s+(?:spokes(?:man|woman|person)|officials|executives|employees|headquarters|shares|"
    r"stock|board|ceo|(?:announced|reported)(?!\s+(?:a|an|her|his|my)\b)|acquired|hired|filed|sued|"
    r"is\s+headquartered|"
    # "Pepco executive Sharon Dixon", "ITAR-TASS correspondent Leonid Vinogradov": a role at X, then a name
    r"(?:executive|engineer|employee|analyst|correspondent|researcher|staffer|chairman|cfo|cto|coo|"
    r"co-?founder|founder)(?=\s+(?-i:[A-Z])))\b",
    re.I)  # "Ravi reported a leak", "Ana announced her move": people
_PLACE_LEFT_STRONG = re.compile(
    r"\b(?:lives?|lived|living|born|based|headquartered|located|stay(?:ed|ing)?|vacation(?:ed|ing)?|"
    r"grew\s+up|raised|settled|arrived)\s+(?:in|at|near)\s+$|"
    r"\b(?:moved?|moving|travel(?:l?ed|l?ing)?|fl(?:ew|y|ying)|drove|driving|went|go(?:ing)?|trip|"
    r"return(?:ed|ing)?|relocat(?:ed|ing)|road\s+trip|back|en\s+route|head(?:ed|ing)|sail(?:ed|ing)|"
    r"deported|evacuated|extradited)\s+to\s+$|\b(?:bound|headed|heading|destined|left|departed)\s+for\s+$|"
    r"\b(?:visit(?:ed|ing|s)?|capital\s+of|city\s+of|state\s+of|province\s+of|outskirts\s+of|"
    r"(?:north|south)?-?(?:east|west)\s+of|(?:north|south)\s+of|citizens\s+of|people\s+of|residents\s+of|town\s+of|"
    r"village\s+of|streets\s+of)\s+(?:the\s+)?$", re.I)
# News style hometown: "Dana Orwell, 8, of Oakdale", "residents of X"
_HOMETOWN_LEFT = re.compile(r",\s*\d{1,3}\s*,\s*of\s+$|\b(?:residents?|natives?|mayor|townspeople)\s+of\s+$",
                            re.I)
# Wire datelines: "Knin, 12 Feb (TANJUG) --", "Cairo, 2 May (MENA)"
_DATELINE_RIGHT = re.compile(r"^,\s*\d{1,2}\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s*"
                             r"\([A-Z][\w-]*\)")
# What a town has: "a Wilmington native", "Boise residents", "the Tulsa area"
_PLACE_RIGHT_NOUN = re.compile(r"^\s+(?:natives?|residents?|suburbs|outskirts|city\s+council|city\s+hall|"
                               r"metro\s+area|area\s+code|region|district|province|oblast|prefecture|"
                               r"governorate)\b")
# "his Germantown home", "our Denver apartment": a home named by its town (lowercase noun: not
# the "Google Home" product) after a possessive
_HOME_RIGHT = re.compile(r"^\s+(?:home|hometown|house|apartment|flat|condo|residence)\b")
_POSS_END = re.compile(r"(?:^|\W)(?:my|your|his|her|their|our)\s+$", re.I)
_PLACE_LEFT_WEAK = re.compile(r"\b(?:in|from|near|across|throughout|outside|around|to)\s+$", re.I)
# A preposition and an adjective of situation before a name: "in suburban X", "to nearby X",
# "in northern X", "from downtown X" (only towns and regions are suburban or northern).
_WHERE_ADJECTIVES = frozenset("suburban nearby downtown northern southern eastern western central "
                              "northeastern northwestern southeastern southwestern rural coastal "
                              "neighboring neighbouring".split())
_PLACE_LEFT_ADJ = re.compile(r"\b(?:in|to|from|near|of|across|outside|around|throughout)\s+(?:the\s+)?"
                             r"[a-z]+\s+$")
_IN_NEARBY = Vote("place", "in nearby / suburban / northern X", 2.0, "prep")
_PLACE_RIGHT = re.compile(r"^(?:-based\b|,\s*(?P<where>[A-Z][\w.]*(?:\s[A-Z][\w.]*)?))")
_TOOL_LEFT = re.compile(
    r"\b(?:pip3?\s+install(?:\s+-U)?|uv\s+(?:add|pip\s+install)|npm\s+(?:install|i)|yarn\s+add|"
    r"pnpm\s+add|brew\s+install|apt(?:-get)?\s+install|cargo\s+(?:add|install)|go\s+get|"
    r"poetry\s+add|conda\s+install|import|using|uses|used|via|powered\s+by|built\s+(?:with|on)|"
    r"written\s+in|switch(?:ed)?\s+to|migrat(?:e|ed|ing)\s+to|upgrad(?:e|ed|ing)|bump(?:ed)?|"
    r"install(?:ed|ing)?|depends\s+on|requires|run(?:s|ning)?\s+on|support(?:s|ed)?\s+for)\s+"
    r"(?:the\s+)?$", re.I)
# A release number straight after the name ("Kite Protocol 0.3", "Beacon v2.1", "upgraded X to 4.2"
# reads "X 4.2"): only software has versions. Not a measure ("2.5 percent", "1.5 million").
_VERSION_RIGHT = re.compile(
    r"^\s*(?:v\d+(?:\.\d+)*[a-z0-9-]*|\d+(?:\.\d+){1,3}(?:[-.]?(?:rc|beta|alpha|b|a)\d*)?)(?![\w.%])"
    r"(?!\s*(?:percent|per\s*cent|million|billion|trillion|points?|degrees?|kg|km|mg|ml|miles?|inches|feet|"
    r"meters?|metres?|pounds?|mph|hours?|minutes?|seconds?|years?|months?|weeks?|days?|times|x)\b)", re.I)
_TOOL_RIGHT = re.compile(
    r"^\s*(?:(?:library|lib|package|plugin|extension|cli|sdk|api|server|client|app|"
    r"model|models|backend|driver|module|framework|toolkit|runtime|engine|database|binary|integration|"
    r"container|image|wrapper|bindings|dependency|install|version|release|support|backend)\b)", re.I)
_PROJECT_LEFT = re.compile(
    r"\b(?:building|build|built|shipping|ship|shipped|deploying|launching|launched|working\s+on|"
    r"work\s+on|worked\s+on|contribut(?:e|ed|ing)\s+to|maintainer\s+of|fork\s+of|our)\s+(?:the\s+)?$",
    re.I)
# "PocketPaw PRs", "the X changelog": what a codebase has; "Nike PR" (public relations) is not
_PROJECT_RIGHT = re.compile(r"^\s+(?:(?i:project|repo|repository|codebase|roadmap|milestone|sprint|backlog|"
                            r"changelog|pull\s+requests?)|PRs)\b")
_EVENT_RIGHT = re.compile(
    r"^\s+(?:conference|summit|festival|fest|meetup|wedding|party|ceremony|concert|gala|hackathon|"
    r"tournament|championship|parade|marathon|expo)\b", re.I)
_EVENT_LEFT = re.compile(r"\b(?:attend(?:ed|ing)?|during|at\s+the|went\s+to\s+the)\s+$", re.I)
# "the X file", "the X paper" name a document; "the X docs / spec / page" are a project's own
# documentation: X is the thing documented (cues.py votes project for those heads).
_DOC_RIGHT = re.compile(r"^\s+(?:file|doc|document|paper|article|chapter)\b", re.I)


_AMBIG_PERSON_LEFT = re.compile(r"\b(?:with|saw|see|met|meet|and|told|tell|ask|asked|call|called|"
                                r"text|texted|love|miss|visit|visited)\s+$", re.I)
_AMBIG_PERSON_RIGHT = re.compile(r"^(?:'s|’s)\b|^:\s|^\s+(?:and\s+I|and\s+me)\b|"
                                 r"^\s+(?:is|was|became)\s+(?:a|an)\s+(?:\w+\s+)?members?\s+of\b", re.I)
_AMBIG_WORD_LEFT = re.compile(r"\b(?:have\s+you|if\s+you|did\s+you|not|never|than|for|the|a|an|with\s+a|"
                              r"you|we|i|they|it|this|that|which|who)\s+$", re.I)
_AMBIG_WORD_RIGHT = re.compile(r"^\s+(?:since|again|be|not|need|have|also|still|never|only|just|"
                               r"under|of|and\s+(?:hope|faith|joy))\b", re.I)


# "LM Studio", "VS Code"; a role acronym before a name is a title ("Apple CEO Tim Cook", "VP Ana Lee")
_ROLE_ACRONYMS = "CEO|CFO|CTO|COO|CMO|CIO|CPO|CSO|VP|SVP|EVP|MP|MEP|MD|PM|GM|HR|DJ|MC"
_FRAGMENT_LEFT = re.compile(rf"(?:^|[\s(])(?!(?:{_ROLE_ACRONYMS})\s$)(?:[A-Z]{{2,4}}|[A-Z][a-z]+[A-Z]\w*)\s$")


def fragment_of_product(m: Mention, text: str) -> bool:
    """The name follows an acronym / CamelCase word directly: part of a product name, not a person."""
    near = text[max(0, m.start - 12):m.start]
    if near.islower():
        return False  # (it needs a capital)
    # a match ends in a word of two capitals or more ("LM", "TikTok") and a blank: the last word,
    # past its first character, holds a capital ("Hey Ana": no search)
    words = near.rstrip().rsplit(None, 1)
    return bool(words) and not words[-1][1:].islower() and _FRAGMENT_LEFT.search(near) is not None


_TRAILER_LEFT = re.compile(r"\b(?:Co-authored-by|Signed-off-by|Reviewed-by|Reported-by|Suggested-by|"
                           r"Tested-by|Acked-by|Helped-by|Author):\s*@?$", re.I)
_CREDIT_LEFT = re.compile(
    r"\b(?:feedback|review|reviews|suggestion|report|patch|help|input|idea|question|questions)\s+(?:from|by)\s+@?$|"
    r"\b(?:thanks\s+to|reported\s+by|suggested\s+by|authored\s+by|written\s+by|contributed\s+by|"
    r"reviewed\s+by|fixed\s+by|requested\s+by|raised\s+by|proposed\s+by|opened\s+by|cc)\s+@?$", re.I)
_CREDIT_RIGHT = re.compile(r"^(?:'s|’s)\s+(?:original\s+|earlier\s+|first\s+)?"
                           r"(?:review|reviews|pr|prs|pull\s+request|"
                           r"commit|comment|feedback|suggestion|question|fix|patch|report|idea|#\d+)\b", re.I)
# A quotation or a post signed at its very end: "Stay hungry, stay foolish. - Steve Jobs", "... ~ Ana".
_SIGNED_LEFT = re.compile(r"[^\s]+[ \"”'.!?)]*[ ](?:-{1,2}|—|–|~) ?$")  # words before the dash on its line
_SIGNED_RIGHT = re.compile(r"^[\s.!\"”')\u2600-\u27bf\U0001f000-\U0001faff]*$")
_CITATION = re.compile(r"^\s*(?:et\s+al\.?|,?\s*\(?(?:1[5-9]|20)\d\d\)?)")


_PET = re.compile(r"\b(?:pets?|dogs?|puppy|puppies|pup|cats?|kitten|kitty|hamster|parrot|bunny|"
                  r"guinea\s+pig|vet)\b", re.I)
# _PET's matches on lowercased ASCII text: a search finds one where _PET's pattern (case-sensitive)
# does. The words' first letters open it as a class, so sre skips ahead to them instead of trying
# the leading \b and every word at each position (~3x fewer instructions); the lookbehind after
# the first letter is that \b, the ones after it pick the words opening with that letter.
_PET_LOWER = re.compile(r"[pdckhbgv](?<!\w.)(?:(?<=p)(?:ets?|upp(?:y|ies)|up|arrot)|(?<=d)ogs?|(?<=c)ats?"
                        r"|(?<=k)itt(?:en|y)|(?<=h)amster|(?<=b)unny|(?<=g)uinea\s+pig|(?<=v)et)\b")
# A lowercase animal noun, then a comma: the name after it is the animal's ("a golden retriever,
# Max"); capitalised, it may be a place in a list ("Chihuahua, Oaxaca").
_ANIMAL_COMMA = re.compile(rf"\b(?:{'|'.join(sorted(lexicon.ANIMAL_NOUNS))})s?\s*,\s*$")


# ``_SIGNED_RIGHT`` read in place (``match(text, pos)``: no copy of the rest of the text).
_SIGNED_TAIL = re.compile(_SIGNED_RIGHT.pattern.removeprefix("^"))


# Every right-context pattern ``plain_votes`` runs whatever the left context says, each under
# its key in ``_right_gate``'s answer (a mention is rarely followed by any of them).
RIGHT_PATTERNS = {"verb": _PERSON_VERB, "credit": _CREDIT_RIGHT, "with_me": _WITH_ME_RIGHT,
                  "body": _BODY_RIGHT, "own_pronoun": _OWN_PRONOUN, "trait": _TRAIT, "who": _WHO,
                  "kin": _KIN_RIGHT, "name_you": _NAME_YOU, "work": _WORK_RIGHT, "org": _ORG_RIGHT,
                  "team": _TEAM_RIGHT, "dateline": _DATELINE_RIGHT, "place_noun": _PLACE_RIGHT_NOUN,
                  "place": _PLACE_RIGHT, "tool": _TOOL_RIGHT, "project": _PROJECT_RIGHT,
                  "event": _EVENT_RIGHT, "doc": _DOC_RIGHT, "home": _HOME_RIGHT}
# The words a match of each right-context pattern can open with (after white space; lowercase, as
# re.I reads ASCII words); _OWN_PRONOUN opens with any word, and holds "his", "himself", "her" or
# "herself". tests/test_context_gates.py reads each pattern's first words off its parse tree and
# generates its matches: a word added to a pattern must be added here too.
_RIGHT_GATE_WORDS: dict[str, str] = {
    "verb": "has had just also then never always finally really quickly later was were said says "
            "asked asks told tells laughed laughs smiled smiles cried replied answered explained "
            "mentioned agreed argued thinks thought feels felt believes believed decided decides "
            "wants wanted loves loved hates hated knows knew went came met married died hugged "
            "texted sighed shrugged nodded grinned whispered shouted admitted testified pleaded "
            "confessed vowed insisted recalled wondered worried promised apologised apologized "
            "remembered hopes hoped wishes wished enjoys enjoyed misses missed is",
    "with_me": "and n",
    "trait": "is was look looks looked seem seems seemed got gets",
    "name_you": "you u",
    "work": "season s episode ep trailer soundtrack finale sequel on",
    "org": "spokesman spokeswoman spokesperson officials executives employees headquarters shares "
           "stock board ceo announced reported acquired hired filed sued is executive engineer "
           "employee analyst correspondent researcher staffer chairman cfo cto coo cofounder "
           "founder",
    "place_noun": "native natives resident residents suburbs outskirts city metro area region "
                  "district province oblast prefecture governorate",
    "tool": "library lib package plugin extension cli sdk api server client app model models "
            "backend driver module framework toolkit runtime engine database binary integration "
            "container image wrapper bindings dependency install version release support",
    "project": "project repo repository codebase roadmap milestone sprint backlog changelog pull "
               "prs",
    "event": "conference summit festival fest meetup wedding party ceremony concert gala "
             "hackathon tournament championship parade marathon expo",
    "doc": "file doc document paper article chapter",
    "team": "beat beats defeated defeats edged thrashed routed crushed trounced downed drew tied "
            "lost fell won",
    "home": "home hometown house apartment flat condo residence",
}
_RIGHT_ALL = frozenset(RIGHT_PATTERNS)
# The other first characters a match can open with: "," (_WHO, _DATELINE_RIGHT, _PLACE_RIGHT, and
# _PERSON_VERB's ", who said"), "'s" and "’s", "-based", "&"; a digit opens a match result's score
_POSSESSIVE_GATE = frozenset({"credit", "body", "kin", "org"})  # "'s", "’s"
_RIGHT_OPENER_GATES = {",": frozenset({"verb", "who", "dateline", "place"}), "'": _POSSESSIVE_GATE,
                       "’": _POSSESSIVE_GATE, "-": frozenset({"place"}), "&": frozenset({"with_me"})}
_TEAM_GATE = frozenset({"team"})
# _WORK_RIGHT's nouns end at no \b ("soundtracks", "episodes"): a word opening with one
_RIGHT_PREFIXES = ("episode", "trailer", "soundtrack", "finale", "sequel")
_WORK_GATE = frozenset({"work"})
_OWN_GATE = frozenset({"own_pronoun"})
_WORD_TRAIL = ".,;:!?)]}\"'”’…"  # punctuation after a word, before the next blank


def _right_gate(right: str) -> frozenset[str]:
    r"""The keys of the right-context patterns (``RIGHT_PATTERNS``) that may match ``right``: none
    for most mentions (a set lookup of the first word instead of trying each pattern). A match,
    after white space (``\s`` as ``lstrip`` reads it), opens with one of _RIGHT_OPENER_GATES'
    characters, a digit (a score) or its pattern's word (_RIGHT_GATE_WORDS) ending where its
    letters end, or opening with one of _RIGHT_PREFIXES; _OWN_PRONOUN's, with any word, holds
    "his", "himself", "her" or "herself" (case-sensitive). A first word that is not plain ASCII
    letters once trailing punctuation is stripped (re.I folds "ſ" to "s") lets all through."""
    r = right.lstrip()
    if not r:
        return _NO_GATES
    c = r[0]
    opened = _RIGHT_OPENER_GATES.get(c)
    if opened is not None:
        return opened
    if c.isdecimal():  # (a match result's score: _TEAM_RIGHT's \d)
        return _TEAM_GATE
    if not c.isalpha():
        return _NO_GATES
    w = r.split(None, 1)[0].rstrip(_WORD_TRAIL)
    if not (w.isalpha() and w.isascii()):
        return _RIGHT_ALL
    w = w.lower()
    gate = _RIGHT_GATES.get(w, _NO_GATES)
    if w.startswith(_RIGHT_PREFIXES):
        gate = gate | _WORK_GATE
    if "hi" in right or "her" in right:
        gate = gate | _OWN_GATE
    return gate


def window(m: Mention, text: str) -> tuple[str, str, str]:
    """(left, right, sentence) around the mention, clipped to its sentence."""
    s0, s1 = max(0, m.sent_start), min(len(text), m.sent_end)
    if not (s0 <= m.start <= m.end <= s1):
        s0, s1 = 0, len(text)
    left = text[max(s0, m.start - _W):m.start]
    right = text[m.end:min(s1, m.end + _W)]
    return left, right, text[s0:s1]


_ARTICLE = re.compile(r"\b(?:the|a|an)\s+$")  # "the Beatles": people do not take an article
_OPENING_THE = re.compile(r"(?:^|[.!?:\n\"“]\s{0,3})The\s$")


def article_before(m: Mention, text: str) -> bool | str:
    """An article right before the name: "the Beatles" (True), and "The Louvre reopened"
    opening a sentence ("The": weaker, a stage name takes it too: "The Weeknd", "The Rock";
    "is The Watcher" mid-sentence: the capital makes "The" part of a title, False)."""
    near = text[max(0, m.start - 5):m.start]
    if ("a" in near or "the" in near) and _ARTICLE.search(near) is not None:  # (the words it reads)
        return True
    # (a match ends in "The" and one blank, inside ``near``; its opening mark 4 characters earlier)
    if "The" in near and _OPENING_THE.search(text, max(0, m.start - 8), m.start) is not None:
        return OPENING_THE
    return False


OPENING_THE = "The"  # article_before's answer for a sentence-opening "The" (a JSON value)


def votes(m: Mention, text: str, places: frozenset[str], dialogue: bool = True,
          ambiguous: bool = False) -> list[Vote]:
    """Context votes for one mention; ``places`` is the place gazetteer (for "Boise, Idaho").

    ``ambiguous``: the name is also an ordinary word (Grace, Will, May), so the
    word-use patterns ("if you ever", "may be") and name-use patterns ("with
    Grace", "Grace's") are read too.
    """
    out = ambiguous_votes(m, text) if ambiguous else []
    out.extend(plain_votes(m, text, places, dialogue))
    return out


def ambiguous_votes(m: Mention, text: str) -> list[Vote]:
    """Name use or word use, read only for names that are also ordinary words."""
    left, right, _ = window(m, text)
    out: list[Vote] = []
    if _AMBIG_PERSON_LEFT.search(left) or _AMBIG_PERSON_RIGHT.match(right) \
            or _PERSON_VERB.match(right):  # "Grace said", "Will texted": the word is a name here
        out.append(Vote("person", "name use (with X / X's / X said)", 1.6, "ambig_name"))
    if _AMBIG_WORD_LEFT.search(left) or _AMBIG_WORD_RIGHT.match(right):
        out.append(Vote("concept", "word use (may be / if you ever)", 2.0, "word"))
    return out


def plain_votes(m: Mention, text: str, places: frozenset[str], dialogue: bool = True,
                scan: MemoryScan | None = None) -> list[Vote]:
    """Context votes that do not depend on the entity's name: a pure function of the mention
    and its memory, so they are computed once per mention right after extraction.

    ``scan``: what the mentions of one memory share (:class:`MemoryScan` of ``text``); the
    left-context patterns run only where the word just before the name can end a match.
    """
    # (window's left and right and _left_gate, inline: this runs once per mention of the store)
    start, end, n = m.start, m.end, len(text)
    s0, s1 = max(0, m.sent_start), min(n, m.sent_end)
    if not (s0 <= start <= end <= s1):
        s0, s1 = 0, n
    left, right = text[max(s0, start - _W):start], text[end:min(s1, end + _W)]
    run = _LAST_RUN.match(left[::-1])  # (_last_word, inline: its span is read again below)
    last = run.group(1)[::-1] if run else ""
    gate = _word_gate(last) if last else _NO_GATES
    lstrip = left.rstrip()
    out: list[Vote] = []
    rg = _right_gate(right)  # (almost always empty: then no right pattern runs)
    hit = "verb" in rg and _PERSON_VERB.match(right)
    if hit:
        verb = hit.group(1).split()[0].lower()
        out.append(_BORN if verb == "born" else Vote("person", lexicon.verb_label(_lemma(verb)), 1.5, "verb"))
    near24 = text[max(0, m.start - 24):m.start]
    # every trailer ends in ":", white space and an optional "@" (then a line break at most):
    # after "Mel: Hey ", a chat turn's speaker prefix, no search
    if ":" in near24 and near24.rstrip().rstrip("@").rstrip().endswith(":") and _TRAILER_LEFT.search(near24):
        out.append(Vote("person", "commit trailer (Co-authored-by)", 2.0, "trailer"))
    if ("credit" in gate and _CREDIT_LEFT.search(left)) or (
            "credit" in rg and _CREDIT_RIGHT.match(right)):
        out.append(Vote("person", "credited (review from X / X's PR)", 1.8, "credit"))
    if m.start > 20 and _SIGNED_TAIL.match(text, m.end) and _SIGNED_LEFT.search(
            text[max(text.rfind("\n", 0, m.start) + 1, m.start - 12):m.start]):
        out.append(Vote("person", "signs off / quoted (... - X)", 2.0, "credit"))
    if (lstrip.endswith("(") or "et al" in right[:8]) and _CITATION.match(right):
        out.append(Vote("person", "cited author (X 1949)", 2.5, "citation"))
    if ("with_me" in gate and _WITH_ME_LEFT.search(left)) or (
            "with_me" in rg and _WITH_ME_RIGHT.match(right)):
        out.append(Vote("person", "you and X / X and I", 2.5, "with_me"))
    if "body" in rg and _BODY_RIGHT.match(right):
        out.append(Vote("person", "X's voice / face", 2.0, "body"))
    epithet, single_capital, stage, title_word, kin_word = _name_facts(m.text)
    if epithet or (single_capital and "the" in right and _EPITHET_RIGHT.match(right)):  # (it reads "the")
        out.append(Vote("person", "X the Y (an epithet)", 2.0, "epithet"))
    if stage:
        out.append(Vote("person", "stage name (DJ X, Lil X)", 2.5, "title"))
    if "counted" in gate and _COUNTED_LEFT.search(left):
        out.append(Vote("person", "counted (785 X)", -3.0, "counted"))
    if "own_pronoun" in rg and _OWN_PRONOUN.match(right):
        out.append(Vote("person", "X <verb> his/her", 2.0, "own_pronoun"))
    if "trait" in rg and _TRAIT.match(right):
        out.append(Vote("person", "X is <a person's trait>", 1.5, "trait"))
    if "who" in rg and _WHO.match(right):
        out.append(Vote("person", "X, who", 2.0, "who"))
    if ("said_by" in gate and _SAID_BY.search(left)) or (
            "said_by_end" in gate and _SAID_BY_END.search(left) and _CLAUSE_END.match(right)):
        out.append(Vote("person", "said/told X", 1.3, "verb"))
    kin_left = "kin" in gate and _KIN_LEFT.search(left) is not None
    gift = kin_left and _brand_then_noun(m.text, left, right)
    if (kin_left and not gift) or ("kin" in rg and _KIN_RIGHT.match(right)):
        out.append(Vote("person", "kin/friend word", 2.5, "kin"))
    if last in _NOUN_OR_WHERE:  # (one set lookup: most mentions follow neither)
        if last in _WHERE_ADJECTIVES:
            if _PLACE_LEFT_ADJ.search(left, max(0, len(left) - 30)) and not gazetteer.is_listed_thing(m.text):
                out.append(_IN_NEARBY)  # "in suburban Orvelo", "to nearby Velden"
        elif (noun := _noun_before(m, left, right, last, kin_left)) is not None:
            out.append(noun)
    if end < s1 and text[end] == "," and (appos := _apposition(right)) is not None \
            and not _opens_clause(text, s0, start):
        out.append(appos)
    near30 = text[max(0, m.start - 30):m.start]  # "Dr." may end a "sentence"
    t = None
    if not near30.islower():  # (every title word holds a capital: none in a lowercase stretch)
        # near30's last word is left's where that word and what follows it lie in near30, after
        # the text's start or a character that is no word character
        at = start - run.end(1) if run is not None else -1  # (where that word starts)
        same = run is not None and start - at <= 30 and (at == 0 or not _isw(text[at - 1]))
        if (last if same else _last_word(near30)) in _TITLE_WORDS:
            t = _TITLE_LEFT.search(near30)
    if t and not gift:  # ("got my uncle Adidas trainers": no title either)
        out.append(Vote("person", f"title '{t.group(1).rstrip('.').lower()}'", 3.0, "title"))
    elif title_word is not None and not _gift_after_title(m.text, left, right):
        out.append(Vote("person", f"title '{title_word}'", 3.0, "title"))
    if ("greet" in gate and _GREET_LEFT.search(left) and _GREET_RIGHT.match(right)) or (
            _opening(left, last) and _OPENING_VOCATIVE.match(right)) or (
            "name_you" in rg and _NAME_YOU.match(right)
            and not ("prep_end" in gate and _PREP_END.search(left))):
        out.append(Vote("person", "greeted / told 'you'", 3.0, "address"))
    elif "praise" in gate and _PRAISE_LEFT.search(left) and _PRAISE_RIGHT.match(right):
        out.append(Vote("person", "praised at the end of a comment (nice vid, X)", 3.0, "address"))
    comma = lstrip.endswith(",")
    if comma and _ANIMAL_COMMA.search(left):  # "we have a golden retriever, Max.": no one addressed
        out.append(Vote("concept", "an animal's name (a retriever, X)", 2.0, "pet"))
    elif ("address" in gate and _ADDRESS_LEFT.search(left)) or (
            comma and _VOCATIVE.match(right) and not _list_context(left)):
        if dialogue:
            out.append(Vote("person", "addressed directly", 3.0, "address"))
        else:
            out.append(Vote("person", "addressed directly?", 0.6, "address_weak"))
    if scan is None or scan.text is not text:
        scan = MemoryScan(text)
    if scan.pet_near(m):
        out.append(Vote("concept", "pet words nearby", 1.2, "pet"))
    if scan.pronoun_near(m):
        out.append(Vote("person", "pronoun nearby", 0.7, "pronoun"))
        if _next_sentence_he_she(m, text):
            out.append(Vote("person", "He/She opens the next sentence", 1.5, "coref"))
    if ("work" in gate and _WORK_LEFT.search(left)) or ("work" in rg and _WORK_RIGHT.match(right)):
        out.append(Vote("concept", "watching / reading X, X season 2 (a work)", 1.5, "work"))
    if "org" in gate and _tail_search(_ORG_LEFT, left, 3):
        out.append(Vote("org", "works at / joined X", 2.0, "prep"))
    elif last == "at" and not _HOST_RIGHT.match(right) and not gazetteer.is_given_name(m.text) \
            and _tail_search(_VENUE_LEFT, left, 2):
        out.append(_VENUE)  # (every match ends in "at"; "lunch at Priya's" is at her home)
    if "org" in rg and _ORG_RIGHT.match(right):
        out.append(Vote("org", "X's officials / shares", 1.5, "org_ctx"))
    # ("my cousin Chelsea beat me 3-1": a player)
    if "team" in rg and (team := _TEAM_RIGHT.match(right)) and not kin_word \
            and _club_side(m, left, team) and not any(v.kind in _PERSON_SIDE for v in out):
        out.append(Vote("org", "a team in a match result (X beat Y 3-1)", 5.0, "team"))
    if "dateline" in rg and _DATELINE_RIGHT.match(right):
        out.append(Vote("place", "Town, State / dateline", 4.0, "shape"))
    if "place_noun" in rg and _PLACE_RIGHT_NOUN.match(right) and not gazetteer.is_listed_thing(m.text):
        out.append(Vote("place", "X native / residents", 2.0, "place_ctx"))
    if "hometown" in gate and _HOMETOWN_LEFT.search(left):
        out.append(Vote("place", "hometown (X, 8, of Y)", 2.5, "place_ctx"))
    if "place_strong" in gate and _tail_search(_PLACE_LEFT_STRONG, left, 3):
        out.append(Vote("place", "lives in / moved to X", 2.0, "prep"))
    elif "place_weak" in gate and (weak := _PLACE_LEFT_WEAK.search(left)):
        word = weak.group(0).split()[0].lower()
        out.append(Vote("place", f"{word} X", {"in": 0.9, "from": 0.8, "near": 1.0}.get(word, 0.5), "prep"))
    pr = "place" in rg and _PLACE_RIGHT.match(right)
    if pr and (pr.group("where") is None or pr.group("where").casefold() in places):
        out.append(Vote("place", "X, <region>" if pr.group("where") else "X-based", 2.0, "place_ctx"))
    home = "home" in rg and _HOME_RIGHT.match(right) and _POSS_END.search(left[-8:])
    if home:
        out.append(Vote("place", "his / my X home", 2.0, "prep"))  # a residence, as "lives in X"
    elif "owned" in gate and _OWNED_LEFT.search(left) and not kin_word and "phrase" not in m.cues \
            and not m.text.islower():  # "my edu", "my fav": a common word (the lists know "my iphone");
        # "my NYC trip": what is owned is the phrase's head noun, not a product named X
        out.append(Vote("tool", "my / your X (a product)", 1.8, "owned"))
        out.append(Vote("person", "my / your X", -1.0, "owned"))
    if "tool" in gate and _tail_search(_TOOL_LEFT, left, 4):
        out.append(Vote("tool", "using / install X", 1.5, "prep"))
    if "tool" in rg and _TOOL_RIGHT.match(right):
        out.append(Vote("tool", "X library / X v2", 1.2, "code"))
    elif ((v0 := right.lstrip()[:1]) == "v" or v0 == "V" or v0.isdecimal()) and _VERSION_RIGHT.match(right):
        # (after white space, \s as lstrip reads it, a version opens with v / V or a \d digit)
        out.append(cues.VERSION_VOTE)
    if "project" in gate and _tail_search(_PROJECT_LEFT, left, 3):
        out.append(Vote("project", "building / working on X", 1.2, "project"))
    if "project" in rg and _PROJECT_RIGHT.match(right):
        out.append(Vote("project", "X project / repo", 2.0, "project"))
    if "event" in rg and _EVENT_RIGHT.match(right):
        out.append(Vote("event", "X festival / conference", 1.5, "event"))
    if "event" in gate and _EVENT_LEFT.search(left):
        out.append(Vote("event", "attended X", 0.6, "event"))
    if "doc" in rg and _DOC_RIGHT.match(right):
        out.append(Vote("document", "X file / doc", 1.5, "doc"))
    return out


# A common noun right before a name says what it is: "BBC journalist Lyse Doucet", "the band
# Arctic Monkeys", "the app Toshl", "the startup Vantiq" (an apposition without its comma).
# A thing's noun needs a determiner or a capitalised modifier before it (not the verbs "show
# Riley", "book Dishoom") and no clause after the name: "the book Maya recommended", "the truck
# Tobias parked" are Maya's and Tobias's. Nouns that are as often adjectives ("the official
# Zarvani press office", "the state Water Board") say nothing.
_NOUN_DET = re.compile(r"(?:^|\s)(?:the|a|an|my|our|your|his|her|their|its|this|that|new|[A-Z][\w&.'’-]*)\s+"
                       r"(?:[a-z]+\s+)?[a-z]+\s$")
# (a set lookup first: most mentions follow no class noun; noun_type reads these forms)
_CLASS_NOUN_FORMS = frozenset(w + end for _, nouns in lexicon.NOUN_CLASSES for w in nouns
                              for end in ("", "s", "es"))
_NOUN_OR_WHERE = _CLASS_NOUN_FORMS | _WHERE_ADJECTIVES
# "the engineer X <verb>" (an article before the noun) is a relative clause ("the engineer
# Globex poached"); a bare title noun ("BBC journalist X reported") names X however a verb follows.
_ARTICLES = frozenset({"the", "a", "an", "this", "that"})
_ADJECTIVE_NOUNS = frozenset("official general lead state chief deputy executive model".split())
_AFTER_APPOSITION = frozenset("""in at on from for with to of by about into over after before during since
and or but last this next yesterday today tonight again too is was has had will""".split())


def _noun_before(m: Mention, left: str, right: str, last: str, kin: bool) -> Vote | None:
    """The vote of a class noun just before a capitalised name (``last``: that noun)."""
    if not (left.endswith(" ") and m.text[:1].isupper() and len(m.text) > 2) \
            or left[-len(last) - 1:-1] != last or last in _ADJECTIVE_NOUNS:  # (not "Lt", "Jr")
        return None
    t = lexicon.noun_type(last)
    if t is None or (t == "person" and kin):
        return None
    nxt = right.split(None, 1)[0].rstrip(_WORD_TRAIL) if right[:1].isspace() and right.strip() else ""
    clause = nxt[:1].islower() and nxt not in _AFTER_APPOSITION
    if clause and t != "person":
        return None
    if clause and not gazetteer.is_given_name(m.text.split()[0]) \
            and _last_word(left[:-len(last) - 1]).lower() in _ARTICLES:
        return None  # "the engineer Globex poached": the name opens a clause, its subject
    if t != "person" and (gazetteer.is_given_name(m.text.split()[0])
                          or _NOUN_DET.search(left, max(0, len(left) - 40)) is None):
        return None
    return Vote(t, f"the {last} X", 2.5, "noun")


# "Tarrow Kell Holdings, a Leeds packaging firm", "Ana Ruiz, the former mayor of X": an
# apposition's head noun, read from the text for both extractors (labelled as spaCy's appos
# cue, so the cue and this reading of one mention count once). The head ends the noun phrase:
# punctuation or a word that opens what follows it ("of", "in", "who", "with" ...).
_APPOSITION = re.compile(r",\s+(?:a|an|the|my|our|his|her|their|its)\s+(?:[\w'’-]+\s+){0,4}?([a-z]+)"
                         r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:of|in|at|for|from|who|whose|that|which|with|based|and)\b)")


# A sentence that opens with a clause ending at the name ("In Brakel, the ...", "After we
# left Tolmin, the ...", "When the bus reached Ptuj, a ..."): the comma closes that clause,
# what follows is the main clause's subject, no apposition of the name.
_CLAUSE_OPENERS = frozenset("""In At On After Before When Whenever While Since As Once Until Till Upon From
During Near Outside Inside Across Throughout Through Though Although If Because Following Despite Unlike
Like Beyond Past Around Leaving Reaching Arriving Over Under Within Along""".split())


def opens_a_clause(m: Mention, text: str) -> bool:
    """The name ends a sentence-opening clause ("In Brakel, the mayor ..."): the comma after it
    opens the main clause, no apposition (spaCy's ``appos`` cue is read through this too)."""
    s0 = max(0, m.sent_start)
    return s0 <= m.start and _opens_clause(text, s0, m.start)


def _opens_clause(text: str, s0: int, start: int) -> bool:
    """``text[s0:start]`` opens with a clause word and holds no comma, colon or semicolon."""
    before = text[s0:start]
    first = before.split(None, 1)
    return bool(first) and first[0] in _CLAUSE_OPENERS and not any(p in before for p in ",;:")


def _apposition(right: str) -> Vote | None:
    hit = _APPOSITION.match(right)
    if hit is None or hit.group(1) in _ADJECTIVE_NOUNS:
        return None
    t = lexicon.noun_type(hit.group(1))
    return Vote(t, f"X, {hit.group(1)}", 2.5, "noun") if t else None


@functools.lru_cache(maxsize=8192)
def _name_facts(name: str) -> tuple[bool, bool, bool, str | None, bool]:
    """What ``plain_votes`` reads of the name alone, once per distinct name: (epithet inside
    it, one capitalised word, stage-name prefix, the title word it opens with or holds (None:
    no title, or an institution's name), a kin word such as "Mom")."""
    inner = None if " " not in name else _TITLE_INNER.search(name)
    title_word = None
    if (_TITLE_IN.match(name) or inner) and not _institution(name):
        title_word = (inner.group(1) if inner else name.split()[0]).rstrip(".").lower()
    return (bool(_EPITHET_IN.match(name)), " " not in name and name[:1].isupper(),
            bool(_STAGE_NAME.match(name)), title_word, bool(_KIN_WORD.match(name)))


_HONORIFICS = frozenset({"mr", "mrs", "ms", "dr", "prof", "sen", "rep", "gov", "capt", "col", "lt", "sgt"})


def _institution(name: str) -> bool:
    """"General Accounting Office", "King's College": a title word opening an institution's name.

    Honorifics (Mr, Mrs, Ms, Dr, Prof, abbreviated titles) only ever open a person's name:
    "Dr. Elena Park" is a person whatever her surname looks like."""
    from soulgraph.classify import gazetteer

    first = name.split()[0]
    if first.endswith(".") or first.casefold() in _HONORIFICS:
        return False
    last = name.split()[-1].casefold().rstrip(".")
    # ("General Electric", "General Mills": a listed organisation is no titled person)
    return last in gazetteer.words("orgs_suffix") or last in gazetteer.words("places_suffix") \
        or gazetteer.key(name) in gazetteer.words("orgs")


def _lemma(verb: str) -> str:
    irregular = {"said": "say", "says": "say", "told": "tell", "tells": "tell", "thought": "think",
                 "felt": "feel", "went": "go", "came": "come", "met": "meet", "knew": "know",
                 "died": "die", "cried": "cry", "replied": "reply", "hoped": "hope", "loved": "love",
                 "hated": "hate", "is": "be", "believed": "believe", "decided": "decide",
                 "argued": "argue", "agreed": "agree", "smiled": "smile", "married": "marry",
                 "worried": "worry", "wondered": "wonder", "misses": "miss", "wishes": "wish",
                 "apologised": "apologise", "apologized": "apologize"}
    if verb in irregular:
        return irregular[verb]
    for suf in ("ed", "es", "s"):
        if verb.endswith(suf) and len(verb) > len(suf) + 2:
            stem = verb[: -len(suf)]
            return stem[:-1] if suf == "ed" and stem.endswith(stem[-1] * 2) else stem
    return verb


_NEXT_HE_SHE = re.compile(r"^[\s\"'”’)]*(?:He|She)\s+(?!(?:and|or)\b)[a-z]")
_CAPITAL = re.compile(r"\b[A-Z][\w'’.-]*")


def _next_sentence_he_she(m: Mention, text: str) -> bool:
    """"Zanele won the race. She was thrilled.": the only name of its sentence, and the next
    sentence opens with He / She, which can only point back at it."""
    s0, s1 = max(0, m.sent_start), m.sent_end
    if not (s0 <= m.start <= m.end <= s1 <= len(text)) or s1 - s0 > 300:
        return False
    if not _NEXT_HE_SHE.match(text[s1:s1 + 40]):
        return False
    before, after = text[s0:m.start], text[m.end:s1]
    others = [w for w in _CAPITAL.findall(before)[1:] + _CAPITAL.findall(after) if w not in ("I", "I'm")]
    first = _CAPITAL.match(before.lstrip(" \t\"'“(")) if before.strip() else None
    if first and first.group(0) not in ("I", "I'm") and first.group(0).casefold() not in _OPENERS:
        others.append(first.group(0))  # another name opening the sentence
    return not others


# Words that open a sentence without naming anything.
_OPENERS = frozenset("""the a an this that these those then yesterday today tonight last later after before
when while so but and also now still on in at for with by from as if once because since finally meanwhile
earlier recently mr mrs ms dr my our his her their your its""".split())


def _list_context(left: str) -> bool:
    """"A, B, C." is a list, not "Thanks, Mel."."""
    prev = left.rstrip().rstrip(",").split()[-1:] or [""]
    if prev[0][:1].isupper() and prev[0].casefold().strip("!.") not in _INTERJECTIONS:
        return True  # "Linux, Unix." : a name before the comma
    return left.count(",") >= 2 or _LIST_WORD.search(left) is not None


_LIST_WORD = re.compile(r"\b(?:and|or|like|e\.g\.|such as)\b[^,]*,\s*$")  # (not re's cache per call)


_INTERJECTIONS = frozenset("wow oh yes yeah no ok okay great nice cool awesome sure hey hi thanks".split())


def _pronoun_near(m: Mention, text: str, sentence: str) -> bool:
    """A gendered pronoun in the mention's sentence (outside the name) or just after it."""
    s0 = max(0, m.sent_start)
    before = text[s0:m.start] if s0 <= m.start else ""
    after = text[m.end:min(len(text), max(m.sent_end, m.end) + 80)]
    return bool(_maybe(_PRONOUN_HINTS, before) and _PRONOUN.search(before)
                or _maybe(_PRONOUN_HINTS, after) and _PRONOUN.search(after))


# Substrings every match of _PET / _PRONOUN contains once lowercased: a cheap test that skips
# the slow scans. None holds i, s or k, which re.I also matches as İ ı ſ K (str.lower differs).
_PET_HINTS = ("pet", "dog", "pup", "cat", "tt", "ham", "parrot", "bunny", "nea", "vet")
_PRONOUN_HINTS = ("he", "hi", "hı")


def _maybe(hints: tuple[str, ...], s: str) -> bool:
    low = s.lower()
    return any(h in low for h in hints)


# --------------------------------------------------------------------------- fast paths
# Every left-context pattern above is anchored at the end of ``left`` and ends in one of a
# few words (then only spaces, commas, a "." or "@"), so the last word before the name says
# which of them can match at all: the others are not run. Same answers, a fraction of the
# regex scans. tests/test_context_gates.py checks each table against strings its pattern
# matches: a word added to a pattern must be added here too.
_GATE_WORDS: dict[str, str] = {
    "credit": "from by to cc",  # _CREDIT_LEFT
    "with_me": "and n you me u",  # _WITH_ME_LEFT ("you & X" ends in "you")
    "said_by": "told asked thanked met hugged married texted emailed invited congratulated",
    "said_by_end": "said says to wrote",
    "kin": "friend buddy sister brother mom mum mother dad father son daughter wife husband girlfriend "
           "boyfriend partner cousin uncle aunt grandma grandpa grandmother grandfather boss colleague "
           "coworker teacher mentor neighbor neighbour roommate kid niece nephew fiance fiancee",
    "greet": "hey hi hello hiya bye goodbye thanks you thx congrats congratulations dear",
    "address": "hey hi hello thanks you bye goodbye congrats congratulations dear yo morning night "
               "welcome sorry",
    "org": "at for join joins joined joining by of founded cofounded the",
    "hometown": "of",
    "place_strong": "in at near to for visit visited visiting visits of the",
    "place_weak": "in from near across throughout outside around to",
    "owned": "my your ur his new old favorite favourite first own",
    "tool": "install u add i get import using uses used via by with on in to upgrade upgraded upgrading "
            "bump bumped installed installing requires for the",
    "project": "building build built shipping ship shipped deploying launching launched on to of our the",
    "event": "attend attended attending during the",
    "prep_end": "in at on from to for with of by near about like into across around than and or",
    "praise": "video vid vids videos job work content update upload stream love luck edit channel",
    "work": "watch watched watching rewatch rewatched rewatching binge binged bingeing bingewatch "
            "bingewatched bingewatching bingedwatch bingedwatched bingedwatching bingeingwatch "
            "bingeingwatched bingeingwatching to",  # _WORK_LEFT
}
_ALL_GATES = frozenset((*_GATE_WORDS, "counted"))
_NO_GATES: frozenset[str] = frozenset()
_COUNTED_GATES = frozenset({"counted"})


def _gate_table(gate_words: dict[str, str]) -> dict[str, frozenset[str]]:
    """word -> the keys of the patterns that word may end (left) or open (right)."""
    table: dict[str, set[str]] = {}
    for key, words in gate_words.items():
        for w in words.split():
            table.setdefault(w, set()).add(key)
    return {w: frozenset(keys) for w, keys in table.items()}


_GATES = _gate_table(_GATE_WORDS)
_RIGHT_GATES = _gate_table(_RIGHT_GATE_WORDS)
_TITLE_WORDS = frozenset(re.search(r"\\b\((.*?)\)", _TITLE_LEFT.pattern).group(1).split("|"))
_LAST_RUN = re.compile(r"\W*(\w+)")  # read on the reversed string: its first word is the last one


def _last_word(s: str) -> str:
    """The last run of word characters in ``s`` ("" if none)."""
    r = _LAST_RUN.match(s[::-1])
    return r.group(1)[::-1] if r else ""


def _left_gate(left: str) -> frozenset[str]:
    """Which left-context patterns can match ``left``: those ending in its last word (read
    case-blind; a non-ASCII word may match a pattern's letters under re.I in ways lower()
    does not show, so then every pattern runs)."""
    w = _last_word(left)
    return _word_gate(w) if w else _NO_GATES


def _word_gate(w: str) -> frozenset[str]:
    """``_left_gate`` of a left context whose last word is ``w`` (not empty)."""
    if not w.isascii():
        return _ALL_GATES
    if w[-1].isdigit():
        return _COUNTED_GATES
    return _GATES.get(w.lower(), _NO_GATES)


# The longest matches of the costliest left patterns, in whitespace-separated words: "grew up
# in", "capital of the" (_PLACE_LEFT_STRONG: 3), "works at the" (_ORG_LEFT: 3), "uv pip install
# the" (_TOOL_LEFT: 4), "working on the" (_PROJECT_LEFT: 3). tests/test_context_gates.py checks
# these against generated matches.
def _tail_search(rx: re.Pattern, left: str, words: int) -> bool:
    """``rx.search(left)`` for a pattern anchored at the end of ``left`` whose matches span at
    most ``words`` words: the search starts where the last ``words`` words begin (``pos`` keeps
    the characters before it visible to \b), not at each of the ~60 positions of ``left``."""
    parts = left.rsplit(None, words)
    return rx.search(left, len(parts[0]) if len(parts) > words else 0) is not None


def _opening(left: str, last: str) -> bool:
    """``_OPENING_LEFT.match(left)`` where ``last`` is ``_last_word(left)``: nothing but
    punctuation before the name when ``left`` has no word character at all, never when its
    last word holds one other than "_" (the pattern allows "_" only)."""
    if not last:
        return True
    return not last.strip("_") and _OPENING_LEFT.match(left) is not None


def _isw(c: str) -> bool:  # what \w matches
    return c.isalnum() or c == "_"


class MemoryScan:
    """What the mentions of one memory share: its lowercase text, whether it may hold a
    gendered pronoun at all (read once, not once per mention), and the pet-word answer per
    sentence."""

    __slots__ = ("text", "_low", "_hinted", "_ascii", "_pet", "_pet_hinted")

    def __init__(self, text: str) -> None:
        # (the other slots are set when first needed: _ascii with _hinted, _pet with _pet_hinted)
        self.text = text
        self._low: str | None = None  # text.lower(), read by both the pet and the pronoun hints
        self._hinted: bool | None = None
        self._pet_hinted: bool | None = None

    def pet_near(self, m: Mention) -> bool:
        text = self.text
        if self._pet_hinted is None:
            self._pet_hinted = _pet_hint(self._lower())
            self._pet: dict[tuple[int, int], bool] = {}
        if not self._pet_hinted:
            # A slice's lowercase is a piece of the text's (lower() maps each character on its
            # own, but for the Greek final sigma): no pet word's letters in the text, none in
            # any sentence of it.
            return False
        key = (max(0, m.sent_start), min(len(text), max(m.sent_end, m.end) + 100))
        hit = self._pet.get(key)
        if hit is None:
            near = text[key[0]:key[1]]
            low = near.lower()
            if not _pet_hint(low):
                hit = False
            elif near.isascii():  # ASCII: the lowercase text, case-sensitively (same matches, faster)
                hit = _PET_LOWER.search(low) is not None
            else:
                hit = _PET.search(near) is not None
            self._pet[key] = hit
        return hit

    def pronoun_near(self, m: Mention) -> bool:
        """A gendered pronoun in the mention's sentence (outside the name) or just after it."""
        text = self.text
        s0 = max(0, m.sent_start)
        if not (0 <= m.start <= m.end <= len(text)):
            return _pronoun_near(m, text, "")
        return ((s0 <= m.start and self._pronoun_in(s0, m.start))
                or self._pronoun_in(m.end, min(len(text), max(m.sent_end, m.end) + 80)))

    def _pronoun_in(self, a: int, b: int) -> bool:
        """Whether ``_PRONOUN`` finds a match in ``text[a:b]``. ASCII text: its lowercase is
        searched from ``a`` to ``b`` in place (``_PRONOUN_AT_H``, no slice, a search that stops
        at the first pronoun); the lookbehinds and ``\\b`` there see the character before ``a``,
        which reads as the slice's start does unless it is a word character (a word cut by the
        window: then the slice is searched)."""
        if a >= b:
            return False
        hinted = self._hinted
        if hinted is None:
            low = self._lower()
            hinted = self._hinted = "he" in low or "hi" in low or "h\u0131" in low  # (_PRONOUN_HINTS)
            self._ascii = self.text.isascii()
        if not hinted:
            return False  # no "he" / "hi" anywhere: no slice holds a pronoun
        if not self._ascii:
            return _PRONOUN.search(self.text[a:b]) is not None
        low = self._low
        if a and _isw(low[a - 1]):
            return _PRONOUN_AT_H.search(low[a:b]) is not None
        return _PRONOUN_AT_H.search(low, a, b) is not None

    def _lower(self) -> str:
        low = self._low
        if low is None:
            low = self._low = self.text.lower()
        return low


def _pet_hint(low: str) -> bool:
    """``_maybe(_PET_HINTS, low)`` for a lowercase string: the substring tests written out (no
    generator per call; tests/test_context_gates.py checks it against the tuple)."""
    return ("pet" in low or "dog" in low or "pup" in low or "cat" in low or "tt" in low or "ham" in low
            or "parrot" in low or "bunny" in low or "nea" in low or "vet" in low)


__all__ = ["votes", "ambiguous_votes", "plain_votes", "window", "lexicon", "MemoryScan"]

"""Entity resolution: one canonical node per real-world thing.

Deterministic first, fuzzy last (the field's lesson, see FIELD.md):

1. ``cluster``: mentions group by a normalised key (case, -/_/space runs, edge
   punctuation, a leading "the", a trailing possessive); keys are then joined by
   the user's registry (pinned aliases, recorded merges) and by the compact form
   ("SoulProtocol" = "Soul Protocol").
2. ``refine`` (needs the types): a short form that extends to exactly one longer
   name of a compatible type ("Sarah" -> "Sarah Chen", "Acme" -> "Acme Corp"), then
   guarded fuzzy matching (rapidfuzz): long names only, same type, equal numbers,
   never acronyms.

Recorded unmerges veto every rule. Every decision depends on sets of keys only,
so the result is independent of memory order, and the entity id (the canonical
key) of a thing does not change when unrelated memories come and go.
"""

from __future__ import annotations

import functools
import operator
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from soulgraph.models import Mention
from soulgraph.registry import Registry

_SEP = re.compile(r"[\s\-_]+")
_EDGE = "\"'`.,;:!?()[]{}<>*“”‘’«»…|~"
_POSSESSIVE = ("'s", "’s")
_DIGITS = re.compile(r"\d+")

FUZZY_MIN_LEN = 7  # keys shorter than this are never fuzzy-matched
FUZZY_MIN_LEN_PERSON = 10  # people's short names differ by one letter too often ("Jon"/"Joan")
LONG_NAME = 13  # from this length two edits are allowed, below it one
SHORT_MIN_LEN = 3  # a short form must be at least this long to extend


# "PR #1628", "issue #1628", "pull request #1628" and "#1628": one number of one tracker
# (GitHub numbers issues and pull requests together), so one key.
_TRACKER_REF = re.compile(r"(?:pr|mr|issue|pull request|pull|ticket|bug)\s*(#\d+)")


@functools.lru_cache(maxsize=1 << 16)  # called per mention, several times; names repeat a lot
def normalize(name: str) -> str:
    """Matching key: casefold, -/_/space runs as one space, edge punctuation, 'the ' and 's off
    ("PR #12" and "#12" share the key "#12")."""
    low = name.casefold()
    ref = _TRACKER_REF.fullmatch(low.strip())
    if ref is not None:
        return ref.group(1)
    s = _SEP.sub(" ", low)
    prev = None
    while s != prev:
        prev = s
        s = s.strip(_EDGE + " ")
        if s.startswith("the "):
            s = s[4:]
        if len(s) > 4 and s.endswith(_POSSESSIVE):
            s = s[:-2]
    return s


def compact(key: str) -> str:
    return key.replace(" ", "")


def is_acronym(text: str) -> bool:
    """Short all-capital names (API, NASA, IBM): never fuzzy-merged, never extended."""
    letters = [c for c in text if c.isalpha()]
    return 0 < len(letters) <= 5 and all(c.isupper() for c in letters)


@dataclass(slots=True)
class Cluster:
    """Mentions that name one thing; ``key`` is the stable entity id."""

    key: str
    name: str
    mentions: list[Mention] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    merged_from: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- union-find


class _Groups:
    """Union-find over keys that honours vetoes (recorded unmerges) and preferred roots."""

    def __init__(self, keys: Iterable[str], vetoes: set[frozenset[str]], preferred: set[str]):
        self.parent = {k: k for k in keys}
        self.members = {k: {k} for k in self.parent}
        self.vetoes = vetoes
        self.preferred = preferred

    def find(self, k: str) -> str:
        while self.parent[k] != k:
            self.parent[k] = self.parent[self.parent[k]]
            k = self.parent[k]
        return k

    def blocked(self, a: str, b: str) -> bool:
        ra, rb = self.find(a), self.find(b)
        return any(frozenset((x, y)) in self.vetoes
                   for x in self.members[ra] for y in self.members[rb])

    def union(self, a: str, b: str, *, root: str | None = None) -> bool:
        """Join a's and b's groups (root: the key that should name the result)."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb or self.blocked(a, b):
            return False
        if root is not None:
            new = self.find(root)
        else:
            new = min((ra, rb), key=lambda k: (k not in self.preferred, -len(k), k))
        old = rb if new == ra else ra
        self.parent[old] = new
        self.members[new] |= self.members.pop(old)
        return True


def _vetoes(registry: Registry) -> set[frozenset[str]]:
    return {frozenset((normalize(a), normalize(b))) for a, b in registry.unmerges
            if normalize(a) != normalize(b)}


# --------------------------------------------------------------------------- stage 1


def cluster(mentions: list[Mention], registry: Registry) -> list[Cluster]:
    """Group mentions by normalised key, registry aliases and merges, and compact form."""
    by_key: dict[str, list[Mention]] = defaultdict(list)
    keys: dict[str, str] = {}  # text -> normalize(text): a store writes each name many times
    for m in mentions:
        t = m.text
        k = keys.get(t)
        if k is None:
            k = keys[t] = normalize(t)
        if k:
            by_key[k].append(m)
    pinned = {normalize(n) for n in registry.entities} - {""}
    g = _Groups(by_key, _vetoes(registry), pinned)
    for a, b in sorted(registry.merges):  # user's merges first: they win
        ka, kb = normalize(a), normalize(b)
        if ka in g.parent and kb in g.parent:
            g.union(ka, kb, root=kb)
    for name, pin in sorted(registry.entities.items()):
        kn = normalize(name)
        for alias in pin.aliases:
            ka = normalize(alias)
            if kn in g.parent and ka in g.parent:
                g.union(ka, kn, root=kn)
    titled: dict[int, list[str]] = {}  # few (often none: one C-level look at every cue first)
    if _TITLED in "\n".join(map("\n".join, map(_CUES, mentions))):
        for m in mentions:
            for c in m.cues:
                if c.startswith(_TITLED):
                    titled[id(m)] = titled_forms(m)
                    break
    forms: dict[str, set[str]] = defaultdict(set)
    for m in mentions if titled else ():
        if id(m) in titled:
            forms[keys[m.text]].update(normalize(t) for t in titled[id(m)])
    for k in sorted(forms):  # "President Reagan" (untagged, whole) is "Reagan"
        for t in sorted(forms[k]):
            if t in g.parent and t != k:
                g.union(t, k, root=k)
    for short, full in _parenthetical_aliases(mentions):
        if short in g.parent and full in g.parent:
            g.union(short, full, root=full)
    by_compact: dict[str, list[str]] = defaultdict(list)
    for k in sorted(by_key):
        if len(compact(k)) >= 5:
            by_compact[compact(k)].append(k)
    for ks in by_compact.values():
        for k in ks[1:]:
            g.union(ks[0], k)
    return _build(by_key, g, titled)


_SPAN = operator.attrgetter("start", "end")
_CUES = operator.attrgetter("cues")


def _parenthetical_aliases(mentions: list[Mention]) -> list[tuple[str, str]]:
    """(short key, full key) for a name glossed right after itself: "Kenji Watanabe (Kenji)",
    "World Health Organization (WHO)". The store says they are one thing, so the merge
    needs no type agreement (the small model may call the bare given name a place)."""
    by_memory: dict[str, list[Mention]] = defaultdict(list)
    for m in mentions:
        if m.extractor != "speaker":
            by_memory[m.memory_id].append(m)
    pairs = set()
    for ms in by_memory.values():
        if len(ms) < 2:
            continue  # (most memories: one name besides its speaker, no pair)
        ms.sort(key=_SPAN)
        for a, b in zip(ms, ms[1:], strict=False):
            if b.start - a.end != 2:  # " (" between the two names
                continue
            if not all(w[:1].isupper() for w in a.text.split()):
                continue  # "Ebbinghaus exponential decay (Ebbinghaus, 1885)": a phrase, not a name
            ka, kb = normalize(a.text), normalize(b.text)
            words = ka.split()
            if len(words) > 1 and kb != ka and (kb in words or kb == "".join(w[0] for w in words)):
                pairs.add((kb, ka))
    return sorted(pairs)


def _build(by_key: dict[str, list[Mention]], g: _Groups, titled: dict[int, list[str]]) -> list[Cluster]:
    out = []
    for root in sorted({g.find(k) for k in by_key}):
        members = sorted(g.members[root])
        ms = [m for k in members for m in by_key[k]]
        c = Cluster(key=root, name="", mentions=ms)
        c.name = _display_name(by_key[root] or ms)
        c.aliases = _aliases(ms, c.name, titled)
        c.merged_from = [k for k in members if k != root]
        out.append(c)
    return out


_TITLED = "titled:"


def titled_forms(m: Mention) -> list[str]:
    """The name as written with its title ("Sen. Bob Dole" for the mention "Bob Dole"; the
    extractor strips titles and keeps the titled form in a ``titled:`` cue)."""
    return [c[len(_TITLED):] for c in m.cues if c.startswith(_TITLED)]


def _aliases(ms: list[Mention], name: str, titled: dict[int, list[str]] | None = None) -> list[str]:
    """Every other way the mentions wrote the name, titled forms included (``titled``: the
    titled forms of the mentions that have any, when the caller already collected them)."""
    if titled is not None:  # (none collected: no mention has one)
        forms = (titled.get(id(m), ()) for m in ms) if titled else ()
    else:
        forms = (titled_forms(m) for m in ms)
    return sorted({m.text for m in ms}.union(*forms) - {name})


def _display_name(ms: list[Mention]) -> str:
    """The commonest spelling, but not a possessive, nor "Acme Corp." when "Acme Corp" is also
    written: a name ending a sentence takes the full stop into its abbreviation token."""
    counts = Counter(m.text for m in ms)
    return min(counts, key=lambda t: (t.endswith(_POSSESSIVE), t.endswith("."),
                                      -counts[t], t.isupper() or t.islower(), t))


# --------------------------------------------------------------------------- stage 2


def compatible(a: str | None, b: str | None) -> bool:
    """Types that may name one thing: equal, or one of them undecided (concept/None)."""
    return a == b or a in (None, "concept") or b in (None, "concept")


def refine(clusters: list[Cluster], types: dict[str, str], registry: Registry,
           texts: dict[str, str] | None = None) -> list[Cluster]:
    """Guarded merges that need the types: unambiguous short forms, then fuzzy variants
    (``texts``: memory id -> text, read for the words that introduce a bare given name)."""
    if len(clusters) < 2:
        return clusters
    by_key = {c.key: c for c in clusters}
    pinned = {normalize(n): p.type for n, p in registry.entities.items() if p.type}
    types = {**types, **{k: pinned[k] for k in by_key if k in pinned}}  # pinned types win
    g = _Groups(by_key, _vetoes(registry), {normalize(n) for n in registry.entities})
    for c in clusters:  # keep stage-1 vetoes honest: members are all keys ever merged
        g.members[c.key] = {c.key, *c.merged_from}
    for short, long in _short_forms(clusters, types, texts):
        g.union(short, long, root=long)
    for a, b in _fuzzy_pairs(clusters, types):
        g.union(a, b)
    if all(g.find(k) == k for k in by_key):
        return clusters
    groups: dict[str, list[str]] = {}  # one pass: a scan per root was quadratic at 100k memories
    for k in by_key:
        groups.setdefault(g.find(k), []).append(k)
    out = []
    for root in sorted(groups):
        keys = sorted(groups[root])
        if len(keys) == 1:
            out.append(by_key[root])
            continue
        main = by_key[root]
        ms = [m for k in keys for m in by_key[k].mentions]
        merged = {x for k in keys for x in (by_key[k].merged_from + ([k] if k != root else []))}
        out.append(Cluster(key=root, name=main.name, mentions=ms,
                           aliases=_aliases(ms, main.name),
                           merged_from=sorted(merged - {root})))
    return out


ORG_SUFFIXES = frozenset({
    "inc", "inc.", "corp", "corp.", "corporation", "co", "co.", "company", "ltd", "ltd.", "llc",
    "plc", "gmbh", "ag", "sa", "labs", "lab", "group", "holdings", "foundation", "technologies",
    "systems", "partners", "ventures", "studio", "studios", "university", "institute",
})


def _short_forms(clusters: list[Cluster], types: dict[str, str],
                 texts: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(short key, long key) where a short name extends to exactly one longer name.

    Only for people (a first name or a surname: "Sarah" -> "Sarah Chen") and
    organisations whose longer name only adds a legal/org suffix ("Acme" ->
    "Acme Corp"); both sides must agree on the type, the short side may be
    undecided. Two candidates ("Sarah Chen", "Sarah Lee") means no merge. A bare given name
    introduced as someone's kin, friend or pet, or by a title that goes with a given name
    ("my brother Sam", "her dog Max", "Grandpa Joe", "Prince Harry") extends only to a full
    name introduced the same way: without that evidence they are two people.
    """
    ext: dict[str, set[str]] = defaultdict(set)
    for c in clusters:
        words = c.key.split()
        t = types.get(c.key)
        if len(words) < 2:
            continue
        if t == "person":
            ext[words[0]].add(c.key)
            # not "Bye Caroline": a greeting glued to a name; "Yisrael Tal" opening a sentence is
            # a name all the same (its first word is a given name or no English word)
            if not all(m.sentence_initial for m in c.mentions) or not _maybe_glued(words[0]):
                ext[words[-1]].add(c.key)
        elif t == "org" and all(w in ORG_SUFFIXES for w in words[1:]):
            ext[words[0]].add(c.key)
    out = []
    by_key = {c.key: c for c in clusters}
    for c in clusters:
        k = c.key
        if " " in k or len(k) < SHORT_MIN_LEN or is_acronym(c.name) or any(ch.isdigit() for ch in k):
            continue
        cands = ext.get(k, set())
        if len(cands) != 1:
            continue
        (long,) = cands
        ts, tl = types.get(k), types.get(long)
        if ts == tl or ts in (None, "concept"):
            if long.split()[0] == k and not (_same_introduction(c, by_key[long], texts)
                                             and _same_group(c, by_key[long], texts)):
                continue
            if long.split()[-1] == k and _first_name_use(c, texts):
                continue
            out.append((k, long))
    return out


# Words that introduce a bare given name as one particular person of the writer's circle
# (kin, friends, pets) or that go with a given name as a title (kin and royal styles):
# "my brother Sam", "Sam, my friend", "her dog Max", "Grandpa Joe", "Prince Harry".
_PERSONAL = frozenset({
    "mother", "father", "mom", "mum", "dad", "mama", "papa", "sister", "brother", "sibling",
    "daughter", "son", "kid", "wife", "husband", "spouse", "aunt", "auntie", "uncle", "cousin",
    "niece", "nephew", "grandmother", "grandfather", "grandma", "grandpa", "granny", "nana",
    "grandson", "granddaughter", "fiance", "fiancee", "fiancé", "fiancée", "stepson",
    "stepdaughter", "stepmother", "stepfather", "twin", "friend", "buddy", "pal", "bestie",
    "roommate", "neighbor", "neighbour", "boyfriend", "girlfriend", "dog", "cat", "puppy",
    "kitten", "pet", "horse", "pony", "hamster", "rabbit", "bunny", "parrot",
    "prince", "princess", "king", "queen", "emperor", "empress", "pope", "saint", "duke",
    "duchess", "lord", "lady", "sir", "dame", "sultan", "sheikh", "tsar", "czar",
})
_WORD_BEFORE = re.compile(r"([A-Za-z\u00c0-\u024f]+)\s+$")
# Personal words also used as plain nouns ("the lady Maria at the bakery", "the kid Sam on the
# bus"): an introduction only after a possessive ("my twin Sam") or as a title ("Lady Mary").
_PLAIN_NOUNS = frozenset({"lady", "kid", "twin", "pal"})
_OWNER_END = re.compile(r"\b(?:my|our|his|her|their|your)\s+$", re.I)


def _introductions(c: Cluster, texts: dict[str, str] | None) -> set[str]:
    """The personal words that introduce a cluster's mentions: a title or apposition cue, or
    the word written right before the name."""
    out = set()
    for m in c.mentions:
        for cue in m.cues:
            head, _, word = cue.partition(":")
            if head in ("title", "appos") and word in _PERSONAL and word not in _PLAIN_NOUNS:
                out.add(word)
        text = texts.get(m.memory_id) if texts else None
        if text and m.start > 0:
            w = _WORD_BEFORE.search(text, max(0, m.start - 24), m.start)
            word = w.group(1).casefold() if w is not None else ""
            if word in _PERSONAL and (word not in _PLAIN_NOUNS or w.group(1)[:1].isupper()
                                      or _OWNER_END.search(text, max(0, w.start() - 8), w.start())):
                out.add(word)
    return out


# "Kim from security", "Dan from work", "Ana from the gym": a group of the writer's circle after
# "from" (not "Biden from the Oval Office", "Patel from yesterday's call", "Chen from the Redis team")
_GROUPS = (r"work|school|college|uni|university|class|team|gym|church|choir|club|book\s+club|band|"
           r"lab|daycare|preschool|kindergarten|yoga|work\s+team|next\s+door|upstairs|downstairs|"
           r"engineering|sales|marketing|product|operations|ops|devops|finance|accounting|payroll|legal|"
           r"support|growth|data|infra|infrastructure|platform|security|design|research|"
           r"procurement|compliance|recruiting|admissions|billing|(?-i:IT|HR|QA|SRE)")
_ABOUT_BEFORE = re.compile(r"\babout\s+$", re.I)  # "heard about Biden from ...": a topic, no introduction
_FROM_GROUP = re.compile(rf"\s+from\s+(?:(?:the|our|my)\s+)?({_GROUPS})\b(?!['’]s)", re.I)


def _groups(c: Cluster, texts: dict[str, str] | None) -> set[str]:
    """The groups of the writer's circle that qualify a cluster's mentions ("Dan from work":
    {"work"}); not after "about" ("heard about Biden from people at work": a topic)."""
    out: set[str] = set()
    for m in c.mentions if texts else ():
        text = texts.get(m.memory_id)
        hit = _FROM_GROUP.match(text, m.end) if text else None
        if hit is not None and not _ABOUT_BEFORE.search(text, max(0, m.start - 8), m.start):
            out.add(" ".join(hit.group(1).casefold().split()))
    return out


def _first_name_use(c: Cluster, texts: dict[str, str] | None) -> bool:
    """Whether a one-word name is used as a given name ("Kim from security", "Dan from work"):
    then it is no surname of a full name ("Daniel Kim")."""
    return bool(_groups(c, texts))


def _same_group(short: Cluster, long: Cluster, texts: dict[str, str] | None) -> bool:
    """Whether a bare given name may be the full name's short form as far as groups say: "Dan
    from work" takes no surname from a "Dan Whitfield" of elsewhere in the store, only from a
    full name qualified by the same group ("Dan Whitfield from work")."""
    groups = _groups(short, texts)
    return not groups or bool(groups & _groups(long, texts))


def mentions_of(name: str, provenance) -> list[Mention]:
    """A node's mentions as its provenance records their spans (a graph read back: health asks
    ``_short_forms`` again with the words around them); entries without a span are skipped."""
    out = []
    for p in provenance or ():
        if isinstance(p, dict) and isinstance(p.get("start"), int) and isinstance(p.get("end"), int):
            out.append(Mention(memory_id=str(p.get("memory_id")), start=p["start"], end=p["end"], text=name,
                               sent_start=p.get("sentence_start") or 0, sent_end=p.get("sentence_end") or 0,
                               extractor=str(p.get("extractor") or "")))
    return out


def _same_introduction(short: Cluster, long: Cluster, texts: dict[str, str] | None) -> bool:
    """Whether a bare given name may be the full name's short form: it is introduced by no
    personal word, or the full name is introduced by one of the same words."""
    intro = _introductions(short, texts)
    return not intro or bool(intro & _introductions(long, texts))


def _maybe_glued(word: str) -> bool:
    """Whether a sentence-opening word may be an ordinary word glued to the name after it."""
    from soulgraph.classify import gazetteer  # noqa: PLC0415 - resolve loads no word lists unless asked
    from soulgraph.extract import lexicon, trim  # noqa: PLC0415

    if word in trim.GREETINGS or word in trim.IMPERATIVES:
        return True
    return bool(lexicon.pos_of(word) - {"noun"}) and not gazetteer.is_given_name(word)


def _fuzzy_pairs(clusters: list[Cluster], types: dict[str, str]) -> list[tuple[str, str]]:
    """Near-identical long names of the same type ("Kubernetes"/"Kubernates")."""
    blocks: dict[tuple[str, str | None], list[Cluster]] = defaultdict(list)
    for c in clusters:
        if len(c.key) >= FUZZY_MIN_LEN and not is_acronym(c.name) and not c.name.islower():
            blocks[(c.key[0], types.get(c.key))].append(c)
    out = []
    for (_, etype), cs in sorted(blocks.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")):
        if etype in (None, "concept") or len(cs) < 2:
            continue
        keys = sorted(c.key for c in cs)
        digits = [_DIGITS.findall(k) for k in keys]
        most = 1 if etype == "person" else 2
        for i, a in enumerate(keys):
            # the C edit distance over all later keys at once: it rejects nearly every pair
            near = process.extract(a, keys[i + 1:], scorer=Levenshtein.distance, processor=None,
                                   score_cutoff=most, limit=None)
            for b, dist, j in sorted(near, key=lambda m: m[2]):
                j += i + 1
                if abs(len(a) - len(b)) > 2 or digits[j] != digits[i]:
                    continue
                n = min(len(a), len(b))
                cut = 1 if n < LONG_NAME or etype == "person" else 2
                if dist > cut or not _typo_like(a, b):
                    continue
                if etype == "person" and (n < FUZZY_MIN_LEN_PERSON or a.split()[0] != b.split()[0]):
                    continue
                out.append((a, b))
    return out


def _typo_like(a: str, b: str) -> bool:
    """Whether two keys differ the way typos do, not the way different words do.

    Not when one only extends the other ("challenge"/"challenger"), when the
    word counts differ, or when a short word differs ("World War I"/"II", "Li"/"Lu").
    """
    if a.startswith(b) or b.startswith(a):
        return False
    wa, wb = a.split(), b.split()
    if len(wa) != len(wb):
        return False
    return all(x == y or min(len(x), len(y)) > 3 for x, y in zip(wa, wb, strict=True))

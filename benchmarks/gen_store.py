"""Synthetic memory stores for the scale benchmark: templates, realistic vocabulary, and a number
of distinct entities that grows with the store (as in a real agent's life: new people, PRs and
projects keep appearing, the tools and cities mostly repeat).

    .venv/bin/python benchmarks/gen_store.py 10000 > store.jsonl

Deterministic for a given (n, seed). Mixes the three shapes a soul holds: conversation envelopes
("User: ...\\nAgent: ..."), speaker turns ("Name: ...") and derived facts; about one memory in
eight holds no entity at all (small talk), as in real logs.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from datetime import datetime, timedelta

FIRST = ("Priya Marcus Dana Tomás Kenji Sofia Amara Liam Noah Emma Olivia Ava Lucas Mateo Yuki Hana "
         "Ingrid Lars Fatima Omar Chen Wei Aisha Diego Lucia Pedro Ana Miguel Elena Ivan Nadia Raj "
         "Anika Jonas Freya Felix Clara Hugo Zara Malik Leila Rosa Pablo Grace Henry Isaac Julia "
         "Kofi Adwoa Tariq Mei Jin Sven Astrid Nora Owen Ruth Simon Tess Victor Wanda Xavier").split()
LAST = ("Raman Okafor Whitfield Ferreira Watanabe Lindqvist Mensah Novak Kowalski Haddad Tanaka "
        "Sato Larsen Berg Alvarez Moreau Rossi Bianchi Schmidt Weber Fischer Costa Silva Santos "
        "Nakamura Kim Park Nguyen Tran Patel Shah Gupta Mehta Osei Boateng Ibrahim Hassan Cohen "
        "Levi Murphy Kelly Walsh Byrne Jansen Visser Dubois Laurent Petrov Ivanova Popescu Horvat "
        "Nilsen Dahl Eriksen Quinn Reyes Romero Vargas Castillo").split()
ORG_A = ("Acme Northwind Globex Initech Umbrella Stark Wayne Tyrell Cyberdyne Aperture Hooli Vandelay "
         "Wonka Soylent Oscorp Gringotts Blue Harbor Silver Pine Red Maple Iron Gate Bright Path "
         "North Star Green Field Clear Water Open Sky Deep Current Swift Bridge").split()
ORG_B = "Corp Labs Systems Group Health Analytics Foundation Partners Studio Works Bank Robotics".split()
PROJ_A = ("Pocket Soul Cloud Night Moon Sun River Stone Paper Quick Quiet Bright Iron Glass Amber "
          "Cedar Falcon Otter Lantern Harbor Comet Pixel Echo Nova Orbit Prism Ripple Summit").split()
PROJ_B = ("Paw Graph Sync Forge Hub Desk Mind Link Flow Nest Board Kit Lens Base Dock Gate Loop "
          "Mesh Path Scope").split()
PLACES = ("Lisbon|Porto|New York|Brooklyn|Boston|Chicago|Seattle|Austin|Denver|Toronto|Montreal|"
          "Vancouver|London|Manchester|Dublin|Paris|Lyon|Berlin|Munich|Hamburg|Amsterdam|Rotterdam|"
          "Brussels|Madrid|Barcelona|Valencia|Rome|Milan|Turin|Vienna|Prague|Warsaw|Krakow|Budapest|"
          "Athens|Istanbul|Stockholm|Oslo|Copenhagen|Helsinki|Reykjavik|Tokyo|Osaka|Kyoto|Seoul|"
          "Singapore|Bangkok|Sydney|Melbourne|Auckland|Nairobi|Lagos|Accra|Cairo|Marrakesh|"
          "Johannesburg|Cape Town|Mexico City|Bogotá|Lima|Santiago|Buenos Aires|São Paulo").split("|")
TOOLS = ("Python pytest Docker Kubernetes Terraform PostgreSQL Redis SQLite FastAPI Django Flask "
         "Node.js TypeScript React Vue Svelte Rust Go Java Kotlin Swift GitHub GitLab Jenkins "
         "Grafana Prometheus Sentry Kafka RabbitMQ Elasticsearch spaCy NumPy pandas PyTorch "
         "TensorFlow llama.cpp Ollama LM Studio VS Code Neovim Claude Code Copilot Slack Jira "
         "Notion Figma Linear Vercel Netlify Cloudflare Nginx Ansible Poetry uv ruff mypy").split()
TOOLS = [t for t in TOOLS if t not in ("LM", "Studio", "VS", "Code", "Claude")] + [
    "LM Studio", "VS Code", "Claude Code"]
EVENTS = ("PyCon US", "EuroPython", "KubeCon", "RustConf", "JSConf", "the offsite", "the hackathon",
          "sprint review", "the all-hands", "the launch party")
FAMILY = ("daughter", "son", "sister", "brother", "mother", "father", "cousin", "partner")
JUNK = ("MERGED", "LGTM", "WIP", "CI-green", "TODO", "FIXME", "HOTFIX", "BLOCKED")
VERBS = ("fixed", "reviewed", "merged", "reverted", "rebased", "benchmarked", "refactored", "shipped")
SMALL = ("ok thanks", "lol", "brb", "sounds good", "nice", "got it", "cool, thanks!", "k")


class Vocab:
    """Entity pools whose size grows sublinearly (people, orgs, projects) or linearly (PRs)."""

    def __init__(self, n: int, rng: random.Random):
        self.rng = rng
        people = [f"{f} {la}" for f in FIRST for la in LAST]
        rng.shuffle(people)
        self.people = people[: min(len(people), 20 + int(n ** 0.75))]
        orgs = [f"{a} {b}" for a in ORG_A for b in ORG_B]
        rng.shuffle(orgs)
        self.orgs = orgs[: min(len(orgs), 5 + int(n ** 0.6))]
        projects = [a + b for a in PROJ_A for b in PROJ_B]
        rng.shuffle(projects)
        self.projects = projects[: min(len(projects), 5 + int(n ** 0.6))]
        self.max_pr = 100 + n // 3

    def person(self) -> str:
        # Zipf-like: a few people appear all the time, most rarely.
        i = int(len(self.people) * self.rng.random() ** 2.5)
        return self.people[i]

    def pick(self, pool) -> str:
        return pool[int(len(pool) * self.rng.random() ** 1.8)]

    def fill(self, template: str) -> str:
        r = self.rng
        who = self.person()
        vals = {
            "P": who, "P2": self.person(), "F": who.split()[0], "O": self.pick(self.orgs),
            "J": self.pick(self.projects), "L": self.pick(PLACES), "T": self.pick(TOOLS),
            "T2": self.pick(TOOLS), "E": r.choice(EVENTS), "R": r.choice(FAMILY),
            "N": str(r.randint(1, self.max_pr)),
            "V": f"v{r.randint(0, 3)}.{r.randint(0, 30)}.{r.randint(0, 20)}",
            "ENV": f"{self.pick(self.projects).upper()}_{r.choice(('CACHE', 'SYNC', 'DEBUG', 'TIMEOUT'))}_"
                   f"{r.choice(('ENABLED', 'MS', 'URL', 'LEVEL'))}",
            "CLS": f"{r.choice(PROJ_A)}{r.choice(('Spec', 'Hook', 'Manager', 'Client', 'Policy'))}",
            "X": r.choice(JUNK), "VB": r.choice(VERBS), "M": f"M{r.randint(1, 9)}",
            "D": r.choice(("on Monday", "on Friday", "next week", "tomorrow", "on March 3", "on June 20")),
        }
        return template.format(**vals)


WORK = [
    "I {VB} PR #{N} for {J} today, {P} asked for a migration note.",
    "CI failed on PR #{N}: the {T} job timed out again. {X}.",
    "{P} from {O} wants {J} to support {T} before {M}.",
    "Release {V} of {J} is out; {P2} built the {T} images.",
    "Set {ENV}=true in staging and the {CLS} stopped retrying.",
    "Pairing with {F} on the {CLS} refactor, we moved it to {T2}.",
    "{O} signed the contract for {J}; the kickoff is in {L} {D}.",
    "PR #{N} is {X}. {P} approved it after the {T} tests passed.",
    "We benchmarked {T} against {T2} for {J}; {T} was faster on the M3 laptops.",
    "{P} is leaving {O} to join {J}'s team at the end of the month.",
]
PERSONAL = [
    "My {R} {F} is visiting from {L} {D}.",
    "Booked flights to {L} for {E}, {P} will meet us there.",
    "{P} invited us to dinner in {L} next week.",
    "Planning a birthday party for my {R} {D}.",
    "We might move to {L} next year; {P} knows a good school there.",
]
FACTS = [
    "User works at {O}", "User's {R} is {P}", "User lives in {L}", "{P} works at {O}",
    "{P} maintains {J}", "{J} is written in {T}", "User uses {T} every day", "{P} lives in {L}",
]


def memories(n: int, seed: int = 7) -> Iterator[dict]:
    """n memories, one a dict {id, content, created_at}, in time order."""
    rng = random.Random(seed * 1_000_003 + n)
    vocab = Vocab(n, rng)
    t = datetime(2025, 1, 6, 9, 0)
    for i in range(n):
        t += timedelta(minutes=rng.randint(1, 40))
        roll = rng.random()
        if roll < 0.12:
            content = f"User: {rng.choice(SMALL)}\nAgent: {rng.choice(('Sure.', 'Anytime.', 'Okay.'))}"
        elif roll < 0.55:
            content = (f"User: {vocab.fill(rng.choice(WORK))}\n"
                       f"Agent: Noted. {vocab.fill(rng.choice(WORK + PERSONAL))}")
        elif roll < 0.75:
            content = f"{vocab.person().split()[0]}: {vocab.fill(rng.choice(WORK + PERSONAL))}"
        elif roll < 0.9:
            content = vocab.fill(rng.choice(PERSONAL + WORK))
        else:
            content = vocab.fill(rng.choice(FACTS))
        yield {"id": f"m{i:06d}", "content": content, "created_at": t.isoformat()}


def questions(n_q: int, n: int, seed: int = 7) -> list[str]:
    """Questions of the kind an agent asks its memory, naming entities of the same store."""
    rng = random.Random(seed * 7919 + n)
    vocab = Vocab(n, random.Random(seed * 1_000_003 + n))  # same pools as the store
    forms = ["What did {P} say about {J}?", "When is the trip to {L}?", "Who works at {O}?",
             "What happened with PR #{N}?", "Which tools does {J} use?", "What do I know about {F}?",
             "Where does my {R} live?", "Why did CI fail last week?"]
    vocab.rng = rng
    return [vocab.fill(rng.choice(forms)) for _ in range(n_q)]


if __name__ == "__main__":
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    out = sys.stdout
    for m in memories(size):
        out.write(json.dumps(m, ensure_ascii=False) + "\n")

"""The content hash is part of every graph file and update cache: it must never change."""

from __future__ import annotations

import hashlib
import random

from soulgraph.hashing import content_hash


def test_content_hash_is_blake2b_of_the_text():
    rng = random.Random(5)
    texts = ["", "User: I moved to Lisbon.", "lone \ud800 surrogate", "Zoë → 🎉" * 50]
    texts += ["".join(chr(rng.randint(0, 0x10FFFF)) for _ in range(rng.randint(0, 30))) for _ in range(2000)]
    for t in texts:
        want = hashlib.blake2b(t.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()
        assert content_hash(t) == want
    assert content_hash("User: I moved to Lisbon.") == "a1dd32a0e63682f871ce5c7b"  # as graph files hold it
    assert content_hash("a") != content_hash("b")

"""Whether capitals opening a text are a news dateline's town ("DAYTON, Ohio (AP) _") or shouting.

Dev logs and chat open lines with capitals too ("DEPLOY (PROD) failed", "HOTFIX, Georgia -- pls
review"): a dateline is trusted only with a wire service's credit after it, a state's newspaper
abbreviation, or when the town is a listed place. Both extractors ask this (regex_scan, trim).
"""

from __future__ import annotations

from soulgraph.classify import gazetteer

# News agencies credited in parentheses after a dateline ("(AP)", "(Reuters)"): general knowledge
WIRES = frozenset("""
ap upi afp reuters xinhua tass itar-tass interfax ria dpa efe ansa kyodo jiji yonhap pti ians
bernama antara mena irna kcna cna bbc cnn bloomberg tanjug pap ctk mti bta kuna wam sana anadolu
apa sapa nan kna ips
""".split())


def credited(town: str, credit: str | None, region: str | None = None) -> bool:
    """``town`` (capitals) opens a news story: a wire ``credit`` follows it, its ``region`` is a
    newspaper's abbreviation ("Mich.", "Calif.": no one shouts those), or a list knows the town."""
    if credit is not None and credit.casefold() in WIRES or region is not None and region.endswith("."):
        return True
    return gazetteer.in_place_lists(gazetteer.key(town))

"""Reading the times memories carry: ISO 8601 as soul-protocol writes them, or Unix epoch
seconds (a number, or its digits as text), which soul-protocol's loader also accepts."""

from __future__ import annotations

import re
from datetime import UTC, datetime

# 9-11 integer digits: 1973-5138 in seconds; 12-14: the same span in milliseconds. (Eight
# digits are an ISO basic date, "20231105", which fromisoformat reads.)
_EPOCH = re.compile(r"(\d{9,14})(?:\.\d+)?")


def parse(value: object) -> datetime | None:
    """``value`` as a datetime (naive stays naive; an epoch time is naive UTC), or None when
    absent or unreadable."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not (s := value.strip()):
        return None
    if s[0].isdigit() and (m := _EPOCH.fullmatch(s)):
        seconds = float(s) / (1000 if len(m.group(1)) > 11 else 1)
        try:
            return datetime.fromtimestamp(seconds, UTC).replace(tzinfo=None)
        except (OverflowError, OSError, ValueError):
            return None
    try:
        return datetime.fromisoformat(s)
    except ValueError:
        return None

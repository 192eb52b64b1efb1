"""Resource limits for reading untrusted stores (ZIP bombs, huge lines, huge archives).

Checked against the sizes an archive *declares* before anything is
decompressed, and enforced again while reading (declared sizes can lie).
Defaults are generous for real souls; override them in code with
``Limits(...)`` or from the environment (``SOULGRAPH_MAX_TOTAL_BYTES``,
``SOULGRAPH_MAX_RATIO``, ``SOULGRAPH_MAX_MEMBER_BYTES``, ``SOULGRAPH_MAX_MEMBERS``,
``SOULGRAPH_MAX_LINE_BYTES``), which is how CLI users change them.
"""

from __future__ import annotations

import os

from pydantic import BaseModel, ConfigDict, Field

MiB = 1024 * 1024

_ENV = {
    "max_total_bytes": "SOULGRAPH_MAX_TOTAL_BYTES",
    "max_ratio": "SOULGRAPH_MAX_RATIO",
    "max_member_bytes": "SOULGRAPH_MAX_MEMBER_BYTES",
    "max_members": "SOULGRAPH_MAX_MEMBERS",
    "max_line_bytes": "SOULGRAPH_MAX_LINE_BYTES",
}


def override(field_name: str) -> str:
    """How a CLI user raises one limit for a store they trust, for the end of an error."""
    return f" (for a store you trust, set {_ENV[field_name]} higher)"


class Limits(BaseModel):
    """What soulgraph agrees to read; anything bigger is refused with a clear error."""

    model_config = ConfigDict(frozen=True)

    max_total_bytes: int = Field(2048 * MiB, gt=0, description="sum of uncompressed ZIP member sizes")
    max_ratio: float = Field(200.0, gt=1, description="uncompressed/compressed size of one member")
    ratio_floor_bytes: int = Field(1 * MiB, ge=0,
                                   description="members smaller than this skip the ratio check")
    max_member_bytes: int = Field(1024 * MiB, gt=0, description="one ZIP member or one memory file")
    max_members: int = Field(100_000, gt=0, description="members in one archive")
    max_line_bytes: int = Field(256 * MiB, gt=0, description="one JSONL line (one memory)")

    @classmethod
    def from_env(cls) -> Limits:
        """Defaults, overridden by any ``SOULGRAPH_MAX_*`` environment variables set."""
        from soulgraph.errors import SoulgraphError

        values: dict[str, float] = {}
        for field_name, var in _ENV.items():
            raw = os.environ.get(var)
            if raw is None or raw == "":
                continue
            try:
                values[field_name] = float(raw) if field_name == "max_ratio" else int(raw)
            except ValueError:
                raise SoulgraphError(f"{var}={raw!r}: expected a number") from None
        return cls(**values)

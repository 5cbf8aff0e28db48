"""docs/protocol.md stays true: every message type and error code the server knows is
documented, and the documentation names none that the server does not know."""

from __future__ import annotations

import re
from pathlib import Path

from matchmaker.server.messages import REQUIRED

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text()
SERVER = "\n".join(p.read_text() for p in (ROOT / "src/matchmaker/server").glob("*.py"))


def documented_rows(heading: str) -> set[str]:
    """The first-column names of the markdown table under a heading."""
    section = DOC.split(heading, 1)[1]
    rows = set()
    for line in section.splitlines()[1:]:
        if line.startswith("#"):
            break
        found = re.match(r"\| `([a-z_]+)` \|", line)
        if found:
            rows.add(found.group(1))
    return rows


def test_every_client_message_type_is_documented() -> None:
    assert documented_rows("### Client → server") == set(REQUIRED)


def test_every_websocket_error_code_is_documented_and_used() -> None:
    used = set(re.findall(r'Refused\(\s*"([a-z_]+)"', SERVER))
    used |= {"unknown_table", "server_error", "seat_moved"}  # sent directly, not by Refused
    codes = documented_rows("**`error`**")
    assert used - codes == set(), "undocumented error codes"
    assert codes - used == set(), "documented codes the server never sends"


def test_every_http_error_code_is_documented() -> None:
    used = set(re.findall(r'ApiError\(\s*\d+,\s*"([a-z_]+)"', SERVER))
    for code in used:
        assert re.search(rf"`(\d{{3}} )?{code}`", DOC), code

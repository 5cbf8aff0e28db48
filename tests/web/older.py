"""Databases as an older schema version wrote them, for the tests of the migrations."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from matchmaker.server.storage import SCHEMA


def older_database(
    path: Path, version: int, first_new: str, seats: Sequence[str] = ("human", "easy")
) -> sqlite3.Connection:
    """A database at ``path`` with the schema of ``version``: every table before ``first_new``
    (the first one a later version adds). It holds table ``t1`` of Purrfect Match with these
    ``seats``, the first of them joined by Ann. The connection is open, to add more."""
    db = sqlite3.connect(path, isolation_level=None)
    older = SCHEMA.split(f"CREATE TABLE IF NOT EXISTS {first_new}")[0]
    db.executescript(f"BEGIN;\n{older}\nPRAGMA user_version={version};\nCOMMIT;")
    db.execute(
        "INSERT INTO tables VALUES ('t1','purrfect','{}',?,NULL,'s','2026-01-01T00:00:00Z',"
        "NULL,NULL,NULL,NULL)",
        (json.dumps(list(seats)),),
    )
    db.execute("INSERT INTO seats VALUES ('t1',0,'ih','th',1,'Ann')")
    return db

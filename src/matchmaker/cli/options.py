"""Game options given on the command line as ``-o KEY=VALUE``."""

from __future__ import annotations

import json
from typing import Any

from matchmaker.core.errors import OptionError


def parse_option_pairs(pairs: list[str]) -> dict[str, Any]:
    """Turn ``["epilogue=true", "deck=faq38"]`` into options; values are read as JSON when
    they are JSON (true, 5, [1, 2]) and as text otherwise."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise OptionError(f"option {pair!r} must look like KEY=VALUE")
        try:
            value: Any = json.loads(text)
        except json.JSONDecodeError:
            value = text
        options[key.strip().replace("-", "_")] = value
    return options

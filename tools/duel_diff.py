"""The difference between two paired duels played on the same deals, deal by deal.

    .venv/bin/python tools/duel.py purrfect hard greedy-v1 --players 4 --deals 300 --json > a.json
    .venv/bin/python tools/duel.py purrfect mybots:Variant greedy-v1 --players 4 --deals 300 \
        --json > b.json
    .venv/bin/python tools/duel_diff.py b.json a.json

Two bots measured against the same opponent on the same deals (the same ``--seed`` and
``--first-deal``) meet the same cards, so the difference of their figures per deal leaves out
most of the luck of the deal: its mean over the deals, with a normal 95% interval, says which
bot gains more against that opponent, with a far narrower interval than comparing the two
duels' intervals. Only the deals both runs played are compared.
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal 95% interval (over at least two values)."""
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return mean, mean - half, mean + half


def paired_difference(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    """The per-deal difference ``first - second`` of two ``tools/duel.py --json`` results,
    on the deals both played."""
    for key in ("game", "players", "other", "first_deal"):
        if first[key] != second[key]:
            raise SystemExit(f"the duels differ in {key}: {first[key]} and {second[key]}")
    deals = min(len(first["per_deal"]), len(second["per_deal"]))
    if deals < 2:
        raise SystemExit("fewer than two deals in common")
    a, b = first["per_deal"][:deals], second["per_deal"][:deals]
    sign = -1.0 if first["game"] == "clecanian" else 1.0
    diffs = [sign * (x - y) for x, y in zip(a, b, strict=True)]
    return {
        "deals": deals,
        "first_deal": first["first_deal"],
        "first": [first["first"], *interval([sign * x for x in a])],
        "second": [second["first"], *interval([sign * x for x in b])],
        "difference": list(interval(diffs)),
    }


def main() -> None:
    """Print the advantage of each duel's first bot and their difference per deal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="a tools/duel.py --json result")
    parser.add_argument("second", help="another, on the same deals and opponent")
    args = parser.parse_args()
    with open(args.first) as a, open(args.second) as b:
        summary = paired_difference(json.load(a), json.load(b))
    print(f"{summary['deals']} deals from deal {summary['first_deal']}, advantage (95%):")
    for name, mean, low, high in (summary["first"], summary["second"]):
        print(f"  {name}: {mean:+.2f} [{low:+.2f}, {high:+.2f}]")
    mean, low, high = summary["difference"]
    print(f"  difference per deal: {mean:+.2f} [{low:+.2f}, {high:+.2f}]")


if __name__ == "__main__":
    main()

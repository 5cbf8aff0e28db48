"""Clecanian Golf bots: ``greedy`` (a documented heuristic) and ``strong`` (sampling search)."""

"""The command line: ``matchmaker replay``, ``random-game``, ``bench`` and ``demo``."""

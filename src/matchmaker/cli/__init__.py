"""The command line: ``matchmaker play``, ``replay``, ``simulate``, ``tournament``, ``random-game``,
``bench`` and ``demo``."""

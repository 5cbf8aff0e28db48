"""The games: each package reads like its rulebook."""

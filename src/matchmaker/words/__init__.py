"""What people read: card and place names, seat names, choice labels, narration, per game.

Every word a face shows a person about a game comes from here, so the terminal, the browser and
the replays say the same thing the same way. ``words_for(game)`` gives the game's words (one
module per game, registered by game id); ``seats`` names the seats.
"""

from matchmaker.words.base import GameWords, summary_line, words_for
from matchmaker.words.seats import seat_label, seat_labels

__all__ = ["GameWords", "seat_label", "seat_labels", "summary_line", "words_for"]

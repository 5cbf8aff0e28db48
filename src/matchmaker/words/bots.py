"""What each bot is, in one line for people choosing their opponents (docs/bots.md has how
each one plays).

A level reads as the bot it stands for (``easy`` is the ``random`` bot), and a bot that a level
stands for names its level:

>>> bot_help("easy")
'plays any legal move at random: easy to beat'
>>> bot_help("greedy")
'plays by a sensible rule of thumb, at once, without looking ahead (the medium level)'
"""

from __future__ import annotations

from matchmaker.bots.registry import LEVELS

#: Each bot (by name, not level) in one line.
BOT_HELP: dict[str, str] = {
    "random": "plays any legal move at random: easy to beat",
    "greedy": "plays by a sensible rule of thumb, at once, without looking ahead",
    "strong": "imagines the cards it cannot see and tries its best moves on each: the "
    "strongest, and a little slower",
    "greedy-v1": "the first rule-of-thumb bot, kept to measure the others against",
    "strong-v1": "the first search bot, kept to measure the others against",
    "openspiel-ismcts": "OpenSpiel's search bot (ISMCTS), there to compare searches",
}


def bot_help(name: str) -> str | None:
    """One line saying what the bot or level ``name`` is (None for a bot this module does not
    know, such as a plug-in class)."""
    real = LEVELS.get(name, name)
    text = BOT_HELP.get(real)
    if text is None or real != name:
        return text
    levels = [level for level, bot in LEVELS.items() if bot == name]
    return f"{text} (the {levels[0]} level)" if levels else text

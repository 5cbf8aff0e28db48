"""The phases of Purrfect Match, in the order of a game and of a round."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the game waits for. Each member is its name as records, views and the web
    protocol spell it."""

    #: Chance deals the cats, one by one.
    DEAL = "deal"
    #: Chance draws the first proposer (option ``first_proposer: "random"``).
    CHOOSE_FIRST_PROPOSER = "choose_first_proposer"
    #: The proposer shows a cat from its hand.
    PRESENT = "present"
    #: A seat puts a candidate face down.
    NOMINATE = "nominate"
    #: The proposer looks at a candidate: propose or pass.
    INSPECT = "inspect"
    #: The candidate's owner answers a proposal: accept or reject.
    RESPOND = "respond"
    #: The game has ended.
    OVER = "over"


# The members as plain module names: reading a module global is several times quicker than
# reading an enum member off its class (Python 3.11), and the rules read them at every step.
DEAL = Phase.DEAL
CHOOSE_FIRST_PROPOSER = Phase.CHOOSE_FIRST_PROPOSER
PRESENT = Phase.PRESENT
NOMINATE = Phase.NOMINATE
INSPECT = Phase.INSPECT
RESPOND = Phase.RESPOND
OVER = Phase.OVER

#: The phases in which a round is under way (a cat is on show).
IN_ROUND = (Phase.NOMINATE, Phase.INSPECT, Phase.RESPOND)
#: The phases before the deal is complete (nothing can be sampled yet).
BEFORE_PLAY = (Phase.DEAL, Phase.CHOOSE_FIRST_PROPOSER)

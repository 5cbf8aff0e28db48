"""Purrfect Match: cats propose, bluff and get refused."""

from matchmaker.games.purrfect.game import PurrfectGame
from matchmaker.games.purrfect.options import PurrfectOptions
from matchmaker.games.purrfect.state import PurrfectState
from matchmaker.games.purrfect.view import PurrfectView

__all__ = ["PurrfectGame", "PurrfectOptions", "PurrfectState", "PurrfectView"]

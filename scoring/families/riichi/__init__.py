"""Japanese riichi as a league family.

A rule set names a preset (``params``); a hand records its outcome, wins and declarations,
each win's value typed or from its tiles (``hand_input``); a session is a hanchan replayed
through the engine's game (``session``); ``describe`` writes the score sheet's lines;
``family`` is the ``Family`` the league registers.
"""

from scoring.families.riichi.family import RiichiFamily

__all__ = ["RiichiFamily"]

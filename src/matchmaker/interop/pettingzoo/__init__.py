"""PettingZoo AEC environments of the two games, in the style of PettingZoo's classic games.

``matchmaker.interop.pettingzoo.purrfect_v0.env(players=4)`` and
``matchmaker.interop.pettingzoo.clecanian_v0.env(players=2, max_turns=60)`` take the game's
options as keywords (and ``render_mode``). Agents are ``player_0`` ... ``player_{n-1}``; an
observation is ``{"observation": ..., "action_mask": ...}``; actions are ``Discrete`` ids;
chance is drawn from the generator seeded by ``reset(seed=...)``; the rewards come at the end
(see ``base``).
"""

"""Adapters for the research ecosystem: OpenSpiel, PettingZoo and Gymnasium.

They need the ``rl`` extra (``pip install matchmaker[rl]``) and are imported one by one:

- ``matchmaker.interop.openspiel`` registers ``python_purrfect_match`` and
  ``python_clecanian_golf`` with OpenSpiel;
- ``matchmaker.interop.pettingzoo.purrfect_v0`` and ``...clecanian_v0`` are PettingZoo AEC
  environments;
- ``matchmaker.interop.gymnasium`` registers ``matchmaker/PurrfectMatch-v0`` and
  ``matchmaker/ClecanianGolf-v0`` with Gymnasium.

Every adapter encodes what one seat sees from that seat's view (and the events as that seat may
see them), never from the hidden cards; the encodings are in ``docs/research.md``.
"""

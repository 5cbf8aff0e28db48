"""The Purrfect Match bots: ``greedy`` (rules by value) and ``strong`` (search over sampled
hidden cats), with table talk."""

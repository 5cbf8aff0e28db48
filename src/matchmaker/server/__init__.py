"""The web app: tables online with invite links, bots, table talk, spectators and replays."""

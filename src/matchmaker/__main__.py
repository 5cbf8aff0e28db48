"""``python -m matchmaker``: the command line."""

from matchmaker.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())

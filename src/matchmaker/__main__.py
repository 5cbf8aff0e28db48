"""``python -m matchmaker``: the command line."""

from matchmaker.cli.main import main

raise SystemExit(main())

"""`python -m game`: start the game or run a command-line verb."""

from game.cli import main

raise SystemExit(main())

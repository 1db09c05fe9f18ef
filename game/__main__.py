"""`python -m game`: start the game or run a command-line verb."""

from game.loading import loading_modules

with loading_modules():
    from game.cli import main

raise SystemExit(main())

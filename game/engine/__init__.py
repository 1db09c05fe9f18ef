"""The rules of the games: pure Python that never imports pygame and never touches files."""

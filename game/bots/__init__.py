"""Computer players: each chooses from an observation that cannot hold hidden cards."""

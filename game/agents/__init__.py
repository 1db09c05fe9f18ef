"""Who decides for a seat: one agent per seat, and the one turn loop that asks and applies."""

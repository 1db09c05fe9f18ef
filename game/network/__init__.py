"""Network play: the wire protocol, a server holding the one game, and clients (no pygame)."""

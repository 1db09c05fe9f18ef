"""The phone page: a table's own web client, served on the websocket's port (see docs/protocol.md)."""

"""The phone page: a table's own web client, served on its websocket's port (docs/protocol.md)."""

"""Play with friends: host a network table or join one, its lobby, and the table it plays."""

"""A session at the table as the menus run it: the playing table, the pause menu and the
end-of-session summary."""

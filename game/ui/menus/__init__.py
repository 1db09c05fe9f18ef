"""The menus: main menu, new-game setup, settings, saved games, statistics and the notice of
a damaged file."""

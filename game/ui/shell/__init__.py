"""The shell: the app loop and scene stack, the context every scene shares, the routes
table that builds each room's screens, the launcher and the headless screenshots."""

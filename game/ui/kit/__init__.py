"""The drawing kit every screen builds from: logical layout and viewport, panels and text,
buttons and forms, tweens, and the chips chart."""

"""The lessons: the lesson list, the interactive tutorials with their bubbles, and the rules
page with the hand chart."""

"""Trey: Teen Patti, 3 Card Brag and Three Card Poker with a designated player."""

__version__ = "0.1.0"

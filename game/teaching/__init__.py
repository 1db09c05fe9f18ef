"""Teaching: the hand chart and the rules page, generated from the rules actually in play."""

"""The engine's facts in words: reasons and hand names as sentences, in the player's language."""

"""The table room: the table scene and its board, the animation director, the narration,
the controls and HUD, bets and piles, the coach, the watching explanations and the hot-seat
hand-off."""

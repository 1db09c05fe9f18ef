"""Sound effects: loaded once from sounds/, played by name or for an engine event; silent and
error-free when there is no audio device or sound is off."""

from __future__ import annotations

import pygame

from game.assets import asset_folder
from game.engine.events import (
    AntePosted,
    BetPlaced,
    BetReturned,
    CardDealt,
    CardsToPack,
    DealEnded,
    DealStarted,
    Discarded,
    DiscardShown,
    Event,
    Folded,
    HandKept,
    HandRetained,
    HandRevealed,
    JokerTurned,
    LoanMade,
    LoanRepaid,
    Looked,
    PackShuffled,
    PotAwarded,
    PotCarried,
    PotCovered,
    ShowdownAnswered,
    ShowdownProposed,
    ShowPaid,
    SideshowAnswered,
    SideshowAsked,
    SideshowCompared,
    TimeRanOut,
    TurnPassed,
)
from game.engine.three_card_poker import (
    BankOffered,
    BankWaived,
    BetsPosted,
    Called,
    DesignatedPlayerChosen,
    HandDead,
    Qualified,
    WagerSettled,
)

EVENT_SOUNDS: dict[type[Event], str] = {
    PackShuffled: "shuffle",
    CardDealt: "deal",
    Looked: "flip",
    HandRevealed: "flip",
    AntePosted: "chip",
    BetPlaced: "chip",
    ShowPaid: "chip",
    BetReturned: "chip",
    Folded: "fold",
    PotAwarded: "win",
    BetsPosted: "chip",
    Called: "chip",
    WagerSettled: "chip",
    HandDead: "chip",
}
"""Which sound each kind of event makes (a won wager makes the "win" sound instead)."""

SILENT_EVENTS: frozenset[type[Event]] = frozenset(
    {
        DealStarted,
        JokerTurned,
        SideshowAsked,
        SideshowAnswered,
        SideshowCompared,
        PotCarried,
        CardsToPack,
        HandKept,
        Discarded,
        DiscardShown,
        HandRetained,
        PotCovered,
        LoanMade,
        LoanRepaid,
        ShowdownProposed,
        ShowdownAnswered,
        TurnPassed,
        TimeRanOut,
        DealEnded,
        BankOffered,
        BankWaived,
        DesignatedPlayerChosen,
        Qualified,
    }
)
"""The kinds of event that make no sound: with `EVENT_SOUNDS`, every kind is decided (a test
checks that each kind is in exactly one of the two)."""


class SoundBoard:
    """Every sound effect, with a volume and a mute switch."""

    def __init__(self, volume: float = 0.7, enabled: bool = True) -> None:
        self.volume = volume
        self.enabled = enabled
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = self._open_mixer()
        if self.available:
            for path in sorted(asset_folder("sounds").glob("*.wav")):
                try:
                    self.sounds[path.stem] = pygame.mixer.Sound(str(path))
                except pygame.error:
                    continue

    @staticmethod
    def _open_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error:
            return False
        return bool(pygame.mixer.get_init())

    def set_volume(self, volume: float) -> None:
        """Change the volume (0 to 1)."""
        self.volume = max(0.0, min(1.0, volume))

    def play(self, name: str) -> bool:
        """Play a sound by name; returns whether anything was played."""
        sound = self.sounds.get(name)
        if sound is None or not self.enabled or self.volume <= 0:
            return False
        sound.set_volume(self.volume)
        sound.play()
        return True

    def play_for(self, event: Event) -> bool:
        """Play the sound an engine event makes, if it makes one."""
        name = EVENT_SOUNDS.get(type(event))
        if isinstance(event, WagerSettled) and event.outcome == "won":
            name = "win"
        return self.play(name) if name else False

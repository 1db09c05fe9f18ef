"""Sounds: every effect the game plays ships in sounds/, and no audio device means silence."""

import wave

import pytest

from game.assets import asset_folder
from game.engine.events import BetPlaced, PotAwarded
from game.engine.reasons import Reason, ReasonKey
from game.ui.art.sound import EVENT_SOUNDS, SoundBoard
from game.ui.art.sound_synthesis import SOUNDS


def test_every_sound_ships_as_a_short_wav() -> None:
    folder = asset_folder("sounds")
    for name in set(SOUNDS) | set(EVENT_SOUNDS.values()):
        with wave.open(str(folder / f"{name}.wav")) as sound:
            seconds = sound.getnframes() / sound.getframerate()
            assert 0.02 < seconds < 1.5, name


def test_the_synthesis_is_deterministic(tmp_path: object) -> None:
    assert SOUNDS["chip"]() == SOUNDS["chip"]()


def test_sound_board_plays_events_and_respects_mute() -> None:
    board = SoundBoard(volume=0.5)
    if not board.available:
        pytest.skip("no audio driver, not even the dummy one")
    assert board.play_for(BetPlaced(0, 2, False, 2))
    assert board.play_for(PotAwarded(0, 10, 0, Reason(ReasonKey.WINS_THE_BETTING, seat=0)))
    board.enabled = False
    assert not board.play("chip")


def test_no_audio_device_is_silent_and_error_free(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    def refuse() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    board = SoundBoard()
    assert not board.available
    assert not board.play("win")

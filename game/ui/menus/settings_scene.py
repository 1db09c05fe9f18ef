"""Settings: every field of the Settings model as a row (option_choices.choices_for); a change
applies at once where it can (fullscreen, window size, the look of cards and felt, sound) and is
saved straight away (a problem saving is shown as a sentence)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine.cards import parse
from game.i18n import N_, _, set_language
from game.persistence.settings import Settings
from game.ui.art.cards_art import card_back, card_face
from game.ui.art.table_art import FELT_COLOURS
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.widgets import MUTED, Button, FormScene, Item, Stepper, draw_panel, draw_text
from game.ui.menus.option_choices import Choice, choices_for, describe_value

EXPLANATIONS = {
    "animation_speed": N_("How fast cards and chips move: 1 is normal, 2 twice as fast."),
    "sound": N_("Sound effects for cards, chips and buttons."),
    "volume": N_("How loud the sound effects are."),
    "fullscreen": N_("Fill the screen (F11 switches at any time)."),
    "window_width": N_("The window's width when not fullscreen."),
    "window_height": N_("The window's height when not fullscreen."),
    "four_colour_deck": N_("Diamonds blue and clubs green, so suits never get mixed up."),
    "card_back": N_("The design on the back of the cards."),
    "table_colour": N_("The colour of the felt."),
    "coach": N_("A coach at the table suggests a move and says why."),
    "sort_hand": N_("Your own cards in order: pairs together, then high to low."),
}
"""One line for each setting whose model field has no description."""

ROWS_PANEL = Box(40, 96, 760, 572)
PREVIEW_PANEL = Box(820, 96, 420, 400)


class SettingsScene(FormScene):
    """The settings rows, a preview of cards on the chosen felt, and Back."""

    title = N_("Settings")
    subtitle = N_("Changes apply at once and are saved.")
    default_focus = "setting:animation_speed"

    @property
    def choices(self) -> list[Choice]:
        """One row per setting."""
        return choices_for(Settings)

    def change(self, choice: Choice, direction: int) -> None:
        """Step a setting, apply it and save."""
        settings = self.context.settings
        value = choice.step(_setting(settings, choice.field), direction)
        setattr(settings, choice.field, value)
        self.apply(choice.field)
        problem = self.context.save_settings()
        if problem:
            words = _("The setting is in use but could not be saved: {problem}")
            self.say(words.format(problem=problem))
        else:
            words = _("{setting}: {value} — saved.").format(
                setting=_(choice.label), value=_(describe_value(value, choice.field))
            )
            self.say(words, problem=False)

    def apply(self, field: str) -> None:
        """Make a change felt now: the window, the sound."""
        settings = self.context.settings
        app = self.context.app
        if field == "language":
            set_language(settings.language)
            self.rebuild()
        if app is not None and field == "fullscreen" and app.fullscreen != settings.fullscreen:
            app.toggle_fullscreen()
        elif app is not None and field in ("window_width", "window_height"):
            app.resize((settings.window_width, settings.window_height))
        sound = self.context.sound
        if sound is not None:
            sound.enabled = settings.sound
            sound.set_volume(settings.volume)

    def build(self) -> list[Item]:
        """A stepper per setting, then Back."""
        items: list[Item] = []
        settings = self.context.settings
        choices = self.choices
        step = min(51.0, (ROWS_PANEL.height - 58) / max(1, len(choices)))  # every row in the panel
        for row, choice in enumerate(choices):
            box = Box(
                ROWS_PANEL.x + 10, ROWS_PANEL.y + 50 + row * step, ROWS_PANEL.width - 20, step - 2
            )
            items.append(
                Stepper(
                    f"setting:{choice.field}",
                    box,
                    label=choice.label,
                    explanation=choice.explanation or EXPLANATIONS.get(choice.field, ""),
                    value=_shown(settings, choice.field),
                    on_step=_changer(self, choice),
                    value_width=200,
                    at_end=_end(settings, choice),
                )
            )
        items.append(
            Button(
                "back",
                Box(PREVIEW_PANEL.x + 210, 610, 210, 52),
                label=N_("Done"),
                key="Esc",
                kind="primary",
                on_press=self.back,
            )
        )
        return items

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The rows' panel and a preview of the cards and felt."""
        draw_panel(surface, viewport, ROWS_PANEL, N_("Game and window"))
        draw_panel(surface, viewport, PREVIEW_PANEL, N_("Preview"))
        style = self.context.style
        felt = Box(PREVIEW_PANEL.x + 24, PREVIEW_PANEL.y + 60, PREVIEW_PANEL.width - 48, 250)
        rect = pygame.Rect(viewport.box(felt))
        colour = FELT_COLOURS.get(style.felt, FELT_COLOURS["green"])
        pygame.draw.rect(
            surface, (62, 36, 24), rect.inflate(8, 8), border_radius=viewport.length(28)
        )
        pygame.draw.rect(surface, colour, rect, border_radius=viewport.length(24))
        width = viewport.length(76)
        back = card_back(style.back, width)
        surface.blit(back, back.get_rect(center=viewport.point((felt.x + 70, felt.centre[1]))))
        for index, card in enumerate(parse("Kd Qc Jh")):
            face = card_face(card, width, style.four_colour)
            at = (felt.x + 168 + index * 64, felt.centre[1])
            surface.blit(face, face.get_rect(center=viewport.point(at)))
        speed = self.context.settings.animation_speed
        sound = _("sound on") if self.context.settings.sound else _("sound off")
        words = _("Animation ×{speed}   ·   {sound}").format(speed=f"{speed:g}", sound=sound)
        draw_text(
            surface,
            viewport,
            words,
            (felt.centre[0], felt.bottom + 36),
            14,
            MUTED,
            False,
            360,
            "center",
        )


def _setting(settings: Settings, field: str) -> Any:
    """A setting's value by its field's name: the one place this screen reads one by name."""
    return getattr(settings, field)


def _shown(settings: Settings, field: str) -> Callable[[], str]:
    def shown() -> str:
        value = _setting(settings, field)
        if field == "animation_speed":
            return f"×{value:g}"
        if field == "volume":
            return f"{round(value * 100)} %"
        words = _(describe_value(value, field))
        return words[:1].upper() + words[1:]

    return shown


def _end(settings: Settings, choice: Choice) -> Callable[[int], bool]:
    return lambda direction: choice.at_end(_setting(settings, choice.field), direction)


def _changer(scene: SettingsScene, choice: Choice) -> Callable[[int], None]:
    return lambda direction: scene.change(choice, direction)

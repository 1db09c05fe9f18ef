"""The game families as data: one record per family, registered once and asked everywhere.

In the spirit of OpenSpiel's `GameInfo`: a family's title, rules model, engine, whether it is a
pot game or a banked one, how many seats its table takes, and its presets. Modules ask this
registry instead of comparing family names.

>>> family_info("brag").title
'3 Card Brag'
>>> [info.family.value for info in FAMILIES.values() if info.banked]
['three_card_poker', 'three_card_poker_casino']
>>> family_info(Family.CASINO).seats
range(1, 8)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Generic, Protocol, TypeVar

from game.engine.base import MOST_SEATS as MOST_SEATS  # re-exported: each family's limit
from game.engine.brag import BragGame
from game.engine.casino import CasinoGame
from game.engine.family import Family as Family  # re-exported: the registry names them
from game.engine.game import Game
from game.engine.marks import N_
from game.engine.rules import (
    PRESETS,
    BragRules,
    CasinoRules,
    Preset,
    Rules,
    RulesError,
    TeenPattiRules,
    ThreeCardPokerRules,
)
from game.engine.teen_patti import TeenPattiGame
from game.engine.three_card_poker import ThreeCardPokerGame

Model = TypeVar("Model", TeenPattiRules, BragRules, ThreeCardPokerRules, CasinoRules)
"""A family's rules model."""

_M_contra = TypeVar(
    "_M_contra", TeenPattiRules, BragRules, ThreeCardPokerRules, CasinoRules, contravariant=True
)
"""The rules model an engine takes (a short name: the i18n lint reads longer ones as words)."""


class Engine(Protocol[_M_contra]):
    """What builds a family's state machine: its engine class."""

    @property
    def fewest_seats(self) -> int:
        """The fewest players its table seats."""
        ...

    def __call__(
        self, rules: _M_contra, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0
    ) -> Game:
        """A new session of the game `rules` describe."""
        ...


@dataclass(frozen=True)
class FamilyInfo(Generic[Model]):
    """One game family: what it is called, what plays it, and how its table is set."""

    family: Family
    title: str
    """The family's name in English, marked for translation (translate where shown)."""
    rules_model: type[Model]
    engine: Engine[Model]
    banked: bool
    """True when players bet against a bank (Three Card Poker); False for a pot game."""

    @property
    def seats(self) -> range:
        """How many players a table of this family may seat: its engine's fewest to the most
        any table seats."""
        return range(self.engine.fewest_seats, MOST_SEATS + 1)

    @property
    def presets(self) -> tuple[Preset, ...]:
        """The named presets of this family, in the order the setup lists them."""
        return tuple(preset for preset in PRESETS.values() if preset.family is self.family)

    def create_game(
        self, rules: Rules, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0
    ) -> Game:
        """A new session of this family's game with these rules; ValueError for another's."""
        if not isinstance(rules, self.rules_model):
            raise ValueError(f"no engine of {self.family} plays {type(rules).__name__}")
        return self.engine(rules, stacks, seed=seed, dealer=dealer)


AnyFamilyInfo = (
    FamilyInfo[TeenPattiRules]
    | FamilyInfo[BragRules]
    | FamilyInfo[ThreeCardPokerRules]
    | FamilyInfo[CasinoRules]
)
"""The record of any one family."""


def _register(*records: AnyFamilyInfo) -> Mapping[Family, AnyFamilyInfo]:
    registry = {record.family: record for record in records}
    if set(registry) != set(Family) or len(registry) != len(records):
        raise AssertionError("register every family exactly once")
    return MappingProxyType(registry)


FAMILIES: Mapping[Family, AnyFamilyInfo] = _register(
    FamilyInfo(
        family=Family.TEEN_PATTI,
        title=N_("Teen Patti"),
        rules_model=TeenPattiRules,
        engine=TeenPattiGame,
        banked=False,
    ),
    FamilyInfo(
        family=Family.BRAG,
        title=N_("3 Card Brag"),
        rules_model=BragRules,
        engine=BragGame,
        banked=False,
    ),
    FamilyInfo(
        family=Family.THREE_CARD_POKER,
        title=N_("Three Card Poker"),
        rules_model=ThreeCardPokerRules,
        engine=ThreeCardPokerGame,
        banked=True,
    ),
    FamilyInfo(
        family=Family.CASINO,
        title=N_("Casino Three Card Poker"),
        rules_model=CasinoRules,
        engine=CasinoGame,
        banked=True,
    ),
)
"""Every family's record, in the order menus list them."""

_BY_NAME: dict[str, AnyFamilyInfo] = {str(family): info for family, info in FAMILIES.items()}
"""The same records looked up by a plain name (a `Family` hashes as its name)."""


def family_info(family: str) -> AnyFamilyInfo:
    """The record of a family (a `Family` or its name); RulesError names the known ones."""
    info = _BY_NAME.get(family)
    if info is None:
        raise RulesError(f"'{family}' is not a game: choose one of {', '.join(FAMILIES)}")
    return info


def family_of(rules: Rules) -> AnyFamilyInfo:
    """The record of the family a rule set belongs to; ValueError for what is no rule set."""
    for info in FAMILIES.values():
        if isinstance(rules, info.rules_model):
            return info
    raise ValueError(f"no engine plays {type(rules).__name__}")


def is_banked(family: str) -> bool:
    """Whether a family's players bet against a bank (False for a name that is no family)."""
    info = _BY_NAME.get(family)
    return info is not None and info.banked


def is_pot_game(family: str) -> bool:
    """Whether a family's players bet into a pot (False for a name that is no family)."""
    info = _BY_NAME.get(family)
    return info is not None and not info.banked


def pot_families() -> tuple[Family, ...]:
    """The pot games' families (Teen Patti, Brag), in registry order."""
    return tuple(family for family, info in FAMILIES.items() if not info.banked)


def banked_families() -> tuple[Family, ...]:
    """The banked games' families (both Three Card Pokers), in registry order."""
    return tuple(family for family, info in FAMILIES.items() if info.banked)


def family_title(family: str, default: str | None = None) -> str:
    """A family's title in English, marked for translation (translate where shown); for a name
    that is no family, `default`, else the name itself."""
    info = _BY_NAME.get(family)
    if info is not None:
        return info.title
    return family if default is None else default

"""Every screen of the app, built once at start."""
from __future__ import annotations

from kivy.uix.screenmanager import Screen


def all_screens() -> list[Screen]:
    from ui.screens.headtohead import HeadToHeadScreen
    from ui.screens.history import HistoryScreen
    from ui.screens.home import HomeScreen
    from ui.screens.problem import ProblemScreen
    from ui.screens.hwtest import HardwareTestScreen
    from ui.screens.player import PlayerScreen
    from ui.screens.rules import RulesScreen
    from ui.screens.scores import ScoresScreen
    from ui.screens.settings import SettingsScreen
    from ui.screens.story import StoryScreen
    from ui.screens.setup import SetupScreen
    from ui.screens.table import TableScreen

    return [HomeScreen(name="home"), SetupScreen(name="setup"), TableScreen(name="table"),
            ScoresScreen(name="scores"), HistoryScreen(name="history"),
            SettingsScreen(name="settings"), HardwareTestScreen(name="hwtest"),
            ProblemScreen(name="problem"), StoryScreen(name="story"), PlayerScreen(name="player"),
            HeadToHeadScreen(name="headtohead"), RulesScreen(name="rules")]

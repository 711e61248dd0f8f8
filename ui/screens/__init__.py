"""Screens: one ``.py`` (properties + handlers) and one ``.kv`` (layout) each; the app builds
them all with :func:`ui.screens.all.all_screens`."""

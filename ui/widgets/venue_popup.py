"""Settings → Venue: the venue, its server, this table's id, user name and password.

Saved into settings.toml (venue, venue_broker, table_id) and, for the user name and password,
into the data dir's venue/credentials.toml (mode 0600, never in the settings, the journal or
the log); the link starts again with them at once.  An empty venue name turns the link off.
The organiser's table card (a QR code) fills every field when read with the camera."""
from __future__ import annotations

import logging
import threading
from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.errors import CompanionError
from companion.messages import N_, Text
from companion.venue.credentials import save_credentials
from companion.venue.names import MAX_NAME, VenueError, check_broker, check_name
from ui.widgets.popup_buttons import cancel_and_ok

log = logging.getLogger(__name__)


def field_problem(values: dict[str, str]) -> Text | None:
    """What is wrong with the venue's fields, in the players' words (None: they can be saved);
    every field empty but the venue's name turns the link off."""
    venue, broker, table = values["venue"], values["venue_broker"], values["table_id"]
    names = ((venue, Text("The venue's name “{name}” cannot be used: letters, digits, - or _, "
                          "no +, # or /, at most {most} characters.", name=venue, most=MAX_NAME)),
             (table, Text("This table's id “{name}” cannot be used: letters, digits, - or _, "
                          "no +, # or /, at most {most} characters.", name=table, most=MAX_NAME)))
    for value, problem in names:
        if value:
            try:
                check_name(value)
            except VenueError:
                return problem
    if broker:
        try:
            check_broker(broker)
        except VenueError:
            return Text("The server “{name}” is not a name and a port, like backroom.local:8883.", name=broker)
    if venue and not (broker and table):
        return Text("A venue needs its server and this table's id as well.")
    if values["username"] and not values["password"]:
        return Text("Enter the password that goes with this user name.")
    if values["username"] and values["username"] != table:
        return Text("The user name is this table's id at the venue, “{table}”.", table=table)
    return None


def _input(text: str, hint: str, ident: str, password: bool = False) -> TextInput:
    field = TextInput(text=text, hint_text=hint, multiline=False, password=password, font_size="16sp",
                      write_tab=False)
    field.test_id = ident
    return field


def open_venue_popup(app: Any) -> Popup:
    settings = app.settings
    grid = GridLayout(cols=2, spacing=dp(4), row_default_height=dp(38), row_force_default=True,
                      size_hint_y=None)
    grid.bind(minimum_height=grid.setter("height"))
    fields = {
        "venue": _input(settings.venue, app.tr("none: this table plays alone"), "venue_name"),
        "venue_broker": _input(settings.venue_broker, "backroom.local:8883", "venue_server"),
        "table_id": _input(settings.table_id, "table-7", "venue_table"),
        "username": _input("", app.tr("as the organiser gave it"), "venue_user"),
        "password": _input("", app.tr("unchanged when left empty"), "venue_password", password=True),
    }
    labels = {"venue": N_("Venue"), "venue_broker": N_("Server (name:port)"), "table_id": N_("This table's id"),
              "username": N_("User name"), "password": N_("Password")}
    for key, field in fields.items():
        grid.add_widget(Label(text=app.tr(labels[key]), font_size="16sp", halign="left", valign="middle",
                              size_hint_x=0.45, text_size=(dp(180), None)))
        grid.add_widget(field)
    error = Label(text="", color=(1, 0.45, 0.4, 1), font_size="15sp", size_hint_y=None, height=dp(40))
    error.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
    body = BoxLayout(orientation="vertical", spacing=dp(4), padding=dp(4))
    body.add_widget(grid)
    camera = Factory.BigButton(text=app.tr("Read the venue's card with the camera"),
                               background_color=(0.2, 0.34, 0.5, 1), size_hint_y=None, height=dp(44))
    camera.test_id = "venue_read_card"
    body.add_widget(camera)
    body.add_widget(error)
    body.add_widget(Widget())      # the rest of a tall window below the fields, not above them
    popup = Popup(title=app.tr("Venue"), title_size="19sp", content=body, size_hint=(0.94, 0.94),
                  auto_dismiss=False)
    popup.test_id = "venue_popup"

    def save(*_args: Any) -> None:
        values = {k: f.text.strip() for k, f in fields.items()}
        problem = field_problem(values)
        if problem is not None:
            error.text = app.tr(problem)
            return
        try:
            new = app.settings.with_changes(venue=values["venue"], venue_broker=values["venue_broker"],
                                            table_id=values["table_id"])
            if values["password"]:
                save_credentials(app.data_dir, values["username"] or values["table_id"], values["password"])
            app.save_settings(new)
        except (CompanionError, ValueError, OSError) as exc:
            log.warning("venue settings not saved: %s", exc)
            error.text = app.tr(Text("The venue's details could not be saved ({problem}): "
                                     "check the data folder, then try again.", problem=type(exc).__name__))
            return
        popup.dismiss()
        app.restart_venue()

    reading = threading.Event()      # set while the camera looks (one look at a time)
    stop = threading.Event()         # the popup closed: the camera stops looking

    def card_read(card: Any, problem: Text | None) -> None:
        reading.clear()
        camera.disabled = False
        if stop.is_set():
            return
        if card is None:
            error.color = (1, 0.45, 0.4, 1)
            error.text = app.tr(problem) if problem is not None else ""
            return
        fields["venue"].text, fields["venue_broker"].text = card.venue, card.server
        fields["table_id"].text, fields["username"].text = card.table, card.username
        fields["password"].text = card.password
        error.color = (0.55, 0.9, 0.6, 1)
        error.text = app.tr(Text("The venue's card was read: check the details, then tap Save."))

    def read_card(*_args: Any) -> None:
        if reading.is_set():
            return
        reading.set()
        camera.disabled = True
        error.color = (0.85, 0.85, 0.85, 1)
        error.text = app.tr(Text("Hold the table's card under the camera…"))
        settings = app.settings

        def look() -> None:
            from ui.venue_card_reader import read_card as read_with_camera

            card, problem = read_with_camera(settings, stop=stop)
            Clock.schedule_once(lambda _dt: card_read(card, problem), 0)

        threading.Thread(target=look, name="venue-card", daemon=True).start()

    camera.bind(on_release=read_card)
    popup.bind(on_dismiss=lambda *_a: stop.set())
    body.add_widget(cancel_and_ok(app, popup, "Save", save, "venue"))
    popup.open()
    return popup

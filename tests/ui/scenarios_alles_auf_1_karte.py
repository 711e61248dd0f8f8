"""Alles auf 1 Karte under Xvfb: 2-player games by taps (basic and advanced), the card
picker, the card editor and the camera's dice proposal (run by tests/ui/test_alles_auf_1_karte.py)."""
from __future__ import annotations

import json

from kivy.core.window import Window

from companion.alles_auf_1_karte.cards import COLOURS

X12 = "O:P5-Y3s-G2-B4s-R6"
X21 = "Y:R4s-O4-B4s-G4-P4"


def by_wid(probe, wid: str, root=None):
    """A widget the view tagged with ``wid`` (its ``test_id``, see ui.games.kit.tag)."""
    hidden = None
    for widget in probe.walk(root or Window):
        if getattr(widget, "test_id", None) == wid:
            if probe.visible(widget):
                return widget
            hidden = hidden or (widget if _in_panel(widget) else None)
    if hidden is not None:          # in a panel behind its tab: bring_panel() shows it
        return hidden
    raise AssertionError(f"no widget with wid {wid!r}; phase {probe.app.session.state.phase}")


def _in_panel(widget) -> bool:
    while widget is not None and widget.parent is not widget:
        if type(widget).__name__ == "AaSeatPanel":
            return True
        widget = widget.parent
    return False


def cards_of(probe, seat: int):
    return [w for w in probe.walk(view(probe)) if type(w).__name__ == "CardView"
            and isinstance(w.payload, tuple) and w.payload[0] == "seat" and w.payload[1] == seat]


def card_view(probe, seat: int, card_id: str):
    return next(w for w in cards_of(probe, seat) if w.payload[2] == card_id)


def view(probe):
    return probe.app.manager.get_screen("table").view


def popup(probe, cls: str):
    found = [w for w in Window.children if type(w).__name__ == cls]
    assert found, f"no {cls} open"
    return found[0]


async def shot(probe, widget, name: str) -> str:
    """A screenshot of a popup (popups sit on the window, outside the app's root)."""
    await probe.frames(3)
    path = probe.out / f"{name}.png"
    widget.export_to_png(str(path))
    probe.results["screenshots"][name] = str(path)
    return str(path)


async def start_game(probe, names=("Ana", "Bo")) -> None:
    await probe.start_game("Alles auf 1 Karte", "alles_auf_1_karte", names)
    await probe.frames(3)


def oracle_dice(state, seat: int = 0) -> list[str]:
    """Five faces that fill as many fields as possible on the seat's card nearest to scoring."""
    cards = state.seats[seat].open
    from companion.alles_auf_1_karte.marking import fields_to_score

    card = min(cards, key=fields_to_score)
    free = sorted(((card.free(i), row.colour) for i, row in enumerate(card.card.rows)
                   if card.free(i) > 0))
    faces: list[str] = []
    for count, colour in free:
        take = min(count, 5 - len(faces))
        faces += [colour] * take
        if len(faces) == 5:
            break
    faces += [card.card.missing_colour] * (5 - len(faces))
    return faces


async def enter_throw(probe, faces: list[str]) -> None:
    """Tap the dice colours; stops once the throw is entered (kept dice need no taps)."""
    for colour in faces:
        if probe.app.session.state.phase != "throw":
            break
        await probe.tap(by_wid(probe, f"colour_{colour}"))


async def mark_everyone(probe, record_first: bool = False) -> None:
    """Each seat taps the card the hint names best (or passes), then Confirm all."""
    session = probe.app.session
    summary = session.summary()
    for seat in summary["to_act"]:
        hint = summary["seats"][seat].get("hint") or {}
        fitting = {o["card"] for o in summary["seats"][seat]["options"] if o["default_colours"]}

        def target():
            if hint.get("best_card") in fitting:
                return card_view(probe, seat, hint["best_card"])
            return by_wid(probe, f"pass_{seat}")   # nothing of this roll fits the hinted card: pass

        # a seat off screen is scrolled into view first, as a player would swipe; the view may
        # rebuild its panels meanwhile (a round ending), so the widget is looked up again
        await scroll_into_view(probe, target)
        await probe.tap(target())
        if seat not in view(probe).choices:
            # now and then the horizontal ScrollView keeps a tap as the start of a swipe
            # (Kivy's scroll_timeout under load): a player taps again
            await scroll_into_view(probe, target)
            await probe.tap(target())
    if record_first:
        await probe.screenshot("table_mark")
        probe.record("mark_texts", probe.texts(view(probe)))
        probe.record("choices", {str(k): list(v) for k, v in view(probe).choices.items()})
    await probe.tap(by_wid(probe, "confirm_all"))


async def play_rounds(probe, replace, record_first_mark: bool = False, max_rounds: int = 40) -> int:
    """Play by taps until the game ends: throws from the oracle, keep, everyone marks, and
    ``replace()`` when a card must be replaced (a new card revealed from the pile when the
    phase asks).  Returns how many replacements were made."""
    session = probe.app.session
    rounds = replacements = 0
    first_mark = record_first_mark
    while not session.is_over and rounds < max_rounds:
        phase = session.state.phase
        if phase == "throw":
            rounds += 1
            await enter_throw(probe, oracle_dice(session.state))
        elif phase == "decide":
            await probe.tap(by_wid(probe, "keep_roll"))
        elif phase == "mark":
            await mark_everyone(probe, record_first=first_mark)
            first_mark = False
        elif phase == "replace":
            await replace()
            replacements += 1
        elif phase == "reveal":
            await probe.tap(by_wid(probe, "random_card"))
        else:
            raise AssertionError(f"unexpected phase {phase}")
    return replacements


async def bring_panel(probe, widget) -> None:
    """When ``widget`` is in a panel behind its tab (not all fit side by side), tap the
    panel's tab, as a player would."""
    panel = widget
    while panel is not None and type(panel).__name__ != "AaSeatPanel":
        panel = panel.parent
    if panel is None or probe.visible(panel):
        return
    key = "display" if panel.seat is None else panel.seat
    tab = next(t for t in view(probe).ids.panel_tabs.children if t.key == key)
    await probe.tap(tab)
    await probe.until(lambda: probe.visible(panel))


async def scroll_into_view(probe, find) -> None:
    """Scroll the widget ``find()`` returns into view and wait until it is the same widget,
    standing still, two frames running (so a tap lands where a finger would)."""
    last = None
    for _ in range(60):
        widget = find()
        await bring_panel(probe, widget)
        widget = find()
        view(probe).ids.scroll.scroll_to(widget, padding=10, animate=False)
        await probe.frames(1)
        here = (widget, tuple(round(v) for v in widget.to_window(*widget.center)))
        if here == last and find() is widget:
            return
        last = here


def has_popup(cls: str) -> bool:
    return any(type(w).__name__ == cls for w in Window.children)


async def deal_by_picker(probe, card_id: str, missing: str) -> None:
    await probe.until(lambda: not has_popup("CardPicker"))
    await probe.tap(by_wid(probe, "pick"))
    await probe.until(lambda: has_popup("CardPicker"))
    picker = popup(probe, "CardPicker")
    swatch = next(w for w in probe.walk(picker) if type(w).__name__ == "AaSwatch"
                  and w.colour == missing)
    await probe.tap(swatch)
    shown = [w.payload for w in probe.walk(picker.ids.grid) if type(w).__name__ == "CardView"]
    probe.record(f"picker_filtered_{missing}", shown)
    probe.record(f"picker_notes_{missing}",
                 [w.note for w in probe.walk(picker.ids.grid) if type(w).__name__ == "CardView"])
    await shot(probe, picker, f"picker_{missing}")
    target = next(w for w in probe.walk(picker.ids.grid)
                  if type(w).__name__ == "CardView" and w.payload == card_id)
    await probe.tap(target)
    await probe.until(lambda: not has_popup("CardPicker"))


async def play_two_players_to_the_end(probe) -> None:
    """Setup, deal (picker and random), a camera throw, a re-roll, marking by taps,
    replacements, to the final score screen."""
    app = probe.app
    await start_game(probe)
    session = app.session
    probe.record("view_class", type(view(probe)).__name__)
    await probe.screenshot("table_deal")
    await deal_by_picker(probe, X12, "orange")
    await deal_by_picker(probe, X21, "yellow")
    await probe.tap(by_wid(probe, "random_card"))
    await probe.tap(by_wid(probe, "random_card"))
    probe.record("open_after_deal", [[c.id for c in s.open] for s in session.state.seats])
    # the first throw: on the simulated mat, read by the camera, confirmed in the proposal bar
    import random

    from vision.games.alles_auf_1_karte.camera import hand_over_tray, lift_hand

    view(probe).rng = random.Random(11)      # a throw whose dice lie apart
    table = app.camera.setup.simulated_table
    await probe.step_camera()                # the empty mat: the camera settles on it
    await probe.tap(by_wid(probe, "random_throw"))
    await probe.until(lambda: not table.has_hand)   # the view lifts the thrower's hand after a moment
    # the camera settles on the hand over the dice, then sees it leave: the change gate reads
    # the tray only then (dice alone change too few of its cells).  Live, that took the hand
    # staying 4+ frames, which a loaded machine did not always render in the view's 0.8 s.
    hand_over_tray(table)
    await probe.step_camera()
    lift_hand(table)
    await probe.step_camera()
    try:
        await probe.until_session(lambda: session.pending is not None)
    finally:
        latest = app.camera.worker.latest() if app.camera else None
        probe.record("camera_status", f"{app.camera.worker.status} rendered={app.camera.source.rendered} alive={app.camera.worker.is_running}" if app.camera else "none")
        probe.record("camera_notes", list(latest.notes) if latest else None)
    probe.record("camera_proposal", str(session.pending.action))
    probe.record("camera_faces", list(session.pending.action.faces))
    probe.record("sim_faces", sorted(d.face for d in app.camera.setup.simulated_table.dice()))
    await probe.screenshot("table_camera_proposal")
    await probe.tap_id("confirm_proposal")
    probe.record("phase_after_camera", session.state.phase)
    # a re-roll of two dice, entered by tap
    dice = [w for w in probe.walk(view(probe).ids.dice) if type(w).__name__ == "DieView"]
    dice.sort(key=lambda d: d.slot)
    await probe.tap(dice[0])
    await probe.tap(next(d for d in view(probe).ids.dice.children if d.slot == 1))
    probe.record("reroll_text", by_wid(probe, "reroll").text)
    await probe.tap(by_wid(probe, "reroll"))
    target = oracle_dice(session.state)
    kept = [f for f in session.state.dice]
    for face in session.state.picked_up:
        kept.remove(face)
    await enter_throw(probe, target[:2])
    probe.record("pending_after_reroll", str(session.pending))
    probe.record("after_reroll_dice", list(session.state.dice))
    probe.record("after_reroll_expected", sorted(kept + target[:2], key=COLOURS.index))
    await probe.tap(by_wid(probe, "keep_roll"))
    await play_rounds(probe, replace=lambda: probe.tap(by_wid(probe, "random_card")), record_first_mark=True)
    await probe.until(lambda: app.manager.current == "scores")
    await probe.screenshot("scores")
    probe.record("rounds", session.state.round)
    probe.record("scores_texts", probe.texts(probe.screen()))
    probe.record("totals", list(session.score_sheet().totals))
    probe.record("scored_counts", [len(s.scored) for s in session.state.seats])
    probe.record("actions", len(session.actions))


async def correct_a_card(probe, prefix: str) -> None:
    """Open the card editor from the view, correct card 1, see an error, save."""
    app = probe.app
    await probe.tap(by_wid(probe, "cards"))
    await probe.until(lambda: has_popup("CardEditor"))
    editor = popup(probe, "CardEditor")
    await shot(probe, editor, f"{prefix}editor_list")
    first = next(w for w in probe.walk(editor) if type(w).__name__ == "CardView" and w.payload == 0)
    await probe.tap(first)
    form = editor.form
    await shot(probe, editor, f"{prefix}editor_form")
    rows = sorted(form.ids.rows.children, key=lambda r: r.index)
    # a third sun is an error naming the card
    sunless = next(r for r in rows if r.ids.sun.state == "normal")
    await probe.tap(sunless.ids.sun)
    probe.record(f"{prefix}error_text", form.ids.messages.text)
    probe.record(f"{prefix}save_disabled", form.ids.save.disabled)
    await shot(probe, editor, f"{prefix}editor_error")
    await probe.tap(sunless.ids.sun)
    # the first row has one field more than the sample layout said, the second one fewer
    await probe.tap(rows[0].ids.more)
    await probe.tap(rows[1].ids.fewer)
    probe.record(f"{prefix}form_text", form.ids.messages.text)
    await probe.tap(form.ids.save)
    path = app.data_dir / "catalogues" / "alles_auf_1_karte-catalogue.json"
    probe.record(f"{prefix}saved_first_card", json.loads(path.read_text())["cards"][0]
                 if path.exists() else None)
    probe.record(f"{prefix}list_note", editor.page.ids.note.text)
    close = next(w for w in probe.walk(editor) if getattr(w, "text", "") == app.tr("Close"))
    await probe.tap(close)
    await probe.until(lambda: not has_popup("CardEditor"))


async def screens_at_size(probe) -> None:
    """A short tour for screenshots: deal, the picker, a throw, marking, the editor."""
    app = probe.app
    await start_game(probe, names=("Ana", "Bo", "Cy"))
    session = app.session
    await probe.tap(by_wid(probe, "pick"))
    await probe.until(lambda: has_popup("CardPicker"))
    picker = popup(probe, "CardPicker")
    await shot(probe, picker, "picker")
    await probe.tap(picker.ids.random)
    await probe.until(lambda: not has_popup("CardPicker"))
    while session.state.phase == "deal":
        await probe.tap(by_wid(probe, "random_card"))
    await enter_throw(probe, ["red", "red"])
    await probe.screenshot("table_throw")
    await enter_throw(probe, ["blue", "green", "yellow"])
    await probe.screenshot("table_decide")
    await probe.tap(by_wid(probe, "keep_roll"))
    await correct_a_card(probe, "")
    await mark_everyone(probe, record_first=True)
    await probe.screenshot("table_after_round")
    probe.record("texts_after_round", probe.texts(view(probe)))
    probe.record("view_size", list(view(probe).size))



async def keep_three_each(probe) -> None:
    """Advanced set-up: every seat taps three of its five cards, then its Keep button."""
    session = probe.app.session
    for seat in list(session.summary()["to_act"]):
        for index in range(3):
            card = cards_of(probe, seat)[index]      # found again: a tap rebuilds the panels
            await bring_panel(probe, card)
            view(probe).ids.scroll.scroll_to(card, padding=10, animate=False)
            await probe.frames(2)
            await probe.tap(card)
        if seat == 0:
            probe.record("keep_status", [w.text for w in probe.walk(view(probe))
                                         if "chosen" in str(getattr(w, "text", ""))])
            await probe.screenshot("advanced_keep")
        keep = by_wid(probe, f"keep_{seat}")
        await bring_panel(probe, keep)
        view(probe).ids.scroll.scroll_to(keep, padding=10, animate=False)
        await probe.frames(2)
        await probe.tap(keep)


async def take_from_display(probe) -> None:
    """The scorer taps the display card that is nearest to scoring for it (the fewest fields)."""
    session = probe.app.session
    summary = session.summary()
    card_id = min(summary["display"], key=lambda c: c["fields_to_score"])["id"]
    target = next(w for w in probe.walk(view(probe)) if type(w).__name__ == "CardView"
                  and w.payload == ("display", card_id))
    await bring_panel(probe, target)
    view(probe).ids.scroll.scroll_to(target, padding=10, animate=False)
    await probe.frames(2)
    if "display_take" not in probe.results:
        await probe.screenshot("advanced_take")
        probe.record("display_take", {"seat": summary["replacements"][0], "card": card_id,
                                      "info": view(probe).info})
    await probe.tap(target)


async def play_advanced_to_the_end(probe) -> None:
    """The advanced variant by taps: 5 cards dealt, 3 kept, the display laid out, rolls
    entered colour by colour, marking, new cards taken from the display, to the scores."""
    app = probe.app

    def advanced() -> None:
        row = next(r for r in probe.find_all(cls="OptionRow") if r.ids.label.text == app.tr("Variant"))
        row.ids.choice.text = app.tr("Advanced variant")

    await probe.start_game("Alles auf 1 Karte", "alles_auf_1_karte", ("Ana", "Bo"), advanced)
    await probe.frames(3)
    session = app.session
    probe.record("variant", session.config.option("variant"))
    probe.record("deal_info", view(probe).info)
    while session.state.phase == "deal":
        await probe.tap(by_wid(probe, "random_card"))
    probe.record("dealt", [len(s.open) for s in session.state.seats])
    probe.record("keep_info", view(probe).info)
    await keep_three_each(probe)
    probe.record("kept", [len(s.open) for s in session.state.seats])
    probe.record("reveal_info", view(probe).info)
    while session.state.phase == "reveal":
        await probe.tap(by_wid(probe, "random_card"))
    probe.record("display", [c.id for c in session.state.display])
    await probe.screenshot("advanced_display")
    takes = await play_rounds(probe, replace=lambda: take_from_display(probe))
    await probe.until(lambda: app.manager.current == "scores")
    await probe.screenshot("advanced_scores")
    probe.record("takes", takes)
    probe.record("rounds", session.state.round)
    probe.record("scores_texts", probe.texts(probe.screen()))
    probe.record("totals", list(session.score_sheet().totals))
    probe.record("scored_counts", [len(s.scored) for s in session.state.seats])
    probe.record("action_types", sorted({a.to_dict()["type"] for a in session.actions}))
    probe.record("actions", [a.to_dict() for a in session.actions])
    probe.record("config", session.config.to_dict())


async def deal_out_of_order_four_players(probe) -> None:
    """Four players (seat colours red, blue, green, yellow from setup): the deal goes to the
    seats the table taps, not the first seat still short; the seat panels are drawn in the
    seats' colours; every look measured at 800x480 (tests/ui/measure.py)."""
    import random

    from tests.ui.scenarios_views_measured import Looks, play_on

    app, looks = probe.app, Looks(probe)
    await start_game(probe, names=("Ana", "Bo", "Cy", "Di"))
    session = app.session
    await looks("deal")
    probe.record("deal_default", [w.test_id for w in probe.walk(view(probe))
                                  if getattr(w, "test_id", "").startswith("deal_") and w.chosen])
    await probe.tap(by_wid(probe, "deal_2"))                 # Cy drew first
    probe.record("deal_info_cy", view(probe).info)
    probe.record("deal_chosen_cy", [w.test_id for w in probe.walk(view(probe))
                                    if getattr(w, "test_id", "").startswith("deal_") and w.chosen])
    await probe.tap(by_wid(probe, "pick"))
    await probe.until(lambda: has_popup("CardPicker"))
    picker = popup(probe, "CardPicker")
    probe.record("picker_title", picker.ids.title.text)
    target = next(w for w in probe.walk(picker.ids.grid)
                  if type(w).__name__ == "CardView" and w.payload == X12)
    await probe.tap(target)
    await probe.until(lambda: not has_popup("CardPicker"))
    await probe.tap(by_wid(probe, "deal_3"))                 # then Di, a random card
    await probe.tap(by_wid(probe, "random_card"))
    probe.record("dealt_first", [a.to_dict() for a in session.actions])
    # Cy again: her second card; a seat with its cards leaves the row of seats
    await probe.tap(by_wid(probe, "deal_2"))
    await probe.tap(by_wid(probe, "random_card"))            # Cy's second card: Cy is done
    probe.record("deal_buttons_after_cy", sorted(w.test_id for w in probe.walk(view(probe))
                                                 if getattr(w, "test_id", "").startswith("deal_")
                                                 and probe.visible(w)))
    await probe.screenshot("deal_four")
    await enter_real_card(probe, seat=1)
    while session.state.phase == "deal":
        await probe.tap(by_wid(probe, "random_card"))
    probe.record("open_after_deal", [[c.id for c in s.open] for s in session.state.seats])
    probe.record("deal_seats", [a.seat for a in session.actions if a.to_dict()["type"] == "draw_card"])
    panels = sorted((w for w in probe.walk(view(probe)) if type(w).__name__ == "AaSeatPanel"),
                    key=lambda p: p.seat)
    probe.record("bands", [list(p.band) for p in panels])
    probe.record("inks", [list(p.ink) for p in panels])
    rng = random.Random(7)
    await play_on(probe, lambda s: s.phase == "mark", rng)
    await looks("mark_four")
    await probe.screenshot("mark_four")
    looks.save()


#: a real card no sample has, row by row: (colour, fields, sun)
REAL_LAYOUT = [("red", 3, True), ("purple", 4, False), ("blue", 5, False), ("orange", 6, True),
               ("yellow", 2, False)]


async def enter_real_card(probe, seat: int) -> None:
    """The card ``seat`` drew is not in the list: "Not in the list" in the picker, its rows
    tapped into the grid (colour, last field, sun), Use this card."""
    app = probe.app
    await probe.tap(by_wid(probe, f"deal_{seat}"))
    await probe.tap(by_wid(probe, "pick"))
    await probe.until(lambda: has_popup("CardPicker"))
    await probe.tap(popup(probe, "CardPicker").ids.enter)
    await probe.until(lambda: has_popup("CardEntry"))
    entry = popup(probe, "CardEntry")
    probe.record("entry_title", entry.title)
    probe.record("entry_note_blank", entry.note)
    probe.record("entry_use_disabled_blank", entry.ids.use.disabled)
    taps = 0
    for index, (colour, fields, sun) in enumerate(REAL_LAYOUT):
        await probe.tap(by_wid(probe, f"entry_{index}_{colour}", entry))
        await probe.tap(by_wid(probe, f"entry_{index}_field_{fields}", entry))
        taps += 2
        if sun:
            await probe.tap(by_wid(probe, f"entry_{index}_sun", entry))
            taps += 1
    probe.record("entry_taps", taps + 1)
    probe.record("entry_note_done", entry.note)
    await shot(probe, entry, "card_entry")
    await probe.tap(entry.ids.use)
    await probe.until(lambda: not has_popup("CardEntry"))
    await probe.frames(3)
    session = app.session
    probe.record("real_open", [c.id for c in session.state.seats[seat].open])
    probe.record("real_actions", [a.to_dict() for a in session.actions[-2:]])
    probe.record("real_banner", probe.texts(app.root))
    path = app.data_dir / "catalogues" / "alles_auf_1_karte-catalogue.json"
    saved = json.loads(path.read_text()) if path.exists() else {"cards": []}
    probe.record("real_saved", [c for c in saved["cards"] if c.get("status") == "checked"])

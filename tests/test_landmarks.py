"""The app's landmarks and names for a screen reader (what the browser tests' axe-core
check finds on the page), in the student's language."""

from __future__ import annotations

from kowhist_teach.app import build_app
from kowhist_teach.i18n import set_language
from kowhist_teach.widgets.stepper import StepperWidget


def test_the_app_is_in_landmarks_named_in_its_language() -> None:
    try:
        app = build_app(seed=1)
        marks = app.landmarks.marks
        assert marks[":scope"] == {"lang": "en"}
        assert marks[":scope > .kw-tabs"] == {"role": "main"}
        assert marks[":scope > .kw-app-header"]["role"] == "navigation"
        assert marks[":scope > .kw-app-header"]["aria-label"] == "Games and language"
        assert marks[":scope > .kw-teacher-box"]["aria-label"] == "Teacher settings"
        # The explanation beside the table scrolls: it takes the keyboard's focus.
        assert marks[".kw-side .kw-explain"]["tabindex"] == "0"
        assert marks[".kw-side .kw-explain"]["aria-label"] == "Explanation"
        # The widget that puts them on the page is one of the app's (it acts where it is).
        assert app.landmarks in app.children
        app.set_language("es")
        marks = app.landmarks.marks
        assert marks[":scope > .kw-app-header"]["aria-label"] == "Juegos e idioma"
        assert marks[":scope"] == {"lang": "es"}  # the app's element: its words' language
        assert marks[":scope > .kw-teacher-box"]["aria-label"] == "Ajustes del profesor"
        app.set_language("fr")
        assert app.landmarks.marks[":scope > .kw-app-header"]["aria-label"] == "Jeux et langue"
    finally:
        set_language("en")


def test_the_steppers_menu_and_slider_have_names() -> None:
    try:
        stepper = StepperWidget()
        assert stepper.labels in stepper.children
        marks = stepper.labels.marks
        assert marks[".kw-step-examples select"] == {"aria-label": "Example game"}
        assert marks[".kw-step-slider .noUi-handle"] == {"aria-label": "Step of the game"}
        set_language("fr")
        stepper.rebuild()
        assert stepper.labels.marks[".kw-step-slider .noUi-handle"] == {
            "aria-label": "Étape de la partie"
        }
    finally:
        set_language("en")

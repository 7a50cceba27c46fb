"""Make headless console tests cheaper without changing what they can observe: every patch of Textual's
internals the suite makes, in one pytest plugin (``pytest_plugins`` in ``tests/conftest.py``).

The patches reach into Textual's private parts (``textual._wait``, ``Compositor.render_update``,
``Stylesheet._parse_rules``, ``Pilot.pause``/``press``, ``FooterKey``), so each is right for one Textual
release only: the one pyproject pins, :data:`WRITTEN_FOR`. On any other installed Textual none is applied
and one warning says why; the tests still run, only slower. Bumping the pin means reading each patch against
the new release, then raising :data:`WRITTEN_FOR` (``tests/test_textual_speedups.py`` holds the two
equal).

Each patch is a function returning the ``(owner, attribute, value)`` settings it makes; its docstring
says what it skips and why a headless test cannot tell.
"""

from __future__ import annotations

import weakref

import pytest

WRITTEN_FOR = "8.2.8"
"""The Textual release these patches were read against (pyproject pins Textual to it exactly)."""

PILOT_IDLE_SLICE = 0.004
"""Seconds of one look of Pilot's idle wait (Textual's is 1/50 s): a key press waits for two idle
slices and a pause for one, so at 20 ms the suite spent most of a console test asleep."""


def skip_unseen_frames() -> list[tuple[object, str, object]]:
    """**No painting of frames nobody sees.** A headless app renders every frame in full and then throws
    it away (``App._display`` writes nothing without a terminal): half a console test's CPU. The partial
    update is skipped (its dirty regions are dropped as a paint would drop them); layout, widgets' own
    ``render()`` and a full render (snapshots, ``export_screenshot``) are unchanged."""
    from textual._compositor import Compositor

    full_render = Compositor.render_update

    def render_update(self, full=False, screen_stack=None, simplify=False):
        if full:
            return full_render(self, full, screen_stack, simplify)
        self._dirty_regions.clear()
        return None

    return [(Compositor, "render_update", render_update)]


def shorter_idle_slices() -> list[tuple[object, str, object]]:
    """**Shorter idle slices.** ``Pilot.pause`` first waits until every widget of the screen has handled
    what was sent to it, then for the process to be idle: the idle check is a backstop, and a 4 ms
    slice (:data:`PILOT_IDLE_SLICE`) is enough for it. No terminal waits on these slices headless;
    what a 20 ms slice let the screen's refresh timer run is waited for by
    :func:`settle_after_pause_and_press`."""
    from textual import _wait

    return [(_wait, "SLEEP_GRANULARITY", PILOT_IDLE_SLICE), (_wait, "SLEEP_IDLE", PILOT_IDLE_SLICE / 20)]


def settle_after_pause_and_press() -> list[tuple[object, str, object]]:
    """**Pause and press wait for what a refresh queued.** ``Pilot.pause`` ends by running the screen's
    refresh by hand; what that queues (``call_after_refresh`` callbacks, a recompose) would have run
    inside a 20 ms idle slice, as the screen's 60 Hz refresh timer fired. Here ``pause`` waits for the
    screen's queues once more, and ``press`` ends with a ``pause``, so a test still reads the console
    after everything a key started. Nothing is skipped: this only waits longer than Pilot did."""
    from textual.pilot import Pilot

    pause = Pilot.pause
    press = Pilot.press

    async def pause_and_run_after_refresh(self, delay=None):
        await pause(self, delay)
        await self._wait_for_screen()

    async def press_and_settle(self, *keys):
        await press(self, *keys)
        await self.pause()

    return [(Pilot, "pause", pause_and_run_after_refresh), (Pilot, "press", press_and_settle)]


def parse_css_once() -> list[tuple[object, str, object]]:
    """**CSS parsed once per process.** Every new app parses every widget's default CSS again (about
    60 ms of each console test's start); the rules parsed from the same text, with the same arguments
    and the same theme variables, are kept and shared between apps. Safe because Textual does not
    change a rule once parsed (the stylesheet copies what it applies), headless or not."""
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    parsed: dict[tuple, list] = {}

    def parse_rules_once(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    return [(Stylesheet, "_parse_rules", parse_rules_once)]


def footer_keys_styled_once() -> list[tuple[object, str, object]]:
    """**A footer key's styles worked out once, not twice, when the footer is drawn again.** ``FooterKey``
    starts without its ``-compact`` class although its ``compact`` reactive starts true: the reactive's
    first watch adds the class and works the key's styles out again, and the footer's ``data_bind`` then
    sets ``compact`` to the footer's (false) and works them out a third time. The footer draws all its keys
    again on every change of bindings (every form opened, every focus moved), so this was a fifth of a
    console test's CPU. Here a key starts with the class its reactive says, so the first watch changes
    nothing; the binding's change still works the styles out, and the key ends as it did: same class, same
    styles."""
    from textual.widgets._footer import FooterKey

    init = FooterKey.__init__

    def init_with_its_class(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self.set_class(self.compact, "-compact", update=False)

    return [(FooterKey, "__init__", init_with_its_class)]


def footer_keys_start_as_compact_as_their_footer() -> list[tuple[object, str, object]]:
    """**A footer key starts as compact as the footer it is bound to.** Textual's ``Footer`` binds each
    ``FooterKey``'s ``compact`` to its own (``data_bind``); the key starts compact (its default) and the
    footer does not (its default), so the binding then removes the key's ``-compact`` class as it mounts and
    works out the styles of the key and its parts once more, for every key of every footer drawn: a sixth of
    a roll builder test's CPU (the builder's test app shows Textual's own footer). Here each key the footer
    composes bound to the footer starts with the footer's ``compact`` value and class (the command palette's
    key is not bound and keeps its own), as ``gmconsole.ui.widgets.footer`` does for
    the console's own footer; the binding then changes nothing, and the key ends as it did: same class, same
    styles."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    compose = Footer.compose

    def compose_keys_as_compact_as_the_footer(self):
        for widget in compose(self):
            if isinstance(widget, FooterKey) and widget._reactive_connect:  # bound; not the palette's key
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    return [(Footer, "compose", compose_keys_as_compact_as_the_footer)]


FOCUS_PSEUDO_CLASSES = frozenset({"focus", "blur", "focus-within"})
"""The pseudo-classes a widget's gaining or losing the focus can change on the widget itself."""


def focus_restyles_the_subtree_only_when_a_rule_says_so() -> list[tuple[object, str, object]]:
    """**A focus change restyles the widget's descendants only when a rule can match them differently.**
    Textual's ``Widget.watch_has_focus`` works out again the styles of the widget and every widget inside
    it, on every focus change (a Tab from one field to the next, a modal closing): a twentieth of a console
    test's CPU. A descendant's styles can change with its ancestor's focus only through a rule whose selector
    has ``:focus`` (``:blur``, ``:focus-within``) on a part before its last that the widget matches (e.g.
    ``ListView:focus > ListItem.-highlight``). When the stylesheet has such a rule for the widget, the whole
    subtree is restyled as before; otherwise the widget alone is (its own rules, its component classes and
    scrollbars, as ``Stylesheet.update_nodes`` does), and every descendant keeps styles that no rule could
    change. ``:focus-within`` of the ancestors is Textual's own ``Screen._update_focus_styles``, untouched."""
    from textual._context import NoActiveAppError
    from textual.widget import Widget

    focus_parts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def ancestor_parts_with_focus(stylesheet) -> list:
        """The selector parts, before the last, that carry a focus pseudo-class (kept per parse)."""
        rules = stylesheet.rules
        kept = focus_parts.get(stylesheet)
        if kept is None or kept[0] is not rules:
            parts = [selector for rule in rules for selector_set in rule.selector_set
                     for selector in selector_set.selectors[:-1]
                     if not FOCUS_PSEUDO_CLASSES.isdisjoint(selector.pseudo_classes)]
            kept = focus_parts[stylesheet] = (rules, parts)
        return kept[1]

    def watch_has_focus(self, _has_focus: bool) -> None:
        try:
            app = self.app
        except NoActiveAppError:
            return
        stylesheet = app.stylesheet
        if any(selector._check(self) for selector in ancestor_parts_with_focus(stylesheet)):
            app.update_styles(self)
        else:
            stylesheet.update_nodes([self], animate=True)

    return [(Widget, "watch_has_focus", watch_has_focus)]


PATCHES = (skip_unseen_frames, shorter_idle_slices, settle_after_pause_and_press, parse_css_once,
           footer_keys_styled_once, footer_keys_start_as_compact_as_their_footer,
           focus_restyles_the_subtree_only_when_a_rule_says_so)


def installed_textual() -> str:
    """The version of the Textual this process imports."""
    import textual

    return textual.__version__


def why_not_patched() -> str | None:
    """Why the patches must not be applied here (another Textual than they were written for), or
    ``None`` when they may be."""
    installed = installed_textual()
    if installed == WRITTEN_FOR:
        return None
    return (f"Textual {installed} is installed but tests/textual_speedups.py was written for Textual "
            f"{WRITTEN_FOR}: its patches of Textual's internals are not applied (the console tests run "
            f"unpatched, slower); read them against {installed} and raise WRITTEN_FOR")


def install(warn) -> list[tuple[object, str]]:
    """Apply every patch when the installed Textual is the one they were written for; otherwise call
    ``warn(reason)`` once and apply none. Returns the ``(owner, attribute)`` pairs set."""
    reason = why_not_patched()
    if reason is not None:
        warn(reason)
        return []
    settings = [setting for make in PATCHES for setting in make()]
    for owner, name, value in settings:
        setattr(owner, name, value)
    return [(owner, name) for owner, name, _ in settings]


def pytest_configure(config):
    """Apply the patches once per test process (the xdist controller and each worker). A skip is said
    by the process that reports (the controller, or a run without xdist), so a run says it once."""
    reporting = not hasattr(config, "workerinput")

    def warn(reason: str) -> None:
        if reporting:
            config.issue_config_time_warning(pytest.PytestConfigWarning(reason), stacklevel=2)

    install(warn)

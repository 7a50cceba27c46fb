"""The Textual console: the only package that imports textual.

``gmconsole.ui.launch.launch`` starts it; ``gmconsole.ui.app.GMConsoleApp`` is the application on one
open campaign service; screens live in ``screens/``, panes in ``widgets/``, styles in ``*.tcss``.
"""

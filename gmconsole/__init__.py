"""gmconsole: a game master's terminal console over an exact rules core.

Importing this package imports no UI and no storage code; see ``gmconsole.ui`` and
``gmconsole.store`` for those.
"""

__version__ = "0.1.0"

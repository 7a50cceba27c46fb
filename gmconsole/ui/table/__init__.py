"""The players' table view (``gmconsole table NAME``): a read-only screen the players watch.

:class:`~gmconsole.ui.table.app.TableApp` shows what the table may see of the campaign the GM runs: the
turn order, the last public rolls with big dice, the party's numbers, doom and clocks. It changes nothing.
"""

from gmconsole.ui.table.app import TableApp

__all__ = ["TableApp"]

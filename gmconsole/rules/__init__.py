"""The rules core shared by every dice system: dice and faces, the faces SPEC, initiative, the
bundled tables loader. What differs by system lives in :mod:`gmconsole.systems`.

Nothing in this package imports textual, tinydb or rich, reads the clock or the disk
(except the bundled system tables through :mod:`gmconsole.rules.data`), or touches a
global random generator: a ``random.Random`` or a list of hand-entered faces is passed in.
"""

from gmconsole.rules.errors import RulesError

__all__ = ["RulesError"]

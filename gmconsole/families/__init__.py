"""gmconsole's own game families as objects (:class:`gmconsole.systems.family.GameFamily`), one package each.

Each is registered in the ``gmconsole.families`` entry-point group (``pyproject.toml``), as a family
installed as its own package is, and found only through it (:func:`gmconsole.systems.family_of`): no
layer below imports this package. A family's object imports its system facts at once (cheap, read at
start-up) and each of its parts (roll engine, console forms, CLI, statistics...) only when first asked
for. See ``docs/adding-a-family.md``.
"""

"""The rules core stays pure: importing every module of gmconsole.rules pulls in no UI or storage library."""

import subprocess
import sys

SCRIPT = """
import importlib, pkgutil, sys
import gmconsole.rules as rules
names = [m.name for m in pkgutil.iter_modules(rules.__path__, 'gmconsole.rules.')]
for name in names:
    importlib.import_module(name)
bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'tinydb', 'rich')
             or m.startswith(('gmconsole.ui', 'gmconsole.store', 'gmconsole.campaign')))
print(len(names))
print(','.join(bad))
"""


def test_rules_core_imports_no_ui_or_storage():
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    count, bad = result.stdout.splitlines()
    assert int(count) >= 5
    assert bad == ""

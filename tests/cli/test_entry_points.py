"""The command line starts, reports its version and refuses bad input with one clear line."""

import pytest


def test_version_prints_and_exits_zero(run_cli_subprocess):
    """``python -m gmconsole`` is the entry point a user runs: a real process."""
    result = run_cli_subprocess("--version")
    assert result.returncode == 0
    assert result.stdout.startswith("gmconsole ")


def test_unknown_command_is_one_line_with_status_2(run_cli):
    result = run_cli("dance")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr



def test_a_closed_pipe_is_not_an_error():
    """``gmconsole ... | head`` closes the pipe early: no BrokenPipeError line, status 0."""
    import subprocess
    import sys

    child = subprocess.Popen(
        [sys.executable, "-m", "gmconsole", "odds", "yze", "--base", "3", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    child.stdout.close()
    _, err = child.communicate(timeout=60)
    assert b"BrokenPipe" not in err and b"error" not in err
    assert child.returncode == 0


@pytest.mark.parametrize(
    ("argv", "opens"),
    [
        ([], True),
        (["open", "yze-demo"], True),
        (["--data-dir", "somewhere", "open", "yze-demo", "--read-only"], True),
        (["--data-dir", "open"], True),  # a data folder named "open", no command: the console
        (["--help"], False),
        (["open", "--help"], False),
        (["--version"], False),
        (["roll", "yze", "--base", "2"], False),
        (["history", "yze-demo"], False),
    ],
)
def test_only_console_command_lines_take_the_short_parser(argv, opens):
    from gmconsole.cli import _opens_console

    assert _opens_console(argv) is opens


def test_console_command_lines_still_refuse_bad_input_naming_every_command(run_cli, tmp_path):
    """The console's short parser (campaign commands only) must not change what a typo gets."""
    missing = run_cli("--data-dir", str(tmp_path), "open", "nowhere")
    assert missing.returncode == 2 and len(missing.stderr.strip().splitlines()) == 1
    assert "nowhere" in missing.stderr and "Traceback" not in missing.stderr
    no_name = run_cli("open")
    assert no_name.returncode == 2 and "NAME" in no_name.stderr
    typo = run_cli("opn", "yze-demo")
    assert typo.returncode == 2 and "odds" in typo.stderr and "open" in typo.stderr
    helped = run_cli("--help")
    assert helped.returncode == 0 and all(c in helped.stdout for c in ("odds", "roll", "history", "open"))

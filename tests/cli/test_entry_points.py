"""The command line starts, reports its version and refuses bad input with one clear line."""


def test_version_prints_and_exits_zero(run_cli):
    result = run_cli("--version")
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

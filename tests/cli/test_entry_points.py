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

"""The benchmarks' server on a temporary data folder, and their big galleries: `fill_directly` (Tests/Browser/filler.py,
shared with the tests) writes items straight into the stopped server's SQLite file; a million take about half a
minute."""

import contextlib
import tempfile
from pathlib import Path

from filler import fill_directly  # noqa: F401 - the benchmarks' big galleries (Tests/Browser on sys.path)


@contextlib.contextmanager
def benchmark_server(binary: Path):
    """The real server on a temporary data folder (`--no-auth`, 127.0.0.1): yields it and its data folder, and stops it
    by its own PID at the end (stop it earlier to fill or read its database). Needs Tests/Browser on `sys.path`."""
    import helpers  # the test harness starts and stops the server

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        server = helpers.GalleryServer(binary, data, Path(folder) / "server.log")
        server.start()
        try:
            yield server, data
        finally:
            server.stop()

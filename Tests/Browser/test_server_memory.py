"""The server process's own memory settings, seen from outside as the operating system sees them (Linux only)."""

import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc and glibc's heaps")

ARENA_HEAP = 64 << 20  # glibc's HEAP_MAX_SIZE on 64-bit: each arena but the main one is heaps of this size


def arena_heaps(pid: int) -> int:
    """The heaps of glibc's arenas other than the main one: mappings that start on a 64 MiB boundary and, with the
    inaccessible reserve that follows them, span exactly 64 MiB."""
    spans = []
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        fields = line.split()
        start, end = (int(value, 16) for value in fields[0].split("-"))
        spans.append((start, end, fields[1], len(fields) > 5))
    heaps = 0
    for index, (start, end, _, named) in enumerate(spans):
        if named or start % ARENA_HEAP:
            continue
        if end - start == ARENA_HEAP:
            heaps += 1
        elif index + 1 < len(spans):
            next_start, next_end, next_mode, next_named = spans[index + 1]
            if next_start == end and next_mode == "---p" and not next_named and next_end == start + ARENA_HEAP:
                heaps += 1
    return heaps


def test_the_server_keeps_two_malloc_arenas_however_many_of_its_threads_allocate_at_once(server):
    """Threads that allocate at the same time would each get an arena, up to eight per core, and each keeps what was
    freed in it; the server limits them to two (the main one and one more) from before its first thread starts."""
    def burst(index: int) -> None:
        server.request("GET", f"/api/galleries/{server.gallery_id}/items?limit=200")
        server.request("POST", f"/api/galleries/{server.gallery_id}/notes", {"text": f"note {index} " * 200})
        server.request("GET", "/api/galleries")

    with ThreadPoolExecutor(max_workers=32) as pool:
        list(pool.map(burst, range(400)))
    assert arena_heaps(server.process.pid) <= 1

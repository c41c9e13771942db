"""The server stays bounded under abuse: half-open connections are dropped by the header timeout, one address cannot
hold more than its share of connections, drop bodies are refused by their size (before they are read when it is
declared), and sixteen 60 MB drops at once neither take the server's memory nor stop it answering others.

These tests need no browser: they start the real server binary and talk raw HTTP to it over 127.0.0.0/8.
"""

from __future__ import annotations

import socket
from concurrent.futures import ThreadPoolExecutor

import pytest

import abuse
import helpers

HEADER_TIMEOUT = 1
MB = 1024 * 1024


@pytest.fixture
def bounded_server(tmp_path, request):
    """A server whose connections get 1 s for their first request head (and 2 s when idle after it)."""
    abuse.raise_open_file_limit(10_000)
    server = helpers.GalleryServer(
        helpers.server_binary(), tmp_path / "data", tmp_path / "server.log",
        extra_args=["--header-timeout", str(HEADER_TIMEOUT), "--idle-timeout", "2",
                    *getattr(request, "param", [])])
    server.start()
    server.gallery_id = server.open_gallery_id()
    yield server
    server.stop()


def test_four_thousand_half_open_connections_are_dropped_while_others_are_answered(bounded_server):
    port = bounded_server.port
    pid = bounded_server.process.pid
    descriptors_at_rest = abuse.open_descriptors(pid)
    silent = abuse.open_half_open(port, 2000, per_address=40)
    partial = abuse.open_half_open(port, 2000, per_address=40, partial=b"GET /api/galleries HT")

    status, _ = abuse.request_latency(port)
    assert status == 200, "an ordinary request is answered while 4,000 connections hang"

    assert abuse.wait_closed_by_server(silent + partial, timeout=60) == 4000
    helpers.wait_until(lambda: abuse.open_descriptors(pid) <= descriptors_at_rest + 5, timeout=10,
                       message="the server to let go of the closed connections")
    assert abuse.request_latency(port)[0] == 200


def test_a_connection_that_sent_a_whole_request_is_not_dropped_by_the_header_timeout(bounded_server):
    sock = socket.create_connection(("127.0.0.1", bounded_server.port), timeout=10)
    try:
        sock.sendall(b"GET /api/galleries HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert abuse.read_status(sock) == 200
    finally:
        sock.close()


@pytest.mark.parametrize("bounded_server", [["--max-connections-per-address", "8"]], indirect=True)
def test_one_address_may_hold_only_its_share_of_connections(bounded_server):
    port = bounded_server.port
    held = abuse.open_half_open(port, 8, per_address=8)  # all from 127.0.0.2
    try:
        extra = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.2", 0))
        answer = b""
        while True:
            piece = extra.recv(4096)
            if not piece:
                break
            answer += piece
        extra.close()
        assert answer.startswith(b"HTTP/1.1 503 ")
        assert b"Retry-After: 5" in answer
        assert b"Too many connections from your address (at most 8 at once)" in answer
        assert abuse.request_latency(port, source="127.0.0.3")[0] == 200, "other addresses are still served"
    finally:
        for sock in held:
            sock.close()
    helpers.wait_until(lambda: abuse.request_latency(port, source="127.0.0.2")[0] == 200, timeout=10,
                       message="the address to be served again once its connections closed")


def test_a_drop_is_refused_by_its_declared_size_or_unknown_gallery_before_its_body_is_sent(bounded_server):
    port = bounded_server.port
    for gallery, expected in (("00000000-0000-4000-8000-000000000000", 404), (bounded_server.gallery_id, 413)):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        try:
            sock.sendall(f"POST /api/galleries/{gallery}/drops HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         f"Content-Type: application/json\r\nContent-Length: {60 * MB}\r\n\r\n".encode())
            assert abuse.read_status(sock) == expected  # not one byte of the body was sent
        finally:
            sock.close()
    assert bounded_server.items(bounded_server.gallery_id) == []


def test_sixteen_concurrent_60_mb_drops_keep_memory_bounded_and_others_answered(bounded_server):
    port = bounded_server.port
    pid = bounded_server.process.pid
    gallery = bounded_server.gallery_id
    prober = abuse.Prober(port)
    prober.start()
    with ThreadPoolExecutor(max_workers=16) as pool:
        statuses = list(pool.map(
            lambda n: abuse.huge_drop(port, gallery, 60 * MB, declared=n % 2 == 0, source=abuse.SOURCE_ADDRESSES[n]),
            range(16)))
    answers = prober.stop()
    assert statuses == [413] * 16
    assert answers and all(status == 200 for status, _ in answers), "another client is answered all along"
    peak = abuse.peak_memory_mb(pid)
    assert peak < 300, f"the server's peak memory reached {peak:.0f} MB"
    assert bounded_server.items(gallery) == []

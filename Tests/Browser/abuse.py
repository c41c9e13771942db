"""Abusive traffic for the bounds tests and Benchmarks/abuse_resilience.py: half-open connections from many loopback
addresses, huge drop bodies, and the server's peak memory. Everything here talks only to 127.0.0.0/8, and every loop is
bounded in count and time.
"""

from __future__ import annotations

import http.client
import os
import resource
import select
import socket
import threading
import time

# 127.0.0.2 … 127.0.0.201: the whole 127.0.0.0/8 range is loopback on Linux, so one machine can play many clients.
SOURCE_ADDRESSES = [f"127.0.0.{n}" for n in range(2, 202)]


def raise_open_file_limit(wanted: int) -> None:
    """Lets this process (and the servers it starts) hold `wanted` sockets, within the hard limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def open_half_open(port: int, count: int, per_address: int, partial: bytes = b"") -> list[socket.socket]:
    """Opens `count` connections to the server, `per_address` from each source address, each sending `partial` (for
    example nothing, or half a request line) and then nothing more."""
    sockets = []
    for index in range(count):
        source = SOURCE_ADDRESSES[index // per_address]
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((source, 0))
        sock.settimeout(10)
        sock.connect(("127.0.0.1", port))
        if partial:
            sock.sendall(partial)
        sock.setblocking(False)
        sockets.append(sock)
    return sockets


def wait_closed_by_server(sockets: list[socket.socket], timeout: float) -> int:
    """Waits until the server has closed every socket (each reads end of file, or is reset), at most `timeout`
    seconds; returns how many it closed. Closes them all on this side too."""
    remaining = {sock.fileno(): sock for sock in sockets}
    poller = select.poll()
    for fd in remaining:
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
    closed = 0
    deadline = time.monotonic() + timeout
    while remaining and time.monotonic() < deadline:
        for fd, _ in poller.poll(200):
            sock = remaining.get(fd)
            if sock is None:
                continue
            try:
                data = sock.recv(65536)
            except BlockingIOError:
                continue
            except OSError:  # reset by the server
                data = b""
            if data:
                continue  # an answer (a 503 refusal) before the close
            poller.unregister(fd)
            del remaining[fd]
            closed += 1
    for sock in sockets:
        sock.close()
    return closed


def request_latency(port: int, path: str = "/api/galleries", source: str = "127.0.0.1") -> tuple[int, float]:
    """One GET on a fresh connection: its status and how long it took, in seconds."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status, time.perf_counter() - start
    finally:
        connection.close()


def huge_drop(port: int, gallery_id: str, size: int, *, declared: bool, source: str = "127.0.0.1") -> int:
    """Sends a drop of `size` bytes of JSON (one inline `data:` image) into the gallery, with its `Content-Length`
    declared, or chunked without one; stops sending as soon as the server answers. Returns the status."""
    prefix = b'{"payload":{"uriList":"data:image/png;base64,'
    suffix = b'"}}'
    filler = (size - len(prefix) - len(suffix)) // 4 * 4  # whole base64 quads, so a drop within the limit decodes
    size = len(prefix) + filler + len(suffix)
    sock = socket.create_connection(("127.0.0.1", port), timeout=60, source_address=(source, 0))
    try:
        head = (f"POST /api/galleries/{gallery_id}/drops HTTP/1.1\r\n"
                "Host: 127.0.0.1\r\nContent-Type: application/json\r\n")
        head += f"Content-Length: {size}\r\n" if declared else "Transfer-Encoding: chunked\r\n"
        sock.sendall((head + "\r\n").encode())
        chunk = b"A" * 65536

        def send(data: bytes) -> None:
            sock.sendall(f"{len(data):x}\r\n".encode() + data + b"\r\n" if not declared else data)

        def answered() -> bool:
            readable, _, _ = select.select([sock], [], [], 0)
            return bool(readable)

        try:
            send(prefix)
            sent = 0
            while sent < filler and not answered():
                piece = chunk[: min(len(chunk), filler - sent)]
                send(piece)
                sent += len(piece)
            if not answered():
                send(suffix)
                if not declared:
                    sock.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # the server answered and closed while we were still sending
        return read_status(sock)
    finally:
        sock.close()


def read_status(sock: socket.socket) -> int:
    """The status code of the HTTP answer on the socket."""
    data = b""
    while b"\r\n" not in data:
        piece = sock.recv(4096)
        if not piece:
            break
        data += piece
    parts = data.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 else 0


def peak_memory_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM), in MB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM")


def open_descriptors(pid: int) -> int:
    """How many files and sockets the process holds open."""
    return len(os.listdir(f"/proc/{pid}/fd"))


class Prober(threading.Thread):
    """Another client: asks the server for its galleries again and again on fresh connections while an attack runs,
    and keeps each answer's status and latency."""

    def __init__(self, port: int, interval: float = 0.05, limit: int = 2000) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.interval = interval
        self.limit = limit
        self.results: list[tuple[int, float]] = []
        self._halt = threading.Event()

    def run(self) -> None:
        while not self._halt.is_set() and len(self.results) < self.limit:
            try:
                self.results.append(request_latency(self.port))
            except OSError:
                self.results.append((0, float("inf")))
            self._halt.wait(self.interval)

    def stop(self) -> list[tuple[int, float]]:
        self._halt.set()
        self.join(60)
        return self.results


#!/usr/bin/env python3
"""Peak memory of the server when it is sent pixel bombs, as a ratio against a baseline measured in the same run.

Starts the real server binary on a temporary data folder, uploads an ordinary 1000x1000 PNG (the baseline), then
twenty 1 KB PNGs declaring 50,000 x 50,000 pixels and a GIF declaring 65,535 x 65,535. Reads the process's peak
resident memory (VmHWM in /proc/PID/status) after each phase and prints the ratio bombs/baseline. The bombs must be
refused from their headers, so the ratio stays close to 1.

    python3 Benchmarks/pixel_bomb_memory.py [--bin .build/debug/image-gallery]
"""

import argparse
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib


def png(width, height, body=None):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    if body is None:
        raw = b"".join(b"\x00" + b"\x40\x80\xc0" * width for _ in range(height))
        body = zlib.compress(raw)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def gif_bomb():
    return (b"GIF89a" + struct.pack("<HH", 65535, 65535) + b"\x00\x00\x00"
            + b"\x2c" + struct.pack("<HHHH", 0, 0, 65535, 65535) + b"\x00\x02\x02\x44\x01\x00\x3b")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base, method, path, body=None, content_type="application/json"):
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return json.loads(error.read() or b"null")


def peak_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def upload(base, gallery, name, data):
    drop = call(base, "POST", f"/api/galleries/{gallery}/drops",
                {"payload": {"files": [{"name": name, "type": "image/png", "size": len(data)}]}})
    return call(base, "PUT", drop["uploads"][0]["uploadURL"], data, "application/octet-stream")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.environ.get("IMAGE_GALLERY_BIN", ".build/debug/image-gallery"))
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen([args.bin, "serve", "--port", str(port), "--data", data],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    galleries = call(base, "GET", "/api/galleries")["galleries"]
                    break
                except OSError:
                    time.sleep(0.1)
            gallery = galleries[0]["id"]
            ordinary = upload(base, gallery, "ordinary.png", png(1000, 1000))
            assert ordinary["state"] == "ready", ordinary
            baseline = peak_kib(server.pid)
            bomb = png(50_000, 50_000, os.urandom(1000))  # never decoded: refused from the header
            reasons = set()
            for index in range(20):
                item = upload(base, gallery, f"bomb{index}.png", bomb)
                reasons.add((item["state"], item["failure"]["code"] if item.get("failure") else None))
            item = upload(base, gallery, "bomb.gif", gif_bomb())
            reasons.add((item["state"], item["failure"]["code"] if item.get("failure") else None))
            after = peak_kib(server.pid)
        finally:
            server.terminate()
            server.wait(10)
    print(f"bomb size: {len(bomb)} bytes declaring 50000x50000 (2.5 gigapixels)")
    print(f"outcomes: {sorted(reasons, key=str)}")
    print(f"peak RSS after an ordinary 1000x1000 upload (baseline): {baseline} KiB")
    print(f"peak RSS after 21 pixel bombs:                           {after} KiB")
    print(f"ratio bombs/baseline: {after / baseline:.3f}")
    if any(state != "failed" for state, _ in reasons):
        sys.exit("a pixel bomb was accepted")


if __name__ == "__main__":
    main()

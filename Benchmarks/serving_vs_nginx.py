#!/usr/bin/env python3
"""Serving stored images and thumbnails: the server against nginx on the same files, in the same run (issue "A million
items": at least 0.5× nginx's requests per second, and a 304 for a repeated request).

Starts the real server binary (`--no-auth`, a temporary data folder, 127.0.0.1), stores `--files` distinct PNGs through
its API (`data:` URLs dropped in batches), waits for their thumbnails, then starts nginx (127.0.0.1, its own
configuration, one worker per core, access log off) serving the same files at the same paths: the originals from the
blob folder under `/media/<hash>.png`, the thumbnails under `/media/thumbnails/`. `wrk` (`--connections`, 2 threads,
`--seconds` each) asks each server for the files in turn, originals and thumbnails separately; prints requests per
second and the ratios. Needs nginx and wrk (`apt-get install nginx-light wrk`, with the service not started).

    python3 Benchmarks/serving_vs_nginx.py [--bin .build/release/image-gallery] [--files 200] [--connections 16]
                                           [--seconds 10]

Traffic goes to 127.0.0.1 only; both servers are stopped by their own PIDs.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from big_gallery import benchmark_server  # noqa: E402

from helpers import data_url, free_port, png, stop_process, wait_until  # noqa: E402

OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
NGINX = """
{user}
worker_processes {workers};
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  sendfile on;
  tcp_nopush on;
  types {{ image/png png; image/webp webp; }}
  client_body_temp_path {folder}/body;
  proxy_temp_path {folder}/proxy;
  fastcgi_temp_path {folder}/fastcgi;
  uwsgi_temp_path {folder}/uwsgi;
  scgi_temp_path {folder}/scgi;
  server {{
    listen 127.0.0.1:{port};
    location /media/thumbnails/ {{ alias {thumbnails}/; expires max; }}
    location ~ "^/media/(([0-9a-f]{{2}})[0-9a-f]{{62}})\\.png$" {{ alias {blobs}/$2/$1; expires max; }}
  }}
}}
"""
LUA = """
paths = {{{paths}}}
counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1])
end
"""


def store_images(server, gallery: str, count: int) -> list[dict]:
    for start in range(0, count, 50):
        urls = [data_url(png(300 + index % 40, 200 + index // 40, (index % 256, 80, 160)), "image/png")
                for index in range(start, min(count, start + 50))]
        server.api("POST", f"/api/galleries/{gallery}/drops", {"payload": {"uriList": "\r\n".join(urls)}})
    return server.wait_settled(gallery, count, timeout=120)


def wrk(url_root: str, paths: list[str], connections: int, seconds: int, folder: str) -> float:
    script = os.path.join(folder, "paths.lua")
    with open(script, "w") as file:
        file.write(LUA.format(paths=", ".join(f'"{path}"' for path in paths)))
    output = subprocess.run(["wrk", "-t", "2", "-c", str(connections), "-d", f"{seconds}s", "-s", script, url_root],
                            check=True, capture_output=True, text=True).stdout
    assert "Non-2xx" not in output, output
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/image-gallery")
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--seconds", type=int, default=10)
    args = parser.parse_args()
    for tool in ("nginx", "wrk"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing: apt-get install nginx-light wrk")
    with benchmark_server(Path(args.bin)) as (server, data), tempfile.TemporaryDirectory() as folder:
        gallery = server.open_gallery_id()
        items = store_images(server, gallery, args.files)
        originals = [item["imageURL"] for item in items]
        thumbnails = [item["thumbnails"][0]["url"] for item in items if item.get("thumbnails")]
        assert len(thumbnails) == len(items), "every image needs a thumbnail (install libvips)"
        first = urllib.request.Request(server.base_url + originals[0])
        tag = OPENER.open(first).headers["ETag"]
        repeat = urllib.request.Request(server.base_url + originals[0], headers={"If-None-Match": tag})
        try:
            status = OPENER.open(repeat).status
        except urllib.error.HTTPError as error:
            status = error.code
        print(f"a repeated request with its ETag: {status}")
        port = free_port()
        with open(os.path.join(folder, "nginx.conf"), "w") as file:
            # Run as root (as here), nginx's workers would drop to "nobody", who cannot read the temporary folders.
            user = "user root;" if os.geteuid() == 0 else ""
            file.write(NGINX.format(user=user, workers=os.cpu_count(), folder=folder, port=port, blobs=data / "images",
                                    thumbnails=data / "images" / "thumbnails"))
        nginx = subprocess.Popen(["nginx", "-p", folder, "-c", os.path.join(folder, "nginx.conf"), "-g",
                                  "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            nginx_root = f"http://127.0.0.1:{port}"
            wait_until(lambda: OPENER.open(nginx_root + originals[0]).status == 200, message="nginx")
            results = {}
            for name, paths in (("originals", originals), ("thumbnails", thumbnails)):
                ours = wrk(server.base_url, paths, args.connections, args.seconds, folder)
                theirs = wrk(nginx_root, paths, args.connections, args.seconds, folder)
                results[name] = (ours, theirs)
        finally:
            stop_process(nginx)
    for name, (ours, theirs) in results.items():
        print(f"{name:>10}: ours {ours:,.0f} requests/s, nginx {theirs:,.0f} requests/s, ratio {ours / theirs:.2f} "
              f"(goal: at least 0.5)")


if __name__ == "__main__":
    main()

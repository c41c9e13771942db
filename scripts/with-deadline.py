#!/usr/bin/env python3
"""Runs a test command (`swift test …`) with a deadline: its output passes through as it comes, and when the deadline
passes it says which tests had started and not ended (Swift Testing's "◇ Test … started." without a "passed",
"failed" or "skipped" after it), stops the command and exits 124. A hung test then fails the run at once, naming
itself, instead of holding CI until CI's own limit ends it without a word.

Usage: python3 scripts/with-deadline.py SECONDS COMMAND [ARGUMENT …]
"""

import collections
import os
import re
import signal
import subprocess
import sys
import threading

STARTED = re.compile(r"^\S+ Test (?!case passing |run started)(.+) started\.$")
ENDED = re.compile(r"^\S+ Test (.+?)(?: with \d+ test cases?)? (?:passed|failed|skipped)\b")


def main() -> int:
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    deadline = int(sys.argv[1])
    command = sys.argv[2:]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True, bufsize=0
    )
    running: collections.Counter[str] = collections.Counter()
    expired = threading.Event()

    def stop() -> None:
        expired.set()
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)

    timer = threading.Timer(deadline, stop)
    timer.start()
    assert process.stdout is not None
    for raw in process.stdout:
        sys.stdout.buffer.write(raw)
        sys.stdout.buffer.flush()
        line = raw.decode("utf-8", "replace").rstrip("\n")
        if started := STARTED.match(line):
            running[started.group(1)] += 1
        elif ended := ENDED.match(line):
            name = ended.group(1)
            if running[name] > 0:
                running[name] -= 1
    status = process.wait()
    timer.cancel()
    if not expired.is_set():
        return status
    hung = sorted(name for name, count in running.items() for _ in range(count))
    print(f"\n{sys.argv[0]}: {' '.join(command)} was still running after {deadline} s and was stopped.")
    print(f"Tests started and not ended ({len(hung)}):")
    for name in hung:
        print(f"  {name}")
    return 124


if __name__ == "__main__":
    sys.exit(main())

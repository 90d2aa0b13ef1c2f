#!/usr/bin/env python3
"""A host's clock offset against this machine (the Ansible controller), NTP-style over ssh.

deploy/fleet/sweep.yml runs it for every host that has neither chrony nor ntpd to ask. It opens
one ssh session to the host running a tiny Python echo loop, then, SAMPLES times: notes this
machine's time t0, asks for the host's time, notes t1. The host's clock minus the midpoint
(t0 + t1) / 2 is the offset, within +-(t1 - t0) / 2; the sample with the shortest round trip is
kept. Prints one JSON object: {"offset_ms": ..., "uncertainty_ms": ..., "source": "round-trip"}.

    clock_offset.py --host 10.0.0.21 --user ubuntu --port 22 --key ~/.ssh/lab \
        --ssh-args '-o ServerAliveInterval=2' --samples 20
"""

import argparse
import json
import shlex
import subprocess
import sys
import time

REMOTE_LOOP = (
    "import sys,time\n"
    "for line in sys.stdin:\n"
    "    sys.stdout.write(str(time.time_ns())+'\\n'); sys.stdout.flush()\n"
)


def ssh_command(args):
    command = ["ssh", "-o", "BatchMode=yes", "-p", str(args.port)]
    if args.key:
        command += ["-i", args.key]
    command += shlex.split(args.ssh_args or "")
    target = f"{args.user}@{args.host}" if args.user else args.host
    remote = "python3 -u -c " + shlex.quote(REMOTE_LOOP)
    return command + [target, remote]


def measure(args):
    proc = subprocess.Popen(
        ssh_command(args),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    best = None
    try:
        for _ in range(args.samples):
            t0 = time.time_ns()
            proc.stdin.write("t\n")
            proc.stdin.flush()
            line = proc.stdout.readline()
            t1 = time.time_ns()
            if not line:
                break
            remote = int(line.strip())
            rtt = t1 - t0
            if best is None or rtt < best[0]:
                best = (rtt, remote - (t0 + t1) // 2)
    finally:
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        stderr = proc.stderr.read()
    if best is None:
        raise RuntimeError("no answer from " + args.host + ": " + " ".join(stderr.split())[:300])
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", required=True)
    parser.add_argument("--user", default="")
    parser.add_argument("--port", default="22")
    parser.add_argument("--key", default="")
    parser.add_argument("--ssh-args", default="")
    parser.add_argument("--samples", type=int, default=20)
    args = parser.parse_args()
    try:
        rtt, offset = measure(args)
    except (OSError, RuntimeError, ValueError) as e:
        print(json.dumps({"error": str(e)}))
        return 1
    print(
        json.dumps(
            {
                "offset_ms": round(offset / 1e6, 3),
                "uncertainty_ms": round(rtt / 2e6, 3),
                "source": "round-trip",
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

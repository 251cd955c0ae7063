#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""Host side of the guest's QMP channel (started by tests/vm/run).

The guest cannot reach the host except through the 9p scratch dir.  It asks
for a QMP command by writing one JSON object into DIR/NAME.req (written as
NAME.req.tmp, then renamed); this script sends it to QEMU's QMP socket and
writes QEMU's reply (the "return" or "error" object, one line of JSON) into
DIR/NAME.resp, again through a rename.  tests/vm/qmp is the guest's client.

Usage: qmp-host.py SOCKET DIR
Exits when QEMU closes the socket (or never opens it within 60 s).
"""
import json
import os
import socket
import sys
import time


def connect(path):
    deadline = time.monotonic() + 60
    while True:
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            return s
        except OSError:
            s.close()
            if time.monotonic() > deadline:
                sys.exit(0)
            time.sleep(0.05)


class Qmp:
    def __init__(self, sock):
        self.f = sock.makefile("rwb", buffering=0)
        self.reply()                        # greeting
        self.cmd({"execute": "qmp_capabilities"})

    def reply(self):
        while True:
            line = self.f.readline()
            if not line:
                sys.exit(0)                 # QEMU is gone
            msg = json.loads(line)
            if "event" not in msg:
                return msg

    def cmd(self, obj):
        self.f.write(json.dumps(obj).encode() + b"\n")
        return self.reply()


def main():
    sock_path, qdir = sys.argv[1], sys.argv[2]
    qmp = Qmp(connect(sock_path))
    while True:
        for name in sorted(os.listdir(qdir)):
            if not name.endswith(".req"):
                continue
            req = os.path.join(qdir, name)
            try:
                with open(req) as f:
                    obj = json.load(f)
                reply = qmp.cmd(obj)
            except (OSError, ValueError) as e:
                reply = {"error": {"class": "HostError", "desc": str(e)}}
            os.unlink(req)
            out = req[:-len(".req")] + ".resp"
            with open(out + ".tmp", "w") as f:
                f.write(json.dumps(reply) + "\n")
            os.rename(out + ".tmp", out)
        time.sleep(0.02)


if __name__ == "__main__":
    main()

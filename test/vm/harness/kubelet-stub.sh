#!/bin/sh
# Stand-in kubelet: records the environment systemd started it with, then stays up like one.
mkdir -p /run/vm-test
tr '\0' '\n' </proc/$$/environ >/run/vm-test/kubelet.environ
exec sleep infinity

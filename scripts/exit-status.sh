#!/usr/bin/env bash
# Runs a command and exits with its status: `scripts/exit-status.sh jest --ci`.
#
# projen's task runner counts a step that a signal killed (a V8 crash, the OOM killer) as passed:
# a jest run that died half-way went on to the next step, and CI went green with half the suites
# never run. bash reports such a death as 128 + the signal's number, which the runner counts as
# the failure it is.
"$@"

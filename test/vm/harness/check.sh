# Run by /usr/local/sbin/vm-harness after cloud-final; the checks are in Python (cloud-init's).
exec python3 "$(dirname "$0")/check.py"

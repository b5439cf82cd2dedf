#!/bin/sh
# Stand-in kubeadm, run by the bootstrap data's runcmd where the real one would be: records its
# arguments, its environment (what kubeadm would copy into the static pods), the configuration it
# was pointed at, whether containerd answered, which containerd process that was and when.
out=/run/vm-test/kubeadm
mkdir -p "$out"
cut -d' ' -f1 /proc/uptime >"$out/uptime"
printf '%s\n' "$@" >"$out/args"
cat /proc/$$/environ >"$out/environ"
if timeout 5 ctr version >"$out/ctr-version" 2>&1; then echo 0; else echo $?; fi >"$out/ctr-status"
systemctl show -p MainPID --value containerd >"$out/containerd-pid"
systemctl show -p ExecMainStartTimestampMonotonic --value containerd >"$out/containerd-start"
config=""
while [ $# -gt 0 ]; do
  if [ "$1" = --config ]; then config="$2"; fi
  shift
done
if [ -n "$config" ] && [ -f "$config" ]; then cp "$config" "$out/config.yaml"; fi
# kubeadm would start the kubelet; the stand-in shows systemd hands it the drop-in's environment.
systemctl start kubelet.service

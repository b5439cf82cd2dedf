# Test harness, before cloud-init's runcmd: the loopback names, the authenticating proxy, the
# origins, and the stand-ins for the Kubernetes binaries (kubeadm records what it was given; the
# kubelet unit only has to exist so systemd applies its drop-in). Run by /usr/local/sbin/vm-harness.
set -eu
here=$(dirname "$0")
data="$here/data"
echo "VMHARNESS setup start uptime=$(cut -d' ' -f1 /proc/uptime)"

# Go never proxies loopback literals or "localhost": every service gets a name.
cp "$data/hosts" /etc/hosts

install -m 0755 "$here/kubeadm-stub.sh" /usr/local/bin/kubeadm
install -m 0644 "$here/kubelet.service" /etc/systemd/system/kubelet.service
install -m 0755 "$here/kubelet-stub.sh" /usr/local/bin/kubelet

mkdir -p /run/vm-test /var/log/squid /var/spool/squid
install -m 0640 -g proxy "$data/htpasswd" /run/vm-test/htpasswd
chown proxy:proxy /var/log/squid /var/spool/squid
squid -f "$data/squid.conf" -N -z >/dev/null 2>&1 || true
squid -f "$data/squid.conf"

# The origins: a registry and web server behind the "corporate" CA, reached through the proxy,
# and a web server the NO_PROXY covers, reached directly.
systemd-run --unit=vm-origin --quiet python3 "$here/origin.py" "$data"

tries=0
until curl -s -o /dev/null --noproxy '*' http://web.vm.svc.cluster.local:8080/ready \
  && curl -s -o /dev/null --noproxy '*' -k https://registry.vm.test:5443/ready \
  && curl -s -o /dev/null --noproxy '*' http://proxy.vm.test:3128/; do
  tries=$((tries + 1))
  if [ $tries -ge 60 ]; then echo "VMHARNESS setup failed: services did not start"; exit 1; fi
  sleep 1
done
echo "VMHARNESS setup done uptime=$(cut -d' ' -f1 /proc/uptime)"

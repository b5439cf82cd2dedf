# Test harness, before cloud-init's runcmd: the loopback names, the authenticating, TLS-intercepting
# proxy, the origins, and the stand-ins for the Kubernetes binaries (kubeadm records what it was
# given; the kubelet unit only has to exist so systemd applies its drop-in). Run by
# /usr/local/sbin/vm-harness.
set -eu
here=$(dirname "$0")
data="$here/data"
echo "VMHARNESS setup start uptime=$(cut -d' ' -f1 /proc/uptime)"

# Go never proxies loopback literals or "localhost": every service gets a name. The proxied
# origins' names lead nowhere from the node (an address it has no route to); only squid, through
# its own hosts file, finds them on loopback.
cp "$data/hosts" /etc/hosts

install -m 0755 "$here/kubeadm-stub.sh" /usr/local/bin/kubeadm
install -m 0644 "$here/kubelet.service" /etc/systemd/system/kubelet.service
install -m 0755 "$here/kubelet-stub.sh" /usr/local/bin/kubelet

mkdir -p /run/vm-test /var/log/squid /var/spool/squid
install -m 0640 -g proxy "$data/htpasswd" /run/vm-test/htpasswd
install -m 0644 "$data/squid-hosts" /run/vm-test/squid-hosts
# squid re-signs every tunnel with the corporate CA (its key is squid's alone) and trusts only the
# origins' own CA on its way out.
install -m 0644 "$data/corp-ca.pem" /run/vm-test/corp-ca.pem
install -m 0640 -g proxy "$data/corp-ca.key" /run/vm-test/corp-ca.key
install -m 0644 "$data/origin-ca.pem" /run/vm-test/origin-ca.pem
mkdir -p /var/lib/squid
/usr/lib/squid/security_file_certgen -c -s /var/lib/squid/ssl_db -M 4MB >/dev/null
chown -R proxy:proxy /var/log/squid /var/spool/squid /var/lib/squid/ssl_db
squid -f "$data/squid.conf" -N -z >/dev/null 2>&1 || true
squid -f "$data/squid.conf"

# The origins: a registry and web server behind the origins' CA, reached through the proxy, and a
# web server the NO_PROXY covers, reached directly.
systemd-run --unit=vm-origin --quiet python3 "$here/origin.py" "$data"

tries=0
until curl -s -o /dev/null --noproxy '*' http://web.vm.svc.cluster.local:8080/ready \
  && curl -s -o /dev/null --noproxy '*' --cacert /run/vm-test/origin-ca.pem --resolve registry.vm.test:5443:127.0.0.1 https://registry.vm.test:5443/ready \
  && curl -s -o /dev/null --noproxy '*' http://proxy.vm.test:3128/; do
  tries=$((tries + 1))
  if [ $tries -ge 60 ]; then echo "VMHARNESS setup failed: services did not start"; exit 1; fi
  sleep 1
done
echo "VMHARNESS setup done uptime=$(cut -d' ' -f1 /proc/uptime)"

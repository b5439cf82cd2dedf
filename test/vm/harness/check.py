"""Test harness, after cloud-init: gathers what the node looks like and prints it on the serial
console as one base64 JSON report between VMREPORT lines; the host test asserts on it. This script
judges nothing, so every expectation lives in the test."""
import base64
import grp
import json
import os
import pwd
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, 'data', 'expect.json')) as f:
    EXPECT = json.load(f)
SQUID_LOG = '/var/log/squid/access.log'
ORIGIN_LOG = '/run/vm-test/origin.log'
report = {}
# Reads the whole body, as a client does (squid logs a response cut short as aborted).
PYTHON_FETCH = 'import sys, urllib.request\nresponse = urllib.request.urlopen(sys.argv[1], timeout=30)\nresponse.read()\nprint(response.status)'


def run(args, env=None, timeout=60, stdin=None):
    try:
        result = subprocess.run(args, env=env, timeout=timeout, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return {'status': result.returncode, 'output': result.stdout.decode('utf-8', 'replace'), 'stderr': result.stderr.decode('utf-8', 'replace')}
    except subprocess.TimeoutExpired as error:
        return {'status': 'timeout', 'output': (error.stdout or b'').decode('utf-8', 'replace')}


def read(path, mode='r'):
    try:
        with open(path, mode) as f:
            return f.read()
    except OSError as error:
        return None if mode == 'rb' else f'<{error}>'


def lines(path):
    text = read(path)
    return [] if text is None or text.startswith('<') else text.splitlines()


def show(unit, prop):
    return run(['systemctl', 'show', '-p', prop, '--value', unit])['output'].rstrip('\n')


def mono_of_mtime(path):
    """A file's mtime on CLOCK_MONOTONIC, in microseconds (systemd's ...Monotonic properties)."""
    return int((os.stat(path).st_mtime - (time.time() - time.monotonic())) * 1e6)


def environ(pid):
    raw = read(f'/proc/{pid}/environ', 'rb') or b''
    return [entry.decode('utf-8', 'replace') for entry in raw.split(b'\0') if entry]


def cri_pull(image):
    """PullImage over CRI, so the containerd daemon resolves and fetches with its own environment.
    The request is encoded by hand (PullImageRequest{image: ImageSpec{image}}), no stubs needed."""
    import grpc
    ref = image.encode()
    spec = b'\x0a' + varint(len(ref)) + ref
    request = b'\x0a' + varint(len(spec)) + spec
    with grpc.insecure_channel('unix:///run/containerd/containerd.sock') as channel:
        errors = []
        for service in ('runtime.v1', 'runtime.v1alpha2'):
            try:
                response = channel.unary_unary(f'/{service}.ImageService/PullImage')(request, timeout=180)
                return {'status': 0, 'service': service, 'imageRef': response[2:].decode('utf-8', 'replace')}
            except grpc.RpcError as error:
                errors.append(f'{service}: {error.code()} {error.details()}')
                if error.code() != grpc.StatusCode.UNIMPLEMENTED:
                    break
        return {'status': 1, 'errors': errors}


def varint(n):
    out = b''
    while True:
        byte = n & 0x7f
        n >>= 7
        if n:
            out += bytes([byte | 0x80])
        else:
            return out + bytes([byte])


def windowed(name, action):
    """Run `action`, recording the squid and origin log lines it caused."""
    squid_before, origin_before = len(lines(SQUID_LOG)), len(lines(ORIGIN_LOG))
    result = action()
    time.sleep(1)  # squid writes its access log line when the tunnel closes
    result['squid'] = lines(SQUID_LOG)[squid_before:]
    result['origin'] = [json.loads(line) for line in lines(ORIGIN_LOG)[origin_before:]]
    report[name] = result


print('VMHARNESS check start uptime=' + read('/proc/uptime').split()[0], flush=True)

# Ignition bootstrap data (spec 2.x, as Cluster API renders it): apply it with Flatcar's Ignition
# (on the seed, built by the host) as Flatcar's initramfs would (fetch, then the files stage, here
# onto the running root), then start the kubeadm.service it enabled.
IGNITION_CONFIG = os.path.join(HERE, 'data', 'ignition.json')
if os.path.exists(IGNITION_CONFIG):
    ignition = os.path.join(HERE, 'data', 'flatcar-ignition')
    env = dict(os.environ, IGNITION_CONFIG_FILE=IGNITION_CONFIG)
    steps = [
        [ignition, '-oem', 'file', '-stage', 'fetch', '-log-to-stdout'],
        [ignition, '-oem', 'file', '-stage', 'files', '-root', '/', '-log-to-stdout'],
        ['systemctl', 'daemon-reload'],
        ['systemctl', 'preset', 'kubeadm.service'],
        ['systemctl', 'start', 'kubeadm.service'],
    ]
    report['ignition'] = [dict(run(step, env=env, timeout=300), command=' '.join(step[-4:])) for step in steps]
    report['kubeadmService'] = {prop: show('kubeadm.service', prop) for prop in ('Result', 'ExecMainStatus', 'UnitFileState')}
    report['kubeadmServiceJournal'] = run(['journalctl', '-b', '-u', 'kubeadm.service', '--no-pager'])['output'][-6000:]
report['netDevices'] = sorted(os.listdir('/sys/class/net'))
report['cloudInitStatus'] = run(['cloud-init', 'status', '--long'])
report['cloudInitResult'] = read('/run/cloud-init/result.json')
report['cloudInitOutput'] = read('/var/log/cloud-init-output.log')
report['sentinel'] = read('/run/cluster-api/bootstrap-success.complete')

files = {}
for path in EXPECT['files']:
    try:
        st = os.stat(path)
        files[path] = {'owner': pwd.getpwuid(st.st_uid).pw_name + ':' + grp.getgrgid(st.st_gid).gr_name,
                       'mode': format(st.st_mode & 0o7777, '04o'),
                       'content': base64.b64encode(read(path, 'rb')).decode()}
    except OSError as error:
        files[path] = {'error': str(error)}
report['files'] = files

units = {}
for unit in ('containerd', 'kubelet'):
    pid = show(unit, 'MainPID')
    units[unit] = {'environment': show(unit, 'Environment'), 'dropIns': show(unit, 'DropInPaths'), 'activeState': show(unit, 'ActiveState'),
                   'mainPid': pid, 'processEnviron': environ(pid) if pid not in ('', '0') else [],
                   'startMonotonic': show(unit, 'ExecMainStartTimestampMonotonic')}
report['units'] = units
report['containerdDropInMonotonic'] = mono_of_mtime(EXPECT['containerdDropIn']) if os.path.exists(EXPECT['containerdDropIn']) else None
report['containerdJournal'] = run(['journalctl', '-b', '-u', 'containerd', '--no-pager', '-o', 'short-monotonic'])['output'][-6000:]

stub = '/run/vm-test/kubeadm'
report['kubeadm'] = {name: read(os.path.join(stub, name)) for name in ('args', 'uptime', 'ctr-status', 'containerd-pid', 'containerd-start', 'config.yaml')}
report['kubeadm']['environ'] = [e.decode('utf-8', 'replace') for e in (read(os.path.join(stub, 'environ'), 'rb') or b'').split(b'\0') if e]
report['kubeletStubEnviron'] = read('/run/vm-test/kubelet.environ')

report['trustBundle'] = read('/etc/ssl/certs/ca-certificates.crt')

# Clients with exactly containerd's proxy variables (read from its process), nothing else proxy-like.
daemon_env = dict(entry.split('=', 1) for entry in units['containerd']['processEnviron'] if '=' in entry)
proxy_env = {k: v for k, v in daemon_env.items() if k.lower() in ('http_proxy', 'https_proxy', 'no_proxy')}
client_env = dict(proxy_env, PATH='/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', HOME='/root')

windowed('criPull', lambda: cri_pull(EXPECT['daemonImage']))
windowed('ctrPull', lambda: run(['ctr', 'image', 'pull', EXPECT['clientImage']], env=client_env, timeout=180))
curl_ca = ['--cacert', EXPECT['curlCaFile']] if EXPECT.get('curlCaFile') else []
windowed('curlProxied', lambda: run(['curl', '-sS', '--max-time', '30', *curl_ca, '-o', '/dev/null', '-w', '%{http_code}', EXPECT['proxiedUrl']], env=client_env))
windowed('curlDirect', lambda: run(['curl', '-sS', '--max-time', '30', '-o', '/dev/null', '-w', '%{http_code}', EXPECT['directUrl']], env=client_env))
windowed('curlWrongPassword', lambda: run(['curl', '-sS', '--max-time', '30', '-o', '/dev/null', '-w', '%{http_connect}',
                                           '--proxy', EXPECT['wrongPasswordProxy'], EXPECT['deniedUrl']], env=client_env))
python_ca = {'SSL_CERT_FILE': EXPECT['curlCaFile']} if EXPECT.get('curlCaFile') else {}
windowed('pythonProxied', lambda: run(['python3', '-c', PYTHON_FETCH, EXPECT['pythonUrl']], env=dict(client_env, **python_ca)))

# squid re-signs every tunnel with the corporate CA: a client that trusts only the origins' own CA
# (the one that signed their real certificates) must fail, each in its own way.
ORIGIN_CA = '/run/vm-test/origin-ca.pem'
os.makedirs('/run/vm-test/no-certificates', exist_ok=True)
without_corporate_ca = dict(client_env, SSL_CERT_FILE=ORIGIN_CA, SSL_CERT_DIR='/run/vm-test/no-certificates')
# (Each also reads a certificate directory besides its file, /etc/ssl/certs unless told otherwise.)
windowed('curlUntrusted', lambda: run(['curl', '-sS', '--max-time', '30', '--cacert', ORIGIN_CA, '--capath', '/run/vm-test/no-certificates',
                                       '-o', '/dev/null', '-w', '%{http_code}', EXPECT['untrustedUrl']], env=client_env))
windowed('pythonUntrusted', lambda: run(['python3', '-c', PYTHON_FETCH, EXPECT['untrustedUrl']], env=without_corporate_ca))
windowed('ctrUntrusted', lambda: run(['ctr', 'image', 'pull', EXPECT['untrustedImage']], env=without_corporate_ca, timeout=180))
# A private registry the NO_PROXY covers, whose CA only containerd's CRI config names (ctr reads no
# CRI config).
windowed('privateRegistryPull', lambda: cri_pull(EXPECT['privateImage']))
windowed('privateRegistryCtr', lambda: run(['ctr', 'image', 'pull', EXPECT['privateImage']], env=client_env, timeout=180))
report['containerdConfigTail'] = (read('/etc/containerd/config.toml') or '')[-600:]
# The proxied names lead nowhere but through squid.
windowed('curlDirectToProxied', lambda: run(['curl', '-sS', '--max-time', '30', '--noproxy', '*', '-o', '/dev/null', '-w', '%{http_code}',
                                             EXPECT['proxiedUrl']], env=client_env))


def containerd_with_drop_in(name, content):
    """Negative controls: containerd restarted with `content` as its drop-in (None: without one),
    then a CRI pull that must now fail. What the node saw is reported for the test to judge."""
    path = EXPECT['containerdDropIn']
    if content is None:
        os.remove(path)
    else:
        with open(path, 'w') as f:
            f.write(content)
    since = read('/proc/uptime').split()[0]
    run(['systemctl', 'daemon-reload'])
    restart = run(['systemctl', 'restart', 'containerd'], timeout=120)
    for _ in range(60):
        if run(['ctr', 'version'])['status'] == 0:
            break
        time.sleep(1)
    pid = show('containerd', 'MainPID')
    windowed(name, lambda: dict(cri_pull(EXPECT['controlImage']), restart=restart['status'], processEnviron=environ(pid),
                                systemdWarnings=run(['journalctl', '-b', '_PID=1', '--no-pager', '-o', 'cat', '-g', 'http-proxy.conf'])['output'][-3000:],
                                since=since))


containerd_with_drop_in('brokenDropIn', read(os.path.join(HERE, 'data', 'broken-containerd-drop-in.conf')))
containerd_with_drop_in('noDropIn', None)
# squid logs a CONNECT when its tunnel closes, and containerd keeps its connections open: stop
# squid (which closes them) before reading the whole log.
run(['squid', '-f', os.path.join(HERE, 'data', 'squid.conf'), '-k', 'shutdown'])
for _ in range(30):
    if run(['pidof', 'squid'])['status'] != 0:
        break
    time.sleep(1)
report['squidLog'] = lines(SQUID_LOG)
report['squidCacheLog'] = (read('/var/log/squid/cache.log') or '')[-3000:]
report['images'] = run(['ctr', '--namespace', 'k8s.io', 'image', 'ls', '-q'])['output'] + run(['ctr', 'image', 'ls', '-q'])['output']

encoded = base64.b64encode(json.dumps(report).encode()).decode()
for start in range(0, len(encoded), 4000):
    print('VMREPORT ' + encoded[start:start + 4000], flush=True)
print('VMREPORT-END', flush=True)
print('VMHARNESS check done uptime=' + read('/proc/uptime').split()[0], flush=True)

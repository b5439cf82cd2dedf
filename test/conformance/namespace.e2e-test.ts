import { join } from 'node:path';
import { runInNamespace } from './support/namespace';
import { CONFORMANCE_DIR } from './support/toolchain';

/**
 * The network safety the conformance and end-to-end suites rest on: inside their namespace only
 * `lo` exists, a connection to any other address fails locally at once (no packet can leave), DNS
 * fails at once, names resolve through the suite's own hosts file, and the entry script refuses
 * to run a command when any other network device is present.
 */

const INSIDE = join(CONFORMANCE_DIR, 'namespace', 'inside.sh');

describe('the loopback-only namespace', () => {
  test('has only lo, no route off the machine, and resolves names from the given hosts file only', () => {
    const script = [
      'ip -o link show | awk -F": " \'{ print $2 }\'',
      'echo ---',
      'ip -4 route show table main; ip -6 route show table main | grep -v "^::1 "',
      'echo ---',
      'getent hosts origin.test; getent hosts github.com || echo unresolved',
    ].join('; ');
    const run = runInNamespace(['bash', '-c', script], 30_000, '127.0.0.1 localhost origin.test\n');
    expect(run.status).toBe(0);
    const [devices, routes, names] = run.stdout.split('---\n');
    expect(devices.trim()).toBe('lo');
    expect(routes.trim()).toBe('');
    expect(names.trim().split(/\s+/)).toEqual(['127.0.0.1', 'localhost', 'origin.test', 'unresolved']);
  });

  test('a connection to a non-loopback address fails locally at once (ENETUNREACH), so a direct request never leaves', () => {
    // 192.0.2.1 and 2001:db8::1 are documentation addresses: nothing would answer even if a packet could leave
    const probe = `const net = require('node:net');
      const attempt = (host) => new Promise((resolve) => {
        const started = Date.now();
        const socket = net.connect({ host, port: 80 });
        socket.on('connect', () => { socket.destroy(); resolve(host + ' connected'); });
        socket.on('error', (error) => resolve(host + ' ' + error.code + ' ' + (Date.now() - started < 1000 ? 'fast' : 'slow')));
      });
      Promise.all(['192.0.2.1', '2001:db8::1', '10.96.0.1'].map(attempt)).then((lines) => console.log(lines.join('\\n')));`;
    const run = runInNamespace([process.execPath, '-e', probe], 30_000);
    expect(run.stdout.trim().split('\n')).toEqual(['192.0.2.1 ENETUNREACH fast', '2001:db8::1 ENETUNREACH fast', '10.96.0.1 ENETUNREACH fast']);
  });

  test('the entry script refuses to run anything when another network device exists', () => {
    // a veth pair created inside the namespace: both ends stay in it, so it is harmless
    const script = `ip link add probe0 type veth peer name probe1 && bash ${INSIDE} /etc/hosts echo ran; echo "exit $?"`;
    const run = runInNamespace(['bash', '-c', script], 30_000);
    expect(run.stdout).not.toContain('ran');
    expect(run.stdout).toContain('exit 90');
    expect(run.stderr).toContain('namespace: refusing to run: network devices other than lo: lo probe');
  });
});

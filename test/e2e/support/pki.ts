import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A throw-away PKI made with the real `openssl` for the tests that speak TLS: a CA and a server
 * certificate it signs for the given names and addresses. Generated per run (valid two days), so
 * no key is ever committed and no test depends on the clock beyond that.
 */

/** Files of one test PKI. */
export interface TestPki {
  /** The CA certificate (PEM file). */
  readonly caFile: string;
  /** The CA certificate text. */
  readonly caPem: string;
  /** The server certificate (PEM file), signed by the CA. */
  readonly certFile: string;
  /** The server's private key (PEM file). */
  readonly keyFile: string;
}

function openssl(args: readonly string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], timeout: 30_000 });
}

/**
 * Create a CA named `name` and a server certificate for `dnsNames` and `ips` in `directory`.
 * Two calls with different names give two unrelated CAs (for "wrong CA" tests).
 */
export function createTestPki(directory: string, name: string, dnsNames: readonly string[], ips: readonly string[]): TestPki {
  const file = (suffix: string): string => join(directory, `${name}-${suffix}`);
  const curve = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(['req', '-x509', ...curve, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', `/CN=${name} test CA`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], directory);
  openssl(['req', ...curve, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', `/CN=${dnsNames[0] ?? ips[0]}`], directory);
  const altNames = [...dnsNames.map((dns) => `DNS:${dns}`), ...ips.map((ip) => `IP:${ip}`)].join(',');
  writeFileSync(file('ext.cnf'), `subjectAltName=${altNames}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  openssl(['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
    '-out', file('server.pem'), '-days', '2', '-extfile', file('ext.cnf')], directory);
  return { caFile: file('ca.pem'), caPem: readFileSync(file('ca.pem'), 'utf8'), certFile: file('server.pem'), keyFile: file('server.key') };
}

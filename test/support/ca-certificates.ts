import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `count` distinct self-signed CA certificates (PEM each), made by openssl (one EC key signs them
 * all: only the certificates matter to the tests, and a key per certificate would be slow).
 * `commentLength` pads each with a comment extension of that many characters, for large bundles.
 */
export function caCertificates(count: number, commentLength = 0): string[] {
  const comment = commentLength > 0 ? ['-addext', `nsComment=${'x'.repeat(commentLength)}`] : [];
  const directory = mkdtempSync(join(tmpdir(), 'ca-certificates-'));
  try {
    const key = join(directory, 'ca.key');
    execFileSync('openssl', ['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', key], { stdio: 'ignore' });
    return Array.from({ length: count }, (_, index) => execFileSync('openssl', ['req', '-x509', '-key', key, '-days', '2',
      '-subj', `/O=cluster-proxy-constructs test/CN=Test CA ${index + 1}`, '-set_serial', String(index + 1),
      '-addext', 'basicConstraints=critical,CA:TRUE', ...comment], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A Sealed Secrets controller's key pair, made by openssl as the controller makes its own (RSA, self-signed). */
export function sealingKeyPair(): { readonly certificate: string; readonly privateKey: string } {
  const directory = mkdtempSync(join(tmpdir(), 'sealed-secrets-key-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=sealed-secret/O=sealed-secret', '-days', '2',
      '-keyout', join(directory, 'tls.key'), '-out', join(directory, 'tls.crt')], { stdio: 'ignore' });
    return { certificate: readFileSync(join(directory, 'tls.crt'), 'utf8'), privateKey: readFileSync(join(directory, 'tls.key'), 'utf8') };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

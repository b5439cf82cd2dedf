import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCaBundle } from '../../../src/core/definition/ca-bundle';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { ProxyConfigError } from '../../../src/core/primitives/errors';

const fixture = (name: string): string => readFileSync(join(__dirname, '../../fixtures/ca', name), 'utf8');
const ROOT_1 = fixture('test-root-ca-1.pem');
const ROOT_2 = fixture('test-root-ca-2.pem');
const LEAF = fixture('test-leaf-not-ca.pem');

/** Base64 body lines of a PEM block, for building malformed variants. */
const bodyOf = (pem: string): string[] => pem.trim().split('\n').slice(1, -1);

const refused = (pem: string, message: string | RegExp): void => {
  const call = (): unknown => parseCaBundle('trustedCaPem', pem);
  expect(call).toThrow(ProxyConfigError);
  expect(call).toThrow(message);
};

describe('parseCaBundle: valid bundles', () => {
  test('exposes subject, issuer, fingerprint, CA flag and the PEM of each certificate, in order', () => {
    const bundle = parseCaBundle('trustedCaPem', ROOT_1 + ROOT_2);
    const expected = [ROOT_1, ROOT_2].map((pem) => new X509Certificate(pem));
    expect(bundle.certificates.map((c) => c.fingerprint256)).toEqual(expected.map((x) => x.fingerprint256));
    expect(bundle.certificates[0].subject).toContain('CN=Test Corp Proxy Root CA 1');
    expect(bundle.certificates[0].issuer).toBe(bundle.certificates[0].subject);
    expect(bundle.certificates.map((c) => c.isCa)).toEqual([true, true]);
    expect(bundle.certificates[1].pem).toBe(ROOT_2);
    expect(bundle.pem).toBe(ROOT_1 + ROOT_2);
  });

  test('a non-CA certificate is accepted (a self-signed proxy certificate is a valid trust anchor) and flagged', () => {
    expect(parseCaBundle('trustedCaPem', LEAF).certificates[0].isCa).toBe(false);
  });

  test('normalizes CRLF, indentation, blank lines, missing final newline and base64 wrapping to one form', () => {
    const messy = [
      '',
      '  ' + ROOT_1.trim().split('\n').join('\r\n  '),
      '\t',
      '',
      // the same certificate body re-wrapped at 76 columns, as some tools write it
      '-----BEGIN CERTIFICATE-----',
      ...(bodyOf(ROOT_2).join('').match(/.{1,76}/g) ?? []),
      '-----END CERTIFICATE-----',
    ].join('\r\n');
    const bundle = parseCaBundle('trustedCaPem', messy);
    expect(bundle.pem).toBe(ROOT_1 + ROOT_2);
    expect(bundle.pem.endsWith('-----\n')).toBe(true);
    expect(bundle.pem).not.toMatch(/\r|\n\n/);
  });

  test('deterministic: the same input always gives the same output', () => {
    expect(parseCaBundle('a', ROOT_2 + ROOT_1).pem).toBe(parseCaBundle('b', ROOT_2 + ROOT_1).pem);
  });
});

describe('parseCaBundle: refused input names the field and the block', () => {
  test('private keys and other PEM types', () => {
    refused(`${ROOT_1}-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n`,
      'trustedCaPem: block 2 (line 14) is a PRIVATE KEY, not a CERTIFICATE; only CA certificates belong here (never private keys)');
    refused('-----BEGIN EC PRIVATE KEY-----\nMIIB\n-----END EC PRIVATE KEY-----\n', 'block 1 (line 1) is a EC PRIVATE KEY');
    refused('-----BEGIN X509 CRL-----\nMIIB\n-----END X509 CRL-----\n', 'block 1 (line 1) is a X509 CRL');
  });

  test('text outside blocks', () => {
    refused(`subject=CN=x\n${ROOT_1}`, 'trustedCaPem: has text before the first -----BEGIN CERTIFICATE----- (line 1)');
    refused(`${ROOT_1}junk\n${ROOT_2}`, 'trustedCaPem: has text after block 1 (line 14); only whitespace may separate PEM blocks');
  });

  test('empty or missing blocks', () => {
    refused('', 'trustedCaPem: must contain at least one -----BEGIN CERTIFICATE----- block');
    refused(' \n\n', 'must contain at least one');
    expect(() => parseCaBundle('trustedCaPem', 42 as unknown as string)).toThrow('trustedCaPem: must be a PEM string');
  });

  test('truncated and mismatched blocks', () => {
    refused(ROOT_1.replace('-----END CERTIFICATE-----\n', ''), 'trustedCaPem: block 1 has no -----END CERTIFICATE----- (truncated?)');
    refused(ROOT_1.replace('-----END CERTIFICATE-----\n', '') + ROOT_2, 'block 1 has no -----END CERTIFICATE----- before line 13');
    refused(ROOT_1.replace('END CERTIFICATE', 'END PRIVATE KEY'), 'block 1 (line 13) ends with END PRIVATE KEY instead of END CERTIFICATE');
  });

  test('garbage inside a block, reported with its block number', () => {
    const body = bodyOf(ROOT_2);
    const wrap = (lines: string[]): string => ['-----BEGIN CERTIFICATE-----', ...lines, '-----END CERTIFICATE-----', ''].join('\n');
    refused(ROOT_1 + wrap(['not base64!']), 'trustedCaPem: block 2 (line 15) contains characters that are not base64');
    refused(ROOT_1 + wrap(['AAAAAAAAAAAAAAAA']), 'trustedCaPem: block 2 is not a valid X.509 certificate (bad base64 or DER)');
    refused(ROOT_1 + wrap(body.slice(0, -1)), 'block 2 is not a valid X.509 certificate');
    // a flipped character in the middle breaks the DER structure or the base64 alignment
    refused(ROOT_1 + wrap([body[0].slice(0, 10) + body[0].slice(11), ...body.slice(1)]), 'block 2 is not a valid X.509 certificate');
    // a valid certificate followed by extra bytes in the same block: OpenSSL alone would accept it
    const trailing = Buffer.concat([new X509Certificate(ROOT_2).raw, Buffer.alloc(3)]).toString('base64');
    expect(new X509Certificate(Buffer.from(trailing, 'base64')).fingerprint256).toBeDefined();
    refused(wrap(trailing.match(/.{1,64}/g) ?? []), 'trustedCaPem: block 1 is not a valid X.509 certificate');
  });

  test('the same certificate twice', () => {
    refused(ROOT_1 + ROOT_2 + ROOT_1, /^trustedCaPem: certificate 3 is the same as certificate 1 \(SHA-256 [0-9A-F:]{95}\); list each CA once$/);
  });
});

describe('trustedCaPem takes CAs and self-signed certificates, not leaves issued by a CA', () => {
  test('a leaf signed by a CA (made with the real openssl) is refused, naming the block; a self-signed one and the CA are accepted', () => {
    const dir = mkdtempSync(join(tmpdir(), 'leaf-'));
    try {
      const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
      openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-days', '2', '-subj', '/CN=Corp CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-out', 'ca.pem');
      openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-subj', '/CN=proxy.corp.example', '-out', 'leaf.csr');
      openssl('x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-out', 'leaf.pem');
      const ca = readFileSync(join(dir, 'ca.pem'), 'utf8');
      const leaf = readFileSync(join(dir, 'leaf.pem'), 'utf8');
      expect(() => new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', trustedCaPem: ca + leaf }))
        .toThrow(/^trustedCaPem: block 2 \(subject CN=proxy\.corp\.example\) is a leaf issued by another certificate, not a CA/);
      expect(new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', trustedCaPem: ca }).trustedCa!.certificates).toHaveLength(1);
      expect(new ProxySettings({ httpsProxy: 'https://proxy.corp.example:3129', trustedCaPem: LEAF }).trustedCa!.certificates[0].isCa).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

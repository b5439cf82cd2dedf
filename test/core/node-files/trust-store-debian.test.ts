import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { CA_1, CA_2, demoProxy } from '../../support/fixtures/cluster';

/**
 * The Ubuntu/Debian layout meets the real `update-ca-certificates` (Debian package
 * `ca-certificates`), pointed at scratch directories instead of the system's: the files the
 * library writes must be picked up (it reads only `*.crt` under the local directory), and each
 * certificate must get its own hash link (one certificate per file), so OpenSSL trusts both.
 */
describe('proxy CA on Ubuntu/Debian with the real update-ca-certificates', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'proxy-capi-ca-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('both certificates land in the bundle and the hashed directory', () => {
    const bootstrap = nodeProxyBootstrap(demoProxy({ trustedCaPem: CA_1 + CA_2 }), { clusterName: 'demo', osFamily: OsFamily.UBUNTU, delivery: NodeProxyDelivery.INLINE });
    const caFiles = bootstrap.files.filter((file) => file.path.startsWith('/usr/local/share/ca-certificates/'));
    expect(caFiles).toHaveLength(2);
    const dirs = Object.fromEntries(['local', 'certs', 'etc', 'hooks'].map((name) => [name, join(root, name)]));
    Object.values(dirs).forEach((dir) => mkdirSync(dir));
    for (const file of caFiles) {
      writeFileSync(join(dirs.local, basename(file.path)), file.content!);
    }
    writeFileSync(join(root, 'ca-certificates.conf'), '');

    const result = spawnSync('/usr/sbin/update-ca-certificates', [
      '--certsconf', join(root, 'ca-certificates.conf'), '--certsdir', dirs.certs, '--localcertsdir', dirs.local,
      '--etccertsdir', dirs.etc, '--hooksdir', dirs.hooks,
    ], { encoding: 'utf8', env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' } });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('2 added, 0 removed');

    for (const [index, pem] of [CA_1, CA_2].entries()) {
      const certificate = join(root, `ca-${index}.pem`);
      writeFileSync(certificate, pem);
      for (const trust of [['-CAfile', join(dirs.etc, 'ca-certificates.crt')], ['-CApath', dirs.etc]]) {
        const verify = spawnSync('openssl', ['verify', ...trust, certificate], { encoding: 'utf8' });
        expect(`${verify.stdout}${verify.stderr}`.trim()).toBe(`${certificate}: OK`);
      }
    }
  });
});

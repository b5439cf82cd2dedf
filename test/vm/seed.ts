import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OciImage } from './oci-image';

/**
 * The NoCloud seed disk (ISO 9660, label `cidata`): the rendered `user-data` and `meta-data`
 * cloud-init reads, plus the harness the image's units run before and after it (kept on the seed
 * so changing the test never rebuilds the image).
 */

/** The in-VM services and what the harness needs to know. */
export interface HarnessData {
  /** `/etc/hosts` of the VM: the proxy and the direct services on loopback names. */
  readonly hosts: string;
  /** squid's own hosts file: where the proxied origins' names lead. */
  readonly squidHosts: string;
  readonly squidConf: string;
  /** The proxy's `user:hash` line. */
  readonly htpasswd: string;
  /** The corporate CA squid re-signs tunnels with (the CA the library makes the node trust). */
  readonly corporateCaPem: string;
  readonly corporateCaKeyPem: string;
  /** The CA of the origins' own certificates, trusted by squid only. */
  readonly originCaPem: string;
  readonly originCertPem: string;
  readonly originKeyPem: string;
  /** The private registry's certificate, signed by a CA only containerd's config names. */
  readonly privateRegistryCertPem: string;
  readonly privateRegistryKeyPem: string;
  /** containerd's drop-in as a broken renderer would write it, for a negative control. */
  readonly brokenContainerdDropIn: string;
  readonly images: readonly OciImage[];
  /** Read by check.py: paths to report, images and URLs to fetch. */
  readonly expect: { readonly [key: string]: unknown };
}

/** Write the seed's tree under `directory` and pack it into `directory/seed.iso`. */
export function buildSeed(directory: string, seed: {
  readonly userData: string;
  readonly metaData: string;
  readonly harness: HarnessData;
  /**
   * Ignition bootstrap data, applied by the harness instead of cloud-init's user data, with the
   * Ignition program that applies it.
   */
  readonly ignition?: { readonly config: string; readonly program: string };
}): string {
  const tree = join(directory, 'seed');
  const data = join(tree, 'harness', 'data');
  mkdirSync(join(data, 'registry', 'blobs'), { recursive: true });
  writeFileSync(join(tree, 'user-data'), seed.userData);
  writeFileSync(join(tree, 'meta-data'), seed.metaData);
  cpSync(join(__dirname, 'harness'), join(tree, 'harness'), { recursive: true });
  const { harness } = seed;
  writeFileSync(join(data, 'hosts'), harness.hosts);
  writeFileSync(join(data, 'squid-hosts'), harness.squidHosts);
  writeFileSync(join(data, 'squid.conf'), harness.squidConf);
  writeFileSync(join(data, 'htpasswd'), harness.htpasswd);
  writeFileSync(join(data, 'corp-ca.pem'), harness.corporateCaPem);
  writeFileSync(join(data, 'corp-ca.key'), harness.corporateCaKeyPem);
  writeFileSync(join(data, 'origin-ca.pem'), harness.originCaPem);
  writeFileSync(join(data, 'broken-containerd-drop-in.conf'), harness.brokenContainerdDropIn);
  writeFileSync(join(data, 'origin.pem'), harness.originCertPem);
  writeFileSync(join(data, 'origin.key'), harness.originKeyPem);
  writeFileSync(join(data, 'registry.pem'), harness.privateRegistryCertPem);
  writeFileSync(join(data, 'registry.key'), harness.privateRegistryKeyPem);
  writeFileSync(join(data, 'expect.json'), JSON.stringify(harness.expect, null, 2));
  if (seed.ignition) {
    writeFileSync(join(data, 'ignition.json'), seed.ignition.config);
    copyFileSync(seed.ignition.program, join(data, 'flatcar-ignition'));
  }
  writeFileSync(join(data, 'registry', 'index.json'), JSON.stringify({
    images: harness.images.map(({ repository, tag, manifestDigest, manifestMediaType }) => ({ repository, tag, manifestDigest, manifestMediaType })),
  }));
  for (const image of harness.images) {
    for (const [digest, blob] of image.blobs) {
      writeFileSync(join(data, 'registry', 'blobs', digest), blob);
    }
  }
  const iso = join(directory, 'seed.iso');
  execFileSync('genisoimage', ['-quiet', '-output', iso, '-volid', 'cidata', '-joliet', '-rock', tree], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
  return iso;
}

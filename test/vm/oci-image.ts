import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * A tiny OCI image (one layer with one file) as registry blobs, for the VM's read-only registry.
 * Built byte-for-byte here (ustar header, gzip, config, manifest) so it needs no image tooling and
 * is the same on every run.
 */

/** One image: its blobs by hex digest, and how the registry serves it. */
export interface OciImage {
  readonly repository: string;
  readonly tag: string;
  readonly manifestDigest: string;
  readonly manifestMediaType: string;
  /** Every blob (manifest, config, layer) by sha256 hex. */
  readonly blobs: ReadonlyMap<string, Buffer>;
}

const MANIFEST_TYPE = 'application/vnd.oci.image.manifest.v1+json';

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A ustar archive holding one regular file. */
function tarOfOneFile(name: string, content: Buffer): Buffer {
  const header = Buffer.alloc(512);
  const field = (offset: number, length: number, value: string): void => {
    header.write(value, offset, length, 'ascii');
  };
  const octal = (value: number, length: number): string => `${value.toString(8).padStart(length - 1, '0')}\0`;
  field(0, 100, name);
  field(100, 8, octal(0o644, 8));
  field(108, 8, octal(0, 8));
  field(116, 8, octal(0, 8));
  field(124, 12, octal(content.length, 12));
  field(136, 12, octal(0, 12));
  field(148, 8, '        ');
  field(156, 1, '0');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  const checksum = header.reduce((sum, byte) => sum + byte, 0);
  field(148, 8, `${checksum.toString(8).padStart(6, '0')}\0 `);
  const padding = Buffer.alloc((512 - (content.length % 512)) % 512);
  return Buffer.concat([header, content, padding, Buffer.alloc(1024)]);
}

/** An image whose single layer holds `/hello.txt` with `text`. */
export function ociImage(repository: string, tag: string, text: string): OciImage {
  const tar = tarOfOneFile('hello.txt', Buffer.from(text, 'utf8'));
  const layer = gzipSync(tar, { level: 9 });
  const config = Buffer.from(JSON.stringify({
    architecture: 'amd64',
    os: 'linux',
    config: {},
    rootfs: { type: 'layers', diff_ids: [`sha256:${sha256(tar)}`] },
  }));
  const manifest = Buffer.from(JSON.stringify({
    schemaVersion: 2,
    mediaType: MANIFEST_TYPE,
    config: { mediaType: 'application/vnd.oci.image.config.v1+json', digest: `sha256:${sha256(config)}`, size: config.length },
    layers: [{ mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip', digest: `sha256:${sha256(layer)}`, size: layer.length }],
  }));
  const blobs = new Map([manifest, config, layer].map((blob) => [sha256(blob), blob] as const));
  return { repository, tag, manifestDigest: `sha256:${sha256(manifest)}`, manifestMediaType: MANIFEST_TYPE, blobs };
}

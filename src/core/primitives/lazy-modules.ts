/* eslint-disable @typescript-eslint/no-require-imports */
import type * as crypto from 'node:crypto';
import type * as tls from 'node:tls';
import type * as zlib from 'node:zlib';
import type * as yaml from 'yaml';

/**
 * Modules the core needs only for some products, loaded on first use instead of at import: a
 * program that imports the library pays for what it calls (the CLI's `noproxy` renders no YAML,
 * most clusters never gzip a file, and node:tls brings the network stack with it).
 */

/**
 * `load`'s result, computed on the first call. The static facades (`Products`, `Migration`,
 * `AddonValues`) load what each method needs this way: importing the root entry then costs only
 * the definition and the NO_PROXY engine, not every product's code.
 */
export function onFirstUse<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= load());
}

/** The `yaml` package. */
export const yamlLib = onFirstUse(() => require('yaml') as typeof yaml);

/** `node:crypto` (hashes, certificate parsing). */
export const cryptoLib = onFirstUse(() => require('node:crypto') as typeof crypto);

/** `node:zlib` (gzip of large node files). */
export const zlibLib = onFirstUse(() => require('node:zlib') as typeof zlib);

/** Node's bundled root certificates (`tls.rootCertificates`; node:tls loads the network stack). */
export function rootCertificates(): readonly string[] {
  return (require('node:tls') as typeof tls).rootCertificates;
}

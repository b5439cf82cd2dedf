import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNamespace } from '../../conformance/support/namespace';
import { CONFORMANCE_DIR } from '../../conformance/support/toolchain';

/**
 * The TypeScript side of `conformance/e2e/run-e2e.mjs`: writes its input, runs it inside the
 * loopback-only namespace (where squid, tinyproxy, the origin and the clients live), reads back
 * what every client got.
 */

/** A proxy of the run: where it listens, the loopback address it connects from, and its one account. */
export interface E2eProxy {
  readonly port: number;
  readonly outgoing: string;
  readonly username: string;
  readonly password: string;
}

/** One client request. The proxy variables come from `env` (as systemd passes them) or a sourced `envFile`. */
export interface E2eRun {
  readonly id: string;
  readonly client: 'curl' | 'go' | 'node24-http' | 'node24-fetch';
  readonly url: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly envFile?: string;
}

/** What the client got: the HTTP status and the origin's JSON body, or an error. */
export interface E2eResult {
  readonly id: string;
  readonly status?: number;
  readonly body?: string;
  readonly error?: string;
  readonly stderr?: string;
}

/** Everything the run reports. */
export interface E2eResults {
  readonly versions: { squid: string; tinyproxy: string };
  readonly runs: readonly E2eResult[];
  readonly squidAccessLog: string;
  readonly tinyproxyLog: string;
}

/** Input of {@link runEndToEnd}. */
export interface E2eInput {
  readonly directory: string;
  readonly certFile: string;
  readonly keyFile: string;
  readonly origin: { readonly httpPort: number; readonly httpsPort: number };
  readonly proxies: { readonly squid: E2eProxy; readonly tinyproxy: E2eProxy };
  /** Extra environment for every client (the CA each one trusts). */
  readonly caEnv: Readonly<Record<string, string>>;
  readonly runs: readonly E2eRun[];
  /** /etc/hosts inside the namespace. */
  readonly hosts: string;
}

/** Run the proxies, the origin and all client runs in one namespace, bounded by `timeoutMs`. */
export function runEndToEnd(input: E2eInput, timeoutMs = 120_000): E2eResults {
  const work = mkdtempSync(join(tmpdir(), 'proxy-e2e-run-'));
  const inputFile = join(work, 'input.json');
  const resultsFile = join(work, 'results.json');
  writeFileSync(inputFile, JSON.stringify({
    dir: input.directory,
    cert: input.certFile,
    key: input.keyFile,
    origin: input.origin,
    proxies: input.proxies,
    caEnv: input.caEnv,
    runs: input.runs,
  }), { mode: 0o600 });
  const run = runInNamespace([process.execPath, join(CONFORMANCE_DIR, 'e2e', 'run-e2e.mjs'), inputFile, resultsFile], timeoutMs, input.hosts);
  if (run.status !== 0) {
    throw new Error(`end-to-end run failed (exit ${run.status}): ${run.stderr}`);
  }
  return JSON.parse(readFileSync(resultsFile, 'utf8')) as E2eResults;
}

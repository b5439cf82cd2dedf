import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNamespace } from './namespace';
import { CONFORMANCE_DIR } from './toolchain';
import { NoProxyClientId } from '../../../src/core/noproxy/clients';

/** A real client: a modelled NO_PROXY client family, or the JDK (which reads `http.nonProxyHosts`). */
export type RealClientId = NoProxyClientId | 'java';

/** One question to one real client: with this value, does this URL go through the proxy? */
export interface ClientCase {
  /** Unique within the client's list. */
  readonly id: string;
  /** The NO_PROXY value (for `java`: the `http.nonProxyHosts` value). */
  readonly noProxy: string;
  readonly url: string;
  /**
   * The proxy variables instead of the four set to the witness: each name set (`true`: to the
   * witness's URL) or unset (`null`).
   *
   * @default - HTTP_PROXY, http_proxy, HTTPS_PROXY and https_proxy set to the witness
   */
  readonly environment?: Readonly<Record<string, string | true | null>>;
}

/** A real client's answer. `error` means it gave none (crashed, timed out, or the witness saw another host). */
export interface ClientVerdict {
  readonly id: string;
  readonly verdict: 'direct' | 'proxy' | 'error';
  readonly detail?: string;
}

/** Answers of one run, by client and case id, with the version of each client as it reported it. */
export interface ClientRun {
  readonly versions: Partial<Record<RealClientId, string>>;
  readonly verdicts: Partial<Record<RealClientId, ReadonlyMap<string, ClientVerdict>>>;
}

/**
 * Ask every real client its cases in one run of `conformance/run-batch.mjs` inside the
 * loopback-only namespace (one process per client, or per NO_PROXY value where a client reads the
 * environment once). Throws if the run fails or a client skipped a case.
 */
export function runRealClients(cases: Partial<Record<RealClientId, readonly ClientCase[]>>, timeoutMs = 150_000): ClientRun {
  const directory = mkdtempSync(join(tmpdir(), 'proxy-conformance-'));
  try {
    const batchFile = join(directory, 'batch.json');
    const resultsFile = join(directory, 'results.json');
    writeFileSync(batchFile, JSON.stringify({ clients: cases }));
    const run = runInNamespace([process.execPath, join(CONFORMANCE_DIR, 'run-batch.mjs'), batchFile, resultsFile], timeoutMs);
    if (run.status !== 0) {
      throw new Error(`conformance run failed (exit ${run.status}): ${run.stderr}`);
    }
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
      versions: Partial<Record<RealClientId, string>>;
      verdicts: Partial<Record<RealClientId, ClientVerdict[]>>;
    };
    const verdicts: Partial<Record<RealClientId, ReadonlyMap<string, ClientVerdict>>> = {};
    for (const [client, list] of Object.entries(cases) as Array<[RealClientId, readonly ClientCase[]]>) {
      const answered = new Map((results.verdicts[client] ?? []).map((verdict) => [verdict.id, verdict]));
      const skipped = list.filter((testCase) => !answered.has(testCase.id));
      if (skipped.length > 0) {
        throw new Error(`${client} gave no answer for ${skipped.length} case(s), e.g. ${skipped[0].id}`);
      }
      verdicts[client] = answered;
    }
    return { versions: results.versions, verdicts };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

import { ComputedCluster } from './clusters';
import { ConformanceDestination, destinationsFor, isBlockToken } from './destinations';
import { javaPatterns } from './java-patterns';
import { ClientCase, ClientRun, ClientVerdict, RealClientId } from './real-clients';
import { NO_PROXY_CLIENT_IDS, NoProxyClientId } from '../../../src/core/noproxy/clients';
import { explainNoProxy, NoProxyClientVerdict } from '../../../src/core/noproxy/explain';

/**
 * Turns the real clients' answers into the conformance verdicts of the matrix.
 *
 * For every cluster, destination and client there are up to two questions to the real client:
 *  1. the library's NO_PROXY (for the JVM: its `http.nonProxyHosts`);
 *  2. the "sink": every derivable token of the destination at once, asked only where the model
 *     predicts that the library's value leaves a must-bypass destination on the proxy. It tells a
 *     client limit (the sink is proxied too) from a renderer gap (the sink goes direct).
 * For the modelled clients, each real answer is compared with `explainNoProxy`: a disagreement is
 * a failure, because then the model (or the renderer designed from it) is wrong.
 */

/** Every real client of the matrix, in column order: the modelled families, then the JDK. */
export const MATRIX_CLIENTS: readonly RealClientId[] = [...NO_PROXY_CLIENT_IDS, 'java'];

/**
 * - `direct`, `proxied`: as required
 * - `uncoverable`: a must-bypass or advisory destination on the proxy, and on the proxy with every
 *   derivable token too: no value the library could write covers it for this client
 * - `over-match`: a lookalike went direct (the client's matcher over-matches; the model predicts it)
 * - `not-covered`: on the proxy although some derivable token would make this client go direct
 *   (a failure for must-bypass destinations of modelled clients; a finding for advisory ones and
 *   for the JVM's members of blocks too large for its octet globs, which the library reports as skipped)
 * - `fail`: any requirement broken; see the failure text
 */
export type CellStatus = 'direct' | 'proxied' | 'uncoverable' | 'over-match' | 'not-covered' | 'fail';

/** The outcome for one client and one destination. */
export interface MatrixCell {
  readonly client: RealClientId;
  readonly status: CellStatus;
  readonly real: ClientVerdict;
  readonly model?: NoProxyClientVerdict;
  readonly sinkReal?: ClientVerdict;
  readonly sinkModel?: NoProxyClientVerdict;
  /** Why the cell failed. */
  readonly failure?: string;
}

/** One row of the matrix. */
export interface MatrixRow {
  readonly destination: ConformanceDestination;
  readonly cells: readonly MatrixCell[];
}

/** One cluster's part of the matrix. */
export interface ClusterMatrix {
  readonly cluster: ComputedCluster;
  readonly rows: readonly MatrixRow[];
}

/** The questions asked, and where each one's answer goes. */
export interface MatrixPlan {
  readonly clusters: ReadonlyArray<{ cluster: ComputedCluster; destinations: readonly ConformanceDestination[] }>;
  readonly cases: Partial<Record<RealClientId, ClientCase[]>>;
}

const libraryCaseId = (cluster: ComputedCluster, destination: ConformanceDestination): string => `${cluster.id}/${destination.key}`;
const sinkCaseId = (cluster: ComputedCluster, destination: ConformanceDestination): string => `${libraryCaseId(cluster, destination)}#sink`;

function modelVerdict(client: NoProxyClientId, noProxy: string, url: string): NoProxyClientVerdict {
  return explainNoProxy(noProxy, url, { clients: [client] })[0];
}

function isModelled(client: RealClientId): client is NoProxyClientId {
  return client !== 'java';
}

/** The value the client reads: NO_PROXY, or for the JVM `http.nonProxyHosts`. */
function libraryValue(client: RealClientId, cluster: ComputedCluster): string {
  return isModelled(client) ? cluster.noProxy : cluster.javaNonProxyHosts;
}

function sinkValue(client: RealClientId, destination: ConformanceDestination): string {
  return isModelled(client) ? destination.derivable.join(',') : javaPatterns(destination.derivable).join('|');
}

/** Whether the sink question is asked: the library's value is predicted (or, for the JVM, seen) to leave a destination that should bypass on the proxy. */
function wantsSink(client: RealClientId, cluster: ComputedCluster, destination: ConformanceDestination): boolean {
  if ((destination.kind !== 'must-bypass' && destination.kind !== 'advisory') || sinkValue(client, destination) === '') {
    return false;
  }
  // The JDK has no model: ask it the sink question for every such destination.
  return !isModelled(client) || !modelVerdict(client, cluster.noProxy, destination.url).direct;
}

/** Every question of the matrix, grouped by client. */
export function planMatrix(clusters: readonly ComputedCluster[]): MatrixPlan {
  const cases: Partial<Record<RealClientId, ClientCase[]>> = {};
  const planned = clusters.map((cluster) => ({ cluster, destinations: destinationsFor(cluster) }));
  for (const client of MATRIX_CLIENTS) {
    const list: ClientCase[] = [];
    for (const { cluster, destinations } of planned) {
      for (const destination of destinations) {
        list.push({ id: libraryCaseId(cluster, destination), noProxy: libraryValue(client, cluster), url: destination.url });
        if (wantsSink(client, cluster, destination)) {
          list.push({ id: sinkCaseId(cluster, destination), noProxy: sinkValue(client, destination), url: destination.url });
        }
      }
    }
    cases[client] = list;
  }
  return { clusters: planned, cases };
}

function answer(run: ClientRun, client: RealClientId, id: string): ClientVerdict | undefined {
  return run.verdicts[client]?.get(id);
}

/** Judge one cell from the real answers (and the model, for modelled clients). */
function judge(client: RealClientId, cluster: ComputedCluster, destination: ConformanceDestination, run: ClientRun): MatrixCell {
  const real = answer(run, client, libraryCaseId(cluster, destination));
  if (!real) {
    throw new Error(`no answer from ${client} for ${libraryCaseId(cluster, destination)}`);
  }
  const sinkReal = answer(run, client, sinkCaseId(cluster, destination));
  const model = isModelled(client) ? modelVerdict(client, cluster.noProxy, destination.url) : undefined;
  const sinkModel = isModelled(client) && sinkReal ? modelVerdict(client, sinkValue(client, destination), destination.url) : undefined;
  const base = { client, real, ...(model ? { model } : {}), ...(sinkReal ? { sinkReal } : {}), ...(sinkModel ? { sinkModel } : {}) };
  const fail = (failure: string): MatrixCell => ({ ...base, status: 'fail', failure: `${client} ${destination.url}: ${failure}` });

  if (real.verdict === 'error' || sinkReal?.verdict === 'error') {
    return fail(`the real client gave no verdict: ${(real.verdict === 'error' ? real : sinkReal)?.detail}`);
  }
  const direct = real.verdict === 'direct';
  if (model && model.direct !== direct) {
    return fail(`model says ${model.direct ? 'direct' : 'proxy'} (${model.reason}), the real client went ${real.verdict}`
      + ` with the library's NO_PROXY ${JSON.stringify(cluster.noProxy)}`);
  }
  if (sinkModel && sinkReal && sinkModel.direct !== (sinkReal.verdict === 'direct')) {
    return fail(`model says ${sinkModel.direct ? 'direct' : 'proxy'} (${sinkModel.reason}), the real client went ${sinkReal.verdict}`
      + ` with NO_PROXY ${JSON.stringify(sinkValue(client, destination))}`);
  }
  switch (destination.kind) {
    case 'must-proxy':
      return direct ? fail(`external destination went direct (${real.detail ?? ''})`) : { ...base, status: 'proxied' };
    case 'over-match-probe':
      return { ...base, status: direct ? 'over-match' : 'proxied' };
    default:
      break;
  }
  if (direct) {
    return { ...base, status: 'direct' };
  }
  if (!sinkReal || sinkReal.verdict === 'proxy') {
    return { ...base, status: 'uncoverable' };
  }
  const javaNameOrAddress = !isModelled(client) && destination.derivable.some((token) => !isBlockToken(token));
  if (destination.kind === 'must-bypass' && (isModelled(client) || javaNameOrAddress)) {
    return fail(`used the proxy with the library's value although ${JSON.stringify(sinkValue(client, destination))} makes it go direct`);
  }
  return { ...base, status: 'not-covered' };
}

/** The whole matrix from one run of the real clients. */
export function evaluateMatrix(plan: MatrixPlan, run: ClientRun): ClusterMatrix[] {
  return plan.clusters.map(({ cluster, destinations }) => ({
    cluster,
    rows: destinations.map((destination) => ({
      destination,
      cells: MATRIX_CLIENTS.map((client) => judge(client, cluster, destination, run)),
    })),
  }));
}

/** Every failure text of the matrix. */
export function matrixFailures(matrix: readonly ClusterMatrix[]): string[] {
  return matrix.flatMap(({ rows }) => rows.flatMap(({ cells }) => cells.flatMap((cell) => (cell.failure ? [cell.failure] : []))));
}

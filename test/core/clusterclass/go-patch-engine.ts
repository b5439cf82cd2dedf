import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/**
 * Runs ClusterClass templates and patches through conformance/gotemplate: Go text/template with
 * Sprig's hermetic functions, sigs.k8s.io/yaml and evanphx/json-patch v5, as Cluster API's topology
 * controller does. Requests are batched: one process per call.
 */

const ROOT = resolve(__dirname, '..', '..', '..');
const BINARY = join(ROOT, 'conformance', '.cache', 'bin', 'go-clusterclass-patches');

/** Build the evaluator (seconds the first time, then Go's cache). */
export function buildPatchEngine(): void {
  const result = spawnSync('bash', [join(ROOT, 'conformance', 'gotemplate', 'build.sh')], { encoding: 'utf8', timeout: 240_000 });
  if (result.status !== 0) {
    throw new Error(`building the Go patch engine failed:\n${result.stdout}${result.stderr}`);
  }
}

/** One template with its variables (`builtin` and the class variables). */
export interface TemplateCase {
  readonly template: string;
  readonly variables: Record<string, unknown>;
}

/** One template object to patch, with its holder and item variables. */
export interface PatchItem {
  readonly object: unknown;
  readonly holder: { readonly kind: string; readonly fieldPath: string };
  readonly variables: Record<string, unknown>;
}

/** A Cluster's patch run: the class patches, the global variables and the templates. */
export interface ClusterCase {
  readonly patches: readonly unknown[];
  readonly variables: Record<string, unknown>;
  readonly items: readonly PatchItem[];
}

/** Result of one template or cluster: the value (or patched items) or Go's error. */
export interface EngineResult {
  readonly value?: unknown;
  readonly items?: unknown[];
  readonly error?: string;
}

/** Run everything in one process. */
export function runPatchEngine(
  input: { templates?: readonly TemplateCase[]; clusters?: readonly ClusterCase[] },
): { templates: EngineResult[]; clusters: EngineResult[] } {
  const result = spawnSync(BINARY, { input: JSON.stringify({ templates: input.templates ?? [], clusters: input.clusters ?? [] }), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 120_000 });
  if (result.status !== 0) {
    throw new Error(`go-clusterclass-patches failed: ${result.error ?? result.status}\n${result.stderr}`);
  }
  return JSON.parse(result.stdout);
}

/** The items a Cluster's control plane and workers hand to the patch engine. */
export function controlPlaneHolder(): PatchItem['holder'] {
  return { kind: 'Cluster', fieldPath: 'spec.controlPlaneRef' };
}

/** The holder of a MachineDeployment's bootstrap template. */
export function machineDeploymentHolder(): PatchItem['holder'] {
  return { kind: 'MachineDeployment', fieldPath: 'spec.template.spec.bootstrap.configRef' };
}

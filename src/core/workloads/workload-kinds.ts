/**
 * Where each pod-bearing kind keeps its pod spec. Only the built-in API groups are known: a custom
 * resource that embeds a pod template is not touched (its controller decides what reaches the pod).
 */

/** Kinds (with their API group) that carry a pod spec, and the path to it. */
const POD_SPEC_PATHS: ReadonlyMap<string, readonly string[]> = new Map([
  ['core/Pod', ['spec']],
  ['core/PodTemplate', ['template', 'spec']],
  ['core/ReplicationController', ['spec', 'template', 'spec']],
  ['apps/Deployment', ['spec', 'template', 'spec']],
  ['apps/StatefulSet', ['spec', 'template', 'spec']],
  ['apps/DaemonSet', ['spec', 'template', 'spec']],
  ['apps/ReplicaSet', ['spec', 'template', 'spec']],
  ['batch/Job', ['spec', 'template', 'spec']],
  ['batch/CronJob', ['spec', 'jobTemplate', 'spec', 'template', 'spec']],
]);

/** The kinds injection handles, for documentation and tests. */
export const POD_BEARING_KINDS: string[] = [...POD_SPEC_PATHS.keys()].map((key) => key.split('/')[1]);

/**
 * Path (as object keys) from the manifest root to its pod spec, or `undefined` when the kind
 * carries no pod.
 */
export function podSpecPath(apiVersion: unknown, kind: unknown): readonly string[] | undefined {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
    return undefined;
  }
  // keyed by the API group of `apiVersion` (`core` for the legacy `v1`)
  const slash = apiVersion.indexOf('/');
  return POD_SPEC_PATHS.get(`${slash === -1 ? 'core' : apiVersion.slice(0, slash)}/${kind}`);
}

/** Path to the pod template's metadata (where pod annotations live), next to the pod spec. */
export function podMetadataPath(specPath: readonly string[]): string[] {
  return [...specPath.slice(0, -1), 'metadata'];
}

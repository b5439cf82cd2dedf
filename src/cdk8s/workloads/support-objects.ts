import { ApiObject, ApiObjectProps, Chart } from 'cdk8s';
import { ProxyConfigError } from '../../core/errors';
import { KubeObject } from '../../core/k8s/manifest';
import { canonicalJson } from '../../core/k8s/names';

/**
 * One proxy Secret / CA ConfigMap per chart and namespace, however many workloads, injections and
 * `ProxyAwareDeployment`s need it: emitting the same object twice would make `kubectl apply` and
 * GitOps tools report duplicates.
 */
const emitted = new WeakMap<Chart, Map<string, { readonly content: string; readonly object: ApiObject }>>();

/**
 * Add `objects` to `chart` unless an identical object (same kind, namespace and name) is already
 * there. The same name with different content means two proxy configurations compete for one
 * Secret or ConfigMap: that throws, naming the object.
 */
export function ensureSupportObjects(chart: Chart, objects: readonly KubeObject[]): ApiObject[] {
  let registry = emitted.get(chart);
  if (!registry) {
    registry = new Map();
    emitted.set(chart, registry);
  }
  return objects.map((object) => {
    const namespace = object.metadata.namespace;
    const key = `${object.kind}/${namespace ?? ''}/${object.metadata.name}`;
    const content = canonicalJson(object);
    const existing = registry.get(key);
    if (existing) {
      if (existing.content !== content) {
        throw new ProxyConfigError(object.kind === 'Secret' ? 'secretName' : 'trustBundle.configMapName',
          `two different proxy configurations both need the ${object.kind} "${object.metadata.name}"`
          + `${namespace ? ` in namespace "${namespace}"` : ''}; give one of them another name`);
      }
      return existing.object;
    }
    const id = `ClusterProxy${object.kind}-${namespace ?? 'default-namespace'}-${object.metadata.name}`;
    const apiObject = new ApiObject(chart, id, structuredClone(object) as unknown as ApiObjectProps);
    registry.set(key, { content, object: apiObject });
    return apiObject;
  });
}

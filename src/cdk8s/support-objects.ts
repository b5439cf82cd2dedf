import { ApiObject, ApiObjectProps, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { ProxyConfigError } from '../core/errors';
import { KubeObject } from '../core/k8s/manifest';
import { canonicalJson } from '../core/k8s/names';

/**
 * Objects several constructs need exactly once per chart and namespace: the proxy Secret and CA
 * ConfigMap of workloads (however many injections and `ProxyAwareDeployment`s need them), and a
 * cluster's node-proxy Secret (read by its control plane, every worker template and the Giant Swarm
 * setup). Emitting one twice would make `kubectl apply` and GitOps tools report duplicates.
 *
 * A registry per chart, not a search of the chart: looking objects up with `findAll()` made a fleet
 * of clusters in one chart quadratic.
 */
const emitted = new WeakMap<Chart, Map<string, { readonly content: string; readonly object: ApiObject }>>();

/**
 * Add `objects` to `chart` (in `placement.scope`, default the chart itself) unless an identical
 * object (same kind, namespace and name) is already there. The same name with different content means two proxy configurations compete for one
 * Secret or ConfigMap: that throws, naming the object.
 */
export function ensureSupportObjects(
  chart: Chart,
  objects: readonly KubeObject[],
  placement: { readonly scope: Construct; readonly id: (object: KubeObject) => string } = { scope: chart, id: defaultId },
): ApiObject[] {
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
    // created where the first requester puts it, so it synthesizes before the objects reading it
    const apiObject = new ApiObject(placement.scope, placement.id(object), structuredClone(object) as unknown as ApiObjectProps);
    registry.set(key, { content, object: apiObject });
    return apiObject;
  });
}

function defaultId(object: KubeObject): string {
  return `ClusterProxy${object.kind}-${object.metadata.namespace ?? 'default-namespace'}-${object.metadata.name}`;
}

import { ApiObject, ApiObjectProps, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { SecretObject } from '../../core/k8s/manifest';

/**
 * The node-proxy Secret is shared: a cluster's KubeadmControlPlane and all its KubeadmConfigTemplates
 * read the same one. Whichever construct comes first in a chart adds it; the others find it (same
 * name and namespace means same content, since the name carries the content hash) instead of adding
 * a duplicate the API server would refuse.
 */
export function ensureNodeProxySecret(scope: Construct, secret: SecretObject): ApiObject {
  const chart = Chart.of(scope);
  const namespace = secret.metadata.namespace ?? chart.namespace;
  const existing = chart.node.findAll().find((child): child is ApiObject => child instanceof ApiObject
    && child.apiVersion === 'v1' && child.kind === 'Secret'
    && child.name === secret.metadata.name && child.metadata.namespace === namespace);
  return existing ?? new ApiObject(scope, 'NodeProxySecret', structuredClone(secret) as unknown as ApiObjectProps);
}

import type { ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { proxyEnvironment, RenderEnvironment } from '../../definition/proxy-environment';
import { userNoProxyEntries } from '../../node-files/system-no-proxy';
import { ObjectMeta } from '../../primitives/k8s/manifest';

/** Label Giant Swarm operators use to tie objects to a cluster (`label.Cluster` in their operators). */
export const GIANT_SWARM_CLUSTER_LABEL = 'giantswarm.io/cluster';

const OPERATOR_NAME = 'cluster-apps-operator';

/** The metadata cluster-apps-operator gives each Secret it writes for a cluster. */
export function operatorMetadata(clusterName: string, name: string, namespace: string): ObjectMeta {
  return {
    name,
    namespace,
    annotations: { 'giantswarm.io/notes': `DO NOT EDIT. Values managed by ${OPERATOR_NAME}.` },
    labels: { [GIANT_SWARM_CLUSTER_LABEL]: clusterName, 'giantswarm.io/managed-by': OPERATOR_NAME },
  };
}

/**
 * NO_PROXY as cluster-apps-operator composes it: the cluster's service domain, service and pod
 * CIDRs and API server host, the installation's entries as written, then `svc`, `127.0.0.1` and
 * `localhost`, each written where it comes (the operator keeps repeats). The cluster's own
 * additional entries, which the operator has no place for, follow the installation's.
 */
function operatorNoProxy(proxy: ClusterProxyConfig): string {
  const network = proxy.network;
  return [
    network.serviceDomain,
    ...network.services,
    ...network.pods,
    ...(network.controlPlaneEndpoint === undefined ? [] : [network.controlPlaneEndpoint]),
    ...userNoProxyEntries(proxy),
    'svc',
    '127.0.0.1',
    'localhost',
  ].join(',');
}

/** The environment the operator's values are written from, with or without the URLs' credentials. */
export function operatorEnvironment(proxy: ClusterProxyConfig, credentials: boolean): RenderEnvironment {
  return proxyEnvironment(proxy.settings, operatorNoProxy(proxy), { credentials, portsAsGiven: true });
}

/**
 * `cluster.proxy.{http,https,noProxy}` as cluster-apps-operator writes it into
 * `<cluster>-cluster-values` (giantswarm/cluster-apps-operator `clustersecret`), and
 * chart-operator's values schema types it (all three strings).
 */
export function clusterProxyValues(env: RenderEnvironment): { cluster: { proxy: { [key: string]: unknown } } } {
  return { cluster: { proxy: { http: env.httpProxy, https: env.httpsProxy, noProxy: env.noProxy } } };
}

/**
 * The values the operator writes, keys in the order its YAML encoder sorts them: `cluster.proxy`,
 * the `env` list (NO_PROXY first), and the lower-case keys of cert-manager's upstream chart.
 */
export function operatorValues(env: RenderEnvironment): { [key: string]: unknown } {
  const variable = (name: string, value: unknown) => ({ name, value });
  return {
    ...clusterProxyValues(env),
    env: [variable('NO_PROXY', env.noProxy), variable('HTTP_PROXY', env.httpProxy), variable('HTTPS_PROXY', env.httpsProxy)],
    http_proxy: env.httpProxy,
    https_proxy: env.httpsProxy,
    no_proxy: env.noProxy,
  };
}

import { ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { copyJson } from '../../primitives/k8s/copy-json';
import { KubeObject, MANAGED_BY, MANAGED_BY_LABEL, SecretObject } from '../../primitives/k8s/manifest';
import { assertDnsLabel } from '../../primitives/k8s/names';
import { parseOneOf } from '../../primitives/validation/one-of';
import { configMapObject, secretObject } from '../../product/data-objects';
import { addonProxyValues, AddonProxyValues } from '../addon-proxy';
import { mergeValues, ValuesObject } from '../merge-values';
import { renderSecretYaml, renderYaml } from '../yaml-text';
import { GIANT_SWARM_CLUSTER_LABEL, operatorEnvironment, operatorMetadata, operatorValues } from './values-layout';
import { GiantSwarmValuesLayout } from '../giantswarm-values-layout';

/** Data key of a Giant Swarm values Secret or ConfigMap (what app-operator reads). */
export const GIANT_SWARM_VALUES_KEY = 'values';

/** Options of {@link giantSwarmClusterValues}. */
export interface GiantSwarmClusterValuesOptions {
  /** Workload cluster name; the objects are `<cluster>-cluster-values`. */
  readonly clusterName: string;
  /** Organization namespace the cluster (and its App CRs) live in, e.g. `org-acme`. */
  readonly namespace: string;
  /**
   * Other cluster values (e.g. `baseDomain`, `cluster.kubernetes.domain`), merged beside
   * `cluster.proxy`. Setting a `cluster.proxy` key is an error.
   *
   * @default - only `cluster.proxy`
   */
  readonly values?: ValuesObject;
  /**
   * Whose values to write: the library's, or byte for byte what cluster-apps-operator writes (its
   * keys, its NO_PROXY composition, the URLs as written, its labels and annotation), for taking over
   * a cluster whose apps read the operator's values.
   *
   * @default GiantSwarmValuesLayout.LIBRARY
   */
  readonly valuesLayout?: GiantSwarmValuesLayout;
}

/** The cluster values objects: always the Secret, the ConfigMap on request. */
export interface GiantSwarmClusterValues {
  /** `<cluster>-cluster-values` Secret: `cluster.proxy` with the full URLs (credentials included). */
  readonly secret: SecretObject;
  /**
   * `<cluster>-cluster-values` ConfigMap: `cluster.proxy` with the URLs without user name and
   * password. Apps that read only the ConfigMap reach a proxy that requires authentication
   * without credentials; reference the Secret too (App CRs built here reference both).
   */
  readonly configMap: KubeObject;
}

/**
 * `cluster.proxy.{http,https,noProxy}` as cluster-apps-operator writes it into
 * `<cluster>-cluster-values` (giantswarm/cluster-apps-operator `clustersecret`), and
 * chart-operator's values schema types it (all three strings).
 */
function clusterProxyValues(values: AddonProxyValues): ValuesObject {
  return { cluster: { proxy: { http: values.httpProxy, https: values.httpsProxy, noProxy: values.noProxy } } };
}

/**
 * The `<cluster>-cluster-values` Secret and ConfigMap that Giant Swarm App CRs consume through
 * `spec.config.secret` / `spec.config.configMap`. Both come from the one definition; the ConfigMap
 * holds the proxy URLs without credentials (a ConfigMap is readable by anyone with namespace read
 * access), identical to the Secret's when the proxy needs none.
 */
export function giantSwarmClusterValues(proxy: ClusterProxyConfig, options: GiantSwarmClusterValuesOptions): GiantSwarmClusterValues {
  const clusterName = assertDnsLabel('clusterName', options.clusterName);
  const namespace = assertDnsLabel('namespace', options.namespace);
  const layout = parseOneOf('valuesLayout', options.valuesLayout ?? GiantSwarmValuesLayout.LIBRARY, Object.values(GiantSwarmValuesLayout));
  if (layout === GiantSwarmValuesLayout.OPERATOR) {
    return operatorClusterValues(proxy, clusterName, namespace, options.values);
  }
  const withCredentials = mergeValues('values', clusterProxyValues(addonProxyValues(proxy, 'Giant Swarm apps')), options.values);
  const withoutCredentials = mergeValues('values', clusterProxyValues(addonProxyValues(proxy, 'Giant Swarm apps', 'strip')), options.values);
  const metadata = {
    name: `${clusterName}-cluster-values`,
    namespace,
    labels: { [GIANT_SWARM_CLUSTER_LABEL]: clusterName, [MANAGED_BY_LABEL]: MANAGED_BY },
  };
  return {
    secret: secretObject(copyJson(metadata), { [GIANT_SWARM_VALUES_KEY]: renderSecretYaml(withCredentials) }),
    configMap: configMapObject(copyJson(metadata), { [GIANT_SWARM_VALUES_KEY]: renderYaml(withoutCredentials) }),
  };
}

/**
 * The values cluster-apps-operator writes, in its layout: a Go YAML encoder's text (lists not
 * indented under their key), the operator's metadata on both objects.
 */
function operatorClusterValues(proxy: ClusterProxyConfig, clusterName: string, namespace: string, extra?: ValuesObject): GiantSwarmClusterValues {
  addonProxyValues(proxy, 'Giant Swarm apps');
  const text = (credentials: boolean) => mergeValues('values', operatorValues(operatorEnvironment(proxy, credentials)) as ValuesObject, extra);
  const metadata = () => operatorMetadata(clusterName, `${clusterName}-cluster-values`, namespace);
  const style = { compactSequences: true };
  return {
    secret: secretObject(metadata(), { [GIANT_SWARM_VALUES_KEY]: renderSecretYaml(text(true), style) }),
    configMap: configMapObject(metadata(), { [GIANT_SWARM_VALUES_KEY]: renderYaml(text(false), style) }),
  };
}

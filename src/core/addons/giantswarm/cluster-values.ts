import { ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { KubeObject, MANAGED_BY, MANAGED_BY_LABEL, SecretObject } from '../../primitives/k8s/manifest';
import { assertDnsLabel } from '../../primitives/k8s/names';
import { parseOneOf } from '../../primitives/validation/one-of';
import { configMapObject, secretObject } from '../../product/data-objects';
import { addonProxyValues } from '../addon-proxy';
import { mergeValues, ValuesObject } from '../merge-values';
import { renderSecretYaml, renderYaml } from '../yaml-text';
import { clusterProxyValues, GIANT_SWARM_CLUSTER_LABEL, operatorEnvironment, operatorMetadata, operatorValues } from './values-layout';
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
 * The `<cluster>-cluster-values` Secret and ConfigMap that Giant Swarm App CRs consume through
 * `spec.config.secret` / `spec.config.configMap`. Both come from the one definition; the ConfigMap
 * holds the proxy URLs without credentials (a ConfigMap is readable by anyone with namespace read
 * access), identical to the Secret's when the proxy needs none. In the operator's layout both are
 * what cluster-apps-operator writes: its values as a Go YAML encoder writes them (lists not indented
 * under their key), its metadata.
 */
export function giantSwarmClusterValues(proxy: ClusterProxyConfig, options: GiantSwarmClusterValuesOptions): GiantSwarmClusterValues {
  const clusterName = assertDnsLabel('clusterName', options.clusterName);
  const namespace = assertDnsLabel('namespace', options.namespace);
  const layout = parseOneOf('valuesLayout', options.valuesLayout ?? GiantSwarmValuesLayout.LIBRARY, Object.values(GiantSwarmValuesLayout));
  const operator = layout === GiantSwarmValuesLayout.OPERATOR;
  const values = (credentials: boolean): ValuesObject => {
    // both URLs in either layout: the apps ignore a proxy with one
    const addonValues = addonProxyValues(proxy, 'Giant Swarm apps', credentials ? 'include' : 'strip');
    return mergeValues('values', operator ? operatorValues(operatorEnvironment(proxy, credentials)) : clusterProxyValues(addonValues), options.values);
  };
  const withCredentials = values(true);
  const withoutCredentials = values(false);
  const name = `${clusterName}-cluster-values`;
  const metadata = () => (operator ? operatorMetadata(clusterName, name, namespace)
    : { name, namespace, labels: { [GIANT_SWARM_CLUSTER_LABEL]: clusterName, [MANAGED_BY_LABEL]: MANAGED_BY } });
  const style = { compactSequences: operator };
  return {
    secret: secretObject(metadata(), { [GIANT_SWARM_VALUES_KEY]: renderSecretYaml(withCredentials, style) }),
    configMap: configMapObject(metadata(), { [GIANT_SWARM_VALUES_KEY]: renderYaml(withoutCredentials, style) }),
  };
}

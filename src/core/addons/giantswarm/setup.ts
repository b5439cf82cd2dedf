import { giantSwarmApp, GiantSwarmAppProps } from './app';
import { giantSwarmClusterValues } from './cluster-values';
import { operatorMetadata } from './values-layout';
import { ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { NodeProxyFileOptions } from '../../node-files/options';
import { resolveNodeProxyFiles } from '../../node-files/resolution';
import { nodeProxySecret } from '../../node-files/secret';
import { invalidValue } from '../../primitives/errors';
import { KubeObject, SecretObject } from '../../primitives/k8s/manifest';
import { isRecord } from '../../primitives/validation/json-data';
import { checkProps, propKeys } from '../../primitives/validation/strict-props';
import { GiantSwarmValuesLayout } from '../giantswarm-values-layout';
import { ValuesObject } from '../merge-values';

/** Options of `giantSwarmProxySetup`. */
export interface GiantSwarmProxySetupOptions {
  /** Workload cluster name. */
  readonly clusterName: string;
  /** Organization namespace of the cluster, e.g. `org-acme`. */
  readonly namespace: string;
  /**
   * Apps to install with the cluster values (cert-manager, chart-operator's consumers, ...).
   *
   * @default - none
   */
  readonly apps?: GiantSwarmAppProps[];
  /**
   * Also emit the credential-free `<cluster>-cluster-values` ConfigMap and reference it from the
   * App CRs next to the Secret (app-operator merges both into the chart's values).
   *
   * @default true
   */
  readonly configMap?: boolean;
  /**
   * Emit the `<cluster>-systemd-proxy-<hash>` Secret (key `containerdProxy`, the drop-in Giant
   * Swarm's cluster charts read with `contentFrom`). It is the same object the Cluster API part of
   * this library emits with `delivery: 'secret'`; switch it off when that part is in the same app,
   * or the Secret would be defined twice.
   *
   * @default true
   */
  readonly systemdProxySecret?: boolean;
  /**
   * The node-file layout of the Cluster API part (its `files` option), so the Secret is the one
   * that part reads: with `{ profile: 'giantswarm' }` the fixed name `<cluster>-systemd-proxy`
   * existing cluster charts mount, the containerd, kubelet and teleport drop-ins, upper-case then
   * lower-case variables. Give both parts the same value.
   *
   * @default - the library's own layout (`<cluster>-systemd-proxy-<hash>`, key `containerdProxy`...)
   */
  readonly files?: NodeProxyFileOptions;
  /**
   * Other cluster values, merged beside `cluster.proxy`.
   *
   * @default - none
   */
  readonly values?: ValuesObject;
  /**
   * Whose values and labels to write: the library's, or byte for byte what cluster-apps-operator
   * writes for a private cluster (the cluster values' keys, NO_PROXY composition and URLs as written,
   * and the operator's labels and annotation on the cluster values and on the
   * `<cluster>-systemd-proxy` Secret, whose content `files` shapes). For taking over a cluster whose
   * apps read the operator's values; new clusters keep the library's, whose NO_PROXY every client
   * reads the same way.
   *
   * @default GiantSwarmValuesLayout.LIBRARY
   */
  readonly valuesLayout?: GiantSwarmValuesLayout;
}

const GIANT_SWARM_SETUP_KEYS = propKeys<GiantSwarmProxySetupOptions>({
  clusterName: true, namespace: true, apps: true, configMap: true, systemdProxySecret: true, files: true, values: true, valuesLayout: true,
});

/** Everything of a Giant Swarm-style setup, by role. */
export interface GiantSwarmProxySetup {
  /** `<cluster>-cluster-values` Secret. */
  readonly valuesSecret: SecretObject;
  /**
   * `<cluster>-cluster-values` ConfigMap (credential-free).
   *
   * @default - none (configMap: false)
   */
  readonly valuesConfigMap?: KubeObject;
  /**
   * The node drop-in Secret.
   *
   * @default - none (systemdProxySecret: false)
   */
  readonly systemdProxySecret?: SecretObject;
  /** The App CRs. */
  readonly apps: KubeObject[];
  /** All objects, values first. */
  readonly objects: KubeObject[];
}

/**
 * The Giant Swarm app-platform objects of one workload cluster behind the proxy: the
 * cluster values (Secret and optionally ConfigMap), the node drop-in Secret shared with the
 * Cluster API part, and App CRs consuming the values. One {@link ClusterProxyConfig} feeds all of
 * them, so chart-operator, cert-manager and containerd cannot disagree.
 */
export function giantSwarmProxySetup(proxy: ClusterProxyConfig, options: GiantSwarmProxySetupOptions): GiantSwarmProxySetup {
  checkProps('', options, GIANT_SWARM_SETUP_KEYS, 'Giant Swarm setup option');
  if (options.apps !== undefined && !Array.isArray(options.apps)) {
    throw invalidValue('apps', options.apps, 'must be an array of apps');
  }
  (options.apps ?? []).forEach((app, index) => {
    if (!isRecord(app)) {
      throw invalidValue(`apps[${index}]`, app, 'must be an app: { name, appName, catalog, version, targetNamespace }');
    }
  });
  const values = giantSwarmClusterValues(proxy, options);
  const withConfigMap = options.configMap ?? true;
  const ref = (object: KubeObject) => ({ name: object.metadata.name, namespace: object.metadata.namespace! });
  const context = {
    clusterName: options.clusterName,
    namespace: options.namespace,
    valuesSecret: ref(values.secret),
    ...(withConfigMap ? { valuesConfigMap: ref(values.configMap) } : {}),
  };
  const apps = (options.apps ?? []).map((app, index) => giantSwarmApp(context, app, `apps[${index}]`));
  // Reuse, never recompute: the Cluster API module owns the node files and the Secret's name.
  const systemdProxySecret = (options.systemdProxySecret ?? true) ? nodeSecret(proxy, options) : undefined;
  return {
    valuesSecret: values.secret,
    ...(withConfigMap ? { valuesConfigMap: values.configMap } : {}),
    ...(systemdProxySecret ? { systemdProxySecret } : {}),
    apps,
    objects: [values.secret, ...(withConfigMap ? [values.configMap] : []), ...(systemdProxySecret ? [systemdProxySecret] : []), ...apps],
  };
}

/**
 * The node-proxy Secret of the Cluster API part for the same layout: what `nodeProxyBootstrap`
 * emits with `delivery: 'secret'` and these `files` (the Secret does not depend on the OS or the
 * bootstrap format).
 */
function nodeSecret(proxy: ClusterProxyConfig, options: GiantSwarmProxySetupOptions): SecretObject {
  const files = resolveNodeProxyFiles('files', options.files, proxy.hasCredentials);
  const secret = nodeProxySecret(options.clusterName, options.namespace, proxy, files);
  if (options.valuesLayout !== GiantSwarmValuesLayout.OPERATOR) {
    return secret;
  }
  return { ...secret, metadata: operatorMetadata(options.clusterName, secret.metadata.name, options.namespace) };
}

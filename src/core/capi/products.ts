import { CapiVersion, ClusterObjectScope, parseCapiVersion } from './capi-version';
import { kubeadmConfigTemplateObject } from './kubeadm-config-template';
import { CONTROL_PLANE_KEY_SET, ControlPlaneProps, kubeadmControlPlaneObject } from './kubeadm-control-plane';
import { ProxiedClusterOptions, proxiedClusterObjects } from './proxied-cluster';
import { PROXY_SOURCE_KEY_SET, ProxySourceProps, resolveProxyConfig } from './proxy-source';
import { assertCredentialsOnlyInSecrets, NODE_PROXY_KEY_SET, NodeProxyBootstrap, nodeProxyBootstrap, NodeProxyOptions, nodeProxyOptionsOf, NodeProxyProps } from '../node-files/bootstrap';
import { KubeObject, SecretObject } from '../primitives/k8s/manifest';
import { checkProps, propKeys } from '../primitives/validation/strict-props';
import { finishProduct } from '../product/credentials';
import { OBJECT_METADATA_KEY_SET, WithObjectMetadata } from '../product/metadata';
import { Product, product, productObject, ProductObject } from '../product/product';

/**
 * The Cluster API products. A cluster's node-proxy Secret is shared: its control plane, every
 * worker template and a Giant Swarm setup read the same one, so each product carries it and the
 * adapters emit it once per scope.
 */

/** Construct id / resource name suffix of the node-proxy Secret in every product. */
export const NODE_PROXY_SECRET_ID = 'NodeProxySecret';

/** Props of the KubeadmControlPlane product. */
export interface KubeadmControlPlaneProductProps extends ProxySourceProps, NodeProxyProps, ControlPlaneProps, WithObjectMetadata {
  /** Name of the Cluster this control plane belongs to. */
  readonly clusterName: string;
  /**
   * Namespace of the KubeadmControlPlane and its Secret.
   *
   * @default - unset
   */
  readonly namespace?: string;
  /** Kubernetes version, e.g. `v1.31.2`. */
  readonly version: string;
  /**
   * Cluster API version of the emitted objects.
   *
   * @default CapiVersion.V1BETA2
   */
  readonly capiVersion?: CapiVersion;
}

/** Props of the KubeadmConfigTemplate product. */
export interface KubeadmConfigTemplateProductProps extends ProxySourceProps, NodeProxyProps, WithObjectMetadata {
  /** Name of the Cluster the workers join. */
  readonly clusterName: string;
  /** Base name of the template; the Kubernetes name is `<name>-<hash of the template's spec>`. */
  readonly name: string;
  /**
   * Namespace of the template and its Secret.
   *
   * @default - unset
   */
  readonly namespace?: string;
  /**
   * A KubeadmConfigSpec to start from (joinConfiguration, users, your files and commands...); the
   * proxy is merged in.
   *
   * @default - an empty spec
   */
  readonly kubeadmConfigSpec?: { readonly [key: string]: unknown };
  /**
   * Cluster API version of the emitted objects.
   *
   * @default CapiVersion.V1BETA2
   */
  readonly capiVersion?: CapiVersion;
}

const KUBEADM_CONTROL_PLANE_PRODUCT_KEYS = propKeys<KubeadmControlPlaneProductProps>({
  ...PROXY_SOURCE_KEY_SET,
  ...NODE_PROXY_KEY_SET,
  ...OBJECT_METADATA_KEY_SET,
  ...CONTROL_PLANE_KEY_SET,
  clusterName: true,
  namespace: true,
  version: true,
  capiVersion: true,
});
const KUBEADM_CONFIG_TEMPLATE_PRODUCT_KEYS = propKeys<KubeadmConfigTemplateProductProps>({
  ...PROXY_SOURCE_KEY_SET,
  ...NODE_PROXY_KEY_SET,
  ...OBJECT_METADATA_KEY_SET,
  clusterName: true,
  name: true,
  namespace: true,
  kubeadmConfigSpec: true,
  capiVersion: true,
});

/** The shared node-proxy Secret as a product of its own (for code that patches existing objects). */
export function nodeProxySecretProduct(secret: SecretObject | undefined): Product {
  // its name is the cluster's plus a digest of the files: two products of one cluster that need it
  // with other content differ in their credentials alone
  return product(secret ? [productObject(NODE_PROXY_SECRET_ID, secret, { shared: true, namedBy: 'clusterName' })] : []);
}

/**
 * A standalone kubeadm object behind the proxy, and the node-proxy Secret it reads (delivery
 * `secret`); credentials only ever in the Secret.
 */
function standaloneProduct(
  props: ProxySourceProps & NodeProxyOptions & WithObjectMetadata & { readonly capiVersion?: CapiVersion },
  id: string,
  build: (scope: ClusterObjectScope, bootstrap: NodeProxyBootstrap) => KubeObject,
): Product {
  const proxy = resolveProxyConfig(props);
  const bootstrap = nodeProxyBootstrap(proxy, nodeProxyOptionsOf(props));
  assertCredentialsOnlyInSecrets(bootstrap, proxy);
  const scope = { clusterName: bootstrap.clusterName, namespace: bootstrap.namespace, capiVersion: parseCapiVersion('capiVersion', props.capiVersion) };
  return finishProduct(withNodeProxySecret(bootstrap, [productObject(id, build(scope, bootstrap))]), proxy, props.metadata);
}

function withNodeProxySecret(bootstrap: NodeProxyBootstrap, objects: ProductObject[]): Product {
  return product([...nodeProxySecretProduct(bootstrap.secret).objects, ...objects]);
}

/** A KubeadmControlPlane behind the proxy, and the node-proxy Secret it reads (delivery `secret`). */
export function kubeadmControlPlaneProduct(props: KubeadmControlPlaneProductProps): Product {
  checkProps('', props, KUBEADM_CONTROL_PLANE_PRODUCT_KEYS, 'control-plane prop');
  return standaloneProduct(props, 'ControlPlane', (scope, bootstrap) => kubeadmControlPlaneObject({
    ...scope,
    version: props.version,
    machineTemplate: props.machineTemplate,
    replicas: props.replicas,
    kubeadmConfigSpec: props.kubeadmConfigSpec,
    name: props.name,
    bootstrap,
  }, ''));
}

/** A worker KubeadmConfigTemplate behind the proxy, and the node-proxy Secret it reads (delivery `secret`). */
export function kubeadmConfigTemplateProduct(props: KubeadmConfigTemplateProductProps): Product {
  checkProps('', props, KUBEADM_CONFIG_TEMPLATE_PRODUCT_KEYS, 'config template prop');
  return standaloneProduct(props, 'ConfigTemplate', (scope, bootstrap) => kubeadmConfigTemplateObject({
    ...scope,
    baseName: props.name,
    kubeadmConfigSpec: props.kubeadmConfigSpec,
    bootstrap,
  }));
}

/** Construct id / resource name suffix of a worker pool's object. */
export function workerPoolObjectId(kind: 'ConfigTemplate' | 'MachineDeployment', pool: string): string {
  return `${kind}-${pool}`;
}

/**
 * A whole proxied cluster: the node-proxy Secret (delivery `secret`), the Cluster, the
 * KubeadmControlPlane, and per worker pool its KubeadmConfigTemplate and MachineDeployment.
 */
export function proxiedClusterProduct(options: ProxiedClusterOptions): Product {
  const objects = proxiedClusterObjects(options);
  const pool = (kind: 'ConfigTemplate' | 'MachineDeployment', name: string, manifest: KubeObject) =>
    productObject(workerPoolObjectId(kind, name), manifest);
  return finishProduct(withNodeProxySecret(objects.bootstrap, [
    productObject('Cluster', objects.cluster),
    productObject('ControlPlane', objects.controlPlane),
    ...objects.workerPools.flatMap((p) => [pool('ConfigTemplate', p.name, p.configTemplate), pool('MachineDeployment', p.name, p.machineDeployment)]),
  ]), objects.proxy, options.metadata);
}

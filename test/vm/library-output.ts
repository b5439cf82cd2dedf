import { proxiedClusterObjects } from '../../src/core/capi/proxied-cluster';
import { ClusterNetworkProps, ClusterNetwork } from '../../src/core/definition/network';
import { proxyVariables } from '../../src/core/definition/proxy-environment';
import { ProxySettings } from '../../src/core/definition/proxy-settings';
import { BootstrapFormat } from '../../src/core/node-files/bootstrap-format';
import { NodeProxyDelivery } from '../../src/core/node-files/delivery';
import { OsFamily } from '../../src/core/node-files/os-family';
import { KubeObject, SecretObject } from '../../src/core/primitives/k8s/manifest';

/**
 * The one place the VM test touches the library's API: everything else works on plain Cluster API
 * objects and the expected environment, so an API change is adapted here only.
 */

/** What the test asks of the library. */
export interface NodeBootstrapInput {
  readonly clusterName: string;
  readonly namespace: string;
  readonly kubernetesVersion: string;
  readonly proxyUrl: string;
  readonly username: string;
  readonly password: string;
  readonly noProxy: readonly string[];
  readonly trustedCaPem: string;
  readonly network: ClusterNetworkProps;
  /** `cloud-config` (a Debian node) or `ignition` (the library then targets Flatcar's layout). */
  readonly bootstrapFormat: BootstrapFormat;
}

/** The library's objects for one cluster, and the proxy environment they promise the node. */
export interface NodeBootstrapOutput {
  readonly cluster: KubeObject;
  readonly kubeadmControlPlane: KubeObject;
  readonly kubeadmConfigTemplate: KubeObject;
  /** The node-proxy Secret the files' `contentFrom` read (delivery `secret`). */
  readonly secret: SecretObject;
  /** `NAME=value` of every proxy variable, in the library's order. */
  readonly environment: readonly string[];
  /** What kubeadm's shell gets: the same variables without credentials (kubeadm copies them into the static pods). */
  readonly kubeadmEnvironment: readonly string[];
}

const INFRASTRUCTURE = 'infrastructure.cluster.x-k8s.io/v1beta1';

/** A cluster behind an authenticating proxy with a CA, its node files delivered from a Secret. */
export function nodeBootstrapFromLibrary(input: NodeBootstrapInput): NodeBootstrapOutput {
  const objects = proxiedClusterObjects({
    name: input.clusterName,
    namespace: input.namespace,
    version: input.kubernetesVersion,
    settings: new ProxySettings({
      httpProxy: input.proxyUrl,
      httpsProxy: input.proxyUrl,
      username: input.username,
      password: input.password,
      noProxy: [...input.noProxy],
      trustedCaPem: input.trustedCaPem,
    }),
    network: new ClusterNetwork(input.network),
    delivery: NodeProxyDelivery.SECRET,
    bootstrapFormat: input.bootstrapFormat,
    osFamily: input.bootstrapFormat === BootstrapFormat.IGNITION ? OsFamily.FLATCAR : OsFamily.DEBIAN,
    infrastructureRef: { apiVersion: INFRASTRUCTURE, kind: 'TestCluster', name: input.clusterName },
    controlPlane: { machineTemplate: { apiVersion: INFRASTRUCTURE, kind: 'TestMachineTemplate', name: `${input.clusterName}-control-plane` } },
    workerPools: [{ name: 'md-0', machineTemplate: { apiVersion: INFRASTRUCTURE, kind: 'TestMachineTemplate', name: `${input.clusterName}-md-0` } }],
  });
  if (!objects.secret) {
    throw new Error('the library emitted no node-proxy Secret for delivery "secret"');
  }
  return {
    cluster: objects.cluster,
    kubeadmControlPlane: objects.controlPlane,
    kubeadmConfigTemplate: objects.workerPools[0].configTemplate,
    secret: objects.secret,
    environment: proxyVariables(objects.proxy.environment).map(({ name, value }) => `${name}=${value}`),
    kubeadmEnvironment: proxyVariables(objects.proxy.publicEnvironment).map(({ name, value }) => `${name}=${value}`),
  };
}

/** A file of a kubeadm config spec that reads its content from a Secret. */
interface SpecFile {
  readonly path: string;
  readonly owner?: string;
  readonly permissions?: string;
  readonly contentFrom?: { readonly secret: { readonly name: string; readonly key: string } };
}

/** A node file as the node must end up with it. */
export interface ExpectedNodeFile {
  readonly path: string;
  readonly owner?: string;
  readonly permissions?: string;
  readonly content: string;
}

/**
 * The files of a kubeadm config spec, with the content each reads from the node-proxy Secret (the
 * library's delivery `secret` puts every file there).
 */
export function secretFiles(files: readonly SpecFile[], secret: SecretObject): ExpectedNodeFile[] {
  return files.map(({ path, owner, permissions, contentFrom }, index) => {
    const content = contentFrom?.secret.name === secret.metadata.name ? secret.stringData[contentFrom.secret.key] : undefined;
    if (content === undefined) {
      throw new Error(`files[${index}] (${path}) does not read a key of the Secret ${secret.metadata.name}`);
    }
    return { path, owner, permissions, content };
  });
}

import { ClusterProxyConfig } from '../cluster-proxy-config';
import { CLUSTERCTL_MOVE_LABEL, clusterLabels } from './labels';
import { SecretObject } from '../k8s/manifest';
import { contentHash, joinName } from '../k8s/names';
import { renderShellExports } from '../render/shell';
import { renderSystemdDropIn } from '../render/systemd';

/**
 * The node files of one cluster's proxy, as Secret keys: what `contentFrom` reads in delivery
 * `secret`, and, in delivery `inline`, the same text written into `files[].content`. One source,
 * so both modes put byte-identical files on the node.
 *
 * The Secret name carries a hash of the content: Cluster API reads a `contentFrom` Secret once,
 * when it renders a Machine's bootstrap data, and never watches it. A new proxy (URL, password,
 * NO_PROXY, CA) therefore means a new Secret name, which changes the KubeadmControlPlane and
 * KubeadmConfigTemplate that reference it, and that change is what rolls the machines.
 */

/** Keys of the node-proxy Secret. */
export const NODE_PROXY_SECRET_KEYS = Object.freeze({
  /** containerd drop-in. */
  containerdProxy: 'containerdProxy',
  /** kubelet drop-in (same text as containerd's; a separate key so each file names its own source). */
  kubeletProxy: 'kubeletProxy',
  /** `export NAME='value'` lines sourced before kubeadm. */
  proxyEnv: 'proxyEnv',
});

/** Key of the `index`-th (1-based) proxy CA certificate. */
export function trustedCaKey(index: number): string {
  return `trustedCa${index}`;
}

/**
 * Contents per configuration: a cluster's control plane and every worker template ask for the same
 * files, and a ClusterProxyConfig never changes, so they are rendered once.
 */
const contentsCache = new WeakMap<ClusterProxyConfig, Readonly<{ [key: string]: string }>>();
/** Secret names per contents object and cluster name (hashing the content is the costly part). */
const nameCache = new WeakMap<object, Map<string, string>>();

/** The node files' text, by Secret key (frozen, shared). Holds credentials when the proxy URLs do. */
export function nodeProxyFileContents(proxy: ClusterProxyConfig): Readonly<{ [key: string]: string }> {
  const cached = contentsCache.get(proxy);
  if (cached) {
    return cached;
  }
  const contents = Object.freeze(renderNodeProxyFileContents(proxy));
  contentsCache.set(proxy, contents);
  return contents;
}

function renderNodeProxyFileContents(proxy: ClusterProxyConfig): { [key: string]: string } {
  const dropIn = renderSystemdDropIn(proxy.environment);
  const contents: { [key: string]: string } = {
    [NODE_PROXY_SECRET_KEYS.containerdProxy]: dropIn,
    [NODE_PROXY_SECRET_KEYS.kubeletProxy]: dropIn,
    [NODE_PROXY_SECRET_KEYS.proxyEnv]: renderShellExports(proxy.environment),
  };
  // One file per certificate: Debian's update-ca-certificates and `openssl rehash` handle a
  // multi-certificate file badly (only the first certificate gets a hash link).
  (proxy.settings.trustedCa?.certificates ?? []).forEach((certificate, index) => {
    contents[trustedCaKey(index + 1)] = certificate.pem;
  });
  return contents;
}

/** Name of the node-proxy Secret for the given content: `<cluster>-systemd-proxy-<hash>`. */
export function nodeProxySecretName(clusterName: string, contents: { readonly [key: string]: string }): string {
  let names = nameCache.get(contents);
  if (!names) {
    names = new Map();
    nameCache.set(contents, names);
  }
  let name = names.get(clusterName);
  if (name === undefined) {
    name = joinName(`${clusterName}-systemd-proxy`, contentHash(contents), 253);
    names.set(clusterName, name);
  }
  return name;
}

/**
 * The node-proxy Secret. Labelled for `clusterctl move` (only `contentFrom` points at it, no owner
 * reference), with the cluster-name label, and immutable: its name changes with its content.
 */
export function nodeProxySecret(clusterName: string, namespace: string | undefined, contents: { readonly [key: string]: string }): SecretObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: nodeProxySecretName(clusterName, contents),
      ...(namespace ? { namespace } : {}),
      labels: { ...clusterLabels(clusterName), [CLUSTERCTL_MOVE_LABEL]: '' },
    },
    type: 'Opaque',
    immutable: true,
    stringData: { ...contents },
  };
}

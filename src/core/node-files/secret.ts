import { ClusterProxyConfig } from '../cluster-proxy-config';
import { CLUSTERCTL_MOVE_LABEL, clusterLabels } from '../k8s/cluster-labels';
import { SecretObject } from '../k8s/manifest';
import { contentHash, joinName } from '../k8s/names';
import { ProxyEnvironment } from '../proxy-environment';
import { renderShellExports } from '../render/shell';
import { renderSystemdDropIn } from '../render/systemd';

/**
 * The node files of one cluster's proxy, as Secret keys: what `contentFrom` reads in delivery
 * `secret`, and, in delivery `inline`, the same text written into `files[].content`. One source,
 * so both modes put byte-identical files on the node.
 *
 * The Secret name carries a hash: Cluster API reads a `contentFrom` Secret once, when it renders a
 * Machine's bootstrap data, and never watches it. A new proxy (URL, NO_PROXY, CA, credentials
 * revision) therefore means a new Secret name, which changes the KubeadmControlPlane and
 * KubeadmConfigTemplate that reference it, and that change is what rolls the machines. The hash
 * covers the files rendered without credentials plus the credentials revision, never the
 * credentials themselves: the name sits in plain Cluster API objects, and a hash of a password is
 * a guessing oracle. So a new password alone keeps the name and changes the data in place: the
 * Secret is mutable (machines created from then on get the new password; a new
 * `credentialsRevision` rolls the others).
 */

/**
 * Part of every hash in a node-proxy Secret name: the Secret's form. Earlier releases wrote it
 * immutable, and the API server never lets an immutable Secret become mutable, so a Secret of
 * this form must never take the name of one of the earlier form (an apply would be refused).
 */
export const NODE_PROXY_SECRET_FORM = 'mutable';

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
/** The credential-free digest per configuration (rendering and hashing are the costly part). */
const digestCache = new WeakMap<ClusterProxyConfig, string>();

/** The node files' text, by Secret key (frozen, shared). Holds credentials when the proxy URLs do. */
export function nodeProxyFileContents(proxy: ClusterProxyConfig): Readonly<{ [key: string]: string }> {
  const cached = contentsCache.get(proxy);
  if (cached) {
    return cached;
  }
  const contents = Object.freeze(renderNodeProxyFileContents(proxy, proxy.environment));
  contentsCache.set(proxy, contents);
  return contents;
}

function renderNodeProxyFileContents(proxy: ClusterProxyConfig, environment: ProxyEnvironment): { [key: string]: string } {
  const dropIn = renderSystemdDropIn(environment);
  const contents: { [key: string]: string } = {
    [NODE_PROXY_SECRET_KEYS.containerdProxy]: dropIn,
    [NODE_PROXY_SECRET_KEYS.kubeletProxy]: dropIn,
    // sourced before kubeadm, which copies it into the static pods: never the credentials here
    [NODE_PROXY_SECRET_KEYS.proxyEnv]: renderShellExports(proxy.publicEnvironment),
  };
  // One file per certificate: Debian's update-ca-certificates and `openssl rehash` handle a
  // multi-certificate file badly (only the first certificate gets a hash link).
  (proxy.settings.trustedCa?.certificates ?? []).forEach((certificate, index) => {
    contents[trustedCaKey(index + 1)] = certificate.pem;
  });
  return contents;
}

/** A hash of the node files rendered without credentials, plus the credentials revision. */
function credentialFreeDigest(proxy: ClusterProxyConfig): string {
  let digest = digestCache.get(proxy);
  if (digest === undefined) {
    const files = renderNodeProxyFileContents(proxy, proxy.publicEnvironment);
    digest = contentHash({ files, credentials: proxy.credentialsMarker, form: NODE_PROXY_SECRET_FORM });
    digestCache.set(proxy, digest);
  }
  return digest;
}

/** Name of the node-proxy Secret of `proxy`: `<cluster>-systemd-proxy-<hash>` (see the module comment). */
export function nodeProxySecretName(clusterName: string, proxy: ClusterProxyConfig): string {
  return joinName(`${clusterName}-systemd-proxy`, credentialFreeDigest(proxy), 253);
}

/**
 * The node-proxy Secret. Labelled for `clusterctl move` (only `contentFrom` points at it, no owner
 * reference), with the cluster-name label. Mutable: a new password alone changes its data in place
 * (see the module comment).
 */
export function nodeProxySecret(clusterName: string, namespace: string | undefined, proxy: ClusterProxyConfig): SecretObject {
  const contents = nodeProxyFileContents(proxy);
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: nodeProxySecretName(clusterName, proxy),
      ...(namespace ? { namespace } : {}),
      labels: { ...clusterLabels(clusterName), [CLUSTERCTL_MOVE_LABEL]: '' },
    },
    type: 'Opaque',
    stringData: { ...contents },
  };
}

import { nodeFilesRevision, nodeProxyFileContents } from './contents';
import { DEFAULT_NODE_PROXY_FILES, ResolvedNodeProxyFiles } from './resolution';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { CLUSTERCTL_MOVE_LABEL, clusterLabels } from '../primitives/k8s/cluster-labels';
import { SecretObject } from '../primitives/k8s/manifest';
import { joinName } from '../primitives/k8s/names';
import { secretData } from '../primitives/secret-text';

/**
 * The node-proxy Secret: the node files of one cluster's proxy, as Secret keys.
 *
 * Its name carries a hash: Cluster API reads a `contentFrom` Secret once, when it renders a
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
 * Name of the node-proxy Secret: `<cluster>-systemd-proxy-<hash of the node files revision>`, or
 * `<cluster>-systemd-proxy` for a layout with `fixedSecretName` (see the module comment).
 */
export function nodeProxySecretName(
  clusterName: string,
  proxy: ClusterProxyConfig,
  files: ResolvedNodeProxyFiles = DEFAULT_NODE_PROXY_FILES,
): string {
  const base = `${clusterName}-systemd-proxy`;
  return files.fixedSecretName ? base : joinName(base, nodeFilesRevision(proxy, files), 253);
}

/**
 * The node-proxy Secret of the layout. Labelled for `clusterctl move` (only `contentFrom` points
 * at it, no owner reference), with the cluster-name label. Mutable: a new password alone changes
 * its data in place (see the module comment).
 */
export function nodeProxySecret(
  clusterName: string,
  namespace: string | undefined,
  proxy: ClusterProxyConfig,
  files: ResolvedNodeProxyFiles = DEFAULT_NODE_PROXY_FILES,
): SecretObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: nodeProxySecretName(clusterName, proxy, files),
      ...(namespace ? { namespace } : {}),
      labels: { ...clusterLabels(clusterName), [CLUSTERCTL_MOVE_LABEL]: '' },
    },
    type: 'Opaque',
    stringData: secretData({ ...nodeProxyFileContents(proxy, files) }),
  };
}

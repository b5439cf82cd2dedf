import { BOOTSTRAP_API_GROUP, capiApiVersion, ClusterObjectScope } from './capi-version';
import { addProxyToKubeadmConfigSpec } from './kubeadm-config-spec';
import { NodeProxyBootstrap } from '../node-files/bootstrap';
import { invalidValue } from '../primitives/errors';
import { clusterObjectMetadata, TEMPLATE_BASE_NAME_ANNOTATION } from '../primitives/k8s/cluster-labels';
import { KubeObject } from '../primitives/k8s/manifest';
import { assertObjectName, contentHash, joinName } from '../primitives/k8s/names';
import { fieldPath } from '../primitives/validation/strict-props';

/**
 * Worker KubeadmConfigTemplates, named after their content.
 *
 * Cluster API treats templates as immutable: a MachineDeployment rolls its machines only when its
 * `spec.template` changes, and editing a template in place changes nothing for existing machines.
 * So the template name ends with a hash of the template's spec: a new proxy (or any other change)
 * gives a new name, the MachineDeployment's `bootstrap.configRef` changes with it, and the
 * MachineDeployment rolls its machines.
 */

/** Input of {@link kubeadmConfigTemplateObject}. */
export interface KubeadmConfigTemplateObjectProps extends ClusterObjectScope {
  /** Name before the hash, e.g. `<cluster>-md-0`. */
  readonly baseName: string;
  /**
   * KubeadmConfigSpec to start from (joinConfiguration, users, your files and commands...).
   *
   * @default - an empty spec
   */
  readonly kubeadmConfigSpec?: { readonly [key: string]: unknown };
  /** The node proxy (from `nodeProxyBootstrap`). */
  readonly bootstrap: NodeProxyBootstrap;
}

/** `<baseName>-<hash of spec>`: the name changes exactly when the template's spec does. */
export function hashedTemplateName(baseName: string, spec: unknown): string {
  return joinName(baseName, contentHash(spec), 253);
}

/**
 * The hash of the template spec built from the node proxy alone (no spec of the user's), per
 * bootstrap (`nodeProxyBootstrap` returns it frozen): every worker pool of a cluster without its
 * own spec has that same spec, hashed once.
 */
const proxyOnlySpecHashes = new WeakMap<NodeProxyBootstrap, string>();

/**
 * A KubeadmConfigTemplate whose nodes run behind the proxy, named `<baseName>-<hash>`. The base
 * name is kept in an annotation (`cluster-proxy-constructs/template-base-name`).
 *
 * @param field prefix of the props in error messages
 */
export function kubeadmConfigTemplateObject(props: KubeadmConfigTemplateObjectProps, field = ''): KubeObject {
  const baseName = assertObjectName(fieldPath(field, 'name'), props.baseName);
  if (baseName.length > 242) {
    throw invalidValue(fieldPath(field, 'name'), baseName, 'must be at most 242 characters, leaving room for the content hash');
  }
  const spec = {
    template: {
      spec: addProxyToKubeadmConfigSpec(props.kubeadmConfigSpec, props.bootstrap, fieldPath(field, 'kubeadmConfigSpec'), props.capiVersion),
    },
  };
  return {
    apiVersion: capiApiVersion(BOOTSTRAP_API_GROUP, props.capiVersion),
    kind: 'KubeadmConfigTemplate',
    metadata: {
      ...clusterObjectMetadata(joinName(baseName, specHash(spec, props), 253), props.namespace, props.clusterName),
      annotations: { [TEMPLATE_BASE_NAME_ANNOTATION]: baseName },
    },
    spec,
  };
}

function specHash(spec: unknown, props: KubeadmConfigTemplateObjectProps): string {
  if (props.kubeadmConfigSpec !== undefined || !Object.isFrozen(props.bootstrap)) {
    return contentHash(spec); // a spec of the user's, or a bootstrap that may still change
  }
  let hash = proxyOnlySpecHashes.get(props.bootstrap);
  if (hash === undefined) {
    hash = contentHash(spec);
    proxyOnlySpecHashes.set(props.bootstrap, hash);
  }
  return hash;
}

import { BOOTSTRAP_API_GROUP, CLUSTER_API_GROUP, isKind } from './capi-version';
import { addProxyToKubeadmObject, kubeadmConfigSpecOf, kubeadmConfigSpecPath } from './kubeadm-config-spec';
import { hashedTemplateName } from './kubeadm-config-template';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { assertCredentialsOnlyInSecrets, NODE_PROXY_KEY_SET, NodeProxyBootstrap, nodeProxyBootstrap, nodeProxyOptionsOf, NodeProxyProps, parseBootstrapFormat } from '../node-files/bootstrap';
import { BootstrapFormat } from '../node-files/bootstrap-format';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { CLUSTER_NAME_LABEL, TEMPLATE_BASE_NAME_ANNOTATION } from '../primitives/k8s/cluster-labels';
import { copyJson } from '../primitives/k8s/copy-json';
import { isSecretObject, KubeObject, MANAGED_BY, MANAGED_BY_LABEL, SecretObject } from '../primitives/k8s/manifest';
import { canonicalJson } from '../primitives/k8s/names';
import { checkJsonData } from '../primitives/validation/json-data';
import { checkObjectNames } from '../primitives/validation/manifests';
import { checkProps, PropKeys, propKeys } from '../primitives/validation/strict-props';

/**
 * Adopting the library in an existing cluster definition: give it the plain objects you already
 * render (KubeadmControlPlane, KubeadmConfigTemplates, MachineDeployments, anything else), get the
 * same list back with the node proxy merged in. Nothing passed in is modified, and running the
 * result through again changes nothing.
 */

/** Options of `addProxyToObjects`. */
export interface AddProxyOptions extends NodeProxyProps {
  /** Name of the Cluster the objects belong to (names and labels the Secret). */
  readonly clusterName: string;
  /**
   * Namespace of the Secret.
   *
   * @default - the namespace of the kubeadm objects (they must agree)
   */
  readonly namespace?: string;
  /**
   * Rename each KubeadmConfigTemplate the proxy changes to `<name>-<hash of its spec>` and point the
   * MachineDeployments among the objects at the new name, so a proxy change rolls the workers. A
   * template whose spec stays byte for byte (it already carries these proxy files, as a cluster
   * adopted with its system's layout does) keeps its name, so nothing rolls. Turn it off only if
   * something else renames your templates on change.
   *
   * @default true
   */
  readonly renameTemplates?: boolean;
}

/** The keys of {@link AddProxyOptions}, for the adapters whose props add their own. */
export const ADD_PROXY_KEY_SET: PropKeys<AddProxyOptions> = { ...NODE_PROXY_KEY_SET, clusterName: true, namespace: true, renameTemplates: true };
const ADD_PROXY_KEYS = propKeys<AddProxyOptions>(ADD_PROXY_KEY_SET);

/** Result of `addProxyToObjects`. */
export interface AddProxyResult {
  /**
   * The objects in input order, changed where needed, followed by the node-proxy Secret (delivery
   * `secret`). Earlier node-proxy Secrets of the same cluster among the input are dropped.
   */
  readonly objects: KubeObject[];
  /**
   * The node-proxy Secret.
   *
   * @default - none (delivery `inline`)
   */
  readonly secret?: SecretObject;
  /**
   * For each input object, at the same index: its new version, or `undefined` when it was dropped
   * (an earlier node-proxy Secret of the cluster). For adapters that patch objects in place.
   *
   * @jsii ignore TypeScript only (a list with holes)
   */
  readonly inputResults: (KubeObject | undefined)[];
  /** Old name to new name of each renamed KubeadmConfigTemplate. */
  readonly renamedTemplates: { readonly [oldName: string]: string };
}

type Json = Record<string, any>;

/**
 * Merge the node proxy into every KubeadmControlPlane, KubeadmConfigTemplate and KubeadmConfig of
 * `objects` (v1beta1 or v1beta2), each keeping its own bootstrap format unless `bootstrapFormat`
 * is given; rename the templates with a content hash and retarget the MachineDeployments that
 * reference them; add the Secret.
 */
export function addProxyToObjects(objects: KubeObject[], proxy: ClusterProxyConfig, options: AddProxyOptions): AddProxyResult {
  checkProps('options', options, ADD_PROXY_KEYS, 'option');
  if (!Array.isArray(objects) || objects.some((object) => object === null || typeof object !== 'object')) {
    throw invalidValue('objects', objects, 'must be an array of Kubernetes objects');
  }
  checkJsonData('objects', objects);
  objects.forEach((object, index) => checkObjectNames(`objects[${index}]`, object));
  const kubeadmObjects = objects.filter((object) => kubeadmConfigSpecPath(object) !== undefined);
  if (kubeadmObjects.length === 0) {
    throw new ProxyConfigError('objects', 'hold no KubeadmControlPlane, KubeadmConfigTemplate or KubeadmConfig to add the proxy to');
  }
  const namespace = options.namespace ?? commonNamespace(kubeadmObjects);
  const bootstraps = new Map<BootstrapFormat, NodeProxyBootstrap>();
  const bootstrapFor = (object: KubeObject): NodeProxyBootstrap => {
    const declared = kubeadmConfigSpecOf(object).format;
    const format = options.bootstrapFormat ?? (declared === undefined ? undefined : parseBootstrapFormat(`${object.kind}/${object.metadata.name}: format`, declared));
    const key = format ?? BootstrapFormat.CLOUD_CONFIG;
    if (!bootstraps.has(key)) {
      const bootstrap = nodeProxyBootstrap(proxy, nodeProxyOptionsOf({ ...options, bootstrapFormat: key, namespace }));
      assertCredentialsOnlyInSecrets(bootstrap, proxy);
      bootstraps.set(key, bootstrap);
    }
    return bootstraps.get(key)!;
  };

  const renamedTemplates: { [oldName: string]: string } = {};
  const patched = objects.map((object): KubeObject => {
    if (kubeadmConfigSpecPath(object) === undefined) {
      return copyJson(object);
    }
    const withProxy = addProxyToKubeadmObject(object, bootstrapFor(object));
    // a template the proxy leaves as it is has nothing to roll: it keeps its name (an adopted one too)
    if (options.renameTemplates === false || !isKind(object, BOOTSTRAP_API_GROUP, 'KubeadmConfigTemplate')
      || canonicalJson(withProxy.spec) === canonicalJson(object.spec)) {
      return withProxy;
    }
    const renamed = renameTemplate(withProxy);
    if (renamed.metadata.name !== object.metadata.name) {
      renamedTemplates[object.metadata.name] = renamed.metadata.name;
    }
    return renamed;
  });

  const secret = [...bootstraps.values()][0].secret;
  const inputResults = patched
    .map((object) => retargetMachineDeployment(object, renamedTemplates))
    .map((object) => (isStaleProxySecret(object, options.clusterName, secret?.metadata.name) ? undefined : object));
  const kept = inputResults.filter((object): object is KubeObject => object !== undefined);
  const secretPresent = secret !== undefined && kept.some((object) => isSecretObject(object) && object.metadata.name === secret.metadata.name);
  return {
    objects: secret && !secretPresent ? [...kept, secret] : kept,
    ...(secret ? { secret } : {}),
    inputResults,
    renamedTemplates,
  };
}

/** The one namespace the kubeadm objects share (unset counts as a namespace of its own). */
function commonNamespace(objects: KubeObject[]): string | undefined {
  const namespaces = [...new Set(objects.map((object) => object.metadata?.namespace ?? ''))];
  if (namespaces.length > 1) {
    throw invalidValue('namespace', namespaces,
      'must be given: the kubeadm objects are in different namespaces, and the Secret must be in the namespace of the machines that read it');
  }
  return namespaces[0] || undefined;
}

/** Name a template after its base name (kept in an annotation) and the hash of its spec. */
function renameTemplate(template: KubeObject): KubeObject {
  const annotations = template.metadata.annotations ?? {};
  const baseName = annotations[TEMPLATE_BASE_NAME_ANNOTATION] ?? template.metadata.name;
  return {
    ...template,
    metadata: {
      ...template.metadata,
      name: hashedTemplateName(baseName, template.spec),
      annotations: { ...annotations, [TEMPLATE_BASE_NAME_ANNOTATION]: baseName },
    },
  };
}

/** Point a MachineDeployment's bootstrap reference at the renamed template. */
function retargetMachineDeployment(object: KubeObject, renamed: { readonly [oldName: string]: string }): KubeObject {
  if (!isKind(object, CLUSTER_API_GROUP, 'MachineDeployment')) {
    return object;
  }
  const configRef = (object as Json).spec?.template?.spec?.bootstrap?.configRef;
  const newName = configRef?.kind === 'KubeadmConfigTemplate' ? renamed[configRef.name] : undefined;
  if (newName === undefined) {
    return object;
  }
  const copy = copyJson(object) as Json;
  copy.spec.template.spec.bootstrap.configRef.name = newName;
  return copy as KubeObject;
}

/** A node-proxy Secret of this cluster from an earlier run, other than the current one. */
function isStaleProxySecret(object: KubeObject, clusterName: string, currentName: string | undefined): boolean {
  const labels = object.metadata?.labels ?? {};
  return isSecretObject(object)
    && labels[MANAGED_BY_LABEL] === MANAGED_BY
    && labels[CLUSTER_NAME_LABEL] === clusterName
    && object.metadata.name.startsWith(`${clusterName}-systemd-proxy-`)
    && object.metadata.name !== currentName;
}

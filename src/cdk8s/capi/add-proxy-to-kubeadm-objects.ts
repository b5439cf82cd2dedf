import { ApiObject, JsonPatch } from 'cdk8s';
import { Construct } from 'constructs';
import { ADD_PROXY_KEY_SET, AddProxyOptions, addProxyToObjects } from '../../core/capi/add-proxy-to-objects';
import { nodeProxySecretProduct } from '../../core/capi/products';
import { PROXY_SOURCE_KEY_SET, ProxySourceProps, resolveProxyConfig } from '../../core/capi/proxy-source';
import { KubeObject } from '../../core/primitives/k8s/manifest';
import { canonicalJson } from '../../core/primitives/k8s/names';
import { checkProps, propKeys } from '../../core/primitives/validation/strict-props';
import { finishProduct } from '../../core/product/credentials';
import { addProduct } from '../product-objects';
import { chartScope } from '../scope';

/** Props of {@link addProxyToKubeadmObjects}. */
export interface AddProxyToKubeadmObjectsProps extends ProxySourceProps, AddProxyOptions {}

const PROPS = propKeys<AddProxyToKubeadmObjectsProps>({ ...PROXY_SOURCE_KEY_SET, ...ADD_PROXY_KEY_SET });

/** What {@link addProxyToKubeadmObjects} changed. */
export interface AddProxyToKubeadmObjectsResult {
  /** The ApiObjects that received JSON patches (kubeadm objects and retargeted MachineDeployments). */
  readonly patched: ApiObject[];
  /**
   * The node-proxy Secret (added to `scope` unless the chart already had it).
   *
   * @default - none (delivery `inline`)
   */
  readonly secret?: ApiObject;
  /** Old name to new name of each renamed KubeadmConfigTemplate. */
  readonly renamedTemplates: { readonly [oldName: string]: string };
}

/**
 * Put the nodes of an existing cdk8s cluster chart behind the proxy: every KubeadmControlPlane,
 * KubeadmConfigTemplate and KubeadmConfig `ApiObject` under `scope` (v1beta1 or v1beta2, plain
 * `ApiObject`s or imported classes) gets the proxy's files and preKubeadmCommands through JSON
 * patches, KubeadmConfigTemplates are renamed with a content hash and the MachineDeployments under
 * `scope` that use them are retargeted (so proxy changes roll the workers), and the node-proxy
 * Secret is added.
 *
 * The objects are read (`toJson()`) when this runs: call it after they are fully defined. Running
 * it twice changes nothing the second time.
 */
export function addProxyToKubeadmObjects(scope: Construct, props: AddProxyToKubeadmObjectsProps): AddProxyToKubeadmObjectsResult {
  chartScope('scope', scope);
  checkProps('', props, PROPS, 'addProxyToKubeadmObjects prop');
  const proxy = resolveProxyConfig(props);
  const apiObjects = scope.node.findAll().filter((child): child is ApiObject => child instanceof ApiObject);
  const before = apiObjects.map((apiObject) => apiObject.toJson() as KubeObject);
  const options = Object.fromEntries(Object.entries(props).filter(([key]) => key in ADD_PROXY_KEY_SET)) as unknown as AddProxyOptions;
  const result = addProxyToObjects(before, proxy, options);

  const patched: ApiObject[] = [];
  apiObjects.forEach((apiObject, index) => {
    const updated = result.inputResults[index];
    if (updated === undefined) {
      // Only an earlier node-proxy Secret of the same cluster is dropped by the core.
      apiObject.node.scope?.node.tryRemoveChild(apiObject.node.id);
      return;
    }
    const patches = patchesBetween(before[index], updated);
    if (patches.length > 0) {
      apiObject.addJsonPatch(...patches);
      patched.push(apiObject);
    }
  });
  const [secret] = addProduct(scope, finishProduct(nodeProxySecretProduct(result.secret), proxy));
  return { patched, ...(secret ? { secret } : {}), renamedTemplates: result.renamedTemplates };
}

/**
 * JSON patches turning `from` into `to`: whole top-level fields (`spec`), and in `metadata` only the
 * name and annotations, so labels added later through `apiObject.metadata` still apply.
 */
function patchesBetween(from: KubeObject, to: KubeObject): JsonPatch[] {
  const patches: JsonPatch[] = [];
  for (const key of Object.keys(to).filter((field) => field !== 'metadata')) {
    if (canonicalJson(from[key]) !== canonicalJson(to[key])) {
      patches.push(JsonPatch.add(`/${key}`, to[key]));
    }
  }
  if (from.metadata.name !== to.metadata.name) {
    patches.push(JsonPatch.replace('/metadata/name', to.metadata.name));
  }
  if (canonicalJson(from.metadata.annotations) !== canonicalJson(to.metadata.annotations)) {
    patches.push(JsonPatch.add('/metadata/annotations', to.metadata.annotations));
  }
  return patches;
}

import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { BOOTSTRAP_API_GROUP, capiReference, parseCapiVersion, RenderedReference } from '../../core/capi/capi-version';
import { KubeadmConfigTemplateProductProps, kubeadmConfigTemplateProduct, NODE_PROXY_SECRET_ID } from '../../core/capi/products';
import { resolveProxyConfig } from '../../core/capi/proxy-source';
import { ClusterProxyConfig } from '../../core/definition/cluster-proxy-config';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { addProduct, objectWithId } from '../product-objects';

/** Props of {@link ProxiedKubeadmConfigTemplate}. */
export interface ProxiedKubeadmConfigTemplateProps extends KubeadmConfigTemplateProductProps {}

/**
 * A worker KubeadmConfigTemplate whose machines run behind the proxy, for users who write their own
 * MachineDeployment: point its `spec.template.spec.bootstrap.configRef` at `configRef`.
 *
 * The name carries a hash of the template's spec because Cluster API treats templates as immutable:
 * only a MachineDeployment whose template reference changes rolls its machines. Changing the proxy
 * therefore gives a new name, and a MachineDeployment built from `configRef` rolls.
 *
 * The KubeadmConfigTemplate is this construct's default child.
 *
 * @see https://cluster-api.sigs.k8s.io/tasks/updating-machine-templates
 */
export class ProxiedKubeadmConfigTemplate extends Construct {
  /** The proxy configuration the machines use. */
  public readonly proxy: ClusterProxyConfig;
  /** The emitted name, `<name>-<hash>`. */
  public readonly name: string;
  /** The bootstrap reference for a MachineDeployment of the same Cluster API version. */
  public readonly configRef: RenderedReference;
  /** The KubeadmConfigTemplate. */
  public readonly apiObject: ApiObject;
  /**
   * The node-proxy Secret (shared with the cluster's other kubeadm objects in the same chart).
   *
   * @default - none (delivery `inline`)
   */
  public readonly secret?: ApiObject;
  /** Every object this construct emitted or reuses: the Secret (if any), then the template. */
  public readonly apiObjects: ApiObject[];

  constructor(scope: Construct, id: string, props: ProxiedKubeadmConfigTemplateProps) {
    super(scope, id);
    propsObject(props);
    this.proxy = resolveProxyConfig(props);
    const product = kubeadmConfigTemplateProduct({ ...props, proxy: this.proxy, settings: undefined, network: undefined, proxyOptions: undefined });
    this.apiObjects = addProduct(this, product);
    this.apiObject = objectWithId(product, this.apiObjects, 'ConfigTemplate')!;
    this.secret = objectWithId(product, this.apiObjects, NODE_PROXY_SECRET_ID);
    this.name = this.apiObject.name;
    this.configRef = capiReference(parseCapiVersion('capiVersion', props.capiVersion), BOOTSTRAP_API_GROUP, 'KubeadmConfigTemplate', this.name);
    this.node.defaultChild = this.apiObject;
  }
}

import { ApiObject, ApiObjectProps } from 'cdk8s';
import { Construct } from 'constructs';
import { ensureNodeProxySecret } from './node-proxy-secret';
import { BOOTSTRAP_API_GROUP, CapiVersion, capiReference, parseCapiVersion, RenderedReference } from '../../core/capi/capi-version';
import { kubeadmConfigTemplateObject } from '../../core/capi/kubeadm-config-template';
import { nodeProxyBootstrap, nodeProxyOptionsOf, NodeProxyProps } from '../../core/capi/node-proxy';
import { ProxySourceProps, resolveProxyConfig } from '../../core/capi/proxy-source';
import { ClusterProxyConfig } from '../../core/cluster-proxy-config';

/** Props of {@link ProxiedKubeadmConfigTemplate}. */
export interface ProxiedKubeadmConfigTemplateProps extends ProxySourceProps, NodeProxyProps {
  /** Name of the Cluster the workers join. */
  readonly clusterName: string;
  /**
   * Base name of the template; the emitted name is `<name>-<hash of the template's spec>`.
   */
  readonly name: string;
  /**
   * Namespace of the template and its Secret.
   *
   * @default - the chart's namespace, if any
   */
  readonly namespace?: string;
  /**
   * A KubeadmConfigSpec to start from (joinConfiguration, users, your files and commands...); the
   * proxy is merged in, the object is not modified.
   *
   * @default - an empty spec
   */
  readonly kubeadmConfigSpec?: { readonly [key: string]: unknown };
  /**
   * Cluster API version of the emitted objects.
   *
   * @default 'v1beta2'
   */
  readonly capiVersion?: CapiVersion;
}

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
    this.proxy = resolveProxyConfig(props);
    const capiVersion = parseCapiVersion('capiVersion', props.capiVersion);
    const bootstrap = nodeProxyBootstrap(this.proxy, nodeProxyOptionsOf(props));
    const object = kubeadmConfigTemplateObject({
      clusterName: bootstrap.clusterName,
      namespace: bootstrap.namespace,
      capiVersion,
      baseName: props.name,
      kubeadmConfigSpec: props.kubeadmConfigSpec,
      bootstrap,
    });
    this.name = object.metadata.name;
    this.configRef = capiReference(capiVersion, BOOTSTRAP_API_GROUP, 'KubeadmConfigTemplate', this.name);
    this.secret = bootstrap.secret ? ensureNodeProxySecret(this, bootstrap.secret) : undefined;
    this.apiObject = new ApiObject(this, 'Resource', structuredClone(object) as unknown as ApiObjectProps);
    this.apiObjects = [...(this.secret ? [this.secret] : []), this.apiObject];
  }
}

import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { WithProxy } from '../../core/definition/cluster-proxy-config';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { WithObjectMetadata } from '../../core/product/metadata';
import { KyvernoProxyPolicyOptions } from '../../core/workloads/kyverno-policy';
import { kyvernoProxyPolicyProduct } from '../../core/workloads/products';
import { addProduct } from '../product-objects';

/** Props of {@link KyvernoProxyPolicy}. */
export interface KyvernoProxyPolicyProps extends KyvernoProxyPolicyOptions, WithObjectMetadata, WithProxy {}

/**
 * A Kyverno `ClusterPolicy` that puts every Pod outside `kube-system` (and the excluded
 * namespaces) behind the proxy, with the source Secret/ConfigMap it clones into every namespace
 * (in `cluster-proxy-system` by default, emitted with it) and the RBAC Kyverno needs for that. See
 * `renderKyvernoProxyPolicy` for the rules.
 *
 * @see https://kyverno.io/docs/writing-policies/mutate/
 */
export class KyvernoProxyPolicy extends Construct {
  /**
   * The emitted objects: the ClusterPolicy, the source namespace (the default one), the source
   * Secret/ConfigMap, then the ClusterRoles.
   * The sources are chart-level objects shared with `ProxyAwareDeployment` and `injectProxyEnv`
   * (a workload in the source namespace needs the very same Secret), so they are emitted once.
   */
  public readonly apiObjects: ApiObject[];
  /** The ClusterPolicy. */
  public readonly policy: ApiObject;

  constructor(scope: Construct, id: string, props: KyvernoProxyPolicyProps) {
    super(scope, id);
    propsObject(props);
    const { proxy, metadata, ...options } = props;
    this.apiObjects = addProduct(this, kyvernoProxyPolicyProduct(proxy, options, metadata));
    this.policy = this.apiObjects[0];
    this.node.defaultChild = this.policy;
  }
}

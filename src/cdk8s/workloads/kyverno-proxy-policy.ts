import { ApiObject, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { ClusterProxyConfig } from '../../core/cluster-proxy-config';
import { KyvernoProxyPolicyOptions, renderKyvernoProxyPolicy } from '../../core/workloads/kyverno-policy';
import { addApiObjects } from '../api-objects';
import { ensureSupportObjects } from '../support-objects';

/** Props of {@link KyvernoProxyPolicy}. */
export interface KyvernoProxyPolicyProps extends KyvernoProxyPolicyOptions {
  /** The cluster's proxy configuration (the same instance the nodes are rendered from). */
  readonly config: ClusterProxyConfig;
}

/**
 * A Kyverno `ClusterPolicy` that puts every Pod outside `kube-system` (and the excluded
 * namespaces) behind the proxy, with the source Secret/ConfigMap it clones into every namespace
 * and the RBAC Kyverno needs for that. See `renderKyvernoProxyPolicy` for the rules.
 *
 * @see https://kyverno.io/docs/writing-policies/mutate/
 */
export class KyvernoProxyPolicy extends Construct {
  /**
   * The emitted objects: the ClusterPolicy, the ClusterRoles, then the source Secret/ConfigMap.
   * The sources are chart-level objects shared with `ProxyAwareDeployment` and `injectProxyEnv`
   * (a workload in the source namespace needs the very same Secret), so they are emitted once.
   */
  public readonly apiObjects: readonly ApiObject[];
  /** The ClusterPolicy. */
  public readonly policy: ApiObject;

  constructor(scope: Construct, id: string, props: KyvernoProxyPolicyProps) {
    super(scope, id);
    const { config, ...options } = props;
    const objects = renderKyvernoProxyPolicy(config, options);
    const isSource = (kind: string): boolean => kind === 'Secret' || kind === 'ConfigMap';
    this.apiObjects = [
      ...addApiObjects(this, objects.filter((object) => !isSource(object.kind))),
      ...ensureSupportObjects(Chart.of(this), objects.filter((object) => isSource(object.kind))),
    ];
    this.policy = this.apiObjects[0];
    this.node.defaultChild = this.policy;
  }
}

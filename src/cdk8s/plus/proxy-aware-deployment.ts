import { ApiObject } from 'cdk8s';
import { Deployment, DeploymentProps } from 'cdk8s-plus-28';
import { Construct } from 'constructs';
import { ClusterProxyConfig } from '../../core/cluster-proxy-config';
import { ProxyInjectionOptions } from '../../core/workloads/injection-options';
import { ProxyInjection } from '../../core/workloads/proxy-injection';
import { attachProxyInjection } from '../workloads/inject-proxy-env';

/** Props of {@link ProxyAwareDeployment}: a cdk8s-plus-28 Deployment plus the proxy. */
export interface ProxyAwareDeploymentProps extends DeploymentProps {
  /** The cluster's proxy configuration (the same instance the nodes are rendered from). */
  readonly proxy: ClusterProxyConfig;
  /**
   * Env, CA bundle and container exclusions (`excludeNames` and `excludeNamespaces` are ignored:
   * they would switch this Deployment's whole purpose off).
   *
   * @default - Secret `cluster-proxy-env`, CA ConfigMap `cluster-proxy-ca`, every container
   */
  readonly proxyOptions?: ProxyInjectionOptions;
}

/**
 * A cdk8s-plus-28 `Deployment` whose containers carry the proxy env: for workloads that run where
 * no policy engine mutates pods (cert-manager in `kube-system`, chart-operator, anything started
 * before Kyverno). Every container and init container gets the variables it does not set itself,
 * including containers added after construction (`addContainer`): the env is filled in at synth
 * time. The proxy Secret (with credentials) and the CA ConfigMap (with `trustedCaPem`) are emitted
 * next to it, in its namespace.
 *
 * @see https://kubernetes.io/docs/concepts/workloads/controllers/deployment/
 */
export class ProxyAwareDeployment extends Deployment {
  /** The core injection used (env groups, Secret name, CA plan). */
  public readonly proxyInjection: ProxyInjection;

  constructor(scope: Construct, id: string, props: ProxyAwareDeploymentProps) {
    const { proxy, proxyOptions, ...deploymentProps } = props;
    super(scope, id, deploymentProps);
    // name and namespace exclusions make no sense for one named Deployment: only containers can be excluded
    this.proxyInjection = new ProxyInjection(proxy, { ...proxyOptions, excludeNames: [], excludeNamespaces: [] });
    attachProxyInjection(ApiObject.of(this), this.proxyInjection);
  }
}

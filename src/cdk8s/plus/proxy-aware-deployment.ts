import { ApiObject } from 'cdk8s';
import { IConstruct } from 'constructs';
import { WithProxy } from '../../core/definition/cluster-proxy-config';
import { withinField } from '../../core/primitives/errors';
import { checkNestingDepth } from '../../core/primitives/validation/json-data';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { deploymentInjectionOptions, ProxyInjectionOptions } from '../../core/workloads/injection-options';
import { ProxyInjection } from '../../core/workloads/proxy-injection';
import { attachProxyInjection } from '../workloads/attach-proxy-injection';

/**
 * What makes a `ProxyAwareDeployment` proxy-aware, on every cdk8s-plus line (the per-line entry
 * points, `cluster-proxy-constructs/cdk8s-plus-NN`, add these to that line's DeploymentProps).
 */
export interface ProxyAwareDeploymentOptions extends WithProxy {
  /**
   * Env, CA bundle and container exclusions (`excludeNames` and `excludeNamespaces` are ignored:
   * they would switch this Deployment's whole purpose off).
   *
   * @default - Secret `cluster-proxy-env`, CA ConfigMap `cluster-proxy-ca` (the corporate CA with
   * the Mozilla roots of the Node.js that runs the synth, see `trustBundle`), every container
   */
  readonly proxyOptions?: ProxyInjectionOptions;
}

/**
 * The props of a ProxyAwareDeployment, checked before any of them reaches cdk8s-plus: an object,
 * nested within the limit (cdk8s-plus and cdk8s walk the Deployment's props recursively).
 *
 * @internal
 */
export function checkedProxyAwareProps<P extends ProxyAwareDeploymentOptions>(props: P): P {
  checkNestingDepth('', propsObject(props));
  return props;
}

/**
 * Fill the proxy env into `deployment` (a cdk8s-plus Deployment of any line) at synth time.
 * Works on the synthesized object, so nothing here depends on one cdk8s-plus line's types.
 *
 * @internal
 */
export function attachProxyToDeployment(deployment: IConstruct, options: ProxyAwareDeploymentOptions): ProxyInjection {
  const injectionOptions = deploymentInjectionOptions(options.proxyOptions);
  const injection = withinField('proxyOptions', () => new ProxyInjection(options.proxy, injectionOptions));
  attachProxyInjection(ApiObject.of(deployment), injection);
  return injection;
}

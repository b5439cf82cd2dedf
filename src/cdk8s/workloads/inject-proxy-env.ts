import { IConstruct } from 'constructs';
import { attachProxyInjection } from './attach-proxy-injection';
import { ClusterProxyConfig } from '../../core/definition/cluster-proxy-config';
import { ProxyInjectionOptions } from '../../core/workloads/injection-options';
import { ProxyInjection } from '../../core/workloads/proxy-injection';

/** Options for {@link injectProxyEnv}: the core injection options (env, CA bundle, exclusions). */
export interface InjectProxyEnvOptions extends ProxyInjectionOptions {}

/**
 * Give every pod-bearing object under `scope` the proxy env at synth time: cdk8s-plus workloads,
 * raw `ApiObject`s, `Include`d YAML and `Helm` charts alike (they all synthesize through
 * `ApiObject`), including objects added after this call.
 *
 * How: a validation hook on `scope` runs right before every synthesis (cdk8s validates the app
 * first, in `app.synth()`, `synthYaml()` and `Testing.synth()`). It renders each object, asks the
 * core {@link ProxyInjection} for the missing `add` operations and attaches them as JSON patches,
 * which cdk8s applies after the object rendered itself. The operations only add, so user-set env
 * survives; a second synth finds nothing missing and adds nothing.
 *
 * Each chart gets the proxy Secret (with credentials) and the CA ConfigMap (with `trustedCaPem`)
 * once per namespace that has an injected workload, in that namespace.
 *
 * @returns the core injection, to inspect the env or plan other manifests with the same settings
 */
export function injectProxyEnv(scope: IConstruct, config: ClusterProxyConfig, options: InjectProxyEnvOptions = {}): ProxyInjection {
  const injection = new ProxyInjection(config, options);
  attachProxyInjection(scope, injection);
  return injection;
}

/**
 * Synth-time proxy env injection, as a class: {@link injectProxyEnv} for Python, Java, Go and .NET,
 * whose jsii bindings have classes and no free functions (`ProxyEnv.inject(chart, config)`).
 */
export class ProxyEnv {
  /**
   * Give every pod-bearing object under `scope` the proxy env at synth time, exactly as
   * {@link injectProxyEnv} does.
   *
   * @param scope the chart (or any construct) whose workloads get the env, including ones added later
   * @param config the cluster's proxy configuration
   * @param options env, CA bundle and exclusions
   * @returns the core injection, to inspect the env or plan other manifests with the same settings
   */
  public static inject(scope: IConstruct, config: ClusterProxyConfig, options?: InjectProxyEnvOptions): ProxyInjection {
    return injectProxyEnv(scope, config, options);
  }

  private constructor() {}
}

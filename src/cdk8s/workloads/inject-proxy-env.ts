import { ApiObject, Chart, JsonPatch } from 'cdk8s';
import { IConstruct } from 'constructs';
import { ClusterProxyConfig } from '../../core/cluster-proxy-config';
import { invalidValue } from '../../core/errors';
import { KubeObject } from '../../core/k8s/manifest';
import { ProxyInjectionOptions } from '../../core/workloads/injection-options';
import { injectionSourcesProduct } from '../../core/workloads/products';
import { ProxyInjection } from '../../core/workloads/proxy-injection';
import { addProduct } from '../product-objects';
import { chartScope } from '../scope';

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
  chartScope('scope', scope);
  const injection = new ProxyInjection(config, options);
  attachProxyInjection(scope, injection);
  return injection;
}

/**
 * Attach an existing core injection to `scope` (what {@link injectProxyEnv} and
 * `ProxyAwareDeployment` do).
 */
export function attachProxyInjection(scope: IConstruct, injection: ProxyInjection): void {
  chartScope('scope', scope);
  if (!(injection instanceof ProxyInjection)) {
    throw invalidValue('injection', injection, 'must be a ProxyInjection (new ProxyInjection(proxy, options))');
  }
  scope.node.addValidation({
    validate: () => {
      for (const construct of scope.node.findAll()) {
        if (ApiObject.isApiObject(construct)) {
          injectInto(construct, injection);
        }
      }
      return [];
    },
  });
}

function injectInto(apiObject: ApiObject, injection: ProxyInjection): void {
  const plan = injection.plan(apiObject.toJson() as KubeObject);
  if (plan.patch.length === 0) {
    return;
  }
  // support objects first: a conflict must throw before the object is patched
  addProduct(Chart.of(apiObject), injectionSourcesProduct(injection.config, plan.supportObjects));
  apiObject.addJsonPatch(...plan.patch.map((operation) => JsonPatch.add(operation.path, operation.value)));
}

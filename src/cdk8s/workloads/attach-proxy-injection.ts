import { ApiObject, Chart, JsonPatch } from 'cdk8s';
import { IConstruct } from 'constructs';
import { invalidValue } from '../../core/primitives/errors';
import { KubeObject } from '../../core/primitives/k8s/manifest';
import { injectionSourcesProduct } from '../../core/workloads/products';
import { ProxyInjection } from '../../core/workloads/proxy-injection';
import { addProduct } from '../product-objects';
import { chartScope } from '../scope';

/**
 * Attach an existing core injection to `scope`: what `injectProxyEnv` and `ProxyAwareDeployment`
 * do. Not exported from the entry point: users give `injectProxyEnv` the configuration and options.
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

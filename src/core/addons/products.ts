import { GiantSwarmProxySetup } from './giantswarm/setup';
import { nodeProxySecretProduct } from '../capi/products';
import { manifestsProduct, Product, product } from '../product/product';

/**
 * The Giant Swarm app-platform objects; the node-proxy Secret among them is the cluster's shared
 * one (a `ProxiedCluster` of the same cluster in the same scope emits it once).
 */
export function giantSwarmProxyAppsProduct(setup: GiantSwarmProxySetup): Product {
  const shared = setup.systemdProxySecret;
  return product(setup.objects.flatMap((object) => (object === shared
    ? nodeProxySecretProduct(shared).objects
    : manifestsProduct([object]).objects)));
}

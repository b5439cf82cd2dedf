import { GiantSwarmProxySetup } from './giantswarm/setup';
import { nodeProxySecretProduct } from '../capi/products';
import { withObjectMetadata } from '../product/metadata';
import { manifestsProduct, Product, product } from '../product/product';

/**
 * The Giant Swarm app-platform objects; the node-proxy Secret among them is the cluster's shared
 * one (a `ProxiedCluster` of the same cluster in the same scope emits it once).
 */
export function giantSwarmProxyAppsProduct(setup: GiantSwarmProxySetup, metadata?: unknown): Product {
  const shared = setup.systemdProxySecret;
  return withObjectMetadata(product(setup.objects.flatMap((object) => (object === shared
    ? nodeProxySecretProduct(shared).objects
    : manifestsProduct([object]).objects))), metadata);
}

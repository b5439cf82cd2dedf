import { GiantSwarmProxySetup } from './giantswarm/setup';
import { nodeProxySecretProduct } from '../capi/products';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { finishProduct } from '../product/credentials';
import { manifestsProduct, Product, product } from '../product/product';

/**
 * The Giant Swarm app-platform objects; the node-proxy Secret among them is the cluster's shared
 * one (a `ProxiedCluster` of the same cluster in the same scope emits it once).
 */
export function giantSwarmProxyAppsProduct(proxy: ClusterProxyConfig, setup: GiantSwarmProxySetup, metadata?: unknown): Product {
  const shared = setup.systemdProxySecret;
  return finishProduct(product(setup.objects.flatMap((object) => (object === shared
    ? nodeProxySecretProduct(shared).objects
    : manifestsProduct([object]).objects))), proxy, metadata);
}

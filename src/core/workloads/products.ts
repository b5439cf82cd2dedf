import { KyvernoProxyPolicyOptions, renderKyvernoProxyPolicy } from './kyverno-policy';
import { ProxyAdmissionPolicyOptions, renderProxyAdmissionPolicy } from './mutating-admission-policy';
import { TrustManagerResource } from './trust-bundle';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { KubeObject } from '../primitives/k8s/manifest';
import { finishProduct } from '../product/credentials';
import { manifestsProduct, Product } from '../product/product';

/**
 * The workload products. A namespace's proxy Secret and CA ConfigMap are shared: every injected
 * workload, policy source and `ProxyAwareDeployment` in that namespace reads the same ones.
 */

/**
 * The Secret and ConfigMap a workload's injected env and CA volume read (or the trust-manager object
 * writing the ConfigMap), and the Kyverno policy's source namespace, each with the prop that names
 * it; undefined for any other object.
 */
function injectionSourceNamedBy(manifest: KubeObject): string | undefined {
  if (manifest.apiVersion === 'v1' && manifest.kind === 'Secret') {
    return 'secretName';
  }
  if (manifest.apiVersion === 'v1' && manifest.kind === 'Namespace') {
    return 'sourceNamespace';
  }
  const writesCaConfigMap = Object.values(TrustManagerResource).includes(manifest.kind as TrustManagerResource);
  return (manifest.apiVersion === 'v1' && manifest.kind === 'ConfigMap') || writesCaConfigMap ? 'trustBundle.configMapName' : undefined;
}

/** The Kyverno ClusterPolicy, its RBAC, and the sources it clones (shared). */
export function kyvernoProxyPolicyProduct(proxy: ClusterProxyConfig, options: KyvernoProxyPolicyOptions = {}, metadata?: unknown): Product {
  return finishProduct(manifestsProduct(renderKyvernoProxyPolicy(proxy, options), injectionSourceNamedBy), proxy, metadata);
}

/** The MutatingAdmissionPolicy, its binding, and the sources in each target namespace (shared). */
export function proxyAdmissionPolicyProduct(proxy: ClusterProxyConfig, options: ProxyAdmissionPolicyOptions = {}, metadata?: unknown): Product {
  return finishProduct(manifestsProduct(renderProxyAdmissionPolicy(proxy, options), injectionSourceNamedBy), proxy, metadata);
}

/** The sources an injected workload reads (all shared). */
export function injectionSourcesProduct(proxy: ClusterProxyConfig, sources: KubeObject[]): Product {
  return finishProduct(manifestsProduct(sources, (manifest) => injectionSourceNamedBy(manifest) ?? 'name'), proxy);
}

import { ClusterProxyConfig } from '../cluster-proxy-config';
import { ProxySettings } from '../proxy-settings';
import { withObjectMetadata } from './metadata';
import { Product, product, productObject } from './product';
import { carriesCredentialMarkers, containsCredentialMarker, externalSecretFor } from '../credentials/external-secret';
import { SecretObject } from '../k8s/manifest';

/**
 * The product with its credentials where the settings say they live. Literal: unchanged. External
 * Secrets: every Secret holding the stand-in credentials becomes an ExternalSecret writing the same
 * Secret (same identity, so shared objects stay shared), and nothing else may hold them.
 */
export function withCredentialSource(target: Product, settings: ProxySettings): Product {
  const external = settings.credentialSource.externalSecretProps;
  if (!external) {
    return target;
  }
  return product(target.objects.map((object) => {
    if (carriesCredentialMarkers(object.manifest)) {
      return productObject(object.id, externalSecretFor(object.manifest as SecretObject, external), { shared: object.shared });
    }
    if (containsCredentialMarker(JSON.stringify(object.manifest))) {
      throw new Error(`internal error: ${object.manifest.kind} "${object.manifest.metadata.name}" holds credentials outside a Secret`);
    }
    return object;
  }));
}

/**
 * The last step of every product: the user's labels and annotations, then the credentials where
 * the definition says they live.
 */
export function finishProduct(target: Product, proxy: ClusterProxyConfig, metadata?: unknown): Product {
  return withCredentialSource(withObjectMetadata(target, metadata), proxy.settings);
}

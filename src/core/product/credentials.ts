import { withObjectMetadata } from './metadata';
import { Product, product, productObject } from './product';
import { CredentialSourceKind } from '../credentials/credential-source';
import { externalSecretFor } from '../credentials/external-secret';
import { sealedSecretFor } from '../credentials/sealed-secret';
import { secretTemplateFor } from '../credentials/secret-template';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { ProxySettings } from '../definition/proxy-settings';
import { isSecretObject, KubeObject, SecretObject } from '../primitives/k8s/manifest';
import { checkObjectSize } from '../primitives/k8s/size-limits';
import { holdsSecretText, isSecretText } from '../primitives/secret-text';

/**
 * The product with its credentials where the settings say they live. Literal: unchanged. External
 * Secrets: every Secret holding slots for credentials becomes an ExternalSecret writing the same
 * Secret (same identity, so shared objects stay shared). Existing Secret: every such Secret becomes
 * the credential-free ConfigMap describing it, for the user's pipeline to render. Sealed: every
 * Secret becomes a SealedSecret. Nothing else may hold slots.
 */
export function withCredentialSource(target: Product, settings: ProxySettings): Product {
  const source = settings.credentialSource;
  const external = source.externalSecretProps;
  const sealing = source.sealing;
  const replace: ((secret: SecretObject) => KubeObject) | undefined = sealing
    ? (secret) => sealedSecretFor(secret, sealing)
    : external ? (secret) => externalSecretFor(secret, external)
      : source.kind === CredentialSourceKind.EXISTING_SECRET ? secretTemplateFor : undefined;
  if (!replace) {
    return target;
  }
  return product(target.objects.map((object) => {
    // sealed, the credentials are real: every Secret is sealed, as any of them may carry them
    if (isSecretObject(object.manifest) && (sealing || Object.values(object.manifest.stringData ?? {}).some(isSecretText))) {
      // the replacement stands for the Secret: shared as it was, compared as it
      return productObject(object.id, replace(object.manifest), { shared: object.shared, namedBy: object.namedBy, comparedAs: object.manifest });
    }
    if (!sealing && holdsSecretText(object.manifest)) {
      throw new Error(`internal error: ${object.manifest.kind} "${object.manifest.metadata.name}" holds credentials outside a Secret`);
    }
    return object;
  }));
}

/**
 * The last step of every product: the user's labels and annotations, then the credentials where
 * the definition says they live, then the API server's size limits on every object.
 */
export function finishProduct(target: Product, proxy: ClusterProxyConfig, metadata?: unknown): Product {
  const finished = withCredentialSource(withObjectMetadata(target, metadata), proxy.settings);
  finished.objects.forEach((object) => checkObjectSize(object.manifest));
  return finished;
}

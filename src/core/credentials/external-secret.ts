import { ExternalSecretCredentialsProps } from './credential-source';
import { KubeObject, SecretObject } from '../primitives/k8s/manifest';
import { goTemplateOf, Text } from '../primitives/secret-text';

/**
 * A Secret the library would write with credentials, as an External Secrets Operator
 * `ExternalSecret` (external-secrets.io/v1) that makes the operator write the same Secret: same name,
 * type, labels and annotations, and data built by a template (engine v2: Go text/template with
 * Sprig) from the remote user name and password, byte for byte what the library writes for those
 * credentials: each value's text with the template of a credential in each of its slots.
 */

function templateMetadata(labels?: { readonly [key: string]: string }, annotations?: { readonly [key: string]: string }) {
  return { ...(labels ? { labels: { ...labels } } : {}), ...(annotations ? { annotations: { ...annotations } } : {}) };
}

/** The ExternalSecret that makes External Secrets Operator write `secret` with the real credentials. */
export function externalSecretFor(secret: SecretObject, source: ExternalSecretCredentialsProps): KubeObject {
  const data = Object.fromEntries(Object.entries<Text>(secret.stringData).map(([key, value]) => [key, goTemplateOf(value)]));
  const { name, namespace, labels, annotations } = secret.metadata;
  return {
    apiVersion: 'external-secrets.io/v1',
    kind: 'ExternalSecret',
    metadata: { name, ...(namespace ? { namespace } : {}), ...(labels ? { labels: { ...labels } } : {}) },
    spec: {
      refreshInterval: source.refreshInterval,
      secretStoreRef: { name: source.storeName, kind: source.storeKind },
      target: {
        name,
        creationPolicy: 'Owner',
        template: {
          engineVersion: 'v2',
          ...(secret.type ? { type: secret.type } : {}),
          ...(labels || annotations ? { metadata: templateMetadata(labels, annotations) } : {}),
          data,
        },
      },
      // the source's parsed references hold only the fields given
      data: [
        { secretKey: 'username', remoteRef: { ...source.username } },
        { secretKey: 'password', remoteRef: { ...source.password } },
      ],
    },
  };
}

import { ExternalSecretCredentialsProps, RemoteSecretRef } from './credential-source';
import { CredentialStandIns } from './markers';
import { ProxyConfigError } from '../primitives/errors';
import { isSecretObject, KubeObject, SecretObject } from '../primitives/k8s/manifest';

/**
 * A Secret the library would write with credentials, as an External Secrets Operator
 * `ExternalSecret` (external-secrets.io/v1) that makes the operator write the same Secret: same name,
 * type, labels and annotations, and data built by a template (engine v2: Go text/template with
 * Sprig) from the remote user name and password, byte for byte what the library writes for those
 * credentials.
 *
 * Credentials appear in rendered text only percent-encoded for URL userinfo (every byte but
 * `A-Za-z0-9-._~`, upper-case hex), which is Go's `urlquery` with a space as `%20` instead of `+`;
 * in systemd drop-ins every `%` is doubled on top. The stand-in credentials carry a `%` so both
 * forms can be told apart in the text.
 */

/** Go template text for a literal `{{` in the content. */
export const LITERAL_BRACES_TEMPLATE = '{{"{{"}}';

/** Go template for one credential, percent-encoded for userinfo, in a systemd or plain context. */
export function credentialTemplate(name: 'username' | 'password', systemd: boolean): string {
  return `{{ .${name} | urlquery | replace "+" "%20"${systemd ? ' | replace "%" "%%"' : ''} }}`;
}

/** The marker's text as it appears rendered: percent-encoded, and in systemd escaping. */
function markerForms(marker: string): { plain: string; systemd: string } {
  const plain = marker.replace('%', '%25');
  return { plain, systemd: plain.replace('%', '%%') };
}

/** Base64 forms of a marker's letters at each alignment (a credential hidden in base64 cannot be templated). */
function base64Forms(marker: string): string[] {
  const core = marker.replace('%', '');
  // the middle of each encoding: the characters that depend on the marker's letters only
  return [0, 1, 2].map((shift) => Buffer.from('x'.repeat(shift) + core + 'xx').toString('base64').slice(4, -4));
}

/** True when `text` holds one of the stand-in credentials in any form. */
export function containsCredentialMarker(text: string, standIns: CredentialStandIns): boolean {
  return Object.values(standIns).some((marker) => text.includes(marker.replace('%', '')));
}

/**
 * `content` as a Go template rendering `content` itself, with every stand-in credential replaced by
 * the template of the real one. Literal `{{` are written as `{{"{{"}}` so they stay text.
 */
export function credentialTemplateOf(field: string, content: string, standIns: CredentialStandIns): string {
  for (const marker of Object.values(standIns)) {
    if (base64Forms(marker).some((form) => content.includes(form))) {
      throw new ProxyConfigError(field, 'holds the credentials base64-encoded, which a credential template cannot reproduce; use the literal credential source for it');
    }
  }
  let template = content.split('{{').join(LITERAL_BRACES_TEMPLATE);
  for (const name of ['username', 'password'] as const) {
    const forms = markerForms(standIns[name]);
    template = template.split(forms.systemd).join(credentialTemplate(name, true)).split(forms.plain).join(credentialTemplate(name, false));
  }
  if (containsCredentialMarker(template, standIns)) {
    throw new ProxyConfigError(field, 'holds the credentials in a form a credential template cannot reproduce; use the literal credential source for it');
  }
  return template;
}

function remoteRef(ref: RemoteSecretRef): { [key: string]: string } {
  return { key: ref.key, ...(ref.property ? { property: ref.property } : {}), ...(ref.version ? { version: ref.version } : {}) };
}

function templateMetadata(labels?: { readonly [key: string]: string }, annotations?: { readonly [key: string]: string }) {
  return { ...(labels ? { labels: { ...labels } } : {}), ...(annotations ? { annotations: { ...annotations } } : {}) };
}

/** The ExternalSecret that makes External Secrets Operator write `secret` with the real credentials. */
export function externalSecretFor(secret: SecretObject, source: ExternalSecretCredentialsProps, standIns: CredentialStandIns): KubeObject {
  const field = `${secret.kind}/${secret.metadata.name}`;
  const data = Object.fromEntries(Object.entries<string>(secret.stringData).map(([key, value]) => [key, credentialTemplateOf(`${field}: ${key}`, value, standIns)]));
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
      data: [
        { secretKey: 'username', remoteRef: remoteRef(source.username) },
        { secretKey: 'password', remoteRef: remoteRef(source.password) },
      ],
    },
  };
}

/** True for a Secret whose data holds stand-in credentials. */
export function carriesCredentialMarkers(manifest: KubeObject, standIns: CredentialStandIns): boolean {
  return isSecretObject(manifest) && Object.values<string>(manifest.stringData ?? {}).some((value) => containsCredentialMarker(value, standIns));
}

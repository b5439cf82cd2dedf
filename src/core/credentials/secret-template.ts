import { ProxyConfigError } from '../primitives/errors';
import { KubeObject, MANAGED_BY, MANAGED_BY_LABEL, SecretObject } from '../primitives/k8s/manifest';
import { assertObjectName } from '../primitives/k8s/names';
import { credentialTemplate, goTemplateOf, LITERAL_BRACES_TEMPLATE, Text } from '../primitives/secret-text';
import { assertCredentialText, encodeUserinfoComponent, Userinfo } from '../primitives/userinfo';
import { isRecord } from '../primitives/validation/json-data';
import { configMapObject } from '../product/data-objects';

/**
 * The existing-Secret source: the Secrets that carry credentials are written by the user's own
 * pipeline, under the names the literal source would use. In place of each, the library emits a
 * ConfigMap (no credential in it) describing that Secret exactly: its manifest, with every value
 * that holds a credential written as a Go template (the same templates the ExternalSecret source
 * uses: `{{ .username | urlquery | replace "+" "%20" }}`, plus `| replace "%" "%%"` in systemd
 * files, and `{{"{{"}}` for a literal `{{`). `cluster-proxy render-secret` (or any Go template
 * renderer with Sprig) turns it into the Secret the literal source writes, byte for byte.
 */

/** Label marking a secret template; the value is the template format's version. */
export const SECRET_TEMPLATE_LABEL = 'cluster-proxy-constructs/secret-template';
/** The one template format so far. */
export const SECRET_TEMPLATE_VERSION = 'v1';
/** ConfigMap key holding the templated Secret manifest (JSON). */
export const SECRET_TEMPLATE_KEY = 'secret.json';
/** Suffix of a template's name after the Secret's name. */
const TEMPLATE_SUFFIX = '.secret-template';

/** The raw (decoded, not percent-encoded) user name and password a template is rendered with. */
export type ProxyCredentials = Required<Userinfo>;

/** The ConfigMap standing for `secret`: its manifest with the credentials templated. */
export function secretTemplateFor(secret: SecretObject): KubeObject {
  const field = `${secret.kind}/${secret.metadata.name}`;
  const stringData = Object.fromEntries(Object.entries<Text>(secret.stringData).map(([key, value]) => [key, goTemplateOf(value)]));
  const { name, namespace } = secret.metadata;
  const templateName = assertObjectName(`${field} (its template ConfigMap ${name}${TEMPLATE_SUFFIX})`, `${name}${TEMPLATE_SUFFIX}`);
  return configMapObject({
    name: templateName,
    ...(namespace ? { namespace } : {}),
    labels: { [MANAGED_BY_LABEL]: MANAGED_BY, [SECRET_TEMPLATE_LABEL]: SECRET_TEMPLATE_VERSION },
  }, { [SECRET_TEMPLATE_KEY]: `${JSON.stringify({ ...secret, stringData }, null, 2)}\n` });
}

/** Every template token the library writes, with what it renders to. */
function tokenValues(credentials: ProxyCredentials): Map<string, string> {
  const tokens = new Map<string, string>([[LITERAL_BRACES_TEMPLATE, '{{']]);
  for (const credential of ['username', 'password'] as const) {
    const encoded = encodeUserinfoComponent(credentials[credential]);
    tokens.set(credentialTemplate({ credential, systemd: false }), encoded);
    tokens.set(credentialTemplate({ credential, systemd: true }), encoded.split('%').join('%%'));
  }
  return tokens;
}

/** `template` rendered with `credentials`; `field` names it in errors (which never quote a credential). */
export function renderCredentialTemplate(field: string, template: string, credentials: ProxyCredentials): string {
  const tokens = tokenValues(credentials);
  return template.replace(/\{\{.*?\}\}/gs, (token) => {
    const value = tokens.get(token);
    if (value === undefined) {
      throw new ProxyConfigError(field, `holds a template action this renderer does not know (${token.slice(0, 60)}); it renders only the library's own templates`);
    }
    return value;
  });
}

/** Check credentials read for rendering: the same rules as `username`/`password` in the settings. */
export function checkProxyCredentials(credentials: ProxyCredentials): ProxyCredentials {
  // the password first: its error must never follow one that could quote it
  const password = assertCredentialText('password', credentials.password);
  return { username: assertCredentialText('username', credentials.username), password };
}

/** True for a ConfigMap the existing-Secret source emitted. */
export function isSecretTemplate(object: unknown): object is KubeObject {
  return isRecord(object) && object.apiVersion === 'v1' && object.kind === 'ConfigMap'
    && isRecord(object.metadata) && isRecord(object.metadata.labels)
    && object.metadata.labels[SECRET_TEMPLATE_LABEL] !== undefined;
}

/** The Secret a template ConfigMap stands for, rendered with `credentials`. */
export function renderSecretTemplate(template: KubeObject, credentials: ProxyCredentials): SecretObject {
  const field = `ConfigMap/${template.metadata.namespace ? `${template.metadata.namespace}/` : ''}${template.metadata.name}`;
  const version = template.metadata.labels?.[SECRET_TEMPLATE_LABEL];
  if (version !== SECRET_TEMPLATE_VERSION) {
    throw new ProxyConfigError(`${field}: ${SECRET_TEMPLATE_LABEL}`, `is template format "${String(version).slice(0, 20)}"; this version renders "${SECRET_TEMPLATE_VERSION}"`);
  }
  const data = (template as { data?: unknown }).data;
  const text = isRecord(data) ? data[SECRET_TEMPLATE_KEY] : undefined;
  let secret: unknown;
  try {
    secret = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    secret = undefined;
  }
  if (!isRecord(secret) || secret.kind !== 'Secret' || !isRecord(secret.metadata) || !isRecord(secret.stringData)) {
    throw new ProxyConfigError(`${field}: data.${SECRET_TEMPLATE_KEY}`, 'must be a Secret manifest in JSON with stringData');
  }
  const stringData = Object.fromEntries(Object.entries(secret.stringData).map(([key, value]) => {
    if (typeof value !== 'string') {
      throw new ProxyConfigError(`${field}: stringData.${key}`, 'must be a string');
    }
    return [key, renderCredentialTemplate(`${field}: stringData.${key}`, value, credentials)];
  }));
  return { ...(secret as unknown as SecretObject), stringData };
}

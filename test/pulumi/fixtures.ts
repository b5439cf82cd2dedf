import { encodeUserinfoComponent } from '../../src/core/userinfo';
import { RecordedResource, withoutSecrets } from '../support/pulumi-mocks';

/**
 * Every form a leaked credential could take in a resource input: raw, percent-encoded (as in a
 * proxy URL, also lower-case and with systemd's `%%`), shell- and JSON-escaped, base64 of the raw
 * and the encoded form.
 */
export function credentialForms(password: string): string[] {
  const encoded = encodeUserinfoComponent(password);
  return [...new Set([
    password,
    encoded,
    encoded.toLowerCase(),
    encoded.replace(/%/g, '%%'),
    encodeURIComponent(password),
    JSON.stringify(password).slice(1, -1),
    password.replace(/'/g, "'\\''"),
    Buffer.from(password).toString('base64'),
    Buffer.from(encoded).toString('base64'),
  ])];
}

/**
 * The credential forms found in what the engine would store in plain text: every recorded input
 * of every registration outside secret-marked values. Empty when the credentials stay secret.
 */
export function plainTextLeaks(registrations: readonly RecordedResource[], password: string): string[] {
  const forms = credentialForms(password);
  return registrations.flatMap((r) => {
    const text = JSON.stringify(withoutSecrets(r.wire));
    return forms.filter((form) => text.includes(form)).map((form) => `${r.type} ${r.name}: ${form}`);
  });
}

/** Objects sorted by kind, namespace and name, for comparing sets of manifests. */
export function sortObjects(objects: readonly any[]): any[] {
  const key = (o: any) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
  return [...objects].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

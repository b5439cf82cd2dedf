import { Product } from './product';
import { ProxyConfigError } from '../primitives/errors';
import { isSecretObject, KubeObject } from '../primitives/k8s/manifest';
import { isLaterValue, resolveLaterValue } from '../primitives/later-value';
import { fillText, holdsSecretText, slotsOf, Text } from '../primitives/secret-text';

/**
 * Credentials known only later, such as a Pulumi Output of a stack secret, are later values that
 * the settings leave as slots in text (see `SecretText`): the product is rendered once, names and
 * hashes use the non-secret `credentialsRevision`, and only Secret data holds the slots. An adapter
 * makes each Secret's data wait for the real credentials and fills the slots with them, after the
 * checks the settings recorded (a bad password fails with the core's message).
 */

/**
 * Refuse a product in which an object other than a Secret holds credentials: it would be deployed
 * with them. A Secret may hold slots only for credentials known later: those of a source that keeps
 * them belong in that source's object, which the product's last step (`finishProduct`) makes.
 */
export function checkSlotsInSecretDataOnly(rendered: Product): void {
  for (const object of rendered.objects) {
    if (!object.sensitive && holdsSecretText(object.manifest)) {
      throw new ProxyConfigError(`${object.manifest.kind} ${object.manifest.metadata.name}`,
        'would carry the proxy credentials outside a Secret (literalCredentials?); credentials known only at deployment stay in Secret data');
    }
    const sourceSlots = (text: Text) => slotsOf(text).some((slot) => slot.later === undefined);
    if (object.sensitive && Object.values<Text>(secretDataOf(object.manifest)).some(sourceSlots)) {
      throw new Error(`internal error: Secret "${object.manifest.metadata.name}" holds the slots of a credential source, but did not become that source's object`);
    }
  }
}

/** The later values filling the slots of a product's Secret data, each once, in order of appearance. */
export function laterCredentialValues(rendered: Product): unknown[] {
  const values = rendered.objects.filter((object) => object.sensitive)
    .flatMap((object) => Object.values<Text>(secretDataOf(object.manifest)))
    .flatMap((text) => slotsOf(text).map((slot) => slot.later))
    .filter(isLaterValue);
  return [...new Set(values)];
}

/**
 * The data of each Secret of `rendered` by object id, its slots filled: a later value with what
 * `real` resolved it to (after the checks it carries), a credential given beside it as it is.
 */
export function filledSecretData(rendered: Product, real: ReadonlyMap<unknown, unknown>): Map<string, Record<string, string>> {
  const credentialOf = (later: unknown): string => (isLaterValue(later) ? resolveLaterValue(later, real.get(later)) : later) as string;
  const secrets = rendered.objects.filter((object) => object.sensitive);
  return new Map(secrets.map((object) => [object.id, Object.fromEntries(Object.entries<Text>(secretDataOf(object.manifest))
    .map(([key, value]) => [key, fillText(value, (slot) => credentialOf(slot.later))]))]));
}

function secretDataOf(manifest: KubeObject): Record<string, Text> {
  return isSecretObject(manifest) ? manifest.stringData ?? {} : {};
}

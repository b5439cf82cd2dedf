import { withLaterValuesNamed } from './later-value';
import { Product } from './product';
import { withoutSecretData } from './shared-objects';
import { ProxyConfigError } from '../primitives/errors';
import { KubeObject } from '../primitives/k8s/manifest';
import { canonicalJson } from '../primitives/k8s/names';

/**
 * Credentials known only later, such as a Pulumi Output of a stack secret. Nothing a product holds
 * outside Secret data depends on the credentials: names and hashes use the non-secret
 * `credentialsRevision`. So an adapter renders the whole product at once with stand-ins in place
 * of the credentials, and renders only the Secret data again when the real ones are known. The
 * checks below make sure that a product rendered that way is safe to deploy.
 */

/** A user name and password as the core takes them: raw, not percent-encoded. */
export interface Credentials {
  /**
   * User name.
   *
   * @default - none
   */
  readonly username?: string;
  /**
   * Password.
   *
   * @default - none
   */
  readonly password?: string;
}

/**
 * What stands in for credentials not known yet. The values are valid wherever the core accepts
 * credentials (URL userinfo, tinyproxy's `[-a-z0-9._]+`), and distinctive enough to be searched for
 * in rendered objects.
 */
export const STAND_IN_CREDENTIALS = Object.freeze({ username: 'stand-in-user-5e1d', password: 'stand-in-password-c83a0f' });

/**
 * The credentials to render with: each value `isLater` says is known only later replaced by its
 * stand-in, absent ones left out, the others handed on as they are (the settings that take them
 * refuse a non-string, naming the field).
 */
export function credentialsToRender(credentials: { readonly username?: unknown; readonly password?: unknown },
  isLater: (value: unknown) => boolean): Credentials {
  const now = (key: keyof Credentials) => {
    const value = credentials[key];
    return value === undefined ? {} : { [key]: isLater(value) ? STAND_IN_CREDENTIALS[key] : value as string };
  };
  return { ...now('username'), ...now('password') };
}

/**
 * Refuse a product rendered with stand-ins in which an object other than a Secret carries one: it
 * would be deployed with it, as with `literalCredentials`.
 */
export function checkStandInsInSecretDataOnly(rendered: Product): void {
  for (const object of rendered.objects.filter((candidate) => !candidate.sensitive)) {
    const text = JSON.stringify(withLaterValuesNamed(object.manifest));
    if (Object.values(STAND_IN_CREDENTIALS).some((standIn) => text.includes(standIn))) {
      throw new ProxyConfigError(`${object.manifest.kind} ${object.manifest.metadata.name}`,
        'would carry the proxy credentials outside a Secret (literalCredentials?); credentials known only at deployment stay in Secret data');
    }
  }
}

/**
 * The product rendered with the real credentials, checked to equal the one rendered with stand-ins
 * outside Secret data (the core's promise, checked again because a break would deploy objects the
 * preview never showed).
 */
export function sameOutsideSecretData(standIn: Product, real: Product): Product {
  real.objects.forEach((object, index) => {
    const expected = standIn.objects[index];
    const outside = (manifest: KubeObject) => canonicalJson(withLaterValuesNamed(withoutSecretData(manifest)));
    if (expected?.id !== object.id || outside(expected.manifest) !== outside(object.manifest)) {
      throw new ProxyConfigError(`${object.manifest.kind} ${object.manifest.metadata.name}`,
        'depends on the proxy credentials outside Secret data, so it cannot be deployed from credentials known only at deployment');
    }
  });
  return real;
}

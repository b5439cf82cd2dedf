import type { CredentialSource } from './credential-source';
import type { ProxyUrl } from '../definition/proxy-url';
import { contentHash } from '../primitives/k8s/names';

/**
 * Stand-in credentials for sources the library never sees (External Secrets, existing Secrets).
 * Everything is rendered with these, then every Secret value holding them becomes a template that
 * puts the real values in the same places with the same escaping. The `%` makes the escaping
 * visible: percent-encoded it is `%25`, and a renderer that escapes `%` (systemd) turns that into
 * `%%25`.
 *
 * A stand-in must never equal text of the user's that lands in the same Secret (an addon value, a
 * file): that text would be templated too, and the operator would write the password into it. So
 * the stand-ins are not fixed public strings but derived from a hash of the settings' non-secret
 * definition (there is no password with these sources): nobody writes one by chance, and nobody
 * can look one up, since no output ever holds one (every Secret value holding them is templated,
 * and any other object holding them is refused). Being a function of the definition, they keep
 * the output deterministic: the same definition renders byte for byte the same, and the
 * templates replacing them do not depend on them at all.
 */
export interface CredentialStandIns {
  /** Stands in for the user name. */
  readonly username: string;
  /** Stands in for the password. */
  readonly password: string;
}

/** Hex digits of the hash in each stand-in (96 bits). */
const DIGEST_LENGTH = 24;

/** The stand-ins for settings whose non-secret definition is `definition` (plain JSON data). */
export function credentialStandIns(definition: unknown): CredentialStandIns {
  return Object.freeze({
    username: `cpxusermarker${contentHash({ definition, standsFor: 'username' }, DIGEST_LENGTH)}%`,
    password: `cpxpasswordmarker${contentHash({ definition, standsFor: 'password' }, DIGEST_LENGTH)}%`,
  });
}

/** What of `ProxySettings` carries the stand-ins (structural: the settings module imports this one). */
export interface StandInCarrier {
  readonly httpProxy?: ProxyUrl;
  readonly httpsProxy?: ProxyUrl;
  readonly credentialSource: CredentialSource;
}

/**
 * The stand-ins of settings whose source the library never sees: the credentials their proxy URLs
 * carry (both carry the same; settings have at least one).
 */
export function credentialStandInsOf(settings: StandInCarrier): CredentialStandIns {
  const url = settings.httpProxy ?? settings.httpsProxy;
  if (settings.credentialSource.receivesCredentials || url?.username === undefined || url.password === undefined) {
    throw new Error('internal error: only settings with a credential source the library never sees carry stand-in credentials');
  }
  return { username: url.username, password: url.password };
}

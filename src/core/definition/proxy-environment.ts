import { inspect } from 'node:util';
import { ProxySettings } from './proxy-settings';
import { ProxyUrl } from './proxy-url';
import { NoProxy } from '../noproxy/no-proxy';
import { NoProxyFormat } from '../noproxy/render';
import { redactCredentials } from '../primitives/credential-mask';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { isSecretText, plainString, Text } from '../primitives/secret-text';
import { hasControlCharacter } from '../primitives/text';
import { checkProps, propKeys } from '../primitives/validation/strict-props';

/**
 * The proxy variables exactly as every renderer writes them. NO_PROXY is computed once, elsewhere,
 * and passed in here, so a systemd drop-in, a shell profile and a pod never disagree.
 */
export interface ProxyEnvironment {
  /**
   * Full HTTP proxy URL, credentials included (percent-encoded).
   *
   * @default - HTTP_PROXY/http_proxy are not set
   */
  readonly httpProxy?: string;
  /**
   * Full HTTPS proxy URL, credentials included (percent-encoded).
   *
   * @default - HTTPS_PROXY/https_proxy are not set
   */
  readonly httpsProxy?: string;
  /** The complete, already computed NO_PROXY value (comma-separated). Always rendered, even empty. */
  readonly noProxy: string;
}

/**
 * The environment renderers take: {@link ProxyEnvironment}, where a proxy URL may hold slots for
 * credentials known only to their source (see `SecretText`).
 */
export interface RenderEnvironment {
  readonly httpProxy?: Text;
  readonly httpsProxy?: Text;
  readonly noProxy: string;
}

const ENVIRONMENT_KEYS = propKeys<ProxyEnvironment>({ httpProxy: true, httpsProxy: true, noProxy: true });

/** One environment variable. */
export interface ProxyVariable {
  /** Variable name, e.g. `HTTPS_PROXY` or `no_proxy`. */
  readonly name: string;
  /** Variable value; a proxy URL holds credentials, so treat it as secret. */
  readonly value: string;
}

/** One variable as renderers take it: a proxy URL may hold slots for credentials (see `SecretText`). */
export interface TextVariable {
  readonly name: string;
  readonly value: Text;
}

/**
 * The proxy variables in render order: `HTTP_PROXY, http_proxy, HTTPS_PROXY, https_proxy,
 * NO_PROXY, no_proxy`. Both spellings carry the same value because clients disagree on which they
 * read (curl ignores upper-case `HTTP_PROXY`; Go reads both). A pair whose proxy is unset is left
 * out; NO_PROXY is always present.
 *
 * Every value is checked here, so all renderers refuse newlines and control characters (which
 * would end a systemd line or a YAML scalar early and inject what follows). Errors name the
 * variable and mask the password.
 */
export function proxyVariables(env: ProxyEnvironment): ProxyVariable[];
export function proxyVariables(env: RenderEnvironment): TextVariable[];
export function proxyVariables(env: RenderEnvironment): TextVariable[] {
  // Renderers are public and take a plain struct: something else (`{}`, NaN, a misspelled key)
  // would render a drop-in with an empty NO_PROXY, sending cluster traffic to the proxy.
  checkProps('environment', env, ENVIRONMENT_KEYS, 'proxy environment field');
  if (typeof env.noProxy !== 'string') {
    throw invalidValue('environment.noProxy', env.noProxy, 'must be the computed NO_PROXY value, a string (proxy.environment has it)');
  }
  const pairs: Array<[string, Text | undefined]> = [
    ['HTTP_PROXY', env.httpProxy],
    ['HTTPS_PROXY', env.httpsProxy],
    ['NO_PROXY', env.noProxy],
  ];
  return pairs.flatMap(([name, value]) => {
    if (value === undefined) {
      return [];
    }
    // an environment `proxyEnvironment` built is frozen and its NO_PROXY checked there: a fleet's
    // NO_PROXY is long, and every renderer of every cluster asks for the variables
    const checked = name === 'NO_PROXY' && SETTINGS in env ? value : checkValue(name, value);
    return [{ name, value: checked }, { name: name.toLowerCase(), value: checked }];
  });
}

/** The settings an environment was built from, for its redacting hooks. */
const SETTINGS = Symbol('settings');

interface EnvironmentWithSettings extends RenderEnvironment {
  readonly [SETTINGS]: ProxySettings;
}

/** The environment with the settings' redacted URLs in place of the real ones. */
function redacted(env: EnvironmentWithSettings): Record<string, string> {
  const settings = env[SETTINGS];
  return {
    ...(settings.httpProxy ? { httpProxy: settings.redactedUrl(settings.httpProxy) } : {}),
    ...(settings.httpsProxy ? { httpsProxy: settings.redactedUrl(settings.httpsProxy) } : {}),
    noProxy: env.noProxy,
  };
}

const REDACTING_HOOKS: PropertyDescriptorMap = {
  toJSON: { value(this: EnvironmentWithSettings) { return redacted(this); } },
  toString: { value(this: EnvironmentWithSettings) { return `ProxyEnvironment ${JSON.stringify(redacted(this))}`; } },
  [inspect.custom]: { value(this: EnvironmentWithSettings) { return `ProxyEnvironment ${inspect(redacted(this))}`; } },
};

/**
 * Build the environment from validated settings and the NO_PROXY computed for a cluster (or its
 * string).
 *
 * The result is a frozen plain object (spreadable, usable as {@link ProxyEnvironment}), whose
 * `toString()`, `toJSON()` and `util.inspect` output mask the password. With credentials known
 * only to their source, the proxy URLs are text with slots for them, which refuses to become a
 * string.
 */
export function proxyEnvironment(
  settings: ProxySettings,
  given: NoProxy | string,
  options: { readonly credentials?: boolean; readonly portsAsGiven?: boolean } = {},
): ProxyEnvironment {
  // The engine renders validated entries only, so its value needs no control-character check:
  // the clusters of a fleet share the installation-wide text, and none scans it again.
  const noProxy = given instanceof NoProxy ? given.render(NoProxyFormat.ENV) : plainString(checkValue('NO_PROXY', given));
  const href = (setting: ProxyUrl): Text => {
    const url = options.credentials === false ? setting.withoutCredentials : setting;
    return options.portsAsGiven ? url.hrefTextAsGiven : url.hrefText;
  };
  const env = {
    ...(settings.httpProxy ? { httpProxy: href(settings.httpProxy) } : {}),
    ...(settings.httpsProxy ? { httpsProxy: href(settings.httpsProxy) } : {}),
    noProxy,
  };
  // Non-enumerable, so spreading and deep equality see only the three variables. The hooks are
  // shared functions reading the hidden settings: a fleet holds two environments per cluster.
  Object.defineProperty(env, SETTINGS, { value: settings });
  Object.defineProperties(env, REDACTING_HOOKS);
  // typed as the public struct: a URL with slots (see above) refuses every use a string has
  return Object.freeze(env) as ProxyEnvironment;
}

/** Refuse a value that is not a string, or holds a control character. */
function checkValue(name: string, value: unknown): Text {
  if (isSecretText(value)) {
    // slots come from validated URLs only: their literal parts hold no control character
    return value;
  }
  if (typeof value !== 'string') {
    throw invalidValue(name, value, 'must be a string');
  }
  if (hasControlCharacter(value)) {
    throw invalidValue(name, redactCredentials(value), 'must not contain newlines or control characters');
  }
  if (value === '' && name !== 'NO_PROXY') {
    throw new ProxyConfigError(name, 'must not be empty; leave the proxy unset instead');
  }
  return value;
}

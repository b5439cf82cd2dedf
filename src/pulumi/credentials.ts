import * as pulumi from '@pulumi/pulumi';
import { CredentialSourceKind } from '../core/credentials/credential-source';
import { ProxySettings, ProxySettingsProps } from '../core/definition/proxy-settings';
import { invalidValue, ProxyConfigError, withinField } from '../core/primitives/errors';
import { laterValue } from '../core/primitives/later-value';

/**
 * Credentials that may be Pulumi Outputs: each Output is a later value of the core's, so the
 * settings leave slots for it, the product is rendered once at program time, and the Secret data
 * waits for the real credentials (see `registerProduct`). Plain-string credentials are rendered
 * once, at program time, as they are.
 */

/** A user name and password as the core takes them: raw, not percent-encoded. */
export interface Credentials {
  /** User name. @default - none */
  readonly username?: string;
  /** Password. @default - none */
  readonly password?: string;
}

/**
 * Installation-wide proxy settings for Pulumi programs: the core's `ProxySettingsProps`, with the
 * user name and password as Pulumi inputs (e.g. `config.requireSecret('proxyPassword')`).
 */
export interface ProxySettingsArgs extends Omit<ProxySettingsProps, 'username' | 'password'> {
  /**
   * Proxy user name, raw (not percent-encoded); added to every proxy URL.
   *
   * @default - credentials only from the URLs, if any
   */
  readonly username?: pulumi.Input<string>;
  /**
   * Proxy password, raw (not percent-encoded). Requires `username`. An Output is validated when it
   * resolves: a bad one fails the deployment with the core's message (naming `password`, never
   * quoting it).
   *
   * @default - no password
   */
  readonly password?: pulumi.Input<string>;
}

/** A user name and password, either of which may be an Output. */
export interface CredentialArgs {
  /** User name. @default - none */
  readonly username?: pulumi.Input<string>;
  /** Password. @default - none */
  readonly password?: pulumi.Input<string>;
}

/** A value rendered from credentials: at program time, and (when they are Outputs) how to render it with the real ones. */
export interface Rendered<T> {
  /** Rendered at program time: with the real credentials when they are plain strings, else with slots for them. */
  readonly now: T;
  /**
   * With Output credentials: the real ones (a secret Output that cannot fail) and how to render
   * from them, for a caller that asks for the value with the real credentials
   * (`ProxyDefinition.resolve`). Products never need it: their Secret data fills its slots.
   */
  readonly real?: { readonly credentials: pulumi.Output<Credentials>; readonly render: (credentials: Credentials) => T };
}

function isKnown(value: pulumi.Input<string> | undefined): value is string | undefined {
  return value === undefined || typeof value === 'string';
}

function isLater(value: unknown): boolean {
  return pulumi.Output.isInstance(value) || value instanceof Promise;
}

/** What the core's errors call an Output credential. */
const WHAT = 'a Pulumi Output';

function withoutUndefined(credentials: { readonly username?: unknown; readonly password?: unknown }): Credentials {
  return Object.fromEntries(Object.entries(credentials).filter(([, value]) => value !== undefined)) as Credentials;
}

/**
 * Render `render` from credentials that may be Outputs (see the module comment). `field` is where
 * they sit in the args (`settings`, `basicAuth`): anything but a string or an Output is refused
 * here, at program time, not when an `apply` fails mid-deployment.
 */
export function renderWithCredentials<T>(field: string, credentials: CredentialArgs, render: (credentials: Credentials) => T): Rendered<T> {
  const { username, password } = credentials;
  for (const [key, value] of Object.entries({ username, password })) {
    if (!isKnown(value) && !isLater(value)) {
      throw invalidValue(`${field}.${key}`, value, 'must be a string or a Pulumi Output of one');
    }
  }
  if (isKnown(username) && isKnown(password)) {
    return { now: render(withoutUndefined({ username, password })) };
  }
  const later = (key: keyof Credentials, value: pulumi.Input<string> | undefined) => (isKnown(value) ? value : laterValue(`${field}.${key}`, WHAT, value));
  // the core's settings take later values wherever they take credentials
  const now = render(withoutUndefined({ username: later('username', username), password: later('password', password) }) as Credentials);
  // Secret whatever the caller passed.
  const resolved = pulumi.secret(pulumi.all([username, password]).apply(([u, p]) => withoutUndefined({ username: u, password: p })));
  return { now, real: { credentials: resolved, render } };
}

/** Apply a further pure computation to both renderings. */
export function mapRendered<T, U>(rendered: Rendered<T>, fn: (value: T) => U): Rendered<U> {
  const real = rendered.real;
  return { now: fn(rendered.now), ...(real ? { real: { credentials: real.credentials, render: (c) => fn(real.render(c)) } } : {}) };
}

/** Render from settings whose credentials may be Outputs. */
export function renderWithSettings<T>(settings: ProxySettings | ProxySettingsArgs, render: (settings: ProxySettings) => T): Rendered<T> {
  if (settings instanceof ProxySettings) {
    return { now: render(settings) };
  }
  if (settings === null || typeof settings !== 'object' || Array.isArray(settings)) {
    throw invalidValue('settings', settings, 'must be a ProxySettings or its props');
  }
  const { username, password, ...rest } = settings;
  if (!(isKnown(username) && isKnown(password)) && rest.credentialSource?.kind === CredentialSourceKind.SEALED_SECRET) {
    // sealing happens at program time, and the credentials are not known then
    throw new ProxyConfigError('settings.credentialSource', 'sealedSecret seals at program time and needs username and password as plain strings; '
      + 'with Output credentials use the literal source (Pulumi keeps Secret values encrypted in its state), existingSecret or externalSecret');
  }
  return renderWithCredentials('settings', { username, password }, (credentials) => render(withinField('settings', () => new ProxySettings({ ...rest, ...credentials }))));
}

import * as pulumi from '@pulumi/pulumi';
import { CredentialSourceKind } from '../core/credentials/credential-source';
import { ProxySettings, ProxySettingsProps } from '../core/definition/proxy-settings';
import { invalidValue, ProxyConfigError, withinField } from '../core/primitives/errors';
import { Credentials, credentialsToRender } from '../core/product/deferred-credentials';

export type { Credentials };

/**
 * Credentials that may be Pulumi Outputs: rendered at program time with the core's stand-ins (see
 * `credentialsToRender`), and the Secret data again with the real ones inside `apply`. Plain-string
 * credentials are rendered once, at program time.
 */

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

/** A value rendered from credentials: now, and (when they are Outputs) with the real ones. */
export interface Rendered<T> {
  /** Rendered at program time: with the real credentials when they are plain strings, else with stand-ins. */
  readonly now: T;
  /**
   * With Output credentials: the real ones (a secret Output that cannot fail) and how to render
   * from them. Rendering is left to the caller, inside `apply`, so it can name the component in
   * errors and nothing is computed unless needed.
   */
  readonly real?: { readonly credentials: pulumi.Output<Credentials>; readonly render: (credentials: Credentials) => T };
}

function isKnown(value: pulumi.Input<string> | undefined): value is string | undefined {
  return value === undefined || typeof value === 'string';
}

function isLater(value: unknown): boolean {
  return pulumi.Output.isInstance(value) || value instanceof Promise;
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
  const now = render(credentialsToRender({ username, password }, isLater));
  if (isKnown(username) && isKnown(password)) {
    return { now };
  }
  // Secret whatever the caller passed.
  const resolved = pulumi.secret(pulumi.all([username, password]).apply(([u, p]) => credentialsToRender({ username: u, password: p }, isLater)));
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
    // the stand-ins would be sealed: sealing happens at program time, not inside `apply`
    throw new ProxyConfigError('settings.credentialSource', 'sealedSecret seals at program time and needs username and password as plain strings; '
      + 'with Output credentials use the literal source (Pulumi keeps Secret values encrypted in its state), existingSecret or externalSecret');
  }
  return renderWithCredentials('settings', { username, password }, (credentials) => render(withinField('settings', () => new ProxySettings({ ...rest, ...credentials }))));
}

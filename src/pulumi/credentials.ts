import * as pulumi from '@pulumi/pulumi';

/**
 * Proxy credentials as Pulumi inputs, and values computed from them.
 *
 * A password may come from `config.requireSecret(...)` or another resource: an `Output` whose value
 * exists only when it resolves. Everything the library renders is a pure function of the
 * credentials, so a value computed from them is modelled as a {@link CredentialVariants}: the same
 * function evaluated twice at program time with two different stand-in credential sets, and once
 * with the real credentials (at program time when they are plain strings, inside `.apply` when
 * they are Outputs). Comparing the two stand-in renderings tells, leaf by leaf, which parts of an
 * object depend on the credentials (see `renderObjects`); the stand-ins never reach a resource.
 */

/** Raw (not percent-encoded) proxy credentials, as the core takes them. */
export interface ProxyCredentials {
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

/** {@link ProxyCredentials} as Pulumi inputs (plain strings, Outputs or Promises). */
export interface ProxyCredentialInputs {
  /**
   * User name.
   *
   * @default - none
   */
  readonly username?: pulumi.Input<string>;
  /**
   * Password, typically `config.requireSecret('proxyPassword')`.
   *
   * @default - none
   */
  readonly password?: pulumi.Input<string>;
}

/**
 * The two stand-in credential sets. Different in every character class that matters (length,
 * letters), and valid everywhere the core accepts credentials (URL userinfo, and tinyproxy's
 * `[-a-z0-9._]+` for BasicAuth), so a stand-in rendering succeeds whenever the real one can.
 */
export const STAND_IN_CREDENTIALS: readonly [Required<ProxyCredentials>, Required<ProxyCredentials>] = Object.freeze([
  Object.freeze({ username: 'stand-in-user-a', password: 'stand-in-password-a' }),
  Object.freeze({ username: 'stand-in-user-bb', password: 'stand-in-password-bb' }),
] as const);

/** True for a value usable now: a string, or absent (not an Output or a Promise). */
function isKnown(value: pulumi.Input<string> | undefined): value is string | undefined {
  return value === undefined || typeof value === 'string';
}

/** Where the real value of a {@link CredentialVariants} comes from. */
type Actual<C> =
  | { readonly kind: 'known'; readonly value: C }
  | { readonly kind: 'output'; readonly credentials: pulumi.Output<ProxyCredentials>; readonly compute: (credentials: ProxyCredentials) => C };

/**
 * A value computed from proxy credentials (see the module comment): `standIns` (absent when there
 * are no credentials, so nothing can depend on them) and the real value, known now or an Output.
 * `map` composes further pure computations without resolving anything.
 */
export class CredentialVariants<C> {
  /** A value that does not depend on any credential. */
  public static constant<C>(value: C): CredentialVariants<C> {
    return new CredentialVariants<C>(undefined, { kind: 'known', value });
  }

  /**
   * Evaluate `compute` with the stand-ins now, and with the real credentials now (plain strings)
   * or when they resolve (Outputs). Only the credentials that are set are replaced by stand-ins.
   * Errors of the stand-in and known evaluations are thrown here; errors of the real evaluation of
   * Outputs reject the resulting Outputs.
   */
  public static fromCredentials<C>(credentials: ProxyCredentialInputs, compute: (credentials: ProxyCredentials) => C): CredentialVariants<C> {
    const { username, password } = credentials;
    if (username === undefined && password === undefined) {
      return CredentialVariants.constant(compute({}));
    }
    const standIn = (set: Required<ProxyCredentials>): ProxyCredentials => ({
      ...(username !== undefined ? { username: set.username } : {}),
      ...(password !== undefined ? { password: set.password } : {}),
    });
    const standIns: [C, C] = [compute(standIn(STAND_IN_CREDENTIALS[0])), compute(standIn(STAND_IN_CREDENTIALS[1]))];
    if (isKnown(username) && isKnown(password)) {
      return new CredentialVariants(standIns, { kind: 'known', value: compute(withoutUndefined({ username, password })) });
    }
    // Secret whatever the caller passed: everything computed from credentials is secret material.
    const resolved = pulumi.secret(pulumi.all([username, password]).apply(([u, p]) => withoutUndefined({ username: u, password: p })));
    return new CredentialVariants(standIns, { kind: 'output', credentials: resolved, compute });
  }

  /** The two stand-in evaluations; absent when no credential is set. */
  public readonly standIns?: readonly [C, C];
  private readonly actual: Actual<C>;

  private constructor(standIns: readonly [C, C] | undefined, actual: Actual<C>) {
    this.standIns = standIns;
    this.actual = actual;
  }

  /** True when credentials are set (the real value may depend on them). */
  public get dependsOnCredentials(): boolean {
    return this.standIns !== undefined;
  }

  /**
   * The real value when it is known at program time (no credentials, or plain-string ones);
   * `undefined` when a credential is an Output.
   */
  public get known(): C | undefined {
    return this.actual.kind === 'known' ? this.actual.value : undefined;
  }

  /** Apply a further pure computation to every variant. */
  public map<D>(fn: (value: C) => D): CredentialVariants<D> {
    const standIns = this.standIns ? [fn(this.standIns[0]), fn(this.standIns[1])] as const : undefined;
    const actual = this.actual;
    if (actual.kind === 'known') {
      return new CredentialVariants<D>(standIns, { kind: 'known', value: fn(actual.value) });
    }
    return new CredentialVariants<D>(standIns, { kind: 'output', credentials: actual.credentials, compute: (c) => fn(actual.compute(c)) });
  }

  /**
   * The real value as an Output (secret when it depends on credentials). `onError` may turn an
   * error of the real evaluation into another one (e.g. a `pulumi.ResourceError` naming the
   * component); the Output then rejects with it.
   */
  public output(onError: (error: unknown) => unknown = (error) => error): pulumi.Output<C> {
    const actual = this.actual;
    // `apply` keeps class instances (a ClusterProxyConfig) as they are, while `pulumi.output` and
    // `pulumi.secret` copy a value into plain objects: so secretness comes from the Output applied on.
    if (actual.kind === 'known') {
      const anchor = this.dependsOnCredentials ? pulumi.secret(true) : pulumi.output(true);
      return anchor.apply(() => actual.value) as unknown as pulumi.Output<C>;
    }
    return actual.credentials.apply((credentials) => {
      try {
        return actual.compute(credentials);
      } catch (error) {
        throw onError(error);
      }
    }) as unknown as pulumi.Output<C>;
  }
}

function withoutUndefined(credentials: { username?: string; password?: string }): ProxyCredentials {
  return {
    ...(credentials.username !== undefined ? { username: credentials.username } : {}),
    ...(credentials.password !== undefined ? { password: credentials.password } : {}),
  };
}

/* eslint-disable @typescript-eslint/no-require-imports -- modules whose code loads on first use */
import { NO_PROXY_CLIENT_IDS } from '../noproxy/clients';
import type { ExplainNoProxyOptions, NoProxyClientVerdict } from '../noproxy/explain';
import { formatNoProxyEntry } from '../noproxy/format';
import type { NoProxyLintWarning } from '../noproxy/lint';
import { parseNoProxyList } from '../noproxy/parse';
import { JavaNonProxyHosts, renderJavaNonProxyHosts } from '../noproxy/render';
import { callerFieldName, invalidValue } from '../primitives/errors';
import { onFirstUse } from '../primitives/lazy-modules';
import { parseOneOf } from '../primitives/validation/one-of';
import { checkProps } from '../primitives/validation/strict-props';

// The client models behind `explain` and `lint` load when a program asks for them.
const explainModule = onFirstUse(() => require('../noproxy/explain') as typeof import('../noproxy/explain'));
const lintModule = onFirstUse(() => require('../noproxy/lint') as typeof import('../noproxy/lint'));

/**
 * The two NO_PROXY environment variables as a process sees them, when they differ (names every jsii
 * language can spell).
 */
export interface NoProxyValues {
  /** `NO_PROXY` (Go prefers it; wget never reads it). @default - unset */
  readonly upperCase?: string;
  /** `no_proxy` (every other client prefers it). @default - unset */
  readonly lowerCase?: string;
}

/**
 * The NO_PROXY engine for values that do not come from a `ClusterProxyConfig` (whose `noProxy` is
 * already computed): normalize a list, explain per client what a URL does, lint a value, render it
 * for the JVM.
 */
export class NoProxyEngine {
  /**
   * The entries of a NO_PROXY value, validated and in canonical form (lower-case, `*.` and brackets
   * normalized), in input order.
   *
   * @param value a NO_PROXY value: entries separated by commas
   * @param field the field named in errors
   */
  public static normalize(value: string, field = 'noProxy'): string[] {
    return parseNoProxyList(value, callerFieldName(field)).map(formatNoProxyEntry);
  }

  /**
   * Whether each modelled client goes direct or through the proxy for `url`, and why, when
   * `NO_PROXY` and `no_proxy` both hold `noProxy`.
   *
   * @param noProxy the value of both variables
   * @param url an absolute http(s) URL, without a password (no client reads one to decide)
   */
  public static explain(noProxy: string, url: string, options: ExplainNoProxyOptions = {}): NoProxyClientVerdict[] {
    // the one NO_PROXY value, for both variables
    if (typeof noProxy !== 'string') {
      throw invalidValue('noProxy', noProxy, 'must be a NO_PROXY value (a string)');
    }
    checkUrl(url);
    checkExplainOptions(options);
    return explainModule().explainNoProxy(noProxy, url, options);
  }

  /**
   * Like {@link NoProxyEngine.explain}, with each variable given separately (or left unset): clients
   * differ in which of `NO_PROXY` and `no_proxy` they read.
   *
   * @param variables the value of each variable
   * @param url an absolute http(s) URL, without a password (no client reads one to decide)
   */
  public static explainVariables(variables: NoProxyValues, url: string, options: ExplainNoProxyOptions = {}): NoProxyClientVerdict[] {
    checkVariables(variables);
    checkUrl(url);
    checkExplainOptions(options);
    return explainModule().explainNoProxy({
      ...(variables.upperCase !== undefined ? { NO_PROXY: variables.upperCase } : {}),
      ...(variables.lowerCase !== undefined ? { no_proxy: variables.lowerCase } : {}),
    }, url, options);
  }

  /** Entries some clients ignore, or that match more than they seem to. */
  public static lint(value: string, field = 'noProxy'): NoProxyLintWarning[] {
    const name = callerFieldName(field);
    parseNoProxyList(value, name); // the library's error for a value that is not a NO_PROXY list
    return lintModule().lintNoProxy(value, name);
  }

  /** Java's `http.nonProxyHosts` for a NO_PROXY value, with the entries the JVM cannot express. */
  public static javaNonProxyHosts(value: string, field = 'noProxy'): JavaNonProxyHosts {
    return renderJavaNonProxyHosts(parseNoProxyList(value, callerFieldName(field)));
  }

  private constructor() {}
}

/** The two variables `explainVariables` takes, each a string or unset. */
function checkVariables(variables: unknown): void {
  if (variables === null || typeof variables !== 'object' || Array.isArray(variables)) {
    throw invalidValue('variables', variables, 'must be { upperCase, lowerCase }');
  }
  checkProps('variables', variables, ['upperCase', 'lowerCase'], 'NO_PROXY variable');
  for (const [key, value] of Object.entries(variables)) {
    if (value !== undefined && typeof value !== 'string') {
      throw invalidValue(`variables.${key}`, value, 'must be a string');
    }
  }
}

/** The options `explain` takes: known keys, a resolver function, client ids. */
function checkExplainOptions(options: unknown): void {
  checkProps('options', options, ['resolve', 'clients'], 'explain option');
  const { resolve, clients } = options as ExplainNoProxyOptions;
  if (resolve !== undefined && typeof resolve !== 'function') {
    throw invalidValue('options.resolve', resolve, 'must be a function from a host name to its address');
  }
  if (clients !== undefined && !Array.isArray(clients)) {
    throw invalidValue('options.clients', clients, 'must be a list of client ids');
  }
  clients?.forEach((id, index) => parseOneOf(`options.clients[${index}]`, id, NO_PROXY_CLIENT_IDS));
}

/** The URL `explain` takes; `explainNoProxy` checks that it is an absolute http(s) URL. */
function checkUrl(url: unknown): void {
  if (typeof url !== 'string') {
    throw invalidValue('url', url, 'must be an absolute http:// or https:// URL');
  }
}

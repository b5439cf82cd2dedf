import { invalidValue } from '../errors';
import { Destination } from '../noproxy/destination';
import { explainNoProxy, ExplainNoProxyOptions, NoProxyClientVerdict } from '../noproxy/explain';
import { formatNoProxyEntry } from '../noproxy/format';
import { lintNoProxy, NoProxyLintWarning } from '../noproxy/lint';
import { parseNoProxyList } from '../noproxy/parse';
import { JavaNonProxyHosts, renderJavaNonProxyHosts } from '../noproxy/render';
import { checkProps } from '../validation/strict-props';

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
   * @param value a comma-separated value or a list of entries
   * @param field the field named in errors
   */
  public static normalize(value: string | string[], field = 'noProxy'): string[] {
    return parseNoProxyList(value, field).map(formatNoProxyEntry);
  }

  /**
   * Whether each modelled client goes direct or through the proxy for `url`, and why.
   *
   * @param noProxy the value of both variables, or each variable separately
   * @param url an absolute http(s) URL
   */
  public static explain(noProxy: string | NoProxyValues, url: string | Destination, options: ExplainNoProxyOptions = {}): NoProxyClientVerdict[] {
    checkNoProxyValues(noProxy);
    checkDestination(url);
    const variables = typeof noProxy === 'string' ? noProxy : {
      ...(noProxy.upperCase !== undefined ? { NO_PROXY: noProxy.upperCase } : {}),
      ...(noProxy.lowerCase !== undefined ? { no_proxy: noProxy.lowerCase } : {}),
    };
    return explainNoProxy(variables, url, options);
  }

  /** Entries some clients ignore, or that match more than they seem to. */
  public static lint(value: string | string[], field = 'noProxy'): NoProxyLintWarning[] {
    parseNoProxyList(value, field); // the library's error for a value that is not a NO_PROXY list
    return lintNoProxy(value, field);
  }

  /** Java's `http.nonProxyHosts` for a NO_PROXY value, with the entries the JVM cannot express. */
  public static javaNonProxyHosts(value: string | string[], field = 'noProxy'): JavaNonProxyHosts {
    return renderJavaNonProxyHosts(parseNoProxyList(value, field));
  }

  private constructor() {}
}

/** The NO_PROXY value(s) `explain` takes: a string, or the two variables as strings. */
function checkNoProxyValues(noProxy: unknown): void {
  if (typeof noProxy === 'string') {
    return;
  }
  if (noProxy === null || typeof noProxy !== 'object' || Array.isArray(noProxy)) {
    throw invalidValue('noProxy', noProxy, 'must be a NO_PROXY value or { upperCase, lowerCase }');
  }
  checkProps('noProxy', noProxy, ['upperCase', 'lowerCase'], 'NO_PROXY variable');
  for (const [key, value] of Object.entries(noProxy)) {
    if (value !== undefined && typeof value !== 'string') {
      throw invalidValue(`noProxy.${key}`, value, 'must be a string');
    }
  }
}

/** The destination `explain` takes: a URL, or a parsed destination. */
function checkDestination(url: unknown): void {
  if (typeof url === 'string') {
    return;
  }
  const destination = url as Partial<Destination> | null;
  if (destination === null || typeof destination !== 'object' || typeof destination.host !== 'string' || typeof destination.port !== 'number'
    || !['name', 'IPv4', 'IPv6'].includes(destination.hostType as string) || !['http', 'https'].includes(destination.scheme as string)) {
    throw invalidValue('url', url, 'must be an absolute http:// or https:// URL (or a Destination)');
  }
}

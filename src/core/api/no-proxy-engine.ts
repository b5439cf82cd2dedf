import { Destination } from '../noproxy/destination';
import { explainNoProxy, ExplainNoProxyOptions, NoProxyClientVerdict } from '../noproxy/explain';
import { formatNoProxyEntry } from '../noproxy/format';
import { lintNoProxy, NoProxyLintWarning } from '../noproxy/lint';
import { parseNoProxyList } from '../noproxy/parse';
import { JavaNonProxyHosts, renderJavaNonProxyHosts } from '../noproxy/render';

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
    const variables = typeof noProxy === 'string' ? noProxy : {
      ...(noProxy.upperCase !== undefined ? { NO_PROXY: noProxy.upperCase } : {}),
      ...(noProxy.lowerCase !== undefined ? { no_proxy: noProxy.lowerCase } : {}),
    };
    return explainNoProxy(variables, url, options);
  }

  /** Entries some clients ignore, or that match more than they seem to. */
  public static lint(value: string | string[], field = 'noProxy'): NoProxyLintWarning[] {
    return lintNoProxy(value, field);
  }

  /** Java's `http.nonProxyHosts` for a NO_PROXY value, with the entries the JVM cannot express. */
  public static javaNonProxyHosts(value: string | string[], field = 'noProxy'): JavaNonProxyHosts {
    return renderJavaNonProxyHosts(parseNoProxyList(value, field));
  }

  private constructor() {}
}

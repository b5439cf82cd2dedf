import { invalidValue } from '../primitives/errors';
import { IpFamily, parseIpNumber } from '../primitives/ip';
import { assertPrintable } from '../primitives/text';

/** A request target as the NO_PROXY engine reasons about it. */
export interface Destination {
  /** The URL as given. */
  readonly url: string;
  readonly scheme: 'http' | 'https';
  /**
   * Lower-case host as a WHATWG URL parser prints it: IPv6 in RFC 5952 form without brackets,
   * IPv4 in dotted decimal, a trailing dot kept.
   */
  readonly host: string;
  /** Whether the host is a name or an IP literal. */
  readonly hostType: 'name' | IpFamily;
  /** The effective port: the explicit one, else 80 for http and 443 for https. */
  readonly port: number;
  /**
   * The port written in the URL, even when it equals the default (some clients compare the
   * `host:port` text, so `https://x:443/` and `https://x/` differ there).
   */
  readonly explicitPort?: number;
}

const DEFAULT_PORTS = { http: 80, https: 443 } as const;

/**
 * The host as written in the destination's URL: case kept, brackets removed (Perl's `URI->host`).
 * Falls back to the normalized host when the URL has no readable authority.
 */
export function writtenHost(destination: Destination): string {
  const written = AUTHORITY.exec(destination.url.trim())?.[1];
  return written === undefined || written === '' ? destination.host : written.replace(/^\[(.*)\]$/, '$1');
}

/** Authority of an absolute URL, to see whether a port was written (WHATWG URL hides default ports). */
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::([0-9]+))?/i;

/** Everything between `://` and the path, query or fragment, as written: the userinfo and host. */
const RAW_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i;

/**
 * Parse an absolute `http://` or `https://` URL into a {@link Destination}.
 *
 * @param field the input field named in error messages
 * @throws ProxyConfigError for anything that is not an absolute http(s) URL, and for a URL with a
 *   password or with more than one "@" before its host
 */
export function parseDestination(url: string, field = 'url'): Destination {
  const text = assertPrintable(field, url).trim();
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw invalidValue(field, url, 'must be an absolute http:// or https:// URL');
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (scheme !== 'http' && scheme !== 'https') {
    throw invalidValue(field, url, 'must be an http:// or https:// URL (NO_PROXY is only consulted for these)');
  }
  // No client reads the userinfo to decide on NO_PROXY, and whatever is echoed of the URL (its host,
  // in every verdict) would be the tail of a password holding "@" if the host were missing.
  if (parsed.password !== '') {
    throw invalidValue(field, url, 'must not contain a password (NO_PROXY matching never reads it: give the URL without it)');
  }
  if ((RAW_AUTHORITY.exec(text)?.[1].split('@').length ?? 0) > 2) {
    throw invalidValue(field, url, 'must not hold more than one "@" before its host (curl takes the host after the first, other clients after the last)');
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const written = AUTHORITY.exec(text)?.[2];
  const explicitPort = written === undefined ? undefined : Number(written);
  return {
    url,
    scheme,
    host,
    hostType: parseIpNumber(host)?.family ?? 'name',
    port: explicitPort ?? DEFAULT_PORTS[scheme],
    ...(explicitPort === undefined ? {} : { explicitPort }),
  };
}

import { isBlockToken } from './destinations';
import { javaIpv4Patterns } from '../../../src/core/noproxy/java-globs';
import { parseNoProxyEntry } from '../../../src/core/noproxy/parse';

/**
 * The JDK `http.nonProxyHosts` spellings of derivable NO_PROXY tokens, for the JVM's sink
 * question (see evaluate.ts). `.x` and `*.x` become `*.x`; a bare name stays; an IPv6 address gets
 * brackets (the JDK compares the URI host, which keeps them). An IPv4 CIDR becomes the globs of
 * its octet-aligned blocks, as the library renders it (`javaIpv4Patterns`). Ranges and IPv6
 * CIDRs are left out (a range token always comes with its CIDR).
 */
export function javaPatterns(tokens: readonly string[]): string[] {
  const patterns = tokens.flatMap((token): string[] => {
    if (/^[0-9.]+\/\d+$/.test(token)) {
      return javaIpv4Patterns(parseNoProxyEntry(token, 'token')) ?? [];
    }
    if (isBlockToken(token)) {
      return [];
    }
    if (token.includes(':') && !token.startsWith('[')) {
      return [`[${token}]`];
    }
    if (token.startsWith('.')) {
      return [`*${token}`];
    }
    return [token];
  });
  return [...new Set(patterns)];
}

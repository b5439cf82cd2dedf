import { isBlockToken } from './destinations';
import { parseCidr } from '../../../src/core/cidr';
import { cidrBounds, formatIpNumber } from '../../../src/core/ip';

/**
 * The JDK `http.nonProxyHosts` spellings of derivable NO_PROXY tokens, for the JVM's sink
 * question (see evaluate.ts). `.x` and `*.x` become `*.x`; a bare name stays; an IPv6 address gets
 * brackets (the JDK compares the URI host, which keeps them). An IPv4 CIDR becomes the globs of
 * its octet-aligned blocks (`10.96.*` ... `10.111.*` for 10.96.0.0/12), at most 256 of them: the
 * JDK lets `*` end a pattern, so such blocks are expressible although the JDK has no CIDR syntax.
 * Ranges and IPv6 CIDRs have no glob form and are left out.
 */
export function javaPatterns(tokens: readonly string[]): string[] {
  const patterns = tokens.flatMap((token): string[] => {
    if (/^[0-9.]+\/\d+$/.test(token)) {
      return octetGlobs(token);
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

function octetGlobs(cidrText: string): string[] {
  const cidr = parseCidr('cidr', cidrText);
  const alignedPrefix = Math.ceil(cidr.prefixLength / 8) * 8;
  const count = 2 ** (alignedPrefix - cidr.prefixLength);
  if (alignedPrefix === 32 || count > 256) {
    return alignedPrefix === 32 ? [formatIpNumber(cidr.network)] : [];
  }
  const [first] = cidrBounds(cidr.network, cidr.prefixLength);
  const step = 2n ** BigInt(32 - alignedPrefix);
  return Array.from({ length: count }, (_, index) => {
    const octets = formatIpNumber({ family: 'IPv4', value: first + BigInt(index) * step }).split('.');
    return `${octets.slice(0, alignedPrefix / 8).join('.')}.*`;
  });
}

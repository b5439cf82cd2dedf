import { dnsNameProblem } from './dns-name';
import { invalidValue } from './errors';
import { parseIpLiteral } from './ip';

/** A validated host: a DNS name or an IP literal, lower case, IPv6 without brackets. */
export interface Host {
  readonly kind: 'dns' | 'ipv4' | 'ipv6';
  /** Canonical text (IPv6 compressed, no brackets). */
  readonly text: string;
}

/** True for a syntactically valid DNS name (no trailing dot; see `dnsNameProblem` for the rules). */
export function isDnsName(name: string): boolean {
  return !name.endsWith('.') && dnsNameProblem(name) === undefined;
}

/**
 * Parse a host given as a DNS name, IPv4 address, or IPv6 address with or without brackets.
 * Ports, schemes and paths are refused with a hint, because callers want the bare host.
 */
export function parseHost(field: string, raw: unknown): Host {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw invalidValue(field, raw, 'must be a host name or IP address');
  }
  const text = raw.trim().toLowerCase();
  if (text.includes('://')) {
    throw invalidValue(field, raw, 'must be a bare host, without a scheme');
  }
  const unbracketed = /^\[(.*)\]$/.exec(text)?.[1] ?? text;
  const address = parseIpLiteral(unbracketed);
  if (address) {
    return { kind: address.family === 'IPv4' ? 'ipv4' : 'ipv6', text: address.text };
  }
  if (isDnsName(text)) {
    return { kind: 'dns', text };
  }
  const hint = /:\d+$/.test(text) ? 'must be a bare host, without a port' : 'must be a valid DNS name or IP address';
  throw invalidValue(field, raw, hint);
}

import { ReadinessResult } from './types';

/**
 * Text for readiness results: one line per URL, `PASS` or `FAIL`, then what was learned in order
 * (proxy, authentication, TLS, endpoint status) and, for a failure, the reason. Built only from
 * the results, which hold the proxy URL with its password masked, so no password can appear.
 */

function authenticationText(result: ReadinessResult): string | undefined {
  switch (result.authentication) {
    case 'accepted':
      return 'proxy authentication accepted';
    case 'not-required':
      return 'no proxy authentication required';
    default:
      return undefined;
  }
}

function tlsText(result: ReadinessResult): string | undefined {
  if (!result.tls?.verified) {
    return undefined;
  }
  const against = result.tls.against === 'trusted-ca' ? 'the trusted CA' : 'Node\'s bundled CAs';
  return `TLS verified against ${against}${result.tls.protocol ? ` (${result.tls.protocol})` : ''}`;
}

/** One line for one result. */
export function formatReadinessResult(result: ReadinessResult): string {
  const via = result.proxy === undefined ? '' : ` via ${result.proxy} (${result.method})`;
  const facts = [authenticationText(result), tlsText(result), result.ok ? `HTTP ${result.status}` : result.reason]
    .filter((fact): fact is string => fact !== undefined);
  return `${result.ok ? 'PASS' : 'FAIL'} ${result.url}${via}: ${facts.join(', ')}`;
}

/** The whole report: a line per URL, then a summary line. Ends with a newline. */
export function formatReadinessReport(results: readonly ReadinessResult[]): string {
  const failed = results.filter((result) => !result.ok).length;
  const summary = failed === 0
    ? `check: all ${results.length} URL(s) reachable through the proxy`
    : `check: ${failed} of ${results.length} URL(s) failed`;
  return `${[...results.map(formatReadinessResult), summary].join('\n')}\n`;
}

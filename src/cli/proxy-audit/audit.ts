import { ClientProxyUse, clientProxyUse, unreadProxies } from './client-proxy-use';
import { AuditDestination, auditDestinations } from './destinations';
import { ProxySite } from './proxy-sites';
import { ClusterNetwork } from '../../core/definition/network';
import { NO_PROXY_CLIENTS, noProxyClient, NoProxyClientId } from '../../core/noproxy/clients';
import { explainNoProxy, NoProxyVariables } from '../../core/noproxy/explain';
import { noProxyProbeUrls } from '../../core/noproxy/lint';
import { NoProxy } from '../../core/noproxy/no-proxy';
import { parseNoProxyEntry } from '../../core/noproxy/parse';
import { DestinationScheme, PROXY_URL_VARIABLES } from '../../core/noproxy/proxy-variables';
import { renderNoProxyEntry } from '../../core/noproxy/render';
import { NoProxyEntryKind } from '../../core/noproxy/types';
import { redactCredentials } from '../../core/primitives/credential-mask';

/**
 * The audit of existing proxy settings against one cluster: for every site (container or node)
 * that sets a proxy, which modelled clients use it (each reads its own proxy variables), which
 * destinations of the cluster they would send to the proxy although the library's NO_PROXY would
 * not, and which listed entries no client honours. Pure analysis: the caller reads the manifests
 * and prints the report.
 */

/**
 * - `proxy-variable-not-read`: the site sets a scheme's proxy only in variables some clients do
 *   not read (`HTTPS_PROXY` alone: wget reads only `https_proxy`), so they connect directly
 * - `proxied-destination`: a cluster destination goes through the proxy in some clients; the
 *   library's NO_PROXY would make them go direct
 * - `invalid-entry`: an entry no client reads as intended (a scheme, a path, `;`, host bits...)
 * - `unhonoured-entry`: a valid entry no client honours in the form written
 * - `entry-ignored-by-some-clients`: some clients ignore the entry as written, and still use the
 *   proxy for what it names; the library's rendering of it would serve them
 * - `variables-differ`: NO_PROXY and no_proxy are both set and differ (Go and LWP read one, the
 *   others the other)
 */
export type AuditFindingCode =
  | 'proxy-variable-not-read'
  | 'proxied-destination'
  | 'invalid-entry'
  | 'unhonoured-entry'
  | 'entry-ignored-by-some-clients'
  | 'variables-differ';

/** One finding at one site. */
export interface AuditFinding {
  readonly code: AuditFindingCode;
  /** The complete message. */
  readonly message: string;
  /** The client families concerned. */
  readonly clients: NoProxyClientId[];
  /** The destination URL (`proxied-destination`). */
  readonly url?: string;
  /** The entry as written (entry findings). */
  readonly entry?: string;
  /** What to change. */
  readonly fix?: string;
}

/** The audit of one site. */
export interface AuditedSite {
  readonly label: string;
  readonly kind: 'container' | 'node';
  readonly origin: string;
  /** The proxy URLs set, credentials redacted. */
  readonly proxies: Readonly<Record<string, string>>;
  readonly noProxy: NoProxyVariables;
  /** Each client's use of the proxy here, per scheme, by its own rules for the variables. */
  readonly proxyUse: ClientProxyUse[];
  readonly unresolved: string[];
  readonly findings: AuditFinding[];
}

/** The whole audit. */
export interface AuditReport {
  /** The cluster the sites were checked against (plain summary). */
  readonly cluster: Record<string, unknown>;
  /** The library's NO_PROXY for the cluster, with the entries found in the input kept. */
  readonly libraryNoProxy: string;
  readonly sites: AuditedSite[];
  /** Number of findings over all sites. */
  readonly findingCount: number;
}

const ALL_CLIENTS = NO_PROXY_CLIENTS.map((client) => client.id);

function names(clients: NoProxyClientId[]): string {
  return clients.length === ALL_CLIENTS.length ? 'every client' : clients.map((id) => noProxyClient(id).name).join(', ');
}

/** Entries of a NO_PROXY value as a client splits most lists: at commas, trimmed, empty ones dropped. */
function tokensOf(value: string | undefined): string[] {
  return (value ?? '').split(',').map((token) => token.trim()).filter((token) => token !== '');
}

/** The library's NO_PROXY for the cluster, keeping every valid entry the input lists as installation-wide. */
function libraryNoProxy(network: ClusterNetwork, sites: ProxySite[]): NoProxy {
  const listed = new Set<string>();
  for (const site of sites) {
    for (const token of [...tokensOf(site.variables.NO_PROXY), ...tokensOf(site.variables.no_proxy)]) {
      try {
        if (parseNoProxyEntry(token, 'entry').kind !== NoProxyEntryKind.WILDCARD) {
          listed.add(token);
        }
      } catch {
        // invalid entries are reported per site, not carried into the fix
      }
    }
  }
  return NoProxy.forCluster(network, { installationWide: [...listed] });
}

/** Audit every site against the cluster. */
export function auditProxySites(network: ClusterNetwork, sites: ProxySite[]): AuditReport {
  const fix = libraryNoProxy(network, sites);
  const fixValue = fix.render();
  const destinations = auditDestinations(network);
  const audited = sites.map((site): AuditedSite => {
    const noProxy: NoProxyVariables = {
      ...(site.variables.NO_PROXY !== undefined ? { NO_PROXY: site.variables.NO_PROXY } : {}),
      ...(site.variables.no_proxy !== undefined ? { no_proxy: site.variables.no_proxy } : {}),
    };
    const proxies: Record<string, string> = {};
    for (const name of PROXY_URL_VARIABLES) {
      const value = site.variables[name];
      if (value !== undefined) {
        proxies[name] = redactCredentials(value);
      }
    }
    const proxyUse = clientProxyUse(site.variables);
    const findings = [
      ...unreadProxyFindings(site, proxyUse),
      ...variableFindings(noProxy),
      ...destinationFindings(proxyUse, noProxy, destinations, fixValue),
      ...entryFindings(noProxy, proxyUse),
    ];
    return { label: site.label, kind: site.kind, origin: site.origin, proxies, noProxy, proxyUse, unresolved: site.unresolved, findings };
  });
  return {
    cluster: network.toJSON(),
    libraryNoProxy: fixValue,
    sites: audited,
    findingCount: audited.reduce((sum, site) => sum + site.findings.length, 0),
  };
}

/** The clients that send `scheme` URLs to a proxy at the site. */
function proxyUsers(proxyUse: ClientProxyUse[], scheme: DestinationScheme): Set<NoProxyClientId> {
  return new Set(proxyUse.filter((use) => use[scheme].outcome === 'proxy').map((use) => use.client));
}

function unreadProxyFindings(site: ProxySite, proxyUse: ClientProxyUse[]): AuditFinding[] {
  return unreadProxies(site.variables, proxyUse).map((unread): AuditFinding => ({
    code: 'proxy-variable-not-read',
    clients: unread.clients,
    message: `the ${unread.scheme} proxy is set only in ${unread.set.join(', ')}, which ${names(unread.clients)} `
      + `${unread.clients.length === 1 ? 'does' : 'do'} not read: ${unread.scheme}:// requests there go direct`,
    fix: `also set ${unread.missing.join(' and ')} to the same URL`,
  }));
}

function destinationFindings(
  proxyUse: ClientProxyUse[],
  noProxy: NoProxyVariables,
  destinations: AuditDestination[],
  fixValue: string,
): AuditFinding[] {
  const users = { http: proxyUsers(proxyUse, 'http'), https: proxyUsers(proxyUse, 'https') };
  return destinations.flatMap((destination): AuditFinding[] => {
    const proxied = users[destination.url.startsWith('https:') ? 'https' : 'http'];
    if (proxied.size === 0) {
      return [];
    }
    const now = explainNoProxy(noProxy, destination.url);
    const fixed = explainNoProxy(fixValue, destination.url);
    const clients = now.filter((verdict, index) => proxied.has(verdict.client) && !verdict.direct && fixed[index].direct)
      .map((verdict) => verdict.client);
    if (clients.length === 0) {
      return [];
    }
    return [{
      code: 'proxied-destination',
      url: destination.url,
      clients,
      message: `${destination.label} (${destination.url}) goes through the proxy in ${names(clients)}`,
      fix: 'set NO_PROXY and no_proxy to the library\'s value',
    }];
  });
}

function variableFindings(noProxy: NoProxyVariables): AuditFinding[] {
  if (noProxy.NO_PROXY === undefined || noProxy.no_proxy === undefined || noProxy.NO_PROXY === noProxy.no_proxy) {
    return [];
  }
  const upper = NO_PROXY_CLIENTS.filter((client) => client.prefers === 'NO_PROXY').map((client) => client.id);
  return [{
    code: 'variables-differ',
    clients: ALL_CLIENTS,
    message: `NO_PROXY and no_proxy differ: ${names(upper)} read NO_PROXY, every other client no_proxy`,
    fix: 'give both the same value',
  }];
}

/**
 * Entry findings of each variable (once when both hold the same value). Each variable is judged
 * on its own, as the clients that read it see it: a client that reads the other variable, or
 * none, is not served by rewriting this one. A client that uses no proxy at the site is not
 * concerned either, unless none does (the proxy then comes from where the audit cannot see).
 */
function entryFindings(noProxy: NoProxyVariables, proxyUse: ClientProxyUse[]): AuditFinding[] {
  const users = proxyUse.filter((use) => use.http.outcome === 'proxy' || use.https.outcome === 'proxy').map((use) => use.client);
  const concerned = users.length > 0 ? users : ALL_CLIENTS;
  const groups: Array<[string, NoProxyVariables]> = noProxy.NO_PROXY !== undefined && noProxy.NO_PROXY === noProxy.no_proxy
    ? [['NO_PROXY/no_proxy', noProxy]]
    : (['NO_PROXY', 'no_proxy'] as const).flatMap((name): Array<[string, NoProxyVariables]> =>
      (noProxy[name] === undefined ? [] : [[name, { [name]: noProxy[name] }]]));
  return groups.flatMap(([label, layout]) => tokensOf(layout.NO_PROXY ?? layout.no_proxy)
    .flatMap((token) => tokenFindings(label, token, layout, concerned)));
}

/** The same variables as `layout`, each set to `value`. */
function withValue(layout: NoProxyVariables, value: string): NoProxyVariables {
  return {
    ...(layout.NO_PROXY !== undefined ? { NO_PROXY: value } : {}),
    ...(layout.no_proxy !== undefined ? { no_proxy: value } : {}),
  };
}

function tokenFindings(label: string, token: string, layout: NoProxyVariables, concerned: NoProxyClientId[]): AuditFinding[] {
  let entry;
  try {
    entry = parseNoProxyEntry(token, `${label} entry`);
  } catch (error) {
    return [{ code: 'invalid-entry', entry: token, clients: ALL_CLIENTS, message: (error as Error).message }];
  }
  const probes = noProxyProbeUrls(entry);
  const direct = (variables: NoProxyVariables, url: string, client: NoProxyClientId): boolean =>
    explainNoProxy(variables, url, { clients: [client] })[0].direct;
  const alone = withValue(layout, token);
  if (!ALL_CLIENTS.some((client) => probes.some((url) => direct(alone, url, client)))) {
    return [{ code: 'unhonoured-entry', entry: token, clients: ALL_CLIENTS, message: `${label} entry "${token}" is honoured by no client in this form` }];
  }
  const renderedValue = renderNoProxyEntry(entry).join(',');
  const rendered = withValue(layout, renderedValue);
  const fixable = concerned.filter((client) =>
    probes.some((url) => !direct(layout, url, client)) && probes.every((url) => direct(rendered, url, client)));
  if (fixable.length === 0) {
    return [];
  }
  return [{
    code: 'entry-ignored-by-some-clients',
    entry: token,
    clients: fixable,
    message: `${label} entry "${token}" is ignored by ${names(fixable)}, which still use the proxy for what it names`,
    fix: `write it as ${renderedValue}`,
  }];
}

import { ClassVariableShape } from '../clusterclass/variable-shapes';
import { ClusterNetworkProps } from '../definition/network';
import { ProxySettingsProps } from '../definition/proxy-settings';
import { ProxyUrl } from '../definition/proxy-url';
import { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import { parseNoProxyEntry } from '../noproxy/parse';
import { invalidValue } from '../primitives/errors';

/**
 * What an importer returns: the proxy of another system as the library's typed definition, with a
 * note for every change made on the way, and the NO_PROXY the system itself renders (to compare).
 * Never a password: it stays where it is (the source's Secret or values); the definition names the
 * user and says a password is needed.
 */

/** Systems the importers read. */
export enum ImportSource {
  /** VMware Tanzu Kubernetes Grid (cluster config file). */
  TKG = 'tkg',
  /** Giant Swarm (cluster-values). */
  GIANTSWARM = 'giantswarm',
  /** Nutanix CAREN (the Cluster's `proxy` variable). */
  CAREN = 'caren',
  /** EKS Anywhere (cluster spec `proxyConfiguration`). */
  EKS_ANYWHERE = 'eks-anywhere',
  /** OpenShift (`Proxy` config object). */
  OPENSHIFT = 'openshift',
}

/** One normalisation or omission, naming the field as the source spells it. */
export interface ImportNote {
  /** The source field, e.g. `TKG_HTTP_PROXY` or `spec.proxyConfiguration.noProxy[2]`. */
  readonly field: string;
  /** What was done, and why. */
  readonly message: string;
}

/** The imported proxy. */
export interface ImportedProxy {
  /** The system read. */
  readonly source: ImportSource;
  /** The definition (URLs without credentials, the installation-wide NO_PROXY entries, the CA). */
  readonly settings: ProxySettingsProps;
  /** The source's URLs carry a password (not copied: give it as `password`). */
  readonly needsPassword: boolean;
  /**
   * Cluster network facts found in the source.
   *
   * @default - none found
   */
  readonly network?: ClusterNetworkProps;
  /** The NO_PROXY entries the source system renders for this cluster, in its order. */
  readonly sourceNoProxy: string[];
  /**
   * The compatibility profile reproducing the system's node files.
   *
   * @default - none (OpenShift is not a Cluster API system)
   */
  readonly profile?: CompatibilityProfileName;
  /**
   * The ClusterClass variable shape the system's Clusters already use.
   *
   * @default - none
   */
  readonly variableShape?: ClassVariableShape;
  /** Every normalisation and omission. */
  readonly notes: ImportNote[];
}

/** A parsed document, or a part of one, of whatever shape the source wrote. */
export type Json = Record<string, any>;

/** Collects notes while an importer runs. */
export class ImportNotes {
  public readonly items: ImportNote[] = [];

  public add(field: string, message: string): void {
    this.items.push({ field, message });
  }
}

/** A proxy URL as the library wants it, with the user name split off and the password dropped. */
export interface NormalizedUrl {
  readonly href: string;
  readonly username?: string;
  readonly hadPassword: boolean;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * Normalise a proxy URL: a scheme added to `host:port`, credentials split off (the password
 * dropped), then the library's canonical form but for the port (lower-case host, no trailing `/`),
 * each change noted, and a missing port noted. Errors quote the value with the password masked.
 */
export function normalizeProxyUrl(field: string, raw: unknown, notes: ImportNotes): NormalizedUrl {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw invalidValue(field, raw, 'must be a proxy URL or host:port');
  }
  let text = raw.trim();
  if (!SCHEME.test(text)) {
    text = `http://${text}`;
    notes.add(field, 'no scheme (host:port): "http://" added, the scheme clients assume for a proxy given as host:port');
  }
  const url = ProxyUrl.parse(field, text);
  const hadPassword = url.password !== undefined;
  if (url.username !== undefined) {
    notes.add(field, hadPassword
      ? 'credentials split off: the user name is the username prop; the password is not copied (give it as password, from a Secret)'
      : 'user name split off into the username prop');
  }
  // as given, port included or not: node files written with urlPortAsGiven keep the source's bytes
  const href = url.withoutCredentials.hrefTextAsGiven as string;
  const written = text.replace(/^([a-z]+:\/\/)[^@/]*@/i, '$1');
  if (href !== written) {
    notes.add(field, `written as ${href}`);
  }
  if (!url.portWritten) {
    notes.add(field, `no port: the library writes ${url.withoutCredentials.href} (clients disagree on the default, curl assumes 1080), `
      + 'except in node files with urlPortAsGiven');
  }
  return { href, ...(url.username !== undefined ? { username: url.username } : {}), hadPassword };
}

/** Split a NO_PROXY value (list, or comma/space separated string) into trimmed, non-empty entries. */
export function splitNoProxy(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map((item) => String(item).trim()).filter((item) => item !== '');
}

/**
 * The entries the library accepts, in order; each refused one is dropped with a note quoting the
 * reason (e.g. a URL with a scheme, which no client reads as an entry).
 */
export function acceptedNoProxy(field: string, entries: string[], notes: ImportNotes): string[] {
  return entries.filter((entry, index) => {
    try {
      parseNoProxyEntry(entry, `${field}[${index}]`);
      return true;
    } catch (error) {
      notes.add(`${field}[${index}]`, `dropped: ${(error as Error).message}`);
      return false;
    }
  });
}

/** What every importer reads first: the source's two URLs (normalised) and its own NO_PROXY entries. */
export interface SourceProxy {
  readonly props: Pick<ProxySettingsProps, 'httpProxy' | 'httpsProxy' | 'username'>;
  readonly needsPassword: boolean;
  /** The source field of the entries, and the entries as it lists them. */
  readonly noProxyField: string;
  readonly noProxy: string[];
}

/**
 * Both URLs of a source, normalised, the props they give, and the source's own NO_PROXY entries:
 * read from `source` by `keys`, each field named `<path>.<key>` (the key alone at the top level).
 */
export function readProxy(
  source: Json, path: string, notes: ImportNotes, keys = { http: 'httpProxy', https: 'httpsProxy', noProxy: 'noProxy' },
): SourceProxy {
  const field = (key: keyof typeof keys): string => (path === '' ? keys[key] : `${path}.${keys[key]}`);
  const [http, https] = (['http', 'https'] as const).map((key) => (
    [undefined, ''].includes(source[keys[key]]) ? undefined : normalizeProxyUrl(field(key), source[keys[key]], notes)));
  if (!http && !https) {
    throw invalidValue(`${field('http')} / ${field('https')}`, undefined, 'must give at least one proxy URL');
  }
  const users = [...new Set([http?.username, https?.username].filter((user): user is string => user !== undefined))];
  if (users.length > 1) {
    throw invalidValue(field('https'), users[1], `names another user than ${field('http')}; the library uses one account for both proxies`);
  }
  return {
    props: {
      ...(http ? { httpProxy: http.href } : {}),
      ...(https ? { httpsProxy: https.href } : {}),
      ...(users.length === 1 ? { username: users[0] } : {}),
    },
    needsPassword: Boolean(http?.hadPassword || https?.hadPassword),
    noProxyField: field('noProxy'),
    noProxy: splitNoProxy(source[keys.noProxy]),
  };
}

/** What an importer found besides the proxy itself. */
type ImportFacts = Omit<ImportedProxy, 'source' | 'settings' | 'needsPassword' | 'notes'>;

/**
 * The imported proxy: the settings from `proxy` (its NO_PROXY entries checked last, so their notes
 * follow the importer's own) with the CA, if any.
 */
export function importedProxy(
  source: ImportSource, proxy: SourceProxy, notes: ImportNotes, facts: ImportFacts, trustedCaPem?: string,
): ImportedProxy {
  return {
    source,
    settings: { ...proxy.props, noProxy: acceptedNoProxy(proxy.noProxyField, proxy.noProxy, notes), ...(trustedCaPem ? { trustedCaPem } : {}) },
    needsPassword: proxy.needsPassword,
    ...facts,
    notes: notes.items,
  };
}

/** A list of strings, or a single string, or nothing. */
export function stringList(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.map(String);
  }
  return typeof value === 'string' && value !== '' ? value.split(',').map((item) => item.trim()).filter(Boolean) : [];
}

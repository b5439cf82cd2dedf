import { importCaren } from './caren';
import { compareNoProxy, NoProxyClientChange, NoProxyComparison } from './compare-no-proxy';
import { importEksAnywhere } from './eks-anywhere';
import { importGiantSwarm } from './giantswarm';
import { ImportedProxy, ImportNote, ImportSource } from './imported-proxy';
import { importOpenShift } from './openshift';
import { sourceEntriesLeftOut } from './source-entries-left-out';
import { importTkg } from './tkg';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { ClusterNetwork, ClusterNetworkProps } from '../definition/network';
import { ProxySettings } from '../definition/proxy-settings';
import { formatNoProxyEntry } from '../noproxy/format';
import { NoProxy } from '../noproxy/no-proxy';
import { parseNoProxyEntry } from '../noproxy/parse';
import { NoProxyFormat } from '../noproxy/render';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { yamlLib } from '../primitives/lazy-modules';
import { checkNestingDepth } from '../primitives/validation/json-data';
import { checkProps, propKeys } from '../primitives/validation/strict-props';

/**
 * `importProxy`: another system's proxy configuration (YAML or JSON text) as the library's
 * definition, with the NO_PROXY comparison when the cluster network is known.
 */

/** Every importer, by source name. */
// Each takes one parsed document, whatever its shape (never null: empty documents are skipped), and
// the file's documents (EKS Anywhere reads the datacenter config its Cluster names from them).
const IMPORTERS: Readonly<Record<ImportSource, (document: Record<string, any>, documents: readonly Record<string, any>[]) => ImportedProxy>> = {
  'tkg': importTkg,
  'giantswarm': importGiantSwarm,
  'caren': importCaren,
  'eks-anywhere': importEksAnywhere,
  'openshift': importOpenShift,
};

/** The source names, in documentation order. */
export const IMPORT_SOURCES: ImportSource[] = Object.keys(IMPORTERS) as ImportSource[];

/** Options of `importProxy`. */
export interface ImportProxyOptions {
  /**
   * Network facts to use where the source has none (e.g. an OpenShift Proxy).
   *
   * @default - the source's own
   */
  readonly network?: ClusterNetworkProps;
}

/** An import with its NO_PROXY comparison. */
export interface ImportResult {
  /** The definition and notes. */
  readonly imported: ImportedProxy;
  /**
   * The proxy the library computes from it.
   *
   * @default - none when the network is unknown
   */
  readonly config?: ClusterProxyConfig;
  /**
   * Old versus new NO_PROXY per client.
   *
   * @default - none when the network is unknown
   */
  readonly noProxy?: NoProxyComparison;
}

const IMPORT_PROXY_KEYS = propKeys<ImportProxyOptions>({ network: true });

/**
 * Parse `text` (YAML or JSON; in a multi-document file, the first document the importer reads, with
 * the others for what it references) and import it.
 */
export function importProxy(source: ImportSource, text: string, options: ImportProxyOptions = {}): ImportResult {
  checkProps('options', options, IMPORT_PROXY_KEYS, 'import option');
  // an own key only: `constructor` or `toString` would pick a function every object inherits
  const importer = typeof source === 'string' && Object.hasOwn(IMPORTERS, source) ? IMPORTERS[source] : undefined;
  if (!importer) {
    throw invalidValue('from', source, `must be one of ${IMPORT_SOURCES.join(', ')}`);
  }
  if (typeof text !== 'string') {
    throw invalidValue('file', text, 'must be the text of the file (YAML or JSON)');
  }
  const documents = yamlLib().parseAllDocuments(text);
  const parsed = (Array.isArray(documents) ? documents : [documents]).map((document) => {
    if (document.errors.length > 0) {
      throw new ProxyConfigError('file', `is not valid YAML or JSON: ${document.errors[0].message.split('\n')[0]}`);
    }
    const value: unknown = document.toJS();
    checkNestingDepth('file', value);
    return value;
  }).filter((document) => document !== null && document !== undefined);
  if (parsed.length === 0) {
    throw new ProxyConfigError('file', 'is empty');
  }
  let firstError: unknown;
  for (const document of parsed) {
    try {
      return withComparison(importer(document as Record<string, any>, parsed as Record<string, any>[]), options);
    } catch (error) {
      firstError ??= error;
    }
  }
  throw firstError;
}

/**
 * Compare. Installation-wide entries the library also computes for the cluster stay where the
 * source wrote them (noted): node files written with `noProxyForm` `given` then keep the source's
 * order, and the expanded value lists each entry once either way.
 */
function withComparison(imported: ImportedProxy, options: ImportProxyOptions): ImportResult {
  const network = imported.network ?? options.network;
  // Validate the definition itself, network or not (errors name the library's props).
  const settings = new ProxySettings(imported.settings);
  if (!network) {
    return { imported: { ...imported, notes: [...imported.notes, { field: '(network)', message: 'unknown: no NO_PROXY comparison (give the pod and service CIDRs)' }] } };
  }
  const clusterNetwork = new ClusterNetwork(network);
  const computed = new Set(NoProxy.forCluster(clusterNetwork).clusterSpecific.map((item) => formatNoProxyEntry(item.entry)));
  const given = (imported.settings.noProxy ?? []) as readonly string[];
  const alsoComputed = given.filter((entry) => computed.has(formatNoProxyEntry(parseNoProxyEntry(entry, 'noProxy'))));
  const alsoComputedNotes = alsoComputed.length === 0 ? [] : [{
    field: 'noProxy',
    message: `${alsoComputed.join(', ')}: the library computes ${alsoComputed.length === 1 ? 'it' : 'them'} for the cluster too; `
      + 'kept where the source wrote them, so node files written with noProxyForm "given" keep its order',
  }];
  const config = new ClusterProxyConfig(settings, clusterNetwork);
  const comparison = compareNoProxy(imported.sourceNoProxy, config.noProxy.render(NoProxyFormat.ENV));
  const notes = [...imported.notes, ...sourceEntriesLeftOut(imported, config), ...alsoComputedNotes, ...routeChangeNotes(comparison.changes)];
  return {
    imported: { ...imported, network, notes },
    config,
    noProxy: comparison,
  };
}

/**
 * A note for every destination some client routes differently after the import, naming the
 * destination, the direction and the clients: a move between direct and the proxy is never silent,
 * whatever format the import is printed in.
 */
function routeChangeNotes(changes: readonly NoProxyClientChange[]): ImportNote[] {
  const byMove = new Map<string, NoProxyClientChange[]>();
  for (const change of changes) {
    const key = `${change.url} ${change.before} ${change.after}`;
    byMove.set(key, [...(byMove.get(key) ?? []), change]);
  }
  return [...byMove.values()].map((moved) => {
    const { url, before, reason } = moved[0];
    return {
      field: `(route) ${url}`,
      message: `${before === 'direct' ? 'went direct, goes through the proxy' : 'went through the proxy, goes direct'} with the library's NO_PROXY `
        + `for ${moved.map((change) => change.clientName).join(', ')} (${moved[0].clientName}: ${reason})`,
    };
  });
}

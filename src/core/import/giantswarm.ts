import { acceptedNoProxy, ImportedProxy, importedProxy, ImportNotes, ImportSource, Json, readProxy, stringList } from './imported-proxy';
import { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import { giantSwarmChartNoProxy, readInputs } from '../node-files/system-no-proxy';
import { ProxyConfigError } from '../primitives/errors';
import { valueAt } from '../primitives/validation/json-data';

/**
 * Giant Swarm: the `cluster` chart values (`global.connectivity.proxy {enabled, httpProxy,
 * httpsProxy, noProxy}`, the network under `global.connectivity.network`, the provider's entries
 * under `providerIntegration.connectivity.proxy.noProxy`), the values of a provider chart that
 * nests them (`cluster-aws` and the like: `providerIntegration` under `cluster:`), or the
 * `<cluster>-cluster-values` content cluster-apps-operator writes (`cluster.proxy {http, https,
 * noProxy}`, where noProxy is already the full list).
 *
 * The chart's NO_PROXY (`cluster.connectivity.proxy.noProxy`): `127.0.0.1`, `localhost`, `svc`,
 * `local`, `<cluster>.<baseDomain>`, the service and pod CIDRs, the provider's `value` entries,
 * the entries its template `templateName` renders, then the user's entries. Every one of them is
 * imported, so a destination the chart sent direct stays direct; the ones the library computes for
 * the cluster anyway leave the definition with a note once the network is known.
 */

/** The pseudo-field naming the entries the chart adds itself (its template of that name). */
const CHART_NO_PROXY = '(cluster.connectivity.proxy.noProxy template)';

/**
 * Provider charts' NO_PROXY templates the importer can evaluate, by name: the value each renders
 * (only Helm can render any other template).
 */
const PROVIDER_NO_PROXY_TEMPLATES: Readonly<Record<string, readonly string[]>> = {
  // cluster-aws: `- {{ $.Values.global.connectivity.network.vpcCidr }}`
  awsNoProxyList: ['global', 'connectivity', 'network', 'vpcCidr'],
};

/** Read Giant Swarm values. */
export function importGiantSwarm(doc: Json): ImportedProxy {
  const chart = valueAt(doc, ['global', 'connectivity', 'proxy']);
  if (chart && typeof chart === 'object') {
    return fromChartValues(doc, chart);
  }
  const operator = valueAt(doc, ['cluster', 'proxy']);
  if (operator && typeof operator === 'object') {
    return fromClusterValues(operator);
  }
  throw new ProxyConfigError('global.connectivity.proxy', 'is missing (and so is cluster.proxy): the file holds no Giant Swarm proxy values');
}

function fromChartValues(doc: Json, proxy: Json): ImportedProxy {
  const notes = new ImportNotes();
  if (proxy.enabled !== true) {
    notes.add('global.connectivity.proxy.enabled', 'is not true: the chart renders no proxy; imported anyway');
  }
  const read = readProxy(proxy, 'global.connectivity.proxy', notes);
  const pods = stringList(valueAt(doc, ['global', 'connectivity', 'network', 'pods', 'cidrBlocks']));
  const services = stringList(valueAt(doc, ['global', 'connectivity', 'network', 'services', 'cidrBlocks']));
  const [endpoint] = clusterDomain(doc, notes);
  const chart = { field: CHART_NO_PROXY, entries: giantSwarmChartNoProxy(readInputs({ endpoint, services, pods })) };
  notes.add(CHART_NO_PROXY, `the chart's own entries ${chart.entries.join(', ')}: imported, so what the chart sent direct stays direct`);
  const provider = providerNoProxy(doc, notes);
  const sources = [chart, ...provider, { field: read.noProxyField, entries: read.noProxy }];
  const noProxy = sources.flatMap((source) => acceptedNoProxy(source.field, source.entries, notes));
  return importedProxy(ImportSource.GIANTSWARM, { ...read, noProxy: [...new Set(noProxy)] }, notes, {
    ...(pods.length > 0 && services.length > 0 ? { network: { pods, services } } : {}),
    // the chart's list: its own entries, the provider's, then the user's
    sourceNoProxy: sources.flatMap((source) => source.entries),
    profile: CompatibilityProfileName.GIANTSWARM,
  });
}

/** The chart's `<cluster>.<baseDomain>` entry, when both are set. */
function clusterDomain(doc: Json, notes: ImportNotes): string[] {
  const name = valueAt(doc, ['global', 'metadata', 'name']);
  const baseDomain = valueAt(doc, ['global', 'connectivity', 'baseDomain']);
  if (name && baseDomain) {
    return [`${name}.${baseDomain}`];
  }
  notes.add('global.metadata.name / global.connectivity.baseDomain', 'not both set: the chart\'s <cluster>.<baseDomain> entry is left out');
  return [];
}

/** Entries of one source field. */
interface NoProxySource {
  readonly field: string;
  readonly entries: string[];
}

/**
 * The provider integration's entries: its `value`, then what its `templateName` renders. In a
 * provider chart's values, `providerIntegration` sits under `cluster`.
 */
function providerNoProxy(doc: Json, notes: ImportNotes): NoProxySource[] {
  const nested = doc.providerIntegration === undefined && valueAt(doc, ['cluster', 'providerIntegration']) !== undefined;
  const path = [...(nested ? ['cluster'] : []), 'providerIntegration', 'connectivity', 'proxy', 'noProxy'];
  const field = path.join('.');
  const settings = valueAt(doc, path);
  const sources = [{ field: `${field}.value`, entries: stringList(valueAt(settings, ['value'])) }];
  const templateName = valueAt(settings, ['templateName']);
  if (typeof templateName === 'string' && templateName !== '') {
    sources.push({ field: `${field}.templateName`, entries: providerTemplateEntries(doc, templateName, `${field}.templateName`, notes) });
  }
  const entries = sources.flatMap((source) => source.entries);
  if (entries.length > 0) {
    notes.add(field, `the provider's entries ${entries.join(', ')}: imported`);
  }
  return sources;
}

/** What a provider's NO_PROXY template renders, when the importer knows the template. */
function providerTemplateEntries(doc: Json, templateName: string, field: string, notes: ImportNotes): string[] {
  if (!Object.hasOwn(PROVIDER_NO_PROXY_TEMPLATES, templateName)) {
    notes.add(field, `${templateName} is a template of the provider chart, which only Helm renders: its entries are not imported; `
      + 'add the ones it renders (helm template) to noProxy');
    return [];
  }
  const reads = PROVIDER_NO_PROXY_TEMPLATES[templateName];
  const entries = stringList(valueAt(doc, reads));
  notes.add(field, `${templateName} renders ${reads.join('.')}${entries.length > 0 ? '' : ', which is not set: nothing to import'}`);
  return entries;
}

function fromClusterValues(proxy: Json): ImportedProxy {
  const notes = new ImportNotes();
  const read = readProxy(proxy, 'cluster.proxy', notes, { http: 'http', https: 'https', noProxy: 'noProxy' });
  notes.add('cluster.proxy.noProxy', 'is the full list cluster-apps-operator computed (installation-wide and cluster entries mixed): '
    + 'all of it becomes installation-wide; entries the library computes itself are dropped once the network is known');
  return importedProxy(ImportSource.GIANTSWARM, read, notes, { sourceNoProxy: read.noProxy, profile: CompatibilityProfileName.GIANTSWARM });
}

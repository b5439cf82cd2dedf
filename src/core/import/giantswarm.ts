import { ImportedProxy, importedProxy, ImportNotes, ImportSource, readProxy, stringList, valueAt } from './imported-proxy';
import { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import { ProxyConfigError } from '../primitives/errors';

/**
 * Giant Swarm: the `cluster` chart values (`global.connectivity.proxy {enabled, httpProxy,
 * httpsProxy, noProxy}`, the network under `global.connectivity.network`), or the
 * `<cluster>-cluster-values` content cluster-apps-operator writes (`cluster.proxy {http, https,
 * noProxy}`, where noProxy is already the full list).
 *
 * The chart's NO_PROXY (`cluster.connectivity.proxy.noProxy`): `127.0.0.1`, `localhost`, `svc`,
 * `local`, `<cluster>.<baseDomain>`, the service and pod CIDRs, then the user's entries.
 */

type Json = Record<string, any>;

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
  const fields = { http: 'global.connectivity.proxy.httpProxy', https: 'global.connectivity.proxy.httpsProxy', noProxy: 'global.connectivity.proxy.noProxy' };
  const read = readProxy(fields, { http: proxy.httpProxy, https: proxy.httpsProxy, noProxy: proxy.noProxy }, notes);
  const pods = stringList(valueAt(doc, ['global', 'connectivity', 'network', 'pods', 'cidrBlocks']));
  const services = stringList(valueAt(doc, ['global', 'connectivity', 'network', 'services', 'cidrBlocks']));
  const name = valueAt(doc, ['global', 'metadata', 'name']);
  const baseDomain = valueAt(doc, ['global', 'connectivity', 'baseDomain']);
  const apiHost = name && baseDomain ? `${name}.${baseDomain}` : undefined;
  if (!apiHost) {
    notes.add('global.metadata.name / global.connectivity.baseDomain', 'not both set: the chart\'s <cluster>.<baseDomain> entry is left out of the comparison');
  }
  return importedProxy(ImportSource.GIANTSWARM, read, notes, {
    ...(pods.length > 0 && services.length > 0 ? { network: { pods, services } } : {}),
    sourceNoProxy: ['127.0.0.1', 'localhost', 'svc', 'local', ...(apiHost ? [apiHost] : []), ...services, ...pods, ...read.noProxy],
    profile: CompatibilityProfileName.GIANTSWARM,
  });
}

function fromClusterValues(proxy: Json): ImportedProxy {
  const notes = new ImportNotes();
  const read = readProxy({ http: 'cluster.proxy.http', https: 'cluster.proxy.https', noProxy: 'cluster.proxy.noProxy' },
    { http: proxy.http, https: proxy.https, noProxy: proxy.noProxy }, notes);
  notes.add('cluster.proxy.noProxy', 'is the full list cluster-apps-operator computed (installation-wide and cluster entries mixed): '
    + 'all of it becomes installation-wide; entries the library computes itself are dropped once the network is known');
  return importedProxy(ImportSource.GIANTSWARM, read, notes, { sourceNoProxy: read.noProxy, profile: CompatibilityProfileName.GIANTSWARM });
}

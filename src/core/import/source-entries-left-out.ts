import { ImportedProxy, ImportNote, ImportSource } from './imported-proxy';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { NoProxyCoverageIndex } from '../noproxy/coverage-index';
import { formatNoProxyEntry } from '../noproxy/format';
import { parseNoProxyEntry } from '../noproxy/parse';
import { NoProxyFormat } from '../noproxy/render';
import { itemEntry } from '../noproxy/types';

/**
 * The systems whose NO_PROXY the importer does not take over whole (it reads their inputs, and the
 * system adds its defaults and derived forms), with the field their notes name.
 */
const CHECKED_SOURCES: Readonly<Partial<Record<ImportSource, string>>> = {
  [ImportSource.CAREN]: 'clusterConfig.proxy (the NO_PROXY CAREN renders)',
  [ImportSource.EKS_ANYWHERE]: 'spec.proxyConfiguration (the NO_PROXY EKS Anywhere renders)',
};

/**
 * A note for each entry of the NO_PROXY the source system renders that the library's NO_PROXY for
 * the imported definition (`config`) does not write: an entry the system adds on its own is then
 * never left out silently. Only with the source's own network facts, for the systems above.
 */
export function sourceEntriesLeftOut(imported: ImportedProxy, config: ClusterProxyConfig): ImportNote[] {
  const field = CHECKED_SOURCES[imported.source];
  if (!imported.network || field === undefined) {
    return [];
  }
  const canonical = (entry: string): string => entry.trim().toLowerCase();
  const written = new Set(config.noProxy.render(NoProxyFormat.ENV).split(',').map(canonical));
  const covers = new NoProxyCoverageIndex(config.noProxy.entries.map(itemEntry));
  return imported.sourceNoProxy
    .filter((entry) => !written.has(canonical(entry)))
    .map((entry) => ({ field, message: `${entry}: not written by the library, ${leftOutBecause(entry, covers)}` }));
}

function leftOutBecause(entry: string, covers: NoProxyCoverageIndex): string {
  let parsed;
  try {
    parsed = parseNoProxyEntry(entry, 'noProxy');
  } catch (error) {
    return `which does not read it (${(error as Error).message})`;
  }
  const cover = covers.findCover(parsed);
  return cover ? `which writes ${formatNoProxyEntry(cover)}, covering it` : 'and no entry it writes covers it: add it to noProxy if the nodes need it';
}

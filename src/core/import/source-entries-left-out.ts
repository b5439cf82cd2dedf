import { ImportedProxy } from './imported-proxy';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { ClusterNetwork } from '../definition/network';
import { ProxySettings } from '../definition/proxy-settings';
import { NoProxyCoverageIndex } from '../noproxy/coverage-index';
import { formatNoProxyEntry } from '../noproxy/format';
import { parseNoProxyEntry } from '../noproxy/parse';
import { NoProxyFormat } from '../noproxy/render';
import { itemEntry } from '../noproxy/types';

/**
 * The import with a note for each entry of the NO_PROXY the source system renders that the
 * library's NO_PROXY for the imported definition does not write: an entry the system adds on its
 * own (its defaults, derived forms) is then never left out silently. Without network facts, or
 * with a definition the comparison refuses (it names the field), the import stays as it is.
 */
export function withSourceEntriesLeftOutNoted(imported: ImportedProxy, field: string): ImportedProxy {
  if (!imported.network) {
    return imported;
  }
  let config: ClusterProxyConfig;
  try {
    config = new ClusterProxyConfig(new ProxySettings(imported.settings), new ClusterNetwork(imported.network));
  } catch {
    return imported;
  }
  const canonical = (entry: string): string => entry.trim().toLowerCase();
  const written = new Set(config.noProxy.render(NoProxyFormat.ENV).split(',').map(canonical));
  const covers = new NoProxyCoverageIndex(config.noProxy.entries.map(itemEntry));
  const notes = imported.sourceNoProxy
    .filter((entry) => !written.has(canonical(entry)))
    .map((entry) => ({ field, message: `${entry}: not written by the library, ${leftOutBecause(entry, covers)}` }));
  return notes.length === 0 ? imported : { ...imported, notes: [...imported.notes, ...notes] };
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

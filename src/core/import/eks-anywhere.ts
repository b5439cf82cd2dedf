import { ImportedProxy, importedProxy, ImportNotes, ImportSource, readProxy, stringList, valueAt } from './imported-proxy';
import { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import { ProxyConfigError } from '../primitives/errors';

/**
 * EKS Anywhere: a `Cluster` (anywhere.eks.amazonaws.com) with `spec.proxyConfiguration {httpProxy,
 * httpsProxy, noProxy[]}`. EKS Anywhere accepts `host:port` without a scheme; the library adds
 * `http://` and says so.
 *
 * EKS Anywhere's NO_PROXY (`pkg/clusterapi/proxy.go`): pod CIDRs, service CIDRs, `noProxy`,
 * `localhost`, `127.0.0.1`, `.svc`, the control-plane endpoint host (and a provider endpoint).
 */

type Json = Record<string, any>;

/** Read an EKS Anywhere Cluster. */
export function importEksAnywhere(doc: Json): ImportedProxy {
  const proxy = valueAt(doc, ['spec', 'proxyConfiguration']);
  if (!proxy || typeof proxy !== 'object') {
    throw new ProxyConfigError('spec.proxyConfiguration', 'is missing: the file holds no EKS Anywhere proxy configuration');
  }
  const notes = new ImportNotes();
  const fields = { http: 'spec.proxyConfiguration.httpProxy', https: 'spec.proxyConfiguration.httpsProxy', noProxy: 'spec.proxyConfiguration.noProxy' };
  const read = readProxy(fields, { http: proxy.httpProxy, https: proxy.httpsProxy, noProxy: proxy.noProxy }, notes);
  const pods = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'pods', 'cidrBlocks']));
  const services = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'services', 'cidrBlocks']));
  const endpoint = valueAt(doc, ['spec', 'controlPlaneConfiguration', 'endpoint', 'host']) as string | undefined;
  notes.add('spec.proxyConfiguration', 'is immutable in EKS Anywhere; the library changes the proxy in place (the node files roll the machines)');
  return importedProxy(ImportSource.EKS_ANYWHERE, read, notes, {
    ...(pods.length > 0 && services.length > 0 ? { network: { pods, services, ...(endpoint ? { controlPlaneEndpoint: endpoint } : {}) } } : {}),
    sourceNoProxy: [...pods, ...services, ...read.noProxy, 'localhost', '127.0.0.1', '.svc', ...(endpoint ? [endpoint] : [])],
    profile: CompatibilityProfileName.EKS_ANYWHERE,
  });
}

import { acceptedNoProxy, ImportedProxy, ImportNotes, proxyUrlProps, splitNoProxy, stringList, valueAt, ImportSource } from './imported-proxy';
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
export function importEksAnywhere(document: unknown): ImportedProxy {
  const doc = (document ?? {}) as Json;
  const proxy = valueAt(doc, ['spec', 'proxyConfiguration']);
  if (!proxy || typeof proxy !== 'object') {
    throw new ProxyConfigError('spec.proxyConfiguration', 'is missing: the file holds no EKS Anywhere proxy configuration');
  }
  const notes = new ImportNotes();
  const fields = { http: 'spec.proxyConfiguration.httpProxy', https: 'spec.proxyConfiguration.httpsProxy' };
  const { props, needsPassword } = proxyUrlProps(fields, { http: proxy.httpProxy, https: proxy.httpsProxy }, notes);
  const userNoProxy = splitNoProxy(proxy.noProxy);
  const pods = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'pods', 'cidrBlocks']));
  const services = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'services', 'cidrBlocks']));
  const endpoint = valueAt(doc, ['spec', 'controlPlaneConfiguration', 'endpoint', 'host']) as string | undefined;
  notes.add('spec.proxyConfiguration', 'is immutable in EKS Anywhere; the library changes the proxy in place (the node files roll the machines)');
  return {
    source: ImportSource.EKS_ANYWHERE,
    settings: { ...props, noProxy: acceptedNoProxy('spec.proxyConfiguration.noProxy', userNoProxy, notes) },
    needsPassword,
    ...(pods.length > 0 && services.length > 0 ? { network: { pods, services, ...(endpoint ? { controlPlaneEndpoint: endpoint } : {}) } } : {}),
    sourceNoProxy: [...pods, ...services, ...userNoProxy, 'localhost', '127.0.0.1', '.svc', ...(endpoint ? [endpoint] : [])],
    profile: CompatibilityProfileName.EKS_ANYWHERE,
    notes: notes.items,
  };
}

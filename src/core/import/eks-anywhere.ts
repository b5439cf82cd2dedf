import { readEksAnywhereDatacenter } from './eks-anywhere-datacenter';
import { ImportedProxy, importedProxy, ImportNotes, ImportSource, Json, readProxy, stringList } from './imported-proxy';
import { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import { eksAnywhereNoProxy, readInputs } from '../node-files/system-no-proxy';
import { ProxyConfigError } from '../primitives/errors';
import { valueAt } from '../primitives/validation/json-data';

/**
 * EKS Anywhere: a `Cluster` (anywhere.eks.amazonaws.com) with `spec.proxyConfiguration {httpProxy,
 * httpsProxy, noProxy[]}`, and from the same file (a cluster configuration file) the datacenter
 * config its `spec.datacenterRef` names (see `eks-anywhere-datacenter.ts` for the kinds read; the
 * machine configs are not read). EKS Anywhere accepts `host:port` without a scheme; the library adds
 * `http://` and says so.
 *
 * EKS Anywhere's NO_PROXY (`pkg/clusterapi/proxy.go`, the providers' `template.go`): pod CIDRs,
 * service CIDRs, `noProxy`, `localhost`, `127.0.0.1`, `.svc`, the datacenter's endpoints and the
 * control-plane endpoint host (Tinkerbell: the endpoint, then its IP).
 */

/** Read an EKS Anywhere Cluster; `documents` are the file's documents, for its datacenter config. */
export function importEksAnywhere(doc: Json, documents: readonly Json[] = [doc]): ImportedProxy {
  const proxy = valueAt(doc, ['spec', 'proxyConfiguration']);
  if (!proxy || typeof proxy !== 'object') {
    throw new ProxyConfigError('spec.proxyConfiguration', 'is missing: the file holds no EKS Anywhere proxy configuration');
  }
  const notes = new ImportNotes();
  const read = readProxy(proxy, 'spec.proxyConfiguration', notes);
  const pods = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'pods', 'cidrBlocks']));
  const services = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'services', 'cidrBlocks']));
  const endpoint = valueAt(doc, ['spec', 'controlPlaneConfiguration', 'endpoint', 'host']) as string | undefined;
  notes.add('spec.proxyConfiguration', 'is immutable in EKS Anywhere; the library changes the proxy in place (the node files roll the machines)');
  const datacenter = readEksAnywhereDatacenter(doc, documents, notes);
  const inputs = readInputs({
    pods,
    services,
    given: read.noProxy,
    endpoint,
    providerEndpoints: datacenter.endpoints,
    ...(datacenter.provider ? { providerName: datacenter.provider } : {}),
  });
  return importedProxy(ImportSource.EKS_ANYWHERE, read, notes, {
    ...(pods.length > 0 && services.length > 0 ? {
      network: {
        pods,
        services,
        ...(endpoint ? { controlPlaneEndpoint: endpoint } : {}),
        ...(datacenter.provider ? { provider: datacenter.provider } : {}),
        ...(datacenter.endpoints.length > 0 ? { providerEndpoints: datacenter.endpoints } : {}),
      },
    } : {}),
    sourceNoProxy: eksAnywhereNoProxy(inputs),
    profile: CompatibilityProfileName.EKS_ANYWHERE,
  });
}

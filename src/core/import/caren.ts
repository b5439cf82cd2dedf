import { ImportedProxy, importedProxy, ImportNotes, ImportSource, readProxy, stringList, valueAt } from './imported-proxy';
import { ClassVariableShape } from '../clusterclass/variable-shapes';
import { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import { ProxyConfigError } from '../primitives/errors';

/**
 * Nutanix CAREN: a Cluster whose `clusterConfig` topology variable has `proxy {http, https,
 * additionalNo}` (or that variable's value alone).
 *
 * CAREN's NO_PROXY (`GenerateNoProxy`): `localhost`, `127.0.0.1`, the pod and service CIDRs,
 * `kubernetes`, `kubernetes.default`, `.svc`, `.svc.<domain>`, `.svc.<domain>.`, per-provider
 * entries (AWS: `169.254.169.254`, `.elb.amazonaws.com`; Azure: `169.254.169.254`; GCP:
 * `169.254.169.254`, `metadata`, `metadata.google.internal`), then `additionalNo`; each CIDR also
 * gets its IP-range form.
 */

type Json = Record<string, any>;

const PROVIDER_ENTRIES: Readonly<Record<string, readonly string[]>> = {
  AWSCluster: ['169.254.169.254', '.elb.amazonaws.com'],
  AWSManagedCluster: ['169.254.169.254', '.elb.amazonaws.com'],
  AzureCluster: ['169.254.169.254'],
  AzureManagedControlPlane: ['169.254.169.254'],
  GCPCluster: ['169.254.169.254', 'metadata', 'metadata.google.internal'],
};

/** Read a CAREN Cluster (or its clusterConfig value). */
export function importCaren(doc: Json): ImportedProxy {
  const isCluster = doc.kind === 'Cluster';
  const clusterConfig = isCluster
    ? ((valueAt(doc, ['spec', 'topology', 'variables']) ?? []) as Json[]).find((variable) => variable?.name === 'clusterConfig')?.value
    : doc.clusterConfig ?? doc;
  const proxy = clusterConfig?.proxy;
  if (!proxy || typeof proxy !== 'object') {
    throw new ProxyConfigError('clusterConfig.proxy', 'is missing: the file sets no CAREN proxy');
  }
  const notes = new ImportNotes();
  const read = readProxy({ http: 'clusterConfig.proxy.http', https: 'clusterConfig.proxy.https', noProxy: 'clusterConfig.proxy.additionalNo' },
    { http: proxy.http, https: proxy.https, noProxy: proxy.additionalNo }, notes);
  const pods = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'pods', 'cidrBlocks']));
  const services = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'services', 'cidrBlocks']));
  const domain = String(valueAt(doc, ['spec', 'clusterNetwork', 'serviceDomain']) ?? 'cluster.local').replace(/^\./, '');
  const infrastructure = valueAt(doc, ['spec', 'infrastructureRef', 'kind']) as string | undefined;
  if (!isCluster) {
    notes.add('clusterConfig', 'is not inside a Cluster: no network facts, so no comparison; pass the Cluster instead');
  }
  notes.add('clusterConfig.proxy', 'the URLs stay in the Cluster variable only without credentials; with credentials the library reads the node files from a Secret (variableShape "library")');
  return importedProxy(ImportSource.CAREN, read, notes, {
    ...(pods.length > 0 && services.length > 0 ? { network: { pods, services, serviceDomain: domain } } : {}),
    sourceNoProxy: [
      'localhost', '127.0.0.1', ...pods, ...services, 'kubernetes', 'kubernetes.default', '.svc', `.svc.${domain}`, `.svc.${domain}.`,
      ...(infrastructure ? PROVIDER_ENTRIES[infrastructure] ?? [] : []), ...read.noProxy,
    ],
    profile: CompatibilityProfileName.CAREN,
    variableShape: ClassVariableShape.CAREN,
  });
}

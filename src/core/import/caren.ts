import { ImportedProxy, importedProxy, ImportNotes, ImportSource, Json, readProxy, stringList } from './imported-proxy';
import { ClassVariableShape } from '../clusterclass/variable-shapes';
import { CAREN_INFRASTRUCTURES, carenNoProxy } from '../node-files/caren-no-proxy';
import { CompatibilityProfileName } from '../node-files/compatibility-profile-name';
import { readInputs } from '../node-files/system-no-proxy';
import { ProxyConfigError } from '../primitives/errors';
import { valueAt } from '../primitives/validation/json-data';

/**
 * Nutanix CAREN: a Cluster whose `clusterConfig` topology variable has `proxy {http, https,
 * additionalNo}` (or that variable's value alone). CAREN's NO_PROXY: `caren-no-proxy.ts`. The
 * infrastructure kind selects the library's provider, whose preset writes the entries CAREN adds
 * for it; every entry of CAREN's list the library leaves out gets a note.
 */

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
  const read = readProxy(proxy, 'clusterConfig.proxy', notes, { http: 'http', https: 'https', noProxy: 'additionalNo' });
  const pods = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'pods', 'cidrBlocks']));
  const services = stringList(valueAt(doc, ['spec', 'clusterNetwork', 'services', 'cidrBlocks']));
  const domain = String(valueAt(doc, ['spec', 'clusterNetwork', 'serviceDomain']) ?? 'cluster.local').replace(/^\./, '');
  const kind = valueAt(doc, ['spec', 'infrastructureRef', 'kind']) as string | undefined;
  const infrastructure = kind !== undefined && Object.hasOwn(CAREN_INFRASTRUCTURES, kind) ? CAREN_INFRASTRUCTURES[kind] : undefined;
  if (!isCluster) {
    notes.add('clusterConfig', 'is not inside a Cluster: no network facts, so no comparison; pass the Cluster instead');
  }
  notes.add('clusterConfig.proxy', 'the URLs stay in the Cluster variable only without credentials; with credentials the library reads the node files from a Secret (variableShape "library")');
  if (infrastructure) {
    notes.add('spec.infrastructureRef.kind', `${kind}: network provider "${infrastructure.provider}", whose preset entries include the ones CAREN adds for it`);
  }
  return importedProxy(ImportSource.CAREN, read, notes, {
    ...(pods.length > 0 && services.length > 0
      ? { network: { pods, services, serviceDomain: domain, ...(infrastructure ? { provider: infrastructure.provider } : {}) } }
      : {}),
    sourceNoProxy: carenNoProxy(readInputs({ pods, services, serviceDomain: domain, providerName: infrastructure?.provider, given: read.noProxy })),
    profile: CompatibilityProfileName.CAREN,
    variableShape: ClassVariableShape.CAREN,
  });
}

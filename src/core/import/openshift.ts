import { ImportedProxy, importedProxy, ImportNotes, ImportSource, Json, readProxy, splitNoProxy } from './imported-proxy';
import { describeValue, invalidValue, kindForError } from '../primitives/errors';
import { valueAt } from '../primitives/validation/json-data';

/**
 * OpenShift: the cluster-wide `Proxy` (config.openshift.io/v1, named `cluster`): `spec.httpProxy`,
 * `spec.httpsProxy`, `spec.noProxy` (comma-separated), `spec.trustedCA.name`, and the effective
 * list the network operator computed in `status.noProxy` (what OpenShift's components use).
 * OpenShift is not a Cluster API system, so there is no node-file profile: the import gives the
 * definition and the NO_PROXY comparison.
 */

/** Read an OpenShift Proxy object. */
export function importOpenShift(doc: Json): ImportedProxy {
  if (doc.kind !== 'Proxy' || typeof doc.apiVersion !== 'string' || !doc.apiVersion.startsWith('config.openshift.io/')) {
    throw invalidValue('kind', kindForError(doc), 'must be a config.openshift.io/v1 Proxy');
  }
  const notes = new ImportNotes();
  const spec = (doc.spec ?? {}) as Json;
  const proxy = readProxy(spec, 'spec', notes);
  const status = splitNoProxy(valueAt(doc, ['status', 'noProxy']));
  if (status.length === 0) {
    notes.add('status.noProxy', 'is empty: the comparison uses spec.noProxy, without the entries OpenShift adds (.svc, .cluster.local, networks, api-int)');
  }
  if (spec.trustedCA?.name) {
    notes.add('spec.trustedCA.name', `names the ConfigMap ${describeValue(spec.trustedCA.name)} in openshift-config: pass its ca-bundle.crt as trustedCaPem`);
  }
  if (Array.isArray(spec.readinessEndpoints) && spec.readinessEndpoints.length > 0) {
    notes.add('spec.readinessEndpoints', `check them with: cluster-proxy check --http-proxy URL ${spec.readinessEndpoints.map((url: string) => `--url ${url}`).join(' ')}`);
  }
  notes.add('(network)', 'a Proxy has no pod or service CIDRs: give them with --pod-cidr and --service-cidr for the comparison');
  return importedProxy(ImportSource.OPENSHIFT, proxy, notes, { sourceNoProxy: status.length > 0 ? status : proxy.noProxy });
}

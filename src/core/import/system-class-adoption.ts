import { ImportedProxy, Json } from './imported-proxy';
import { differingPaths } from './node-changes';
import { ClusterClassProxy } from '../clusterclass/cluster-class-proxy';
import { addProxyToTopologyCluster } from '../clusterclass/topology-cluster';
import { ClassVariableShape } from '../clusterclass/variable-shapes';
import { ProxySettings } from '../definition/proxy-settings';
import { KubeObject } from '../primitives/k8s/manifest';

/**
 * A Cluster that stays on its system's own ClusterClass is adopted through its variable alone
 * (`systemClass`): the system's patches render the node files from it, so the machines roll
 * exactly when the Cluster's `spec.topology` changes. This compares the Cluster as it runs with the
 * Cluster the library writes from the definition imported from it.
 */

/** The paths under `spec.topology` where the adopted Cluster differs from the running one (none: nothing rolls). */
export function systemClassRollingFields(running: KubeObject, imported: ImportedProxy, variableShape: ClassVariableShape): string[] {
  const classProxy = new ClusterClassProxy({ settings: new ProxySettings(imported.settings), variableShape });
  const adopted = addProxyToTopologyCluster(running, classProxy, { systemClass: true }).cluster;
  return differingPaths((running as Json).spec?.topology, (adopted as Json).spec.topology, 'spec.topology');
}


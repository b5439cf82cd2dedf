import { ApiObject, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { SecretObject } from '../../core/k8s/manifest';
import { ensureSupportObjects } from '../support-objects';

/**
 * The node-proxy Secret is shared: a cluster's KubeadmControlPlane, all its KubeadmConfigTemplates
 * (and a Giant Swarm setup) read the same one. Whichever construct comes first in a chart adds it;
 * the others get the same object (same name and namespace means same content, since the name
 * carries the content hash) instead of adding a duplicate the API server would refuse.
 */
export function ensureNodeProxySecret(scope: Construct, secret: SecretObject): ApiObject {
  return ensureSupportObjects(Chart.of(scope), [secret], { scope, id: () => 'NodeProxySecret' })[0];
}

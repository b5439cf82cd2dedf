import { ApiObject, Chart, JsonPatch } from 'cdk8s';
import { Construct } from 'constructs';
import { addProxyToClusterClass } from '../../core/clusterclass/add-proxy-to-cluster-class';
import { ClusterClassProxy, ClusterClassProxyProps } from '../../core/clusterclass/cluster-class-proxy';
import { invalidValue } from '../../core/primitives/errors';
import { KubeObject } from '../../core/primitives/k8s/manifest';
import { propsObject } from '../../core/primitives/validation/strict-props';

/** Props of {@link ClusterClassProxyPatches}. */
export interface ClusterClassProxyPatchesProps extends ClusterClassProxyProps {
  /**
   * The ClusterClass, patched in place. A class you have as plain JSON goes into the app first:
   * `new ApiObject(chart, 'Class', manifest)` (or `Include` for a file).
   */
  readonly clusterClass: ApiObject;
  /**
   * The KubeadmControlPlaneTemplate and KubeadmConfigTemplates the class references, as JSON, for
   * templates that are not in the app (they are read, not added). The patches depend on which
   * fields they already have.
   *
   * @default - found among the app's ApiObjects by kind, name and namespace
   */
  readonly templates?: KubeObject[];
}

/**
 * Adds the proxy to a ClusterClass: the `proxy` variable and the patches that give every control
 * plane and worker node the files, commands and proxy CA `ProxiedCluster` gives them, with the
 * NO_PROXY computed per cluster from the Cluster's network. Set the variable on each Cluster of the
 * class with {@link TopologyClusterProxy}.
 *
 * The ClusterClass is read (`toJson()`) when this runs: call it after the class is fully defined.
 */
export class ClusterClassProxyPatches extends Construct {
  /** The class proxy: pass it to {@link TopologyClusterProxy}. */
  public readonly classProxy: ClusterClassProxy;
  /** The ClusterClass (the given ApiObject). */
  public readonly clusterClass: ApiObject;

  constructor(scope: Construct, id: string, props: ClusterClassProxyPatchesProps) {
    super(scope, id);
    propsObject(props);
    const { clusterClass: given, templates: givenTemplates, ...classProps } = props;
    if (!(given instanceof ApiObject)) {
      throw invalidValue('clusterClass', given, 'must be an ApiObject (put a plain manifest into the app with new ApiObject(chart, id, manifest))');
    }
    const templates = givenTemplates ?? appKubeadmTemplates(this).map((template) => template.toJson() as KubeObject);
    const result = addProxyToClusterClass(given.toJson() as KubeObject, templates, classProps);
    this.classProxy = result.classProxy;
    given.addJsonPatch(JsonPatch.add('/spec', (result.clusterClass as unknown as { spec: unknown }).spec));
    this.clusterClass = given;
  }
}

/** The kubeadm templates anywhere in the app, as they will be synthesized. */
function appKubeadmTemplates(scope: Construct): ApiObject[] {
  const root = Chart.of(scope).node.root;
  return root.node.findAll().filter((child): child is ApiObject => child instanceof ApiObject
    && (child.kind === 'KubeadmControlPlaneTemplate' || child.kind === 'KubeadmConfigTemplate'));
}

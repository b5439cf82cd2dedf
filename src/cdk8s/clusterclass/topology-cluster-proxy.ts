import { ApiObject, JsonPatch } from 'cdk8s';
import { Construct } from 'constructs';
import { nodeProxySecretProduct } from '../../core/capi/products';
import { ClusterClassProxy } from '../../core/clusterclass/cluster-class-proxy';
import { addProxyToTopologyCluster, ProxyVariableAssignment, TopologyClusterProxyOptions } from '../../core/clusterclass/topology-cluster';
import { ClusterProxyConfig } from '../../core/definition/cluster-proxy-config';
import { invalidValue } from '../../core/primitives/errors';
import { KubeObject } from '../../core/primitives/k8s/manifest';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { finishProduct } from '../../core/product/credentials';
import { addProduct } from '../product-objects';

/** Props of {@link TopologyClusterProxy}. */
export interface TopologyClusterProxyProps extends TopologyClusterProxyOptions {
  /**
   * The topology Cluster, patched in place. A Cluster you have as plain JSON goes into the app
   * first: `new ApiObject(chart, 'Cluster', manifest)`.
   */
  readonly cluster: ApiObject;
  /** The class's proxy: the `classProxy` of its {@link ClusterClassProxyPatches}. */
  readonly classProxy: ClusterClassProxy;
}

/**
 * Sets the ClusterClass's proxy variable on a topology Cluster and, when the proxy URLs carry
 * credentials (delivery `secret`), adds the cluster's node-proxy Secret, the same Secret
 * `ProxiedCluster` renders, so no credential appears in the Cluster. The network facts come from
 * the Cluster (`spec.clusterNetwork`, `spec.controlPlaneEndpoint`); `network` fills them in for a
 * Cluster without them.
 */
export class TopologyClusterProxy extends Construct {
  /** The Cluster. */
  public readonly cluster: ApiObject;
  /** The variable as set on the Cluster. */
  public readonly variable: ProxyVariableAssignment;
  /**
   * The node-proxy Secret.
   *
   * @default - none (delivery `inline`)
   */
  public readonly secret?: ApiObject;
  /** The cluster's proxy (its NO_PROXY is what the class's templates render for this Cluster). */
  public readonly proxy: ClusterProxyConfig;

  constructor(scope: Construct, id: string, props: TopologyClusterProxyProps) {
    super(scope, id);
    propsObject(props);
    const { classProxy: givenProxy, cluster: given, ...options } = props;
    if (!(given instanceof ApiObject)) {
      throw invalidValue('cluster', given, 'must be an ApiObject (put a plain manifest into the app with new ApiObject(chart, id, manifest))');
    }
    const result = addProxyToTopologyCluster(given.toJson() as KubeObject, givenProxy, options);
    this.variable = result.variable;
    this.proxy = result.proxy;
    given.addJsonPatch(JsonPatch.add('/spec', (result.cluster as unknown as { spec: unknown }).spec));
    this.cluster = given;
    // Once per chart: several constructs may emit the same cluster's Secret.
    [this.secret] = addProduct(this, finishProduct(nodeProxySecretProduct(result.secret), result.proxy));
  }
}

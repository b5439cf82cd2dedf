import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { giantSwarmProxySetup, GiantSwarmProxySetup, GiantSwarmProxySetupOptions } from '../../core/addons/giantswarm/setup';
import { giantSwarmProxyAppsProduct } from '../../core/addons/products';
import { WithProxy } from '../../core/definition/cluster-proxy-config';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { WithObjectMetadata } from '../../core/product/metadata';
import { addProduct } from '../product-objects';

/** Props of {@link GiantSwarmProxyApps}. */
export interface GiantSwarmProxyAppsProps extends GiantSwarmProxySetupOptions, WithObjectMetadata, WithProxy {}

/**
 * Giant Swarm-style app platform objects for one workload cluster: the
 * `<cluster>-cluster-values` Secret (and credential-free ConfigMap), the node drop-in Secret, and
 * App CRs consuming the values.
 */
export class GiantSwarmProxyApps extends Construct {
  /** The core result, by role. */
  public readonly setup: GiantSwarmProxySetup;
  /** The synthesized objects. */
  public readonly apiObjects: ApiObject[];

  constructor(scope: Construct, id: string, props: GiantSwarmProxyAppsProps) {
    super(scope, id);
    propsObject(props);
    const { proxy, metadata, ...options } = props;
    this.setup = giantSwarmProxySetup(proxy, options);
    this.apiObjects = addProduct(this, giantSwarmProxyAppsProduct(proxy, this.setup, metadata));
  }
}

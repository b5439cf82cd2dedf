import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { addonResourceSet, AddonResourceSet, AddonResourceSetOptions } from '../../core/addons/cluster-resource-set';
import { WithProxy } from '../../core/definition/cluster-proxy-config';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { finishProduct } from '../../core/product/credentials';
import { WithObjectMetadata } from '../../core/product/metadata';
import { manifestsProduct } from '../../core/product/product';
import { addProduct } from '../product-objects';

/** Props of {@link ProxyAddonResourceSet}. */
export interface ProxyAddonResourceSetProps extends AddonResourceSetOptions, WithObjectMetadata, WithProxy {}

/**
 * A ClusterResourceSet and its Secret delivering an addon (kapp-controller's release manifests,
 * or any others) to a workload cluster, with the kapp-controller config Secret and/or the proxy
 * env injected into the delivered pods.
 */
export class ProxyAddonResourceSet extends Construct {
  /** The core result: the two objects and what the Secret delivers. */
  public readonly resourceSet: AddonResourceSet;
  /** The synthesized objects (Secret, ClusterResourceSet). */
  public readonly apiObjects: ApiObject[];

  constructor(scope: Construct, id: string, props: ProxyAddonResourceSetProps) {
    super(scope, id);
    propsObject(props);
    const { proxy, metadata, ...options } = props;
    this.resourceSet = addonResourceSet(proxy, options);
    this.apiObjects = addProduct(this, finishProduct(manifestsProduct(this.resourceSet.objects), proxy, metadata));
  }
}

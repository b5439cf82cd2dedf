import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { TkgProxyAddonsOptions } from '../../core/addons/tkg/tkg-proxy-addons';
import { Products } from '../../core/api/products';
import { ClusterProxyConfig, WithProxy } from '../../core/definition/cluster-proxy-config';
import { KubeObject } from '../../core/primitives/k8s/manifest';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { WithObjectMetadata } from '../../core/product/metadata';
import { addProduct } from '../product-objects';

/** Props of {@link TkgProxyAddons}. */
export interface TkgProxyAddonsProps extends TkgProxyAddonsOptions, WithObjectMetadata, WithProxy {}

/**
 * TKG-style addon Secrets for one workload cluster: the vSphere CPI and CSI addon
 * values, the kapp-controller addon values and the cluster config values, all from one
 * {@link ClusterProxyConfig}.
 */
export class TkgProxyAddons extends Construct {
  /** The Secrets as core manifests, for inspection. */
  public readonly manifests: KubeObject[];
  /** The synthesized objects (escape hatch: `addJsonPatch`). */
  public readonly apiObjects: ApiObject[];

  constructor(scope: Construct, id: string, props: TkgProxyAddonsProps) {
    super(scope, id);
    propsObject(props);
    const { proxy, metadata, ...options } = props;
    const product = Products.tkgProxyAddons(proxy, options, metadata);
    this.manifests = product.objects.map((object) => object.manifest);
    this.apiObjects = addProduct(this, product);
  }
}

import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { inClusterForwardProxy, InClusterForwardProxyProps } from '../../core/addons/forward-proxy/forward-proxy';
import { ClusterProxyConfig } from '../../core/definition/cluster-proxy-config';
import { ProxySettings } from '../../core/definition/proxy-settings';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { finishProduct } from '../../core/product/credentials';
import { WithObjectMetadata } from '../../core/product/metadata';
import { manifestsProduct } from '../../core/product/product';
import { addProduct } from '../product-objects';

/** Props of {@link InClusterForwardProxy}. */
export interface InClusterForwardProxyConstructProps extends InClusterForwardProxyProps, WithObjectMetadata {}

/**
 * A tinyproxy DaemonSet (`hostNetwork: true`), its config and a Service: a forward proxy inside
 * the cluster. `settings` and `proxy` describe how workloads reach it; hand `proxy` to
 * the workload constructs so their env points at this Service.
 */
export class InClusterForwardProxy extends Construct {
  /** The proxy URL without credentials: `http://<name>.<namespace>.svc.<domain>:<port>`. */
  public readonly url: string;
  /** Settings for workloads (URL, credentials, installation-wide NO_PROXY). */
  public readonly settings: ProxySettings;
  /** The derived configuration for workloads, NO_PROXY computed from the same network. */
  public readonly proxy: ClusterProxyConfig;
  /** The synthesized objects (config, DaemonSet, Service). */
  public readonly apiObjects: ApiObject[];

  constructor(scope: Construct, id: string, props: InClusterForwardProxyConstructProps) {
    super(scope, id);
    propsObject(props);
    const { metadata, ...forwardProxy } = props;
    const result = inClusterForwardProxy(forwardProxy);
    this.url = result.url;
    this.settings = result.settings;
    this.proxy = result.proxy;
    this.apiObjects = addProduct(this, finishProduct(manifestsProduct(result.objects), result.proxy, metadata));
  }
}

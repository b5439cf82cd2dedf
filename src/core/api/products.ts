import { addonResourceSet, AddonResourceSetOptions } from '../addons/cluster-resource-set';
import { inClusterForwardProxy, InClusterForwardProxyProps } from '../addons/forward-proxy/forward-proxy';
import { giantSwarmProxySetup, GiantSwarmProxySetupOptions } from '../addons/giantswarm/setup';
import { giantSwarmProxyAppsProduct } from '../addons/products';
import { proxyEnvSources, ProxyEnvSourceOptions } from '../addons/proxy-env-source';
import { tkgProxyAddonSecrets, TkgProxyAddonsOptions } from '../addons/tkg/tkg-proxy-addons';
import { AddProxyOptions, AddProxyResult, addProxyToObjects } from '../capi/add-proxy-to-objects';
import {
  KubeadmConfigTemplateProductProps, kubeadmConfigTemplateProduct, KubeadmControlPlaneProductProps, kubeadmControlPlaneProduct, proxiedClusterProduct,
} from '../capi/products';
import { ProxiedClusterOptions } from '../capi/proxied-cluster';
import { ClusterProxyConfig } from '../cluster-proxy-config';
import { addProxyToClusterClass, AddProxyToClusterClassResult } from '../clusterclass/add-proxy-to-cluster-class';
import { ClusterClassProxy, ClusterClassProxyProps } from '../clusterclass/cluster-class-proxy';
import { addProxyToTopologyCluster, TopologyClusterProxyOptions, TopologyClusterProxyResult } from '../clusterclass/topology-cluster';
import { KubeObject } from '../k8s/manifest';
import { finishProduct } from '../product/credentials';
import { ObjectMetadataProps } from '../product/metadata';
import { manifestsProduct, Product } from '../product/product';
import { KyvernoProxyPolicyOptions } from '../workloads/kyverno-policy';
import { ProxyAdmissionPolicyOptions } from '../workloads/mutating-admission-policy';
import { kyvernoProxyPolicyProduct, proxyAdmissionPolicyProduct } from '../workloads/products';

/**
 * Every product as plain manifests, for tools other than cdk8s and Pulumi (or to inspect what the
 * constructs and components emit: they map exactly these objects). Each object carries its
 * identity, whether it is shared (emit once per cluster, namespace or scope) and whether it is
 * sensitive (a Secret: the only place credentials are).
 */
export class Products {
  /** A whole proxied Cluster API cluster (see the cdk8s `ProxiedCluster`). */
  public static proxiedCluster(options: ProxiedClusterOptions): Product {
    return proxiedClusterProduct(options);
  }

  /** A KubeadmControlPlane behind the proxy and the node-proxy Secret it reads. */
  public static kubeadmControlPlane(props: KubeadmControlPlaneProductProps): Product {
    return kubeadmControlPlaneProduct(props);
  }

  /** A worker KubeadmConfigTemplate behind the proxy and the node-proxy Secret it reads. */
  public static kubeadmConfigTemplate(props: KubeadmConfigTemplateProductProps): Product {
    return kubeadmConfigTemplateProduct(props);
  }

  /** A Kyverno ClusterPolicy injecting the proxy into every Pod, with its sources and RBAC. */
  public static kyvernoProxyPolicy(proxy: ClusterProxyConfig, options: KyvernoProxyPolicyOptions = {}, metadata?: ObjectMetadataProps): Product {
    return kyvernoProxyPolicyProduct(proxy, options, metadata);
  }

  /** A MutatingAdmissionPolicy injecting the proxy (no Kyverno), with its binding and sources. */
  public static proxyAdmissionPolicy(proxy: ClusterProxyConfig, options: ProxyAdmissionPolicyOptions = {}, metadata?: ObjectMetadataProps): Product {
    return proxyAdmissionPolicyProduct(proxy, options, metadata);
  }

  /** TKG-style addon Secrets (vSphere CPI/CSI, kapp-controller, cluster config values). */
  public static tkgProxyAddons(proxy: ClusterProxyConfig, options: TkgProxyAddonsOptions, metadata?: ObjectMetadataProps): Product {
    return finishProduct(manifestsProduct(tkgProxyAddonSecrets(proxy, options)), proxy, metadata);
  }

  /** A ClusterResourceSet delivering an addon's manifests with the proxy configured. */
  public static addonResourceSet(proxy: ClusterProxyConfig, options: AddonResourceSetOptions, metadata?: ObjectMetadataProps): Product {
    return finishProduct(manifestsProduct(addonResourceSet(proxy, options).objects), proxy, metadata);
  }

  /** Giant Swarm cluster-values, the node-proxy Secret and App CRs. */
  public static giantSwarmProxyApps(proxy: ClusterProxyConfig, options: GiantSwarmProxySetupOptions, metadata?: ObjectMetadataProps): Product {
    return giantSwarmProxyAppsProduct(proxy, giantSwarmProxySetup(proxy, options), metadata);
  }

  /** A ConfigMap (no credentials) or Secret per namespace, for `envFrom`. */
  public static proxyEnvSources(proxy: ClusterProxyConfig, options: ProxyEnvSourceOptions, metadata?: ObjectMetadataProps): Product {
    return finishProduct(manifestsProduct(proxyEnvSources(proxy, options)), proxy, metadata);
  }

  /** An in-cluster forward proxy (tinyproxy DaemonSet, config, Service). */
  public static inClusterForwardProxy(props: InClusterForwardProxyProps, metadata?: ObjectMetadataProps): Product {
    const forwardProxy = inClusterForwardProxy(props);
    return finishProduct(manifestsProduct(forwardProxy.objects), forwardProxy.proxy, metadata);
  }

  /**
   * Put the nodes of existing Cluster API manifests behind the proxy (the plain-JSON counterpart of
   * the cdk8s `addProxyToKubeadmObjects`): kubeadm objects get the files and commands, templates
   * are renamed and MachineDeployments retargeted, and the node-proxy Secret is added. The input
   * is not modified; applying twice gives the same result.
   */
  public static addProxyToObjects(objects: KubeObject[], proxy: ClusterProxyConfig, options: AddProxyOptions): AddProxyResult {
    return addProxyToObjects(objects, proxy, options);
  }

  /** A ClusterClass with the proxy variable and patches (`templates`: the ones the class references). */
  public static addProxyToClusterClass(
    clusterClass: KubeObject, templates: KubeObject[], props: ClusterClassProxyProps,
  ): AddProxyToClusterClassResult {
    return addProxyToClusterClass(clusterClass, templates, props);
  }

  /** A topology Cluster with the class's proxy variable set, and its node-proxy Secret. */
  public static addProxyToTopologyCluster(
    cluster: KubeObject, classProxy: ClusterClassProxy, options: TopologyClusterProxyOptions = {},
  ): TopologyClusterProxyResult {
    return addProxyToTopologyCluster(cluster, classProxy, options);
  }

  private constructor() {}
}

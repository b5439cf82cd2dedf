/* eslint-disable @typescript-eslint/no-require-imports -- modules whose code loads on first use */
import type { AddonResourceSetOptions } from '../addons/cluster-resource-set';
import type { InClusterForwardProxyProps } from '../addons/forward-proxy/forward-proxy';
import type { GiantSwarmProxySetupOptions } from '../addons/giantswarm/setup';
import type { ProxyEnvSourceOptions } from '../addons/proxy-env-source';
import type { TkgProxyAddonsOptions } from '../addons/tkg/tkg-proxy-addons';
import type { AddProxyOptions, AddProxyResult } from '../capi/add-proxy-to-objects';
import type { KubeadmConfigTemplateProductProps, KubeadmControlPlaneProductProps } from '../capi/products';
import type { ProxiedClusterOptions } from '../capi/proxied-cluster';
import type { AddProxyToClusterClassResult } from '../clusterclass/add-proxy-to-cluster-class';
import type { ClusterClassProxy, ClusterClassProxyProps } from '../clusterclass/cluster-class-proxy';
import type { TopologyClusterProxyOptions, TopologyClusterProxyResult } from '../clusterclass/topology-cluster';
import type { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import type { KubeObject } from '../primitives/k8s/manifest';
import { onFirstUse } from '../primitives/lazy-modules';
import type { ObjectMetadataProps } from '../product/metadata';
import type { Product } from '../product/product';
import type { KyvernoProxyPolicyOptions } from '../workloads/kyverno-policy';
import type { ProxyAdmissionPolicyOptions } from '../workloads/mutating-admission-policy';

// Each product's code is loaded when it is first asked for (see `onFirstUse`).
const capi = onFirstUse(() => require('../capi/products') as typeof import('../capi/products'));
const workloads = onFirstUse(() => require('../workloads/products') as typeof import('../workloads/products'));
const tkg = onFirstUse(() => require('../addons/tkg/tkg-proxy-addons') as typeof import('../addons/tkg/tkg-proxy-addons'));
const resourceSet = onFirstUse(() => require('../addons/cluster-resource-set') as typeof import('../addons/cluster-resource-set'));
const giantSwarm = onFirstUse(() => require('../addons/giantswarm/setup') as typeof import('../addons/giantswarm/setup'));
const addonProducts = onFirstUse(() => require('../addons/products') as typeof import('../addons/products'));
const envSources = onFirstUse(() => require('../addons/proxy-env-source') as typeof import('../addons/proxy-env-source'));
const forwardProxy = onFirstUse(() => require('../addons/forward-proxy/forward-proxy') as typeof import('../addons/forward-proxy/forward-proxy'));
const addProxy = onFirstUse(() => require('../capi/add-proxy-to-objects') as typeof import('../capi/add-proxy-to-objects'));
const clusterClasses = onFirstUse(() => require('../clusterclass/add-proxy-to-cluster-class') as typeof import('../clusterclass/add-proxy-to-cluster-class'));
const topology = onFirstUse(() => require('../clusterclass/topology-cluster') as typeof import('../clusterclass/topology-cluster'));
const credentials = onFirstUse(() => require('../product/credentials') as typeof import('../product/credentials'));
const products = onFirstUse(() => require('../product/product') as typeof import('../product/product'));

/** A product of plain manifests, finished (metadata, credential source) like every other. */
function finished(objects: KubeObject[], proxy: ClusterProxyConfig, metadata?: ObjectMetadataProps): Product {
  return credentials().finishProduct(products().manifestsProduct(objects), proxy, metadata);
}

/**
 * Every product as plain manifests, for tools other than cdk8s and Pulumi (or to inspect what the
 * constructs and components emit: they map exactly these objects). Each object carries its
 * identity, whether it is shared (emit once per cluster, namespace or scope) and whether it is
 * sensitive (a Secret: the only place credentials are).
 */
export class Products {
  /** A whole proxied Cluster API cluster (see the cdk8s `ProxiedCluster`). */
  public static proxiedCluster(options: ProxiedClusterOptions): Product {
    return capi().proxiedClusterProduct(options);
  }

  /** A KubeadmControlPlane behind the proxy and the node-proxy Secret it reads. */
  public static kubeadmControlPlane(props: KubeadmControlPlaneProductProps): Product {
    return capi().kubeadmControlPlaneProduct(props);
  }

  /** A worker KubeadmConfigTemplate behind the proxy and the node-proxy Secret it reads. */
  public static kubeadmConfigTemplate(props: KubeadmConfigTemplateProductProps): Product {
    return capi().kubeadmConfigTemplateProduct(props);
  }

  /** A Kyverno ClusterPolicy injecting the proxy into every Pod, with its sources and RBAC. */
  public static kyvernoProxyPolicy(proxy: ClusterProxyConfig, options: KyvernoProxyPolicyOptions = {}, metadata?: ObjectMetadataProps): Product {
    return workloads().kyvernoProxyPolicyProduct(proxy, options, metadata);
  }

  /** A MutatingAdmissionPolicy injecting the proxy (no Kyverno), with its binding and sources. */
  public static proxyAdmissionPolicy(proxy: ClusterProxyConfig, options: ProxyAdmissionPolicyOptions = {}, metadata?: ObjectMetadataProps): Product {
    return workloads().proxyAdmissionPolicyProduct(proxy, options, metadata);
  }

  /** TKG-style addon Secrets (vSphere CPI/CSI, kapp-controller, cluster config values). */
  public static tkgProxyAddons(proxy: ClusterProxyConfig, options: TkgProxyAddonsOptions, metadata?: ObjectMetadataProps): Product {
    return finished(tkg().tkgProxyAddonSecrets(proxy, options), proxy, metadata);
  }

  /** A ClusterResourceSet delivering an addon's manifests with the proxy configured. */
  public static addonResourceSet(proxy: ClusterProxyConfig, options: AddonResourceSetOptions, metadata?: ObjectMetadataProps): Product {
    return finished(resourceSet().addonResourceSet(proxy, options).objects, proxy, metadata);
  }

  /** Giant Swarm cluster-values, the node-proxy Secret and App CRs. */
  public static giantSwarmProxyApps(proxy: ClusterProxyConfig, options: GiantSwarmProxySetupOptions, metadata?: ObjectMetadataProps): Product {
    return addonProducts().giantSwarmProxyAppsProduct(proxy, giantSwarm().giantSwarmProxySetup(proxy, options), metadata);
  }

  /** A ConfigMap (no credentials) or Secret per namespace, for `envFrom`. */
  public static proxyEnvSources(proxy: ClusterProxyConfig, options: ProxyEnvSourceOptions, metadata?: ObjectMetadataProps): Product {
    return finished(envSources().proxyEnvSources(proxy, options), proxy, metadata);
  }

  /** An in-cluster forward proxy (tinyproxy DaemonSet, config, Service). */
  public static inClusterForwardProxy(props: InClusterForwardProxyProps, metadata?: ObjectMetadataProps): Product {
    const deployment = forwardProxy().inClusterForwardProxy(props);
    return finished(deployment.objects, deployment.proxy, metadata);
  }

  /**
   * Put the nodes of existing Cluster API manifests behind the proxy (the plain-JSON counterpart of
   * the cdk8s `addProxyToKubeadmObjects`): kubeadm objects get the files and commands, templates
   * are renamed and MachineDeployments retargeted, and the node-proxy Secret is added. The input
   * is not modified; applying twice gives the same result.
   */
  public static addProxyToObjects(objects: KubeObject[], proxy: ClusterProxyConfig, options: AddProxyOptions): AddProxyResult {
    return addProxy().addProxyToObjects(objects, proxy, options);
  }

  /** A ClusterClass with the proxy variable and patches (`templates`: the ones the class references). */
  public static addProxyToClusterClass(
    clusterClass: KubeObject, templates: KubeObject[], props: ClusterClassProxyProps,
  ): AddProxyToClusterClassResult {
    return clusterClasses().addProxyToClusterClass(clusterClass, templates, props);
  }

  /** A topology Cluster with the class's proxy variable set, and its node-proxy Secret. */
  public static addProxyToTopologyCluster(
    cluster: KubeObject, classProxy: ClusterClassProxy, options: TopologyClusterProxyOptions = {},
  ): TopologyClusterProxyResult {
    return topology().addProxyToTopologyCluster(cluster, classProxy, options);
  }

  private constructor() {}
}

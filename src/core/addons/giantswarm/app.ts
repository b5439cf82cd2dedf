import { GIANT_SWARM_CLUSTER_LABEL } from './values-layout';
import { invalidValue } from '../../primitives/errors';
import { copyJson } from '../../primitives/k8s/copy-json';
import { KubeObject, MANAGED_BY, MANAGED_BY_LABEL } from '../../primitives/k8s/manifest';
import { assertDnsLabel, assertObjectName } from '../../primitives/k8s/names';
import { checkJsonData } from '../../primitives/validation/json-data';

/** A namespaced reference (the App CRD's `{name, namespace}` pairs). */
export interface NamespacedName {
  /** Object name. */
  readonly name: string;
  /** Object namespace. */
  readonly namespace: string;
}

/** The App's user configuration objects (`spec.userConfig`). */
export interface GiantSwarmUserConfig {
  /** A ConfigMap of user values. @default - none */
  readonly configMap?: NamespacedName;
  /** A Secret of user values. @default - none */
  readonly secret?: NamespacedName;
}

/** One Giant Swarm app to install with the cluster's proxy values. */
export interface GiantSwarmAppProps {
  /** Name of the App CR, e.g. `mycluster-cert-manager`. */
  readonly name: string;
  /** Name of the app in the catalog (the chart), e.g. `cert-manager-app`. */
  readonly appName: string;
  /** Catalog name, e.g. `default`. */
  readonly catalog: string;
  /** App version, e.g. `3.7.0`. */
  readonly version: string;
  /** Namespace the app is installed into, e.g. `kube-system`. */
  readonly targetNamespace: string;
  /**
   * Namespace of the Catalog CR.
   *
   * @default - unset (app-operator's default)
   */
  readonly catalogNamespace?: string;
  /**
   * User values (a ConfigMap and/or Secret), applied over the cluster values.
   *
   * @default - none
   */
  readonly userConfig?: GiantSwarmUserConfig;
  /**
   * Install into the management cluster itself (`kubeConfig.inCluster: true`) instead of the
   * workload cluster.
   *
   * @default false
   */
  readonly inCluster?: boolean;
  /**
   * Extra labels, e.g. `app-operator.giantswarm.io/version` as your installation's app-operator
   * expects it.
   *
   * @default - only the cluster and managed-by labels
   */
  readonly labels?: { readonly [key: string]: string };
}

/** Where the App CR and the cluster values live. */
export interface GiantSwarmAppContext {
  /** Workload cluster name. */
  readonly clusterName: string;
  /** Organization namespace of the cluster. */
  readonly namespace: string;
  /** The cluster values Secret (always referenced). */
  readonly valuesSecret: NamespacedName;
  /**
   * The cluster values ConfigMap.
   *
   * @default - not referenced
   */
  readonly valuesConfigMap?: NamespacedName;
}

/**
 * An `application.giantswarm.io/v1alpha1` App whose `spec.config` points at the cluster values,
 * so the app's chart gets `cluster.proxy`. For a workload cluster it reads the cluster's
 * kubeconfig Secret `<cluster>-kubeconfig` (the Cluster API convention) from the org namespace.
 */
export function giantSwarmApp(context: GiantSwarmAppContext, props: GiantSwarmAppProps, field = 'app'): KubeObject {
  const clusterName = assertDnsLabel('clusterName', context.clusterName);
  const namespace = assertDnsLabel('namespace', context.namespace);
  for (const key of ['appName', 'catalog', 'version'] as const) {
    if (typeof props[key] !== 'string' || props[key].trim() === '') {
      throw invalidValue(`${field}.${key}`, props[key], 'must be a non-empty string');
    }
  }
  checkJsonData(`${field}.userConfig`, props.userConfig);
  const inCluster = props.inCluster ?? false;
  return {
    apiVersion: 'application.giantswarm.io/v1alpha1',
    kind: 'App',
    metadata: {
      name: assertObjectName(`${field}.name`, props.name),
      namespace,
      labels: { ...props.labels, [GIANT_SWARM_CLUSTER_LABEL]: clusterName, [MANAGED_BY_LABEL]: MANAGED_BY },
    },
    spec: {
      catalog: props.catalog,
      ...(props.catalogNamespace ? { catalogNamespace: assertDnsLabel(`${field}.catalogNamespace`, props.catalogNamespace) } : {}),
      config: {
        ...(context.valuesConfigMap ? { configMap: { ...context.valuesConfigMap } } : {}),
        secret: { ...context.valuesSecret },
      },
      kubeConfig: inCluster
        ? { inCluster: true }
        : { inCluster: false, secret: { name: `${clusterName}-kubeconfig`, namespace } },
      name: props.appName,
      namespace: assertDnsLabel(`${field}.targetNamespace`, props.targetNamespace),
      ...(props.userConfig ? { userConfig: copyJson(props.userConfig) } : {}),
      version: props.version,
    },
  };
}

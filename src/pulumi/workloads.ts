import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { proxyDefinitionOf, registerObjectsFrom, TYPE_TOKEN_PREFIX, withResourceErrors } from './component-support';
import { ProxyDefinition } from './proxy-definition';
import { injectProxyEnvIntoProps } from './transform';
import { ClusterProxyConfig } from '../core/cluster-proxy-config';
import { invalidValue } from '../core/errors';
import { KubeObject } from '../core/k8s/manifest';
import { assertDnsLabel } from '../core/k8s/names';
import { ProxyInjectionOptions } from '../core/workloads/injection-options';
import { KyvernoProxyPolicyOptions, renderKyvernoProxyPolicy } from '../core/workloads/kyverno-policy';
import { ProxyAdmissionPolicyOptions, renderProxyAdmissionPolicy } from '../core/workloads/mutating-admission-policy';
import { ProxyInjection } from '../core/workloads/proxy-injection';

/**
 * Workloads behind the proxy: the Pulumi counterparts of the cdk8s `KyvernoProxyPolicy`,
 * `ProxyAdmissionPolicy` and `ProxyAwareDeployment`, and `ProxyEnvSupport` (the Secret and CA
 * ConfigMap that injected pods read, which the cdk8s `injectProxyEnv` adds per namespace).
 */

/** Args of {@link KyvernoProxyPolicy}. */
export interface KyvernoProxyPolicyArgs extends KyvernoProxyPolicyOptions {
  /** The cluster's proxy (the same definition the nodes are rendered from). */
  readonly config: ClusterProxyConfig | ProxyDefinition;
}

/**
 * A Kyverno `ClusterPolicy` that puts every Pod outside `kube-system` (and the excluded namespaces)
 * behind the proxy, with the source Secret/ConfigMap it clones into every namespace and the RBAC
 * Kyverno needs: the same objects as the cdk8s `KyvernoProxyPolicy` (see `renderKyvernoProxyPolicy`).
 * The source Secret is a typed Secret with secret values.
 */
export class KyvernoProxyPolicy extends pulumi.ComponentResource {
  /** The ClusterPolicy. */
  public readonly policy: pulumi.CustomResource;
  /** Every resource: the ClusterPolicy, the sources, the ClusterRoles. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: KyvernoProxyPolicyArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}KyvernoProxyPolicy`, name, {}, opts);
    const { config, ...options } = args;
    const objects = withResourceErrors(this, () => proxyDefinitionOf(config, 'config').config.map((c) => renderKyvernoProxyPolicy(c, options)));
    this.resources = registerObjectsFrom(this, name, objects).map((object) => object.resource);
    this.policy = this.resources[0];
    this.registerOutputs({ policy: this.policy });
  }
}

/** Args of {@link ProxyAdmissionPolicy}. */
export interface ProxyAdmissionPolicyArgs extends ProxyAdmissionPolicyOptions {
  /** The cluster's proxy (the same definition the nodes are rendered from). */
  readonly config: ClusterProxyConfig | ProxyDefinition;
}

/**
 * The proxy injection for clusters without Kyverno: a `MutatingAdmissionPolicy`, its binding, and
 * the Secret/ConfigMap of each target namespace, as the cdk8s `ProxyAdmissionPolicy` emits them.
 */
export class ProxyAdmissionPolicy extends pulumi.ComponentResource {
  /** The MutatingAdmissionPolicy. */
  public readonly policy: pulumi.CustomResource;
  /** The MutatingAdmissionPolicyBinding. */
  public readonly binding: pulumi.CustomResource;
  /** Every resource: policy, binding, then the per-namespace Secrets/ConfigMaps. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: ProxyAdmissionPolicyArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxyAdmissionPolicy`, name, {}, opts);
    const { config, ...options } = args;
    const objects = withResourceErrors(this, () => proxyDefinitionOf(config, 'config').config.map((c) => renderProxyAdmissionPolicy(c, options)));
    this.resources = registerObjectsFrom(this, name, objects).map((object) => object.resource);
    [this.policy, this.binding] = this.resources;
    this.registerOutputs({ policy: this.policy, binding: this.binding });
  }
}

/** Args of {@link ProxyEnvSupport}. */
export interface ProxyEnvSupportArgs extends ProxyInjectionOptions {
  /** The cluster's proxy. */
  readonly proxy: ClusterProxyConfig | ProxyDefinition;
  /** Namespaces whose injected pods need the objects (one Secret and/or ConfigMap in each). */
  readonly namespaces: readonly string[];
}

/**
 * The objects pods with the injected proxy env read, in each namespace: the proxy Secret (when the
 * URLs carry credentials; values are secret outputs) and the CA ConfigMap (with `trustedCaPem`).
 * The cdk8s `injectProxyEnv` adds them to the chart; with the Pulumi transform, which cannot create
 * resources, you add them here and pass the same `namespaces` to `proxyEnvTransform`. Registers
 * nothing when the env needs neither.
 */
export class ProxyEnvSupport extends pulumi.ComponentResource {
  /** The namespaces covered. */
  public readonly namespaces: readonly string[];
  /** The Secrets and ConfigMaps, per namespace in args order. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: ProxyEnvSupportArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxyEnvSupport`, name, {}, opts);
    const { proxy, namespaces, ...options } = args;
    const { checked, objects } = withResourceErrors(this, () => {
      if (!Array.isArray(namespaces) || namespaces.length === 0) {
        throw invalidValue('namespaces', namespaces, 'must list at least one namespace');
      }
      const list = [...new Set(namespaces.map((namespace, index) => assertDnsLabel(`namespaces[${index}]`, namespace)))];
      const rendered = proxyDefinitionOf(proxy, 'proxy').config
        .map((config) => new ProxyInjection(config, options))
        .map((injection) => list.flatMap((namespace) => injection.supportObjects(namespace)));
      return { checked: list, objects: rendered };
    });
    this.namespaces = checked;
    this.resources = registerObjectsFrom(this, name, objects).map((object) => object.resource);
    this.registerOutputs({ namespaces: this.namespaces });
  }
}

/** Args of {@link ProxyAwareDeployment}: a Deployment's args plus the proxy. */
export interface ProxyAwareDeploymentArgs extends k8s.apps.v1.DeploymentArgs {
  /** The cluster's proxy (the same definition the nodes are rendered from). */
  readonly proxy: ClusterProxyConfig | ProxyDefinition;
  /**
   * Env, CA bundle and container exclusions (`excludeNames` and `excludeNamespaces` are ignored:
   * they would switch this Deployment's whole purpose off). Defaults to the Secret
   * `cluster-proxy-env`, the CA ConfigMap `cluster-proxy-ca`, every container.
   */
  readonly proxyOptions?: ProxyInjectionOptions;
  /**
   * Register the proxy Secret / CA ConfigMap the env refers to, in the Deployment's namespace.
   * Defaults to true. Set it to false when something else already provides them there (another
   * `ProxyAwareDeployment` in the same namespace, a `ProxyEnvSupport`, or a `KyvernoProxyPolicy`
   * whose source namespace it is): two resources must not own one Kubernetes object.
   */
  readonly supportObjects?: boolean;
}

/**
 * A `kubernetes.apps.v1.Deployment` whose containers carry the proxy env: for workloads no policy
 * engine reaches (cert-manager in `kube-system`, anything started before Kyverno). Every container
 * and init container gets the variables it does not set itself, exactly as the cdk8s
 * `ProxyAwareDeployment` and `injectProxyEnv` add them; the proxy Secret and CA ConfigMap are
 * registered next to it. `spec` may hold Outputs; the parts injection reads (container and env
 * names) are then read when they resolve. `metadata.namespace` must be a plain string (it names
 * the support objects' namespace).
 */
export class ProxyAwareDeployment extends pulumi.ComponentResource {
  /** The Deployment. */
  public readonly deployment: k8s.apps.v1.Deployment;
  /** The proxy Secret / CA ConfigMap, when registered. */
  public readonly supportResources: pulumi.CustomResource[];

  constructor(name: string, args: ProxyAwareDeploymentArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxyAwareDeployment`, name, {}, opts);
    const { proxy, proxyOptions, supportObjects, ...deploymentArgs } = args;
    const { injection, namespace } = withResourceErrors(this, () => {
      const definition = proxyDefinitionOf(proxy, 'proxy');
      // name and namespace exclusions make no sense for one named Deployment: only containers can be excluded
      const variants = definition.config.map((config) => new ProxyInjection(config, { ...proxyOptions, excludeNames: [], excludeNamespaces: [] }));
      return { injection: variants, namespace: plainNamespace(deploymentArgs.metadata) };
    });
    const props = { apiVersion: 'apps/v1', kind: 'Deployment', ...deploymentArgs };
    const injected = injectProxyEnvIntoProps(injection, 'kubernetes:apps/v1:Deployment', props as pulumi.Inputs) ?? props;
    const { apiVersion: _apiVersion, kind: _kind, ...withoutKind } = injected;
    this.deployment = new k8s.apps.v1.Deployment(name, withoutKind as k8s.apps.v1.DeploymentArgs, { parent: this });
    this.supportResources = supportObjects === false
      ? []
      : registerObjectsFrom(this, name, injection.map((i): KubeObject[] => i.supportObjects(namespace))).map((object) => object.resource);
    this.registerOutputs({ deployment: this.deployment });
  }
}

/** The Deployment's namespace, which must be known at program time. */
function plainNamespace(metadata: k8s.apps.v1.DeploymentArgs['metadata']): string | undefined {
  if (metadata === undefined) {
    return undefined;
  }
  if (pulumi.Output.isInstance(metadata) || metadata instanceof Promise) {
    throw invalidValue('metadata', '<output>', 'must be a plain object (its namespace names the namespace of the proxy Secret)');
  }
  const namespace = (metadata as { namespace?: unknown }).namespace;
  if (namespace !== undefined && typeof namespace !== 'string') {
    throw invalidValue('metadata.namespace', '<output>', 'must be a plain string: it is the namespace of the proxy Secret and CA ConfigMap as well');
  }
  return namespace;
}

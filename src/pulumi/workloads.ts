import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { registerFromProxy, registerProduct, TYPE_TOKEN_PREFIX, withResourceErrors } from './product-resources';
import { ProxyArgs, proxyDefinitionOf } from './proxy-definition';
import { injectProxyEnvIntoProps, proxyInjectionOf } from './transform';
import { ClusterProxyConfig } from '../core/definition/cluster-proxy-config';
import { invalidValue, withinField } from '../core/primitives/errors';
import { assertDnsLabel } from '../core/primitives/k8s/names';
import { checkJsonData } from '../core/primitives/validation/json-data';
import { checkProps, propKeys, propsObject } from '../core/primitives/validation/strict-props';
import { WithObjectMetadata } from '../core/product/metadata';
import { deploymentInjectionOptions, ProxyInjectionOptions } from '../core/workloads/injection-options';
import { KyvernoProxyPolicyOptions } from '../core/workloads/kyverno-policy';
import { ProxyAdmissionPolicyOptions } from '../core/workloads/mutating-admission-policy';
import { injectionSourcesProduct, kyvernoProxyPolicyProduct, proxyAdmissionPolicyProduct } from '../core/workloads/products';
import { ProxyInjection } from '../core/workloads/proxy-injection';

/**
 * Workloads behind the proxy: the Pulumi counterparts of the cdk8s `KyvernoProxyPolicy`,
 * `ProxyAdmissionPolicy` and `ProxyAwareDeployment`, and `ProxyEnvSupport` (the Secret and CA
 * ConfigMap injected pods read, which the cdk8s `injectProxyEnv` adds per namespace). Those
 * sources are shared: each is registered once per provider, whichever component needs it first.
 */

/** Args of {@link KyvernoProxyPolicy}. */
export interface KyvernoProxyPolicyArgs extends KyvernoProxyPolicyOptions, WithObjectMetadata, ProxyArgs {}

/**
 * A Kyverno `ClusterPolicy` that puts every Pod outside `kube-system` (and the excluded namespaces)
 * behind the proxy, with the source Secret/ConfigMap it clones into every namespace (in
 * `cluster-proxy-system` by default, emitted with it) and the RBAC Kyverno needs: the same objects
 * as the cdk8s `KyvernoProxyPolicy`.
 */
export class KyvernoProxyPolicy extends pulumi.ComponentResource {
  /** The ClusterPolicy. */
  public readonly policy: pulumi.CustomResource;
  /** Every resource: the ClusterPolicy, the ClusterRoles, the sources. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: KyvernoProxyPolicyArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}KyvernoProxyPolicy`, name, {}, opts);
    this.resources = registerFromProxy(this, name, args, kyvernoProxyPolicyProduct).resources;
    this.policy = this.resources[0];
    this.registerOutputs({ policy: this.policy });
  }
}

/** Args of {@link ProxyAdmissionPolicy}. */
export interface ProxyAdmissionPolicyArgs extends ProxyAdmissionPolicyOptions, WithObjectMetadata, ProxyArgs {}

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
    this.resources = registerFromProxy(this, name, args, proxyAdmissionPolicyProduct).resources;
    [this.policy, this.binding] = this.resources;
    this.registerOutputs({ policy: this.policy, binding: this.binding });
  }
}

/** Args of {@link ProxyEnvSupport}. */
export interface ProxyEnvSupportArgs extends ProxyInjectionOptions, ProxyArgs {
  /** Namespaces whose injected pods need the objects (one Secret and/or ConfigMap in each). */
  readonly namespaces: readonly string[];
}

/**
 * The objects pods with the injected proxy env read, in each namespace: the proxy Secret (when the
 * URLs carry credentials) and the CA ConfigMap (with `trustedCaPem`). The transform cannot create
 * resources: add them here and pass the same `namespaces` to `proxyEnvTransform`.
 */
export class ProxyEnvSupport extends pulumi.ComponentResource {
  /** The namespaces covered. */
  public readonly namespaces: readonly string[];
  /** The Secrets and ConfigMaps, per namespace in args order. */
  public readonly resources: pulumi.CustomResource[];

  constructor(name: string, args: ProxyEnvSupportArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxyEnvSupport`, name, {}, opts);
    const { proxy, namespaces, ...options } = withResourceErrors(this, () => propsObject(args));
    const list = withResourceErrors(this, () => {
      if (!Array.isArray(namespaces) || namespaces.length === 0) {
        throw invalidValue('namespaces', namespaces, 'must list at least one namespace');
      }
      return [...new Set(namespaces.map((namespace, index) => assertDnsLabel(`namespaces[${index}]`, namespace)))];
    });
    this.namespaces = list;
    this.resources = registerProduct(this, name, () => {
      const definition = proxyDefinitionOf(proxy);
      proxyInjectionOf(definition, options);
      const sources = (config: ClusterProxyConfig) => list.flatMap((namespace) => new ProxyInjection(config, options).supportObjects(namespace));
      return definition.render((config) => injectionSourcesProduct(config, sources(config)));
    }).resources;
    this.registerOutputs({ namespaces: this.namespaces });
  }
}

/** Args of {@link ProxyAwareDeployment}: a Deployment's args plus the proxy. */
export interface ProxyAwareDeploymentArgs extends k8s.apps.v1.DeploymentArgs, ProxyArgs {
  /**
   * Env, CA bundle and container exclusions (`excludeNames` and `excludeNamespaces` are ignored:
   * they would switch this Deployment's whole purpose off).
   *
   * @default - Secret `cluster-proxy-env`, CA ConfigMap `cluster-proxy-ca` (the corporate CA with
   * the Mozilla roots of the Node.js that runs the synth, see `trustBundle`), every container
   */
  readonly proxyOptions?: ProxyInjectionOptions;
}

const PROXY_AWARE_DEPLOYMENT_KEYS = propKeys<ProxyAwareDeploymentArgs>({
  proxy: true, proxyOptions: true, apiVersion: true, kind: true, metadata: true, spec: true,
});

/**
 * A `kubernetes.apps.v1.Deployment` whose containers carry the proxy env: for workloads no policy
 * engine reaches (cert-manager in `kube-system`, anything started before Kyverno), exactly as the
 * cdk8s `ProxyAwareDeployment` adds it; the proxy Secret and CA ConfigMap are registered in its
 * namespace (once per provider: shared with other components that need them there). `spec` may
 * hold Outputs; `metadata.namespace` must be a plain string (it is the support objects' namespace).
 */
export class ProxyAwareDeployment extends pulumi.ComponentResource {
  /** The Deployment. */
  public readonly deployment: k8s.apps.v1.Deployment;
  /** The proxy Secret / CA ConfigMap (possibly registered by another component). */
  public readonly supportResources: pulumi.CustomResource[];

  constructor(name: string, args: ProxyAwareDeploymentArgs, opts?: pulumi.ComponentResourceOptions) {
    super(`${TYPE_TOKEN_PREFIX}ProxyAwareDeployment`, name, {}, opts);
    const { proxy, proxyOptions, ...deploymentArgs } = withResourceErrors(this, () => propsObject(args));
    const { definition, options, injection, namespace } = withResourceErrors(this, () => {
      checkProps('', args, PROXY_AWARE_DEPLOYMENT_KEYS, 'ProxyAwareDeployment arg');
      checkJsonData('metadata', deploymentArgs.metadata);
      if (deploymentArgs.spec === undefined || deploymentArgs.spec === null) {
        throw invalidValue('spec', deploymentArgs.spec, 'is required: the Deployment\'s spec, with the pod template to inject');
      }
      checkJsonData('spec', deploymentArgs.spec);
      const resolved = proxyDefinitionOf(proxy);
      const injectionOptions = deploymentInjectionOptions(proxyOptions);
      return {
        definition: resolved,
        options: injectionOptions,
        injection: withinField('proxyOptions', () => proxyInjectionOf(resolved, injectionOptions)),
        namespace: plainNamespace(deploymentArgs.metadata),
      };
    });
    // Pulumi prints every top-level arg when it registers a resource, which fails for an object
    // without a prototype (as from JSON or YAML parsed into Object.create(null)): give it one.
    const props = { apiVersion: 'apps/v1', kind: 'Deployment', ...deploymentArgs, ...withPrototype(deploymentArgs, ['metadata', 'spec']) };
    const { apiVersion: _v, kind: _k, ...injected } = injectProxyEnvIntoProps(injection, 'kubernetes:apps/v1:Deployment', props as pulumi.Inputs) ?? props;
    this.deployment = new k8s.apps.v1.Deployment(name, injected as k8s.apps.v1.DeploymentArgs, { parent: this });
    this.supportResources = registerProduct(this, name,
      () => definition.render((config) => injectionSourcesProduct(config, new ProxyInjection(config, options).supportObjects(namespace)))).resources;
    this.registerOutputs({ deployment: this.deployment });
  }
}

/** The Deployment's namespace, which must be known at program time. */
function plainNamespace(metadata: k8s.apps.v1.DeploymentArgs['metadata']): string | undefined {
  if (metadata === undefined) {
    return undefined;
  }
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
    throw invalidValue('metadata', metadata, 'must be an object');
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

/** Copies of `args`' plain objects at `keys` that have no prototype, with one (others are left out). */
function withPrototype(args: object, keys: string[]): Record<string, unknown> {
  const values = args as Record<string, unknown>;
  return Object.fromEntries(keys
    .filter((key) => values[key] !== null && typeof values[key] === 'object' && Object.getPrototypeOf(values[key]) === null)
    .map((key) => [key, { ...(values[key] as object) }]));
}

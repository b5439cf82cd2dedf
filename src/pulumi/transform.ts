import * as pulumi from '@pulumi/pulumi';
import { ProxyDefinition, proxyDefinitionOf } from './proxy-definition';
import { ClusterProxyConfig } from '../core/definition/cluster-proxy-config';
import { describeValue, invalidValue, ProxyConfigError } from '../core/primitives/errors';
import { KubeObject } from '../core/primitives/k8s/manifest';
import { assertDnsLabel } from '../core/primitives/k8s/names';
import { checkNestingDepth, isPlainObject } from '../core/primitives/validation/json-data';
import { ProxyInjectionOptions } from '../core/workloads/injection-options';
import { visitInjectionReads } from '../core/workloads/injection-reads';
import { applyJsonPatch } from '../core/workloads/json-patch';
import { ProxyInjection } from '../core/workloads/proxy-injection';
import { podSpecPath } from '../core/workloads/workload-kinds';

/**
 * Deploy-time injection: a Pulumi resource transform that gives every pod-bearing Kubernetes
 * resource the proxy env, with the core `ProxyInjection` (the same exclusions, never-overwrite rule
 * and variables as the cdk8s `injectProxyEnv` and the cluster policies). The env refers to the
 * proxy Secret for credentials, so it never depends on them and is computed at program time.
 *
 * Props come as plain values, as Outputs and Promises, or in the engine's wire form (`transforms`
 * callbacks): secrets as `{ <sig key>: <secret sig>, value }` objects lifted to the top-level
 * property and, in a preview, unknowns. Only the parts injection reads (names, namespaces,
 * annotations, container, env, volume and mount names) must be known; everything else passes
 * through untouched. A secret field stays secret.
 */

/** Options of {@link proxyEnvTransform}: the injection options of every path, plus the namespace check. */
export interface ProxyEnvTransformOptions extends ProxyInjectionOptions {
  /**
   * Namespaces in which the proxy Secret and CA ConfigMap exist (e.g. a `ProxyEnvSupport` with the
   * same namespaces). When injection needs them, a workload elsewhere, or without
   * `metadata.namespace`, fails the deployment with an error naming it.
   *
   * @default - no check (a `KyvernoProxyPolicy` clones the objects into every namespace)
   */
  readonly namespaces?: readonly string[];
}

/** What a transform receives: `pulumi.ResourceTransformArgs` and the legacy `ResourceTransformationArgs` both fit. */
export interface ProxyEnvTransformArgs {
  /** Resource type token, e.g. `kubernetes:apps/v1:Deployment`. */
  readonly type: string;
  /** Resource name. */
  readonly name: string;
  /** The resource's input properties. */
  readonly props: pulumi.Inputs;
  /** The resource options. */
  readonly opts: pulumi.ResourceOptions;
}

/** A resource transform; synchronous, so it also works as a legacy `transformations` entry. */
export type ProxyEnvTransform = (args: ProxyEnvTransformArgs) => pulumi.ResourceTransformResult | undefined;

/**
 * The core injection for the Pulumi components. `literalCredentials` is refused with credentials:
 * the env would carry them outside a Secret (and, for an Output password, could not be computed).
 */
export function proxyInjectionOf(proxy: ProxyDefinition, options: ProxyInjectionOptions = {}): ProxyInjection {
  const definition = proxyDefinitionOf(proxy);
  // before the env is rendered: literal, it would hold the credentials (or their slots)
  if (definition.hasCredentials && options?.literalCredentials === true) {
    throw new ProxyConfigError('literalCredentials', 'is not supported by the Pulumi components when the proxy URLs carry credentials: they stay in Secret data');
  }
  return new ProxyInjection(definition.config, options);
}

/**
 * The transform that puts every pod-bearing Kubernetes resource behind the proxy (Pod, Deployment,
 * StatefulSet, DaemonSet, ReplicaSet, ReplicationController, PodTemplate, Job, CronJob). Give it in
 * a component's `transforms` option (it reaches all children, also inside `helm.v4.Chart`), or
 * stack-wide with {@link registerProxyEnvTransform}. A transform cannot create resources: add a
 * `ProxyEnvSupport` for the namespaces, and pass them as `namespaces`.
 */
export function proxyEnvTransform(proxy: ClusterProxyConfig | ProxyDefinition, options: ProxyEnvTransformOptions = {}): ProxyEnvTransform {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw invalidValue('options', options, 'must be an object of transform options');
  }
  const { namespaces, ...injectionOptions } = options;
  if (namespaces !== undefined && !Array.isArray(namespaces)) {
    throw invalidValue('namespaces', namespaces, 'must be an array of namespace names');
  }
  const allowed = namespaces?.map((namespace, index) => assertDnsLabel(`namespaces[${index}]`, namespace));
  const injection = proxyInjectionOf(proxyDefinitionOf(proxy), injectionOptions);
  return (args) => {
    const props = injectProxyEnvIntoProps(injection, args.type, args.props, { allowedNamespaces: allowed, resourceName: args.name });
    return props === undefined ? undefined : { props, opts: args.opts };
  };
}

/**
 * Register {@link proxyEnvTransform} for every resource the program creates from now on
 * (`pulumi.runtime.registerResourceTransform`, Pulumi 3.118 or later). Never done on import.
 *
 * @returns the registered transform
 */
export function registerProxyEnvTransform(proxy: ClusterProxyConfig | ProxyDefinition, options: ProxyEnvTransformOptions = {}): ProxyEnvTransform {
  const transform = proxyEnvTransform(proxy, options);
  pulumi.runtime.registerResourceTransform(transform as pulumi.ResourceTransform);
  return transform;
}

/** Options of {@link injectProxyEnvIntoProps}. */
export interface PropsInjectionOptions {
  /** Namespaces where the support objects exist (see `ProxyEnvTransformOptions.namespaces`). @default - no check */
  readonly allowedNamespaces?: readonly string[];
  /** Name of the resource, for error messages. @default - the type token only */
  readonly resourceName?: string;
}

/**
 * The props of a `type` resource with the proxy env injected, or `undefined` when the type carries
 * no pod or nothing is missing. The input is not modified.
 */
export function injectProxyEnvIntoProps(injection: ProxyInjection, type: string, props: pulumi.Inputs,
  options: PropsInjectionOptions = {}): pulumi.Inputs | undefined {
  if (!(injection instanceof ProxyInjection)) {
    throw invalidValue('injection', injection, 'must be a ProxyInjection (proxyInjectionOf(proxy, options))');
  }
  if (typeof type !== 'string') {
    throw invalidValue('type', type, 'must be a Pulumi type token such as kubernetes:apps/v1:Deployment');
  }
  const kind = kindOfType(type);
  const specPath = kind && podSpecPath(kind.apiVersion, kind.kind);
  if (!kind || !specPath || props === null || typeof props !== 'object') {
    return undefined;
  }
  const top = specPath[0];
  checkNestingDepth('metadata', props.metadata);
  checkNestingDepth(top, props[top]);
  const metadata = unmark(props.metadata);
  const field = unmark(props[top]);
  const remark = (value: unknown): unknown => (field.secret ? mark(value) : value);
  const patch = (metadataValue: unknown, fieldValue: unknown): unknown => {
    const manifest = { apiVersion: kind.apiVersion, kind: kind.kind, metadata: metadataValue ?? {}, [top]: fieldValue } as unknown as KubeObject;
    const plan = injection.plan(manifest);
    if (plan.patch.length === 0) {
      return fieldValue;
    }
    if (plan.supportObjects.length > 0 && options.allowedNamespaces !== undefined) {
      checkNamespace(manifest.metadata.namespace, options.allowedNamespaces, `${type}${options.resourceName ? ` ${describeValue(options.resourceName)}` : ''}`);
    }
    return (applyJsonPatch(manifest, plan.patch) as unknown as Record<string, unknown>)[top];
  };
  const state = readState({ metadata: metadata.value, [top]: field.value }, specPath);
  if (state === 'unknown') {
    // A preview with unknown names: the result is unknown too (the update sees the values).
    return { ...props, [top]: remark(pulumi.unknown) };
  }
  if (state === 'plain') {
    const patched = patch(metadata.value, field.value);
    return patched === field.value ? undefined : { ...props, [top]: remark(patched) };
  }
  // Outputs or Promises where injection reads: decide when they resolve.
  const resolved = pulumi.all([metadata.value as pulumi.Input<unknown>, field.value as pulumi.Input<unknown>]);
  const value = resolved.apply(([m, f]) => patch(unmark(m).value, unmark(f).value));
  return { ...props, [top]: field.secret ? pulumi.secret(value) : value };
}

/** `kubernetes:apps/v1:Deployment` to `{ apiVersion: 'apps/v1', kind: 'Deployment' }` (`core/v1` is `v1`). */
export function kindOfType(type: string): { apiVersion: string; kind: string } | undefined {
  const match = typeof type === 'string' ? /^kubernetes:([^:]+)\/([^:/]+):([^:]+)$/.exec(type) : null;
  if (!match) {
    return undefined;
  }
  const [, group, version, kind] = match;
  return { apiVersion: group === 'core' ? version : `${group}/${version}`, kind };
}

/** A wire-format secret wrapping `value` (the form the engine sends and accepts). */
function mark(value: unknown): unknown {
  return { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value };
}

/** The value with wire-format secret wrappers removed (at any depth), and whether there was one. */
function unmark(value: unknown): { value: unknown; secret: boolean } {
  if (isPlainObject(value) && value[pulumi.runtime.specialSigKey] === pulumi.runtime.specialSecretSig) {
    return { value: unmark(value.value).value, secret: true };
  }
  const entries = Array.isArray(value) ? value.map((item, index) => [index, unmark(item)] as const)
    : isPlainObject(value) ? Object.entries(value).map(([key, item]) => [key, unmark(item)] as const) : [];
  if (!entries.some(([, item]) => item.secret)) {
    return { value, secret: false };
  }
  const values = entries.map(([key, item]) => [key, item.value] as const);
  return { value: Array.isArray(value) ? values.map(([, item]) => item) : Object.fromEntries(values), secret: true };
}

type ReadState = 'plain' | 'output' | 'unknown';
const RANK: Record<ReadState, number> = { plain: 0, output: 1, unknown: 2 };

/** The least known of the states. */
function worst(states: readonly ReadState[]): ReadState {
  return states.reduce<ReadState>((a, b) => (RANK[b] > RANK[a] ? b : a), 'plain');
}

/** How known a value is: itself only, or (`deep`) with everything inside it. */
function stateOf(value: unknown, deep: boolean): ReadState {
  if (pulumi.isUnknown(value)) {
    return 'unknown';
  }
  if (pulumi.Output.isInstance(value) || value instanceof Promise) {
    return 'output';
  }
  return deep && value !== null && typeof value === 'object' ? worst(Object.values(value).map((item) => stateOf(item, true))) : 'plain';
}

/** Whether everything `ProxyInjection.plan` reads in `manifest` is known now. */
function readState(manifest: Record<string, unknown>, specPath: readonly string[]): ReadState {
  const states: ReadState[] = [];
  visitInjectionReads(manifest, specPath, (value, deep) => states.push(stateOf(value, deep)));
  return worst(states);
}

function checkNamespace(namespace: string | undefined, allowed: readonly string[], label: string): void {
  if (namespace === undefined || !allowed.includes(namespace)) {
    throw new pulumi.RunError(`${label}: the proxy env refers to the proxy Secret / CA ConfigMap, which exist only in the namespaces `
      + `${allowed.join(', ') || '(none)'}; ${namespace === undefined ? 'set metadata.namespace' : `add ${describeValue(namespace)} to the namespaces option`}`
      + ', or exclude the workload (excludeNames, excludeNamespaces, or the opt-out annotation)');
  }
}

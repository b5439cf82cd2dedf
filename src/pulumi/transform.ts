import * as pulumi from '@pulumi/pulumi';
import { proxyDefinitionOf } from './component-support';
import { CredentialVariants } from './credentials';
import { ProxyDefinition } from './proxy-definition';
import { plainJson } from './rendered-objects';
import { ClusterProxyConfig } from '../core/cluster-proxy-config';
import { invalidValue } from '../core/errors';
import { KubeObject } from '../core/k8s/manifest';
import { assertDnsLabel, canonicalJson } from '../core/k8s/names';
import { ProxyInjectionOptions } from '../core/workloads/injection-options';
import { JsonPatchAdd } from '../core/workloads/json-patch';
import { CONTAINER_LISTS } from '../core/workloads/pod-spec-patch';
import { ProxyInjection } from '../core/workloads/proxy-injection';
import { podMetadataPath, podSpecPath } from '../core/workloads/workload-kinds';

/**
 * Deploy-time injection: a Pulumi resource transform that gives every pod-bearing Kubernetes
 * resource the proxy env, with the core `ProxyInjection` (the same exclusions, the same
 * never-overwrite rule, the same variables as the cdk8s `injectProxyEnv` and the cluster policies).
 *
 * Transform props come in three forms, all handled:
 *  - plain values (in-process `transformations`, or a Deployment whose spec has no Outputs);
 *  - Outputs and Promises (props built from other resources' outputs);
 *  - the engine's wire values, for `transforms` (the engine calls back with deserialized props):
 *    secrets arrive as `{ 4dabf18193072939515e22adb298388d: <secret sig>, value }` objects (the SDK
 *    lifts a nested secret up to the top-level property) and, in a preview, unknown values as
 *    `pulumi.unknown`.
 * Only the parts injection reads (names, namespaces, annotations, container names, env names,
 * volume and mount names) must be known; everything else passes through untouched, Outputs and
 * unknowns included. A secret field stays secret.
 */

/** Options of {@link proxyEnvTransform}: the injection options of every path, plus the namespace check. */
export interface ProxyEnvTransformOptions extends ProxyInjectionOptions {
  /**
   * Namespaces in which the proxy Secret (with credentials) and CA ConfigMap (with `trustedCaPem`)
   * exist, e.g. a `ProxyEnvSupport` with the same namespaces. When injection needs them, a workload
   * in another namespace, or without `metadata.namespace`, fails the deployment with an error naming
   * it, instead of pods that cannot start. Defaults to no check: the objects must then exist in
   * every namespace with injected workloads (a `KyvernoProxyPolicy` clones them everywhere).
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

/**
 * A resource transform. It returns synchronously, so it also works as a legacy `transformations`
 * entry (in-process, for example on a `helm.v3.Chart`).
 */
export type ProxyEnvTransform = (args: ProxyEnvTransformArgs) => pulumi.ResourceTransformResult | undefined;

/**
 * The transform that puts every pod-bearing Kubernetes resource behind the proxy: Pod, Deployment,
 * StatefulSet, DaemonSet, ReplicaSet, ReplicationController, PodTemplate, Job and CronJob (typed
 * `kubernetes:<group>/<version>:<Kind>` resources, as Helm charts, ConfigGroups and packaged
 * components register their children). Give it in a component's `transforms` option (it then
 * applies to all the component's children, also inside packaged components such as
 * `helm.v4.Chart`), or stack-wide with {@link registerProxyEnvTransform}. Never registered on import.
 *
 * The proxy Secret and CA ConfigMap the env refers to are not created here (a transform cannot
 * create resources): add a `ProxyEnvSupport` for the namespaces, and pass them as `namespaces`.
 */
export function proxyEnvTransform(proxy: ClusterProxyConfig | ProxyDefinition, options: ProxyEnvTransformOptions = {}): ProxyEnvTransform {
  const definition = proxyDefinitionOf(proxy, 'proxy');
  const { namespaces, ...injectionOptions } = options;
  const allowed = namespaces === undefined ? undefined : checkNamespaces(namespaces);
  const injection = definition.config.map((config) => new ProxyInjection(config, injectionOptions));
  return (args) => {
    const props = injectProxyEnvIntoProps(injection, args.type, args.props, { allowedNamespaces: allowed, resourceName: args.name });
    return props === undefined ? undefined : { props, opts: args.opts };
  };
}

/**
 * Register {@link proxyEnvTransform} for every resource the program creates from now on
 * (`pulumi.runtime.registerResourceTransform`). Call it before creating the resources. Needs an
 * engine that runs transforms (stack transforms are stable since Pulumi 3.118, the `transforms`
 * option since 3.115); without one the SDK throws.
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
  /**
   * Namespaces where the support objects exist (see `ProxyEnvTransformOptions.namespaces`).
   *
   * @default - no check
   */
  readonly allowedNamespaces?: readonly string[];
  /**
   * Name of the resource, for error messages.
   *
   * @default - the type token only
   */
  readonly resourceName?: string;
}

/**
 * The props of a `type` resource with the proxy env injected, or `undefined` when the type carries
 * no pod or nothing is missing. Pure apart from creating Outputs; the input is not modified.
 */
export function injectProxyEnvIntoProps(injection: CredentialVariants<ProxyInjection>, type: string, props: pulumi.Inputs,
  options: PropsInjectionOptions = {}): pulumi.Inputs | undefined {
  const kind = kindOfType(type);
  const specPath = kind && podSpecPath(kind.apiVersion, kind.kind);
  if (!kind || !specPath || props === null || typeof props !== 'object') {
    return undefined;
  }
  const top = specPath[0];
  const label = `${type}${options.resourceName ? ` "${options.resourceName}"` : ''}`;
  const metadata = unmark(props.metadata);
  const field = unmark(props[top]);
  const state = readState({ metadata: metadata.value, [top]: field.value }, specPath);
  const remark = (value: unknown): unknown => (field.secret ? pulumi.secret(value as pulumi.Input<unknown>) : value);

  if (state === 'unknown') {
    // A preview with unknown names: the result is unknown too (the update sees the values).
    return { ...props, [top]: field.secret ? mark(pulumi.unknown) : pulumi.unknown };
  }
  const patch = (inj: ProxyInjection, metadataValue: unknown, fieldValue: unknown): unknown => {
    const manifest = { apiVersion: kind.apiVersion, kind: kind.kind, metadata: metadataValue ?? {}, [top]: fieldValue } as unknown as KubeObject;
    const plan = inj.plan(manifest);
    if (plan.patch.length === 0) {
      return fieldValue;
    }
    if (plan.supportObjects.length > 0 && options.allowedNamespaces !== undefined) {
      checkNamespace(manifest.metadata.namespace, options.allowedNamespaces, label);
    }
    return (applyAdds(manifest, plan.patch) as Record<string, unknown>)[top];
  };
  const credentialsMatter = injectionDependsOnCredentials(injection);

  if (state === 'plain') {
    const program = injection.known ?? injection.standIns![0];
    const patched = patch(program, metadata.value, field.value);
    if (patched === field.value) {
      return undefined;
    }
    const value = credentialsMatter
      ? injection.output().apply((inj) => patch(inj, metadata.value, field.value)) // secret: computed from the credentials
      : patched;
    return { ...props, [top]: field.secret && !credentialsMatter ? mark(value) : value };
  }
  // Outputs or Promises where injection reads: decide when they resolve.
  const resolved = pulumi.all([metadata.value as pulumi.Input<unknown>, field.value as pulumi.Input<unknown>]);
  const value = credentialsMatter
    // nested apply, not pulumi.all: `all` would copy the ProxyInjection into a plain object
    ? pulumi.secret(resolved.apply(([m, f]) => injection.output().apply((inj) => patch(inj, unmark(m).value, unmark(f).value))))
    : resolved.apply(([m, f]) => patch(injection.known ?? injection.standIns![0], unmark(m).value, unmark(f).value));
  return { ...props, [top]: remark(value) };
}

/** `kubernetes:apps/v1:Deployment` to `{ apiVersion: 'apps/v1', kind: 'Deployment' }` (`core/v1` is `v1`). */
export function kindOfType(type: string): { apiVersion: string; kind: string } | undefined {
  const match = /^kubernetes:([^:]+)\/([^:/]+):([^:]+)$/.exec(type);
  if (!match) {
    return undefined;
  }
  const [, group, version, kind] = match;
  return { apiVersion: group === 'core' ? version : `${group}/${version}`, kind };
}

/** True when the env added depends on the credentials (literal URLs with credentials). */
function injectionDependsOnCredentials(injection: CredentialVariants<ProxyInjection>): boolean {
  const standIns = injection.standIns;
  return standIns !== undefined && canonicalJson(standIns[0].envGroups) !== canonicalJson(standIns[1].envGroups);
}

/** A wire-format secret wrapping `value` (the form the engine sends and accepts). */
function mark(value: unknown): unknown {
  return { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value };
}

function isMarker(value: unknown): value is { value: unknown } {
  return value !== null && typeof value === 'object' && (value as Record<string, unknown>)[pulumi.runtime.specialSigKey] === pulumi.runtime.specialSecretSig;
}

/** The value with wire-format secret wrappers removed (at any depth), and whether there was one. */
function unmark(value: unknown): { value: unknown; secret: boolean } {
  if (isMarker(value)) {
    return { value: unmark(value.value).value, secret: true };
  }
  if (Array.isArray(value)) {
    const items = value.map(unmark);
    return items.some((item) => item.secret) ? { value: items.map((item) => item.value), secret: true } : { value, secret: false };
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).map(([key, item]) => [key, unmark(item)] as const);
    return entries.some(([, item]) => item.secret)
      ? { value: Object.fromEntries(entries.map(([key, item]) => [key, item.value])), secret: true }
      : { value, secret: false };
  }
  return { value, secret: false };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

type ReadState = 'plain' | 'output' | 'unknown';

/** How known a single value is. */
function stateOf(value: unknown): ReadState {
  if (pulumi.isUnknown(value)) {
    return 'unknown';
  }
  if (pulumi.Output.isInstance(value) || value instanceof Promise) {
    return 'output';
  }
  return 'plain';
}

/** The least known of the states. */
function worst(states: readonly ReadState[]): ReadState {
  return states.includes('unknown') ? 'unknown' : states.includes('output') ? 'output' : 'plain';
}

/** A value and everything inside it. */
function deepState(value: unknown): ReadState {
  const own = stateOf(value);
  if (own !== 'plain') {
    return own;
  }
  if (Array.isArray(value)) {
    return worst(value.map(deepState));
  }
  if (value !== null && typeof value === 'object') {
    return worst(Object.values(value).map(deepState));
  }
  return 'plain';
}

/** Whether everything `ProxyInjection.plan` reads in `manifest` is known now. */
function readState(manifest: Record<string, unknown>, specPath: readonly string[]): ReadState {
  const states: ReadState[] = [];
  const metadata = manifest.metadata as Record<string, unknown> | undefined;
  states.push(stateOf(metadata));
  if (isPlainObject(metadata)) {
    states.push(deepState(metadata.name), deepState(metadata.namespace), deepState(metadata.annotations));
  }
  // The path down to the pod spec, and the pod template's metadata next to it.
  let node: unknown = manifest;
  for (const key of specPath) {
    node = isPlainObject(node) ? node[key] : undefined;
    states.push(stateOf(node));
  }
  let podMetadata: unknown = manifest;
  for (const key of podMetadataPath(specPath)) {
    podMetadata = isPlainObject(podMetadata) ? podMetadata[key] : undefined;
    states.push(stateOf(podMetadata));
  }
  if (isPlainObject(podMetadata)) {
    states.push(deepState(podMetadata.annotations));
  }
  if (isPlainObject(node)) {
    states.push(listState(node.volumes, ['name']));
    for (const list of CONTAINER_LISTS) {
      states.push(stateOf(node[list]));
      for (const container of Array.isArray(node[list]) ? node[list] as unknown[] : []) {
        states.push(stateOf(container));
        if (isPlainObject(container)) {
          states.push(deepState(container.name), listState(container.env, ['name']), listState(container.volumeMounts, ['name', 'mountPath']));
        }
      }
    }
  }
  return worst(states);
}

/** A list, its items and the given keys of each item. */
function listState(list: unknown, keys: readonly string[]): ReadState {
  const own = stateOf(list);
  if (own !== 'plain' || !Array.isArray(list)) {
    return own;
  }
  return worst(list.flatMap((item) => [stateOf(item), ...(isPlainObject(item) ? keys.map((key) => deepState(item[key])) : [])]));
}

/**
 * Apply `add` operations, copying only the containers on each operation's path: everything else
 * (including Outputs and unknowns elsewhere in the manifest) is kept by reference.
 */
function applyAdds(document: unknown, operations: readonly JsonPatchAdd[]): unknown {
  const copies = new Set<unknown>();
  const own = <T>(value: T): T => {
    if (copies.has(value)) {
      return value;
    }
    const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as T;
    copies.add(copy);
    return copy;
  };
  const root = own(document) as Record<string, unknown>;
  for (const operation of operations) {
    const tokens = operation.path.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = tokens.pop()!;
    let parent: Record<string, unknown> | unknown[] = root;
    for (const token of tokens) {
      const container = parent as Record<string, unknown>;
      container[token] = own(container[token]);
      parent = container[token] as Record<string, unknown>;
    }
    const value = plainJson(operation.value);
    if (Array.isArray(parent)) {
      parent.splice(last === '-' ? parent.length : Number(last), 0, value);
    } else {
      parent[last] = value;
    }
  }
  return root;
}

function checkNamespaces(namespaces: readonly string[]): readonly string[] {
  if (!Array.isArray(namespaces)) {
    throw invalidValue('namespaces', namespaces, 'must be an array of namespace names');
  }
  return namespaces.map((namespace, index) => assertDnsLabel(`namespaces[${index}]`, namespace));
}

function checkNamespace(namespace: string | undefined, allowed: readonly string[], label: string): void {
  if (namespace === undefined || !allowed.includes(namespace)) {
    throw new pulumi.RunError(`${label}: the proxy env refers to the proxy Secret / CA ConfigMap, which exist only in the namespaces `
      + `${allowed.join(', ') || '(none)'}; ${namespace === undefined ? 'set metadata.namespace' : `add "${namespace}" to the namespaces option`}`
      + ', or exclude the workload (excludeNames, excludeNamespaces, or the opt-out annotation)');
  }
}

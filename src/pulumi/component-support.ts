import * as pulumi from '@pulumi/pulumi';
import { CredentialVariants } from './credentials';
import { registerRenderedObjects } from './kube-objects';
import { ProxyDefinition, ProxySettingsArgs } from './proxy-definition';
import { CredentialDependenceError, renderObjects } from './rendered-objects';
import { ClusterProxyConfig, ClusterProxyConfigOptions } from '../core/cluster-proxy-config';
import { invalidValue, ProxyConfigError } from '../core/errors';
import { KubeObject } from '../core/k8s/manifest';
import { ClusterNetwork, ClusterNetworkProps } from '../core/network';
import { ProxySettings } from '../core/proxy-settings';

/** Package part of every component type token: `cluster-proxy-constructs:index:<Name>`. */
export const TYPE_TOKEN_PREFIX = 'cluster-proxy-constructs:index:';

/**
 * Where a component's proxy comes from: a computed `ClusterProxyConfig` or a
 * {@link ProxyDefinition} (whose credentials may be Outputs), or the parts of one. The Pulumi
 * counterpart of the core's `ProxySourceProps`.
 */
export interface ProxySourceArgs {
  /**
   * The proxy. Give either this, or `settings` and `network`.
   *
   * @default - computed from `settings`, `network` and `proxyOptions`
   */
  readonly proxy?: ClusterProxyConfig | ProxyDefinition;
  /**
   * The installation-wide proxy definition: a `ProxySettings`, or its props with the user name and
   * password as Pulumi inputs.
   *
   * @default - taken from `proxy`
   */
  readonly settings?: ProxySettings | ProxySettingsArgs;
  /**
   * The cluster's network facts (an instance or its props).
   *
   * @default - taken from `proxy`
   */
  readonly network?: ClusterNetwork | ClusterNetworkProps;
  /**
   * NO_PROXY options used with `settings` and `network`.
   *
   * @default - every cluster-specific NO_PROXY category on, no extra entries
   */
  readonly proxyOptions?: ClusterProxyConfigOptions;
}

/** The {@link ProxyDefinition} the args describe; errors name the prop, as the core's `resolveProxyConfig` does. */
export function resolveProxyDefinition(args: ProxySourceArgs): ProxyDefinition {
  if (args.proxy !== undefined) {
    if (args.settings !== undefined || args.network !== undefined || args.proxyOptions !== undefined) {
      throw new ProxyConfigError('proxy', 'give either proxy, or settings and network (with proxyOptions), not both');
    }
    return ProxyDefinition.of(args.proxy, 'proxy');
  }
  if (args.settings === undefined || args.network === undefined) {
    throw new ProxyConfigError(args.settings === undefined ? 'settings' : 'network',
      'is required: give proxy (a ClusterProxyConfig or ProxyDefinition), or both settings and network');
  }
  return new ProxyDefinition({ settings: args.settings, network: args.network, proxyOptions: args.proxyOptions });
}

/** A proxy given as `ClusterProxyConfig | ProxyDefinition` under the prop `field`. */
export function proxyDefinitionOf(value: ClusterProxyConfig | ProxyDefinition, field: string): ProxyDefinition {
  if (value === undefined) {
    throw new ProxyConfigError(field, 'is required (a ClusterProxyConfig or ProxyDefinition)');
  }
  return ProxyDefinition.of(value, field);
}

/**
 * The error to raise for `error` on `resource`: the core's validation errors (their message names
 * the prop) and credential-dependence errors become a `pulumi.ResourceError` with the same
 * message; anything else is returned as it is.
 */
export function toResourceError(resource: pulumi.Resource, error: unknown): unknown {
  if (error instanceof ProxyConfigError || error instanceof CredentialDependenceError) {
    return new pulumi.ResourceError(error.message, resource);
  }
  return error;
}

/** Run `fn`, raising its validation errors as `pulumi.ResourceError`s on `resource`. */
export function withResourceErrors<T>(resource: pulumi.Resource, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw toResourceError(resource, error);
  }
}

/** A registered manifest: its program-time shape, the inputs it was registered with, the resource. */
export interface RegisteredObject {
  /** The program-time rendering (see `RenderedObject.shape`). */
  readonly shape: KubeObject;
  /** The resource inputs (credential-dependent fields are secret Outputs). */
  readonly inputs: pulumi.Inputs;
  /** The Pulumi resource. */
  readonly resource: pulumi.CustomResource;
}

/**
 * Register the rendered objects (every credential variant, see `renderObjects`) as children of
 * `component`, named after `resourcePrefix`. Validation errors become `pulumi.ResourceError`s.
 */
export function registerObjectsFrom(component: pulumi.ComponentResource, resourcePrefix: string,
  variants: CredentialVariants<readonly KubeObject[]>): RegisteredObject[] {
  const rendered = withResourceErrors(component, () => renderObjects(variants, (error) => toResourceError(component, error)));
  const resources = registerRenderedObjects(rendered, { parent: component, componentName: resourcePrefix });
  return rendered.map((object, index) => ({ ...object, resource: resources[index] }));
}

/** The args without the proxy source props (to pass the rest to a core function with `proxy`). */
export function withoutProxySource<T extends ProxySourceArgs>(args: T): Omit<T, keyof ProxySourceArgs> {
  const { proxy, settings, network, proxyOptions, ...rest } = args;
  return rest;
}

/** Check that an optional `resourcePrefix` is a usable name part. */
export function resourcePrefixOf(value: string | undefined, componentName: string): string {
  if (value === undefined) {
    return componentName;
  }
  if (typeof value !== 'string' || value === '') {
    throw invalidValue('resourcePrefix', value, 'must be a non-empty string');
  }
  return value;
}

/**
 * The value at `path` inside resource inputs that may hold Outputs at any level (as
 * `renderObjects` produces them), as an Output.
 */
export function inputAt<T>(inputs: pulumi.Inputs, path: readonly string[]): pulumi.Output<T> {
  let node: unknown = inputs;
  for (let index = 0; index < path.length; index++) {
    if (pulumi.Output.isInstance(node)) {
      const rest = path.slice(index);
      return (node as pulumi.Output<unknown>).apply((value) => lookup(value, rest)) as pulumi.Output<T>;
    }
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[path[index]] : undefined;
  }
  return pulumi.output(node as pulumi.Input<T>) as pulumi.Output<T>;
}

function lookup(root: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
}

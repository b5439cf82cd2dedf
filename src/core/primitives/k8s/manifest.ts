/**
 * Plain Kubernetes manifests as the core emits them. Adapters (cdk8s, Pulumi) turn these into
 * their own objects without changing a field, so both emit the same thing (a contract test checks).
 */

/** `metadata` of an emitted object. */
export interface ObjectMeta {
  readonly name: string;
  /** @default - cluster-scoped object, or the adapter's default namespace */
  readonly namespace?: string;
  readonly labels?: { readonly [key: string]: string };
  readonly annotations?: { readonly [key: string]: string };
}

/** Any Kubernetes object: apiVersion, kind, metadata and kind-specific fields. */
export interface KubeObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: ObjectMeta;
  readonly [field: string]: unknown;
}

/**
 * A Secret manifest. Values are in `stringData` (plain text): cdk8s writes them as they are, and
 * the Pulumi adapter wraps every value in `pulumi.secret` so they stay encrypted in state.
 */
export interface SecretObject extends KubeObject {
  readonly type?: string;
  readonly stringData: { readonly [key: string]: string };
}

/** True for a Secret manifest (whose values the adapters must treat as sensitive). */
export function isSecretObject(object: KubeObject): object is SecretObject {
  return object.apiVersion === 'v1' && object.kind === 'Secret';
}

/** Label carrying the library's name on every object it creates. */
export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
/** Value of {@link MANAGED_BY_LABEL}. */
export const MANAGED_BY = 'cluster-proxy-constructs';

/** Node's hook for `util.inspect` and `console.log` (a registered symbol: no import of node:util). */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The summary {@link hideDataFromInspect} stored on the holder. */
const INSPECT_SUMMARY = Symbol('inspectSummary');

function inspectSummary(this: { readonly [INSPECT_SUMMARY]: string }): string {
  return this[INSPECT_SUMMARY];
}

/**
 * `console.log` and `util.inspect` of a Secret manifest, or of an object that holds its data (an
 * adapter's copy), print the Secret's identity, not its data; so does anything holding one, at any
 * depth. The hook is a hidden symbol property: JSON, YAML, spreads and copies never see it.
 */
export function hideDataFromInspect(manifest: KubeObject, holder: object = manifest, label = 'Secret'): void {
  if (Object.hasOwn(holder, INSPECT) || !Object.isExtensible(holder)) {
    return;
  }
  const { namespace, name } = manifest.metadata ?? {};
  // One shared hook reading a hidden summary, not a closure per holder: a fleet has several per cluster.
  Object.defineProperty(holder, INSPECT_SUMMARY, { value: `${label} ${namespace ? `${namespace}/` : ''}${name} (data not shown)` });
  Object.defineProperty(holder, INSPECT, { value: inspectSummary });
}

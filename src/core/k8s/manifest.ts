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

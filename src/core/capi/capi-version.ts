import { invalidValue } from '../primitives/errors';
import { assertObjectName } from '../primitives/k8s/names';
import { whenKnown } from '../primitives/later-value';
import { checkProps, propKeys } from '../primitives/validation/strict-props';

/**
 * Cluster API versions and object references.
 *
 * Cluster API v1.14 serves every kind in two versions: `v1beta2` (storage, current) and `v1beta1`
 * (deprecated, still what older management clusters understand). Most fields the library emits
 * are spelled the same in both; references are not:
 *  - v1beta2: a contract reference `{ apiGroup, kind, name }` (the version is discovered through the
 *    CRD's contract labels);
 *  - v1beta1: an object reference `{ apiVersion, kind, name }`.
 */

/** A Cluster API version the library emits. */
export enum CapiVersion {
  /** Cluster API v1beta2 (v1.11 and later). */
  V1BETA2 = 'v1beta2',
  /** Cluster API v1beta1. */
  V1BETA1 = 'v1beta1',
}

/** Supported versions, newest first. */
export const CAPI_VERSIONS: CapiVersion[] = Object.values(CapiVersion);

/** API group of Cluster and MachineDeployment. */
export const CLUSTER_API_GROUP = 'cluster.x-k8s.io';
/** API group of KubeadmControlPlane. */
export const CONTROL_PLANE_API_GROUP = 'controlplane.cluster.x-k8s.io';
/** API group of KubeadmConfig and KubeadmConfigTemplate. */
export const BOOTSTRAP_API_GROUP = 'bootstrap.cluster.x-k8s.io';

/**
 * A reference to an object the library does not create, usually an infrastructure provider's
 * object such as `AWSCluster` or `DockerMachineTemplate`. Given with its full `apiVersion`, so the
 * same reference renders for both Cluster API versions.
 */
export interface ObjectReferenceProps {
  /** `group/version` of the referenced object, e.g. `infrastructure.cluster.x-k8s.io/v1beta2`. */
  readonly apiVersion: string;
  /** Kind of the referenced object, e.g. `DockerMachineTemplate`. */
  readonly kind: string;
  /** Name of the referenced object (in the same namespace). */
  readonly name: string;
}

export const OBJECT_REFERENCE_KEYS = propKeys<ObjectReferenceProps>({ apiVersion: true, kind: true, name: true });

/** Where an object of a cluster goes: the Cluster it belongs to (and is labelled with), its namespace and API version. */
export interface ClusterObjectScope {
  /** Name of the Cluster. */
  readonly clusterName: string;
  /**
   * Namespace of the object.
   *
   * @default - unset
   */
  readonly namespace?: string;
  /** Cluster API version of the object. */
  readonly capiVersion: CapiVersion;
}

/** A reference as Cluster API writes it: `{ apiGroup, kind, name }` or `{ apiVersion, kind, name }`. */
export interface RenderedReference {
  /** The API group (v1beta2 contract references). @default - none (v1beta1: `apiVersion`) */
  readonly apiGroup?: string;
  /** The group and version (v1beta1 references). @default - none (v1beta2: `apiGroup`) */
  readonly apiVersion?: string;
  /** The referenced kind. */
  readonly kind: string;
  /** The referenced object's name. */
  readonly name: string;
}

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const KUBE_VERSION = /^v[0-9]+((alpha|beta)[0-9]+)?$/;
/** The pattern the v1beta2 CRDs enforce on `kind`. */
const KIND = /^[a-zA-Z]([-a-zA-Z0-9]*[a-zA-Z0-9])?$/;

/** The Cluster API version of an object's `apiVersion` (`controlplane.cluster.x-k8s.io/v1beta1`), or undefined for another. */
export function capiVersionOf(apiVersion: unknown): CapiVersion | undefined {
  const version = typeof apiVersion === 'string' ? apiVersion.split('/')[1] : undefined;
  return (CAPI_VERSIONS as readonly unknown[]).includes(version) ? version as CapiVersion : undefined;
}

/** Validate a Cluster API version; `undefined` means the current one, `v1beta2`. */
export function parseCapiVersion(field: string, value: unknown): CapiVersion {
  if (value === undefined) {
    return CapiVersion.V1BETA2;
  }
  if (!(CAPI_VERSIONS as readonly unknown[]).includes(value)) {
    throw invalidValue(field, value, `is not a supported Cluster API version; use ${CAPI_VERSIONS.join(' or ')}`);
  }
  return value as CapiVersion;
}

/** `group/version`, e.g. `cluster.x-k8s.io/v1beta2`. */
export function capiApiVersion(group: string, version: CapiVersion): string {
  return `${group}/${version}`;
}

/** Whether `object` is a `kind` of API group `group` (any version). */
export function isKind(object: { readonly apiVersion?: unknown; readonly kind?: unknown }, group: string, kind: string): boolean {
  return object.kind === kind && typeof object.apiVersion === 'string' && object.apiVersion.split('/')[0] === group;
}

/** Validate a user-given reference, naming the field of each part. */
export function parseObjectReference(field: string, value: unknown): ObjectReferenceProps {
  checkProps(field, value, OBJECT_REFERENCE_KEYS, 'object reference field');
  const { apiVersion, kind, name } = value as Record<string, unknown>;
  const [group, version, extra] = typeof apiVersion === 'string' ? apiVersion.split('/') : [];
  if (extra !== undefined || !group || group.length > 253 || !DNS_SUBDOMAIN.test(group) || !version || !KUBE_VERSION.test(version)) {
    throw invalidValue(`${field}.apiVersion`, apiVersion, 'must be "group/version" such as infrastructure.cluster.x-k8s.io/v1beta2 (core kinds cannot be referenced here)');
  }
  if (typeof kind !== 'string' || kind.length > 63 || !KIND.test(kind)) {
    throw invalidValue(`${field}.kind`, kind, 'must be a Kubernetes kind such as DockerMachineTemplate');
  }
  // the name may be a later value: it only lands in the reference
  return { apiVersion: apiVersion as string, kind, name: whenKnown(name, (known) => assertObjectName(`${field}.name`, known)) };
}

/** Render a validated reference for `version`: `{ apiGroup, kind, name }` in v1beta2, `{ apiVersion, kind, name }` in v1beta1. */
export function renderReference(version: CapiVersion, reference: ObjectReferenceProps): RenderedReference {
  if (version === CapiVersion.V1BETA1) {
    return { apiVersion: reference.apiVersion, kind: reference.kind, name: reference.name };
  }
  return { apiGroup: reference.apiVersion.split('/')[0], kind: reference.kind, name: reference.name };
}

/** A reference to an object the library emits itself, in Cluster API group `group`. */
export function capiReference(version: CapiVersion, group: string, kind: string, name: string): RenderedReference {
  return renderReference(version, { apiVersion: capiApiVersion(group, version), kind, name });
}

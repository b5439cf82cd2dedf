import { product, Product, productObject } from './product';
import { invalidValue } from '../primitives/errors';
import { KubeObject } from '../primitives/k8s/manifest';
import { MAX_ANNOTATION_BYTES } from '../primitives/k8s/size-limits';
import { checkJsonData } from '../primitives/validation/json-data';
import { fieldPath, PropKeys } from '../primitives/validation/strict-props';

/**
 * Labels and annotations a user adds to every object of a construct or component, the way
 * cdk8s-plus takes `metadata`. Shared objects (a cluster's node-proxy Secret, a namespace's proxy
 * Secret) are left alone: several constructs emit them, and they could not all win.
 */
export interface ObjectMetadataProps {
  /**
   * Labels for every object. The library's own labels (cluster name, managed-by...) win on a clash:
   * Cluster API and the policies select on them.
   *
   * @default - none
   */
  readonly labels?: { [key: string]: string };
  /**
   * Annotations for every object. The library's own annotations win on a clash.
   *
   * @default - none
   */
  readonly annotations?: { [key: string]: string };
}

/** Props with a {@link ObjectMetadataProps} under `metadata`. */
export interface WithObjectMetadata {
  /**
   * Labels and annotations for every object this emits (shared objects excepted).
   *
   * @default - none
   */
  readonly metadata?: ObjectMetadataProps;
}

/** The keys of {@link WithObjectMetadata}, for the props types that extend it. */
export const OBJECT_METADATA_KEY_SET: PropKeys<WithObjectMetadata> = { metadata: true };

/** `[prefix/]name` with the name part a DNS-1123-like qualified name (Kubernetes' label and annotation keys). */
export const QUALIFIED_NAME = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
/** A label value: empty, or up to 63 alphanumerics, `-`, `_` and `.`, alphanumeric at both ends. */
export const LABEL_VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;

function parseMap(field: string, value: unknown, checkValue: (key: string, item: string) => void): { [key: string]: string } | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidValue(field, value, 'must be an object of strings');
  }
  checkJsonData(field, value);
  const entries = Object.entries(value as { [key: string]: unknown });
  for (const [key, item] of entries) {
    if (key.length > 317 || !QUALIFIED_NAME.test(key) || (key.includes('/') && key.indexOf('/') > 253)) {
      throw invalidValue(fieldPath(field, key), key, 'is not a valid key: [prefix/]name, the name at most 63 characters of letters, digits, "-", "_" and "."');
    }
    if (typeof item !== 'string') {
      throw invalidValue(fieldPath(field, key), item, 'must be a string');
    }
    checkValue(key, item);
  }
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) as { [key: string]: string };
}

/** Validate user metadata; errors name `field.labels.<key>` and so on. */
export function parseObjectMetadata(field: string, value: unknown): ObjectMetadataProps | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidValue(field, value, 'must be an object with labels and/or annotations');
  }
  const { labels, annotations, ...unknown } = value as ObjectMetadataProps;
  const extra = Object.keys(unknown);
  if (extra.length > 0) {
    throw invalidValue(fieldPath(field, extra[0]), extra[0], 'is not a metadata field here; expected labels or annotations');
  }
  const parsedLabels = parseMap(`${field}.labels`, labels, (key, item) => {
    if (!LABEL_VALUE.test(item)) {
      throw invalidValue(fieldPath(`${field}.labels`, key), item, 'is not a valid label value: at most 63 letters, digits, "-", "_" and ".", alphanumeric at both ends');
    }
  });
  const parsedAnnotations = parseMap(`${field}.annotations`, annotations, () => undefined);
  const annotationBytes = Object.entries(parsedAnnotations ?? {})
    .reduce((sum, [key, item]) => sum + Buffer.byteLength(key) + Buffer.byteLength(item), 0);
  if (annotationBytes > MAX_ANNOTATION_BYTES) {
    throw invalidValue(`${field}.annotations`, `${annotationBytes} bytes`, 'must total at most 256 KiB (the API server refuses larger annotations)');
  }
  return { ...(parsedLabels ? { labels: parsedLabels } : {}), ...(parsedAnnotations ? { annotations: parsedAnnotations } : {}) };
}

function withMetadataOn(manifest: KubeObject, metadata: ObjectMetadataProps): KubeObject {
  const merge = (mine: { readonly [key: string]: string } | undefined, theirs: { readonly [key: string]: string } | undefined) =>
    (mine || theirs ? { ...theirs, ...mine } : undefined);
  const labels = merge(manifest.metadata.labels, metadata.labels);
  const annotations = merge(manifest.metadata.annotations, metadata.annotations);
  return {
    ...manifest,
    metadata: { ...manifest.metadata, ...(labels ? { labels } : {}), ...(annotations ? { annotations } : {}) },
  };
}

/** The product with the user's labels and annotations on every object that is not shared. */
export function withObjectMetadata(target: Product, metadata: unknown): Product {
  const parsed = parseObjectMetadata('metadata', metadata);
  if (!parsed || (!parsed.labels && !parsed.annotations)) {
    return target;
  }
  return product(target.objects.map((object) => (object.shared
    ? object
    : productObject(object.id, withMetadataOn(object.manifest, parsed), { shared: false }))));
}

import { checkJsonData } from './json-data';
import { invalidValue } from '../errors';
import { KubeObject } from '../k8s/manifest';

/** `VERSION` or `GROUP/VERSION`: a DNS subdomain, a slash and a DNS label, as the API server names them. */
const API_VERSION = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * Check a list of Kubernetes objects a user gives (manifests to deliver or to add to a chart): an
 * array of JSON objects, each with `apiVersion`, `kind` and `metadata.name`, what every object
 * needs to be applied and what its identity is made of.
 */
export function checkManifestList(field: string, value: unknown): KubeObject[] {
  if (!Array.isArray(value)) {
    throw invalidValue(field, value, 'must be an array of Kubernetes objects');
  }
  checkJsonData(field, value);
  value.forEach((manifest, index) => {
    if (!manifest || typeof manifest.apiVersion !== 'string' || typeof manifest.kind !== 'string' || typeof manifest.metadata?.name !== 'string') {
      throw invalidValue(`${field}[${index}]`, manifest?.kind, 'must be a Kubernetes object with apiVersion, kind and metadata.name');
    }
    if (!API_VERSION.test(manifest.apiVersion)) {
      throw invalidValue(`${field}[${index}].apiVersion`, manifest.apiVersion, 'must be VERSION or GROUP/VERSION, such as v1 or apps/v1');
    }
    checkObjectNames(`${field}[${index}]`, manifest);
  });
  return value;
}

/**
 * Refuse an object whose `metadata.name` or `metadata.namespace` is set but is not a string: both
 * make up the object's identity, which errors, construct ids and renames write as text.
 */
export function checkObjectNames(field: string, object: { metadata?: unknown }): void {
  const metadata = object.metadata as { name?: unknown; namespace?: unknown } | undefined;
  for (const key of ['name', 'namespace'] as const) {
    const value = metadata !== null && typeof metadata === 'object' ? metadata[key] : undefined;
    if (value !== undefined && typeof value !== 'string') {
      throw invalidValue(`${field}.metadata.${key}`, value, 'must be a string');
    }
  }
}

import { invalidValue } from '../errors';

/** What Cluster API's webhooks accept as a version: semver with a leading `v`. */
const VERSION = /^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)([-+][0-9A-Za-z.+-]+)?$/;

/** Validate a Kubernetes version such as `v1.31.2`. */
export function parseKubernetesVersion(field: string, value: unknown): string {
  if (typeof value !== 'string' || !VERSION.test(value)) {
    throw invalidValue(field, value, 'must be a Kubernetes version such as v1.31.2 (with the leading "v")');
  }
  return value;
}

/** Validate an optional replica count: a whole number, at least `minimum`. */
export function parseReplicas(field: string, value: unknown, minimum: number): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum || value > 1000) {
    throw invalidValue(field, value, `must be a whole number from ${minimum} to 1000`);
  }
  return value;
}

import { invalidValue } from '../primitives/errors';
import { whenKnown } from '../primitives/later-value';

/** What Cluster API's webhooks accept as a version: semver with a leading `v`. */
const VERSION = /^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)([-+][0-9A-Za-z.+-]+)?$/;

/** Validate a Kubernetes version such as `v1.31.2` (when known: it may be a later value). */
export function parseKubernetesVersion(field: string, value: unknown): string {
  return whenKnown(value, (known) => {
    if (typeof known !== 'string' || !VERSION.test(known)) {
      throw invalidValue(field, known, 'must be a Kubernetes version such as v1.31.2 (with the leading "v")');
    }
    return known;
  });
}

/** Validate an optional replica count: a whole number, at least `minimum` (when known: it may be a later value). */
export function parseReplicas(field: string, value: unknown, minimum: number): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  return whenKnown(value, (known) => {
    if (typeof known !== 'number' || !Number.isInteger(known) || known < minimum || known > 1000) {
      throw invalidValue(field, known, `must be a whole number from ${minimum} to 1000`);
    }
    return known;
  });
}

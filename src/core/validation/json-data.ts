import { invalidValue, ProxyConfigError } from '../errors';
import { fieldPath } from './strict-props';

/** An object literal or `JSON.parse` object of this realm: not null, an array or a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Any object that is not an array or null, whatever realm made it (`structuredClone` in another
 * context, a jsii kernel): for reading data that was checked already.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys that shadow a member every object inherits (`constructor`, `toString`, `__proto__`...). */
const INHERITED_MEMBERS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Refuse what cannot be emitted as a Kubernetes object or values file, anywhere inside `value` (a
 * user's Cluster, ClusterClass, manifests, Helm values...): keys that shadow what every object
 * inherits (`__proto__` would replace a copy's prototype; cdk8s reads `constructor` to tell data
 * from objects, and Pulumi calls `toString`), and values that are not JSON (functions, symbols,
 * bigints, non-finite numbers). Errors name the path under `field`. Class instances inside (a
 * Pulumi Output) are left to the adapter that resolves them.
 */
export function checkJsonData(field: string, value: unknown): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return;
    case 'number':
      if (!Number.isFinite(value)) {
        throw invalidValue(field, value, 'must be a finite number (JSON has no NaN or Infinity)');
      }
      return;
    case 'object':
      break;
    default:
      throw invalidValue(field, value, 'must be JSON data (a string, number, boolean, null, array or object)');
  }
  if (value === null) {
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkJsonData(`${field}[${index}]`, item));
    return;
  }
  // Plain objects of any realm (a test runner's `vm` context makes its own): their prototype is
  // that realm's Object.prototype, whose own prototype is null.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== null && Object.getPrototypeOf(prototype) !== null) {
    // a class instance (a Pulumi Output inside args, say) is the adapter's to resolve, not data to read
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (INHERITED_MEMBERS.has(key)) {
      throw new ProxyConfigError(fieldPath(field, key), 'is a name every JavaScript object inherits: cdk8s and Pulumi cannot emit it as a field');
    }
    checkJsonData(fieldPath(field, key), item);
  }
}

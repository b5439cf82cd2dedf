import { invalidValue, ProxyConfigError } from '../errors';
import { LIMITS } from '../limits';
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

/**
 * The value at a path of keys in parsed data, or `undefined` when a step is missing or not an
 * object. Untyped, as the data it reads: callers check what they get.
 */
export function valueAt(root: unknown, path: readonly string[]): any {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
}

/**
 * Whether `object` is a plain object of any realm (a test runner's `vm` context makes its own):
 * its prototype is that realm's Object.prototype, whose own prototype is null, or it has none.
 */
function isAnyRealmPlainObject(object: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(object);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** Whether `value` is an array or a plain object of any realm: data to walk. */
function isWalkable(value: unknown): value is object {
  return value !== null && typeof value === 'object' && (Array.isArray(value) || isAnyRealmPlainObject(value));
}

/**
 * Refuse a value nested deeper than {@link LIMITS.nestingDepth} (arrays and plain objects; class
 * instances are leaves), naming the path where it goes too deep. A loop, not recursion, so the
 * check itself cannot exhaust the stack; every walk of user data (the library's and the
 * frameworks') then stays within the limit. A value that contains itself is refused the same way.
 * `field` is the value's path; `''` for a constructor's top-level props, whose keys are named alone.
 */
export function checkNestingDepth(field: string, value: unknown): void {
  const limit = LIMITS.nestingDepth.value;
  // Each object is walked again only when reached deeper than before (shared parts of a value)
  const deepest = new Map<object, number>();
  const pending: Array<{ value: unknown; depth: number; field: string }> = [{ value, depth: 0, field }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (!isWalkable(next.value) || (deepest.get(next.value) ?? -1) >= next.depth) {
      continue;
    }
    if (next.depth >= limit) {
      throw new ProxyConfigError(next.field || 'props', `is nested more than ${limit} levels deep (arrays and objects): `
        + 'no Kubernetes object or values file needs that many, and writing it out would exhaust the stack');
    }
    deepest.set(next.value, next.depth);
    if (Array.isArray(next.value)) {
      next.value.forEach((item, index) => pending.push({ value: item, depth: next.depth + 1, field: `${next.field || 'props'}[${index}]` }));
    } else {
      for (const [key, item] of Object.entries(next.value)) {
        pending.push({ value: item, depth: next.depth + 1, field: fieldPath(next.field, key) });
      }
    }
  }
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
  checkNestingDepth(field, value);
  checkJsonValue(field, value);
}

/** {@link checkJsonData} of a value within the nesting limit (recursive). */
function checkJsonValue(field: string, value: unknown): void {
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
    value.forEach((item, index) => checkJsonValue(`${field}[${index}]`, item));
    return;
  }
  if (!isAnyRealmPlainObject(value)) {
    // a class instance (a Pulumi Output inside args, say) is the adapter's to resolve, not data to read
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (INHERITED_MEMBERS.has(key)) {
      throw new ProxyConfigError(fieldPath(field, key), 'is a name every JavaScript object inherits: cdk8s and Pulumi cannot emit it as a field');
    }
    checkJsonValue(fieldPath(field, key), item);
  }
}

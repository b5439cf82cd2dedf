import { Product, ProductObject } from './product';
import { ProxyConfigError } from '../errors';
import { checkNestingDepth, isPlainObject } from '../validation/json-data';

/**
 * Args some of whose values are known only later (in Pulumi, an Output for a Kubernetes version
 * from stack config, or for replicas or a machine template name from another resource). Products
 * are rendered from plain values, so a product is rendered twice, with two stand-ins for every such
 * value: the places where the two renderings differ are where the real value goes, and any other
 * difference means the value shapes a name or a hash, which must be known when the product is
 * rendered. The adapter renders once more from the real values when they are known, so they are
 * validated by the core with its field-naming errors.
 */

/**
 * Stand-in pairs by the arg's own key, for the `n`th deferred value: each valid wherever the core
 * accepts that key (replicas odd, as stacked etcd needs, and at most 1,000), unlike anything else,
 * and unlike every other value's, so each difference traces to one value.
 */
const STAND_INS: Readonly<Record<string, (n: number) => readonly [unknown, unknown]>> = {
  version: (n) => [`v1.${n}.997`, `v1.${n}.999`],
  replicas: (n) => [997 - 4 * n, 999 - 4 * n],
  name: (n) => [`stand-in-reference-${n}-a`, `stand-in-reference-${n}-b`],
};

/** The arg keys whose values may come later, for error messages. */
const DEFERRABLE = Object.keys(STAND_INS).join(', ');

/** A value of the args that is known only later, at its field path. */
export interface DeferredValue<V> {
  /** The field path as the user wrote it (`workerPools[0].replicas`). */
  readonly field: string;
  readonly value: V;
  readonly standIns: readonly [unknown, unknown];
}

/** Where a deferred value goes: a field of one product object. */
export interface Placement {
  readonly objectId: string;
  readonly path: readonly string[];
}

/** The deferred values of some args, and the args to render now. */
export interface DeferredArgs<A, V> {
  /** The values, in the order of {@link DeferredArgs.placements}. */
  readonly values: readonly DeferredValue<V>[];
  /** The args with the first stand-in in place of each value. */
  readonly args: A;
  /** Where each value goes in the product. */
  readonly placements: readonly (readonly Placement[])[];
}

/**
 * Find the values of `args` that `isDeferred` picks (plain objects and arrays are searched; anything
 * else is a value) and where `render` puts them. `what` names them in errors (`a Pulumi Output or
 * Promise`): a value under a key that cannot wait, or one that shapes a name, a hash or a Secret.
 */
export function deferValues<A, V>(args: A, isDeferred: (value: unknown) => value is V, what: string,
  render: (args: A) => Product): DeferredArgs<A, V> {
  checkNestingDepth('', args);
  const values: DeferredValue<V>[] = [];
  const find = (value: unknown, field: string, key: string | undefined): void => {
    if (isDeferred(value)) {
      // an own key only: `__proto__` or `constructor` would find what every object inherits
      const standIns = key !== undefined && Object.hasOwn(STAND_INS, key) ? STAND_INS[key] : undefined;
      if (!standIns) {
        throw new ProxyConfigError(field, `cannot be ${what} (inputs are accepted for ${DEFERRABLE})`);
      }
      values.push({ field, value, standIns: standIns(values.length) });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => find(item, `${field}[${index}]`, key));
    } else if (isPlainObject(value)) {
      Object.entries(value).forEach(([name, item]) => find(item, field === '' ? name : `${field}.${name}`, name));
    }
  };
  find(args, '', undefined);
  if (values.length === 0) {
    return { values, args, placements: [] };
  }
  const first = withValues(args, values, values.map((value) => value.standIns[0]));
  const second = withValues(args, values, values.map((value) => value.standIns[1]));
  const firstProduct = render(first);
  const misplaced = placements(firstProduct, render(second), values);
  if (!Array.isArray(misplaced)) {
    throw shapingError(args, values, firstProduct, misplaced, what, render);
  }
  return { values, args: first, placements: misplaced };
}

/**
 * The error for a difference no single value accounts for: the values that shape a name, a hash or
 * a Secret are found by changing one value at a time, so the error names only those.
 */
function shapingError<A>(args: A, values: readonly DeferredValue<unknown>[], first: Product, object: ProductObject, what: string,
  render: (args: A) => Product): ProxyConfigError {
  const shaping = values.filter((_, index) => {
    const one = render(withValues(args, values, values.map((value, other) => value.standIns[other === index ? 1 : 0])));
    const traced = placements(first, one, [values[index]]);
    return !Array.isArray(traced);
  });
  const blamed = shaping.length > 0 ? shaping : values;
  return new ProxyConfigError(blamed.map((value) => value.field).join(', '),
    `cannot be ${what} here: it shapes the name or content of ${object.manifest.kind} ${withFieldNames(object.id, values)}, `
    + 'which must be known at program time');
}

/** `args` with each deferred value replaced by the value at the same index. */
export function withValues<A>(args: A, deferred: readonly DeferredValue<unknown>[], values: readonly unknown[]): A {
  const byField = new Map<string, unknown>(deferred.map((item, index) => [item.field, values[index]]));
  const copy = (value: unknown, field: string): unknown => {
    if (byField.has(field)) {
      return byField.get(field);
    }
    if (Array.isArray(value)) {
      return value.map((item, index) => copy(item, `${field}[${index}]`));
    }
    return isPlainObject(value)
      ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item, field === '' ? key : `${field}.${key}`)]))
      : value;
  };
  return copy(args, '') as A;
}

/** The leaves where `a` and `b` differ, with their values. */
function differences(a: unknown, b: unknown, path: string[] = [], found: { path: string[]; a: unknown; b: unknown }[] = []) {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    keys.forEach((key) => differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], [...path, key], found));
  } else if (a !== b) {
    found.push({ path, a, b });
  }
  return found;
}

/**
 * Where each value lands: the differences between the two stand-in renderings, each traced to one
 * value; or the first object with a difference that no value accounts for (or in a Secret).
 */
function placements(first: Product, second: Product, values: readonly DeferredValue<unknown>[]): Placement[][] | ProductObject {
  const byValue: Placement[][] = values.map(() => []);
  for (const [index, object] of first.objects.entries()) {
    for (const difference of differences(object.manifest, second.objects[index]?.manifest)) {
      const owner = values.findIndex((value) => value.standIns[0] === difference.a && value.standIns[1] === difference.b);
      if (owner === -1 || object.sensitive) {
        return object;
      }
      byValue[owner].push({ objectId: object.id, path: difference.path });
    }
  }
  return byValue;
}

/** An object id rendered from stand-ins, with each string stand-in shown as the field it stands for. */
function withFieldNames(id: string, values: readonly DeferredValue<unknown>[]): string {
  return values.reduce((text, value) => (typeof value.standIns[0] === 'string' ? text.split(value.standIns[0]).join(`<${value.field}>`) : text), id);
}

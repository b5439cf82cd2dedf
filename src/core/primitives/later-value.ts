import { ProxyConfigError } from './errors';

/**
 * A value known only later (in Pulumi, an Output for a Kubernetes version from stack config, or for
 * replicas or a machine template name from another resource) travels through rendering where the
 * value would go, and lands as a leaf of a manifest: the spot it lands on is where the real value
 * goes, so an adapter fills it without searching for it or rendering twice.
 *
 * Validators that accept such a value ({@link whenKnown}) record their check for the real one, so
 * it is validated by the same code with the same field-naming errors once known. Any other use
 * (turning it into text, hashing it, reading a property of it, listing its keys) means the value
 * would shape a name or content, which must be known when the product is rendered: that use
 * throws the library's error naming the field the user wrote.
 */

/** Where a later value keeps what it is: no other key of it can be read. */
const STATE = Symbol('later value');

interface LaterState {
  /** The field path as the user wrote it (`workerPools[0].replicas`). */
  readonly field: string;
  /** What the value is, for errors (`a Pulumi Output or Promise`). */
  readonly what: string;
  /** The adapter's own object for the value (the Output). */
  readonly source: unknown;
  /** The checks validators recorded, applied in order to the real value. */
  readonly checks: readonly ((value: unknown) => unknown)[];
}

function laterValueOf(state: LaterState): unknown {
  const refuse = (): never => {
    throw new ProxyConfigError(state.field, `cannot be ${state.what} here: it shapes a name or content that must be known at program time`);
  };
  const target = Object.create(null) as Record<symbol, LaterState>;
  target[STATE] = state;
  return new Proxy(target, {
    get: (_, key) => (key === STATE ? state : refuse()),
    ownKeys: refuse,
    getOwnPropertyDescriptor: refuse,
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
  });
}

/**
 * A value known later: `source` is the adapter's own object for it, `field` its path as the user
 * wrote it, `what` what it is (for errors).
 */
export function laterValue(field: string, what: string, source: unknown): unknown {
  return laterValueOf({ field, what, source, checks: [] });
}

/** True for a value made by {@link laterValue}. */
export function isLaterValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && STATE in value;
}

function stateOf(value: unknown): LaterState {
  if (!isLaterValue(value)) {
    throw new Error('internal error: not a later value');
  }
  return (value as Record<symbol, LaterState>)[STATE];
}

/**
 * `check(value)` for a value known now; for a later value, the later value with `check` recorded,
 * to run on the real value when it is known. `check` validates and returns the value to use.
 */
export function whenKnown<T>(value: unknown, check: (value: unknown) => T): T {
  if (!isLaterValue(value)) {
    return check(value);
  }
  const state = stateOf(value);
  return laterValueOf({ ...state, checks: [...state.checks, check] }) as T;
}

/** The adapter's object a later value was made from. */
export function laterValueSource(value: unknown): unknown {
  return stateOf(value).source;
}

/** The real value that `later` stood for, after every check recorded for it (which may throw). */
export function resolveLaterValue(later: unknown, value: unknown): unknown {
  return stateOf(later).checks.reduce((current, check) => check(current), value);
}

/** A copy of JSON data with every later value in it replaced by what `replace` makes of it. */
export function replaceLaterValues(value: unknown, replace: (later: unknown) => unknown): unknown {
  if (isLaterValue(value)) {
    return replace(value);
  }
  if (Array.isArray(value)) {
    // this realm's array even from another realm's, as `copyJson` makes
    return Array.prototype.map.call(value, (item: unknown) => replaceLaterValues(item, replace));
  }
  if (value === null || typeof value !== 'object') {
    return value;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // an own property, as in the source (`__proto__` assigned would set the copy's prototype)
    Object.defineProperty(copy, key, {
      value: replaceLaterValues((value as Record<string, unknown>)[key], replace), enumerable: true, writable: true, configurable: true,
    });
  }
  return copy;
}

/**
 * The hostile values of the hardening suites: what nobody should pass to the library, and ways to
 * put them inside an otherwise valid definition.
 */
import * as fc from 'fast-check';
import { credentialForms } from '../support/fixtures/credential-leaks';

/** The proxy password of the definitions, and of the URLs that carry one. */
export const PASSWORD = 'Hx7:S3cr/t%41 ü';

/**
 * A password with an `@` inside, written raw into host-less URLs (`http://svc:Sec@ret-Canary7`):
 * what follows its `@` reads as a host, so masking up to the last `@` still shows part of it.
 */
export const AT_PASSWORD = 'Sec@ret-Canary7';

/** Every encoding of the passwords that must never appear outside Secret data. */
export const FORMS: readonly string[] = [...credentialForms(PASSWORD), ...credentialForms(AT_PASSWORD)];

/**
 * Every string in `value` (keys too), one per line: what a leak check reads. A loop, so a value
 * nested 10,000 levels deep that the library passed through does not overflow the check; a part
 * that throws when read (a hostile getter passed through) is left out.
 */
export function textOf(value: unknown): string {
  const parts: string[] = [];
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      parts.push(item);
    } else if (item !== null && typeof item === 'object' && !seen.has(item)) {
      seen.add(item);
      try {
        for (const [key, child] of Object.entries(item)) {
          parts.push(key);
          pending.push(child);
        }
      } catch {
        // a throwing getter or Proxy trap: nothing the library wrote
      }
    }
  }
  return parts.join('\n');
}

/** The forms of the passwords in `text`, and any part of {@link AT_PASSWORD} after one of its `@` (in any case: a host is lower-cased). */
export function leakedForms(text: string): string[] {
  const lower = text.toLowerCase();
  const tails = AT_PASSWORD.split('@').slice(1).map((tail) => tail.toLowerCase());
  return [...FORMS.filter((form) => text.includes(form)), ...tails.filter((tail) => lower.includes(tail))];
}

/**
 * Values nobody should pass, and URLs that carry the password in their userinfo (the password
 * field itself keeps it throughout). A bare string in another field is echoed back as written: the
 * library cannot know it is a password, and the error must show what was wrong.
 */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, undefined, '', ' ', '\n', '\0', 'a\nb', '__proto__', 'constructor', 'prototype', 0, -1, 1.5, NaN, Infinity,
    true, [], {}, [[]], { __proto__: { polluted: true } }, JSON.parse('{"__proto__":{"polluted":true}}'),
    `http://svc:${encodeURIComponent(PASSWORD)}@proxy.corp.example:3128`, `http://svc:${PASSWORD}@`, `svc:${PASSWORD}@proxy:3128`,
    `https://svc:${encodeURIComponent(PASSWORD)}@vc.corp.example`, 'http://[:::::]:0', 'http://999.1.1.1:99999', 'vc#x.corp',
    '10.0.0.0/33', '::/200', '${HOME}', '$(id)', '`id`', '{{.x}}', '%', '%%', '"', "'", '\\', 'x'.repeat(70_000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** The error a hostile getter or Proxy trap throws: the caller's own error, which may pass through unchanged. */
export class HostileValueError extends Error {
  constructor() {
    super('thrown by a hostile value');
    this.name = 'HostileValueError';
  }
}

/** How deep the deeply nested values go: as deep as the API server's JSON decoder accepts. */
export const DEEP = 10_000;

/** `depth` levels of arrays or objects (keyed `key`), `leaf` at the bottom; built in a loop, never recursively. */
export function nested(depth: number, kind: 'array' | 'object' | 'mixed', leaf: unknown = 'bottom', key = 'spec'): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) {
    const asArray = kind === 'array' || (kind === 'mixed' && level % 2 === 0);
    value = asArray ? [value] : { [key]: value };
  }
  return value;
}

/**
 * A hostile value as a recipe: `make` builds a fresh one for each call (the library may change or
 * freeze what it is given, and a Proxy or a 10,000-deep value cannot be copied), `label` is what a
 * failure report shows (printing the value itself would call its traps, or overflow the stack).
 */
export interface HostileValue {
  readonly label: string;
  /** Whether the value itself carries a password: output that echoes it back is then no leak of the library's. */
  readonly carriesPassword: boolean;
  /** Whether the value is a function (where a callback is expected, what it does when called is the caller's). */
  readonly callable: boolean;
  make(): unknown;
}

/** A {@link HostileValue} that fast-check reports by its label. */
export function hostileValue(label: string, make: () => unknown, carriesPassword = false, callable = false): HostileValue {
  return { label, make, carriesPassword, callable, [fc.toStringMethod]: () => label } as HostileValue;
}

/** A {@link HostileValue} of JSON-like data (shallow: a copy per call), which may carry a password. */
function dataValue(value: unknown, label = describeShort(value)): HostileValue {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  return hostileValue(label, () => cloneData(value), leakedForms(text).length > 0);
}

/** An object whose every property read, key listing or prototype lookup throws {@link HostileValueError}. */
function throwingProxy(target: object): object {
  const thrower = (): never => {
    throw new HostileValueError();
  };
  return new Proxy(target, {
    get: thrower,
    has: thrower,
    ownKeys: thrower,
    getOwnPropertyDescriptor: thrower,
    getPrototypeOf: thrower,
    set: thrower,
    defineProperty: thrower,
    deleteProperty: thrower,
  });
}

/** `base` (a copy) with a getter for `key` that throws {@link HostileValueError}. */
export function throwingGetter(key: string, base: object = {}): object {
  const copy = Array.isArray(base) ? [...base] : { ...base };
  Object.defineProperty(copy, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      throw new HostileValueError();
    },
  });
  return copy;
}

/** `value` deep-frozen (arrays and plain objects). */
export function deepFrozen<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item !== null && typeof item === 'object' && !Object.isFrozen(item) && (Array.isArray(item) || isPlainOrBare(item))) {
      Object.freeze(item);
      stack.push(...Object.values(item));
    }
  }
  return value;
}

/** `value` with every plain object inside it (itself included) remade without a prototype. */
export function withoutPrototypes<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map(withoutPrototypes) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const bare = Object.create(null);
    for (const [key, item] of Object.entries(value)) {
      bare[key] = withoutPrototypes(item);
    }
    return bare;
  }
  return value;
}

function isPlainOrBare(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Proxy URLs the way they go wrong in practice: a raw `@` in the password of a URL without a
 * host (whatever follows it reads as the host), a template whose variables were never set.
 */
export const HOSTILE_URLS: readonly string[] = [
  `http://svc:${PASSWORD}@`,
  `http://svc:${AT_PASSWORD}`,
  `http://svc:${AT_PASSWORD}/`,
  `svc:${AT_PASSWORD}`,
  `http://svc:${AT_PASSWORD}@proxy.corp.example:3128`,
  `https://svc:${AT_PASSWORD}@`,
  'http://svc:pw@${PROXY_HOST}:3128',
  'http://${PROXY_USER}:${PROXY_PASSWORD}@proxy:3128',
  'http://${PROXY_HOST}:${PROXY_PORT}',
];

/** Values nested {@link DEEP} levels deep: alone, as an array item, under keys the library reads. */
const DEEP_VALUES: readonly HostileValue[] = [
  hostileValue(`<${DEEP} levels of arrays>`, () => nested(DEEP, 'array')),
  hostileValue(`<${DEEP} levels of objects>`, () => nested(DEEP, 'object')),
  hostileValue(`<${DEEP} levels of arrays and objects>`, () => nested(DEEP, 'mixed')),
  hostileValue(`<${DEEP} levels of "httpProxy", a password URL at the bottom>`, () => nested(DEEP, 'object', `http://svc:${AT_PASSWORD}`, 'httpProxy'), true),
  hostileValue(`<${DEEP} levels of arrays, as an array item>`, () => [nested(DEEP, 'array')]),
  hostileValue(`<a ConfigMap with ${DEEP} levels of data>`, () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: nested(DEEP, 'object', 'x', 'metadata') })),
];

/** Objects that misbehave when read, or that are not the plain objects JSON or YAML give. */
const EXOTIC_VALUES: readonly HostileValue[] = [
  hostileValue('<Proxy throwing on every trap>', () => throwingProxy({})),
  hostileValue('<Proxy of an array throwing on every trap>', () => throwingProxy([])),
  ...['httpProxy', 'proxy', 'metadata', 'spec', 'name', 'length', 'then', 'toJSON'].map((key) =>
    hostileValue(`<object whose getter ${key} throws>`, () => throwingGetter(key))),
  hostileValue('<transparent Proxy>', () => new Proxy({ spec: {} }, {})),
  hostileValue('<frozen object>', () => deepFrozen({ spec: {} })),
  hostileValue('<frozen array>', () => Object.freeze([])),
  hostileValue('<object without prototype>', () => withoutPrototypes({ metadata: { name: 'x' } })),
  hostileValue('<empty object without prototype>', () => Object.create(null)),
  hostileValue('<object with a symbol key>', () => ({ [Symbol('key')]: 1 })),
  hostileValue('<function with props>', () => Object.assign(() => 'x', { metadata: { name: 'x' } }), false, true),
  hostileValue('<Date>', () => new Date(0)),
  hostileValue('<RegExp>', () => /x/),
  hostileValue('<Map>', () => new Map([['a', 1]])),
  hostileValue('<Set>', () => new Set(['a'])),
  hostileValue('<Uint8Array>', () => new Uint8Array(2)),
  hostileValue('<Promise>', () => Promise.resolve(1)),
  hostileValue('<Error>', () => new Error('x')),
];

/** Values of the types JSON has no place for. */
const UNTYPED_VALUES: readonly HostileValue[] = [
  hostileValue('Symbol(hostile)', () => Symbol('hostile')),
  hostileValue('Symbol.iterator', () => Symbol.iterator),
  hostileValue('10n', () => 10n),
  hostileValue('2n ** 64n', () => 2n ** 64n),
  hostileValue('-0', () => -0),
  hostileValue('<arrow function>', () => () => 'x', false, true),
  hostileValue('<function>', () => function named() {}, false, true),
  hostileValue('<class>', () => class Hostile {}, false, true),
];

/** Everything {@link hostile} has, as recipes (its values are shallow: a copy per call). */
const BASIC_VALUES: fc.Arbitrary<HostileValue> = hostile.map((value) => dataValue(value));

/**
 * Everything {@link hostile} has, plus: the URLs above, values nested {@link DEEP} levels deep,
 * getters and Proxies that throw, frozen objects, objects without a prototype, symbols, bigints
 * and functions.
 */
export const hostileValues: fc.Arbitrary<HostileValue> = fc.oneof(
  { weight: 4, arbitrary: BASIC_VALUES },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_URLS).map((url) => dataValue(url, JSON.stringify(url))) },
  { weight: 3, arbitrary: fc.constantFrom(...DEEP_VALUES) },
  { weight: 2, arbitrary: fc.constantFrom(...EXOTIC_VALUES) },
  { weight: 1, arbitrary: fc.constantFrom(...UNTYPED_VALUES) },
);

/** The values that must run against every callable, whatever the seed: one of each kind the random runs may miss. */
export const MUST_RUN: readonly HostileValue[] = [
  DEEP_VALUES[0], DEEP_VALUES[1], DEEP_VALUES[4], EXOTIC_VALUES[0], EXOTIC_VALUES[1], UNTYPED_VALUES[2],
  hostileValue('undefined', () => undefined),
  dataValue(HOSTILE_URLS[1], JSON.stringify(HOSTILE_URLS[1])),
];

/** The leaf paths of a plain props object (arrays by index), for replacing one value. */
export function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (Array.isArray(value)) {
    return [prefix, ...value.flatMap((item, i) => leafPaths(item, [...prefix, String(i)]))];
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
  }
  return [prefix];
}

/** A copy of the arrays and plain objects of `value`; anything else (a computed configuration) is shared. */
export function cloneData<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map(cloneData) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(copy, key, { value: cloneData(item), enumerable: true, writable: true, configurable: true });
    }
    return copy as T;
  }
  return value;
}

/** A copy of `base` with the value at `path` replaced (or a key added next to it). */
export function withValue(base: object, path: string[], value: unknown, addKey?: string): any {
  const copy: any = cloneData(base);
  if (path.length === 0) {
    return addKey === undefined ? value : { ...copy, [addKey]: value };
  }
  let node = copy;
  for (const key of path.slice(0, -1)) {
    node = node[key];
  }
  // an unknown key goes beside the props of an object; JSON or YAML cannot give an array named keys
  if (addKey !== undefined && node !== null && typeof node === 'object' && !Array.isArray(node)) {
    Object.defineProperty(node, addKey, { value, enumerable: true, writable: true, configurable: true });
  } else {
    node[path[path.length - 1]] = value;
  }
  return copy;
}

/** A mutation of `base`: one path, a value from `values`, sometimes as an unknown key beside it. */
export function mutations(base: object, values: fc.Arbitrary<unknown> = hostile): fc.Arbitrary<{ props: any; description: string }> {
  const paths = leafPaths(base);
  return fc.record({
    path: fc.constantFrom(...paths),
    value: values,
    extraKey: fc.option(fc.constantFrom('__proto__', 'constructor', 'extra', 'Name', 'passwrd', 'spec'), { nil: undefined }),
  }).map(({ path, value, extraKey }) => ({
    props: withValue(base, extraKey === undefined ? path : path.slice(0, -1), value, extraKey),
    description: `${extraKey === undefined ? path.join('.') || '(props)' : `${path.slice(0, -1).join('.')}[+${extraKey}]`} = ${describeShort(value)}`,
  }));
}

/** A short description of a generated value for a failure report. */
export function describeShort(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.slice(0, 60));
  }
  if (value !== null && (typeof value === 'object' || typeof value === 'function') && fc.hasToStringMethod(value)) {
    return value[fc.toStringMethod]();
  }
  try {
    return typeof value === 'bigint' ? `${value}n` : typeof value === 'symbol' ? value.toString() : fc.stringify(value).slice(0, 80);
  } catch {
    return typeof value;
  }
}

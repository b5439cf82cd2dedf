/**
 * Calling a callable of the public surface with hostile arguments: the cases (which argument, or
 * which part of one, is hostile), the arguments they make from the known-good ones, and the checks
 * of one call's outcome.
 */
import { App, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import * as fc from 'fast-check';
import { baseArguments, BaseArguments, frameworkOf } from './base-arguments';
import { expectGoodObjects } from './definitions';
import {
  cloneData, deepFrozen, HostileValue, hostileValues, leafPaths, leakedForms, MUST_RUN, textOf, throwingGetter, withoutPrototypes, withValue,
} from './hostile-values';
import { expectLibraryError, expectNoPrototypePollution } from './outcome';
import { Callable, Surface } from './public-surface';

/** How one call differs from the known-good arguments. */
export type CallCase =
  | { readonly kind: 'replace'; readonly position: number; readonly value: HostileValue }
  | { readonly kind: 'mutate'; readonly position: number; readonly path: string[]; readonly value: HostileValue; readonly extraKey?: string }
  | { readonly kind: 'reshape'; readonly position: number; readonly path: string[]; readonly how: 'frozen' | 'without prototypes' | 'proxied' | 'throwing getter' }
  | { readonly kind: 'extra'; readonly values: HostileValue[] }
  | { readonly kind: 'all'; readonly values: HostileValue[] };

function describeCase(callCase: CallCase, params: readonly string[]): string {
  const at = (position: number, path: string[] = []) => [params[position] ?? `arguments[${position}]`, ...path].join('.');
  switch (callCase.kind) {
    case 'replace':
      return `${at(callCase.position)} = ${callCase.value.label}`;
    case 'mutate':
      return callCase.extraKey === undefined
        ? `${at(callCase.position, callCase.path)} = ${callCase.value.label}`
        : `${at(callCase.position, callCase.path.slice(0, -1))}[+${callCase.extraKey}] = ${callCase.value.label}`;
    case 'reshape':
      return `${at(callCase.position, callCase.path)} ${callCase.how}`;
    case 'extra':
      return `extra arguments ${callCase.values.map((value) => value.label).join(', ')}`;
    default:
      return `every argument hostile: ${callCase.values.map((value) => value.label).join(', ')}`;
  }
}

/** `callCase` reported by its description. */
function reported(callCase: CallCase, params: readonly string[]): CallCase {
  const description = describeCase(callCase, params);
  return Object.defineProperty(callCase, fc.toStringMethod, { value: () => description, enumerable: false });
}

/** Where a call's hostile values go. */
export interface Shape {
  readonly arity: number;
  readonly hostilePositions: number[];
  /** Positions that take a callback: a function there is what the callable expects, and its errors are the caller's. */
  readonly callbackPositions: number[];
  /** Paths of leaves (for values) and of objects (for reshaping) inside each known-good argument. */
  readonly leaves: Array<{ position: number; path: string[] }>;
  readonly objects: Array<{ position: number; path: string[] }>;
}

export function shapeOf(callable: Callable, base: BaseArguments): Shape {
  const sample = base.make();
  const arity = Math.max(callable.params.length, callable.fn.length);
  const hostilePositions = [...Array(arity).keys()].filter((position) => !base.frameworkOwned.includes(position));
  const paths = hostilePositions.flatMap((position) => leafPaths(sample[position]).map((path) => ({ position, path })))
    .filter(({ position, path }) => !base.frameworkKeys.get(position)?.includes(path[0]));
  const valueAt = (position: number, path: string[]): unknown => path.reduce<any>((node, key) => node?.[key], sample[position]);
  return {
    arity,
    hostilePositions,
    callbackPositions: hostilePositions.filter((position) => typeof sample[position] === 'function'),
    leaves: paths.filter(({ path }) => path.length > 0),
    objects: paths.filter(({ position, path }) => {
      const value = valueAt(position, path);
      return value !== null && typeof value === 'object';
    }),
  };
}

/** The hostile calls of a callable of `shape`. */
export function callCases(shape: Shape, params: readonly string[]): fc.Arbitrary<CallCase> {
  const cases: Array<fc.Arbitrary<CallCase>> = [
    fc.array(hostileValues, { minLength: 1, maxLength: 2 }).map((values): CallCase => ({ kind: 'extra', values })),
  ];
  if (shape.hostilePositions.length > 0) {
    cases.push(
      fc.record({ position: fc.constantFrom(...shape.hostilePositions), value: hostileValues })
        .filter(({ position, value }) => !(value.callable && shape.callbackPositions.includes(position)))
        .map((c): CallCase => ({ kind: 'replace', ...c })),
      fc.array(hostileValues, { minLength: shape.hostilePositions.length, maxLength: shape.hostilePositions.length })
        .filter((values) => !values.some((value, index) => value.callable && shape.callbackPositions.includes(shape.hostilePositions[index])))
        .map((values): CallCase => ({ kind: 'all', values })),
    );
  }
  if (shape.leaves.length > 0) {
    const mutation = fc.record({
      leaf: fc.constantFrom(...shape.leaves),
      value: hostileValues,
      extraKey: fc.option(fc.constantFrom('__proto__', 'constructor', 'extra', 'Name', 'passwrd', 'spec'), { nil: undefined, freq: 4 }),
    }).map(({ leaf, value, extraKey }): CallCase => ({ kind: 'mutate', ...leaf, value, ...(extraKey === undefined ? {} : { extraKey }) }));
    cases.push(mutation, mutation, mutation);
  }
  if (shape.objects.length > 0) {
    cases.push(fc.record({
      object: fc.constantFrom(...shape.objects),
      how: fc.constantFrom('frozen', 'without prototypes', 'proxied', 'throwing getter'),
    }).map(({ object, how }): CallCase => ({ kind: 'reshape', ...object, how })));
  }
  return fc.oneof(...cases).map((callCase) => reported(callCase, params));
}

/** Cases every callable runs, whatever the seed: each must-run value at each hostile position, and every argument undefined. */
export function mustRunCases(shape: Shape, params: readonly string[]): CallCase[] {
  const undefinedValue = MUST_RUN.find((value) => value.label === 'undefined')!;
  const cases: CallCase[] = shape.hostilePositions.flatMap((position) => MUST_RUN.map((value): CallCase => ({ kind: 'replace', position, value })));
  cases.push({ kind: 'extra', values: [MUST_RUN[0], MUST_RUN[3]] });
  if (shape.hostilePositions.length > 0) {
    cases.push({ kind: 'all', values: shape.hostilePositions.map(() => undefinedValue) });
  }
  for (const how of ['frozen', 'without prototypes'] as const) {
    shape.objects.filter(({ path }) => path.length === 0).forEach(({ position }) => cases.push({ kind: 'reshape', position, path: [], how }));
  }
  return cases.map((callCase) => reported(callCase, params));
}

/** The known-good arguments with `callCase` applied. */
function argumentsFor(callCase: CallCase, base: BaseArguments, shape: Shape): unknown[] {
  const args = base.make();
  args.length = Math.max(args.length, shape.arity);
  switch (callCase.kind) {
    case 'replace':
      args[callCase.position] = callCase.value.make();
      break;
    case 'mutate':
      args[callCase.position] = withValue(args[callCase.position] as object,
        callCase.extraKey === undefined ? callCase.path : callCase.path.slice(0, -1), callCase.value.make(), callCase.extraKey);
      break;
    case 'reshape':
      args[callCase.position] = reshaped(args[callCase.position], callCase.path, callCase.how);
      break;
    case 'extra':
      args.push(...callCase.values.map((value) => value.make()));
      break;
    default:
      shape.hostilePositions.forEach((position, index) => {
        args[position] = callCase.values[index].make();
      });
  }
  return args;
}

function reshaped(value: unknown, path: string[], how: Extract<CallCase, { kind: 'reshape' }>['how']): unknown {
  if (how === 'frozen') {
    return deepFrozen(value);
  }
  if (how === 'without prototypes') {
    return withoutPrototypes(value);
  }
  const copy = cloneData(value);
  if (path.length === 0) {
    return how === 'proxied' ? new Proxy(copy as object, {}) : throwingGetter(Object.keys(copy as object)[0] ?? 'x', copy as object);
  }
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], copy);
  const key = path[path.length - 1];
  if (how === 'proxied') {
    parent[key] = new Proxy(parent[key], {});
  } else {
    const target = parent[key] as object;
    parent[key] = throwingGetter(Object.keys(target)[0] ?? '0', target);
  }
  return copy;
}

/** An instance of a method's class, made with the class's known-good constructor arguments. */
export function instanceFor(surface: Surface, callable: Callable): object {
  const constructor = surface.callables.find((candidate) => candidate.kind === 'constructor' && candidate.owner === callable.owner);
  if (!constructor) {
    throw new Error(`${callable.path}: no exported constructor of ${callable.owner?.name} to make an instance with`);
  }
  try {
    return Reflect.construct(constructor.fn, baseArguments(constructor).make());
  } catch (error) {
    throw new Error(`${callable.path}: its class cannot be made with the known-good arguments; give them in base-arguments.ts (${(error as Error).message})`);
  }
}

/** Call `callable` with `args` (on `instance` for a method). */
export function invoke(callable: Callable, args: unknown[], instance: object | undefined): unknown {
  switch (callable.kind) {
    case 'constructor':
      return Reflect.construct(callable.fn, args);
    case 'static':
      return Reflect.apply(callable.fn, callable.owner, args);
    case 'function':
      return Reflect.apply(callable.fn, undefined, args);
    default:
      return Reflect.apply(callable.fn, instance, args);
  }
}

/** Kubernetes objects in a call's result: the object itself, an array of them, or a product's `objects`. */
function manifestsIn(result: unknown): Array<{ kind?: string }> {
  const isManifest = (value: unknown): value is { kind: string } =>
    value !== null && typeof value === 'object' && typeof (value as { apiVersion?: unknown }).apiVersion === 'string' && typeof (value as { kind?: unknown }).kind === 'string';
  if (isManifest(result)) {
    return [result];
  }
  const list = Array.isArray(result) ? result : (result as { objects?: unknown } | undefined)?.objects;
  return Array.isArray(list) ? list.filter(isManifest) : [];
}

/** The charts a call wrote into: of its construct arguments and of the construct it made (an app's: all of them). */
function chartsOf(values: unknown[]): Chart[] {
  const charts = values.filter((value): value is Construct => value instanceof Construct).flatMap((construct) =>
    (construct instanceof App ? construct.charts : construct.node.scopes.filter((scope): scope is Chart => Chart.isChart(scope)).slice(-1)));
  return [...new Set(charts)];
}

/** The strings a case passed as a parameter named `field` (which names the input in errors). */
function callerFieldNames(callCase: CallCase, args: unknown[], params: readonly string[]): string[] {
  const position = params.indexOf('field');
  const hostile = callCase.kind === 'all' || (callCase.kind === 'replace' && callCase.position === position);
  return hostile && typeof args[position] === 'string' ? [args[position] as string] : [];
}

/** Parameters whose value a library object shows as given: a user name is part of every redacted URL. */
const SHOWN_AS_GIVEN: readonly string[] = ['username'];

/** Whether a case gave a password to a parameter (or prop) that is shown as given. */
function showsAsGiven(callCase: CallCase, params: readonly string[]): boolean {
  switch (callCase.kind) {
    case 'replace':
      return callCase.value.carriesPassword && SHOWN_AS_GIVEN.includes(params[callCase.position]);
    case 'mutate':
      return callCase.value.carriesPassword && SHOWN_AS_GIVEN.includes(callCase.path[callCase.path.length - 1]);
    case 'all':
      return callCase.values.some((value, index) => value.carriesPassword && SHOWN_AS_GIVEN.includes(params[index]));
    default:
      return false;
  }
}

/**
 * What logging a library object shows (`String()` and `JSON.stringify`), which must mask any
 * password, whatever field it was given in: a proxy URL's is the proxy's password. Errors and
 * plain data are the caller's text, not the library's rendering.
 */
function loggedForm(result: unknown): string {
  if (result === null || typeof result !== 'object' || result instanceof Error || Array.isArray(result)
    || [Object.prototype, null].includes(Object.getPrototypeOf(result))) {
    return '';
  }
  const toJSON = (result as { toJSON?: unknown }).toJSON;
  return `${String(result)}\n${typeof toJSON === 'function' ? textOf(toJSON.call(result)) : ''}`;
}

/** Kinds of the Kubernetes objects in a call's arguments (plain data a few levels down). */
function kindsGiven(args: unknown[]): Set<string> {
  const kinds = new Set<string>();
  const pending = args.map((value) => ({ value, depth: 0 }));
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    try {
      if (value === null || typeof value !== 'object' || depth > 4 || !(Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)) {
        continue;
      }
      const { kind } = value as { kind?: unknown };
      if (typeof kind === 'string') {
        kinds.add(kind);
      }
      Object.values(value).forEach((item) => pending.push({ value: item, depth: depth + 1 }));
    } catch {
      // a hostile getter or Proxy the library left alone
    }
  }
  return kinds;
}

/** Whether a case puts a password into the arguments itself (output that echoes it is not the library's leak). */
function carriesPassword(callCase: CallCase): boolean {
  switch (callCase.kind) {
    case 'replace':
    case 'mutate':
      return callCase.value.carriesPassword;
    case 'reshape':
      return false;
    default:
      return callCase.values.some((value) => value.carriesPassword);
  }
}

/**
 * One hostile call: success or the library's error; on success, what it synthesized or returned
 * validates (a construct's chart, a product), with the password in Secret data only.
 */
export function callOnce(surface: Surface, callable: Callable, base: BaseArguments, shape: Shape, callCase: CallCase): void {
  const instance = callable.kind === 'method' || callable.kind === 'getter' ? instanceFor(surface, callable) : undefined;
  const args = argumentsFor(callCase, base, shape);
  let result: unknown;
  let objects: Array<{ kind?: string }> = [];
  const construct = callable.kind === 'constructor' && frameworkOf(callable) === 'cdk8s';
  try {
    result = invoke(callable, args, instance);
    // what a construct, or a function that changes a chart, leaves for synthesis is checked at synthesis
    const synthesized = chartsOf([...args, result, instance]).flatMap((chart) => chart.toJson() as Array<{ kind?: string }>);
    objects = construct ? synthesized : manifestsIn(result);
    if (!carriesPassword(callCase) && !construct) {
      expect(leakedForms(textOf(synthesized.filter((object) => object.kind !== 'Secret')))).toEqual([]);
    }
  } catch (error) {
    expectLibraryError(error, callerFieldNames(callCase, args, callable.params));
    return;
  } finally {
    expectNoPrototypePollution();
  }
  if (!showsAsGiven(callCase, callable.params)) {
    expect(leakedForms(loggedForm(result))).toEqual([]);
  }
  if (carriesPassword(callCase)) {
    return;
  }
  expect(leakedForms(textOf(objects.filter((object) => object.kind !== 'Secret')))).toEqual([]);
  if (construct || callable.owner?.name === 'Products') {
    // the caller's own objects come back with the proxy added, their other fields as they were given
    const given = kindsGiven(args);
    expectGoodObjects(objects.filter((object) => !given.has(String(object.kind))));
  }
}

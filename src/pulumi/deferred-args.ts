import * as pulumi from '@pulumi/pulumi';
import { ProxyConfigError } from '../core/errors';
import { Product } from '../core/product/product';
import { isPlainObject } from '../core/validation/json-data';

/**
 * Args that are Pulumi inputs (a Kubernetes version from stack config, replicas or a machine
 * template name from another resource). The core renders from plain values, so the product is
 * rendered twice, with two stand-ins for every such arg: the places where the two renderings differ
 * are where the real value goes, and any other difference means the arg shapes a name or a hash,
 * which cannot wait for deployment. At deployment the product is rendered once more from the real
 * values, so they are validated by the core with its field-naming errors.
 */

/** Stand-in pairs by the arg's own key: each valid wherever the core accepts that key, and unlike anything else. */
const STAND_INS: Readonly<Record<string, readonly [unknown, unknown]>> = {
  version: ['v1.0.997', 'v1.0.999'],
  replicas: [997, 999],
  name: ['stand-in-reference-a', 'stand-in-reference-b'],
};

/** The arg keys that may be inputs, for error messages. */
const DEFERRABLE = Object.keys(STAND_INS).join(', ');

interface OutputArg {
  readonly path: readonly (string | number)[];
  readonly input: pulumi.Input<unknown>;
  readonly standIns: readonly [unknown, unknown];
}

/** Where an input's real value goes: a field of one product object. */
interface Placement {
  readonly objectId: string;
  readonly path: readonly string[];
}

/** The fields of one resource that wait for inputs: each field's path in the manifest and its value. */
export type WaitingFields = readonly (readonly [readonly string[], pulumi.Output<unknown>])[];

/** Args with every input replaced by a stand-in, and the resource fields that wait for the inputs. */
export interface DeferredArgs<A> {
  /** The args to render at program time: the first stand-in in place of each input. */
  readonly args: A;
  /** The waiting fields, by product object id. */
  readonly fields: ReadonlyMap<string, WaitingFields>;
}

function isInput(value: unknown): value is pulumi.Output<unknown> | Promise<unknown> {
  return pulumi.Output.isInstance(value) || value instanceof Promise;
}

function pathName(path: readonly (string | number)[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${key}`)).join('');
}

/** Every input in `args` (plain objects and arrays are searched; anything else is a value). */
function findInputs(value: unknown, path: (string | number)[] = [], found: OutputArg[] = []): OutputArg[] {
  if (isInput(value)) {
    const key = [...path].reverse().find((k): k is string => typeof k === 'string') ?? '';
    const standIns = STAND_INS[key];
    if (!standIns) {
      throw new ProxyConfigError(pathName(path), `cannot be a Pulumi Output or Promise (inputs are accepted for ${DEFERRABLE})`);
    }
    found.push({ path, input: value, standIns });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => findInputs(item, [...path, index], found));
  } else if (isPlainObject(value)) {
    Object.entries(value).forEach(([key, item]) => findInputs(item, [...path, key], found));
  }
  return found;
}

/** `args` with the value at each input's path replaced. */
function withValues<A>(args: A, inputs: readonly OutputArg[], values: readonly unknown[]): A {
  const copy = (value: unknown, path: (string | number)[]): unknown => {
    const index = inputs.findIndex((input) => pathName(input.path) === pathName(path));
    if (index !== -1) {
      return values[index];
    }
    if (Array.isArray(value)) {
      return value.map((item, i) => copy(item, [...path, i]));
    }
    if (isPlainObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item, [...path, key])]));
    }
    return value;
  };
  return copy(args, []) as A;
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

/** Where each input's value lands: the differences between the two stand-in renderings, each traced to one input. */
function placements(first: Product, second: Product, inputs: readonly OutputArg[]): Placement[][] {
  const byInput: Placement[][] = inputs.map(() => []);
  first.objects.forEach((object, index) => {
    for (const difference of differences(object.manifest, second.objects[index]?.manifest)) {
      const owner = inputs.findIndex((input) => input.standIns[0] === difference.a && input.standIns[1] === difference.b);
      if (owner === -1 || object.sensitive) {
        throw new ProxyConfigError(inputs.map((input) => pathName(input.path)).join(', '),
          `cannot be a Pulumi Output or Promise here: it shapes the name or content of ${object.manifest.kind} ${object.id}, which must be known at program time`);
      }
      byInput[owner].push({ objectId: object.id, path: difference.path });
    }
  });
  return byInput;
}

/**
 * Prepare `args`, where version, replicas and reference names may be inputs, for `render`. With no
 * input, the args are returned as they are and nothing is rendered here.
 */
export function deferInputs<A>(args: A, render: (args: A) => Product): DeferredArgs<A> {
  const inputs = findInputs(args);
  if (inputs.length === 0) {
    return { args, fields: new Map() };
  }
  const standIns = withValues(args, inputs, inputs.map((input) => input.standIns[0]));
  const where = placements(render(standIns), render(withValues(args, inputs, inputs.map((input) => input.standIns[1]))), inputs);
  const real = pulumi.all(inputs.map((input) => input.input)).apply((values) => render(withValues(args, inputs, values)));
  const fields = new Map<string, [string[], pulumi.Output<unknown>][]>();
  where.flat().forEach(({ objectId, path }) => {
    const value = real.apply((rendered) => path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key],
      rendered.objects.find((object) => object.id === objectId)!.manifest));
    fields.set(objectId, [...(fields.get(objectId) ?? []), [[...path], value]]);
  });
  return { args: standIns, fields };
}

/** Put the waiting values into a resource's fields (a fresh copy of its manifest, without apiVersion and kind). */
export function placeWaitingFields(fields: Record<string, unknown>, waiting: WaitingFields): void {
  for (const [path, value] of waiting) {
    const parent = path.slice(0, -1).reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, fields);
    parent[path[path.length - 1]] = value;
  }
}

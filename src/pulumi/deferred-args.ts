import * as pulumi from '@pulumi/pulumi';
import { deferValues, withValues } from '../core/product/deferred-values';
import { Product } from '../core/product/product';

/**
 * Args that are Pulumi inputs (a Kubernetes version from stack config, replicas or a machine
 * template name from another resource): the core finds where each goes in the product (see
 * `deferValues`), and the fields there wait for the product rendered from the real values.
 */

/** The fields of one resource that wait for inputs: each field's path in the manifest and its value. */
export type WaitingFields = readonly (readonly [readonly string[], pulumi.Output<unknown>])[];

/** Args with every input replaced by a stand-in, and the resource fields that wait for the inputs. */
export interface DeferredInputs<A> {
  /** The args to render at program time: a stand-in in place of each input. */
  readonly args: A;
  /** The waiting fields, by product object id. */
  readonly fields: ReadonlyMap<string, WaitingFields>;
}

function isInput(value: unknown): value is pulumi.Output<unknown> | Promise<unknown> {
  return pulumi.Output.isInstance(value) || value instanceof Promise;
}

/**
 * Prepare `args`, where version, replicas and reference names may be inputs, for `render`. With no
 * input, the args are returned as they are and nothing is rendered here.
 */
export function deferInputs<A>(args: A, render: (args: A) => Product): DeferredInputs<A> {
  const deferred = deferValues(args, isInput, 'a Pulumi Output or Promise', render);
  const fields = new Map<string, [string[], pulumi.Output<unknown>][]>();
  if (deferred.values.length > 0) {
    const real = pulumi.all(deferred.values.map((item) => item.value)).apply((values) => render(withValues(args, deferred.values, values)));
    deferred.placements.flat().forEach(({ objectId, path }) => {
      const value = real.apply((rendered) => path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key],
        rendered.objects.find((object) => object.id === objectId)!.manifest));
      fields.set(objectId, [...(fields.get(objectId) ?? []), [[...path], value]]);
    });
  }
  return { args: deferred.args, fields };
}

/** Put the waiting values into a resource's fields (a fresh copy of its manifest, without apiVersion and kind). */
export function placeWaitingFields(fields: Record<string, unknown>, waiting: WaitingFields): void {
  for (const [path, value] of waiting) {
    const parent = path.slice(0, -1).reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, fields);
    parent[path[path.length - 1]] = value;
  }
}

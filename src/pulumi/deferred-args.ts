import * as pulumi from '@pulumi/pulumi';
import { ProxyConfigError } from '../core/primitives/errors';
import { laterValue, laterValueSource, replaceLaterValues, resolveLaterValue } from '../core/primitives/later-value';
import { checkNestingDepth, isPlainObject } from '../core/primitives/validation/json-data';

/**
 * Args that are Pulumi inputs (a Kubernetes version from stack config, replicas or a machine
 * template name from another resource) become the core's later values (see `laterValue`): the
 * product is rendered once, each lands where the value goes, and the resource field there waits
 * for the input, checked by the core's validators when it resolves.
 */

/** What the core's errors call an input. */
const WHAT = 'a Pulumi Output or Promise';

/** The arg keys whose values may be inputs: those that land in a field of their own. */
const DEFERRABLE_KEYS: ReadonlySet<string> = new Set(['version', 'replicas', 'name']);

function isInput(value: unknown): value is pulumi.Output<unknown> | Promise<unknown> {
  return pulumi.Output.isInstance(value) || value instanceof Promise;
}

/**
 * `args` with each input (under a key that may wait: version, replicas, a name) as a later value;
 * an input under any other key is refused, naming its field and the keys that may wait.
 */
export function deferInputs<A>(args: A): A {
  checkNestingDepth('', args);
  let found = false;
  const defer = (value: unknown, field: string, key: string | undefined): unknown => {
    if (isInput(value)) {
      // an own key only: `__proto__` or `constructor` would find what every object inherits
      if (key === undefined || !DEFERRABLE_KEYS.has(key)) {
        throw new ProxyConfigError(field, `cannot be ${WHAT} (inputs are accepted for ${[...DEFERRABLE_KEYS].join(', ')})`);
      }
      found = true;
      return laterValue(field, WHAT, value);
    }
    if (Array.isArray(value)) {
      return value.map((item, index) => defer(item, `${field}[${index}]`, key));
    }
    return isPlainObject(value)
      ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, defer(item, field === '' ? name : `${field}.${name}`, name)]))
      : value;
  };
  const deferred = defer(args, '', undefined) as A;
  return found ? deferred : args;
}

/** A copy of rendered data with each later value in it as the Output of its checked real value. */
export function withWaitingInputs(data: unknown): unknown {
  return replaceLaterValues(data, (later) => pulumi.output(laterValueSource(later) as pulumi.Input<string | number>)
    .apply((value) => resolveLaterValue(later, value)));
}

/**
 * What every call with hostile input must end in, and how the hardening suites run a property.
 */
import * as pulumi from '@pulumi/pulumi';
import * as fc from 'fast-check';
import { HostileValueError, leakedForms } from './hostile-values';
import { ProxyConfigError } from '../../src';
import { redactCredentials } from '../../src/core/primitives/credential-mask';

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

/** A field path as the library writes one (`a.b[0]`, `props[":"]`), then `: `. */
export const FIELD_PATH_PREFIX = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[(?:\d+|"(?:[^"\\]|\\.)*")\])*: /;

/**
 * Or, for a field of an object found among others (a chart's KubeadmConfigTemplates, the
 * templates of a ClusterClass), the object as `Kind/name` (a DNS name: anything else the object
 * carries must not be echoed unchecked) and the field path inside it.
 */
const OBJECT_FIELD_PREFIX = new RegExp(`^[A-Z][A-Za-z0-9]*/[a-z0-9]([-a-z0-9.]*[a-z0-9])?: ${FIELD_PATH_PREFIX.source.slice(1)}`);

/** Fail when Object.prototype changed (a key added, or `polluted` inherited by every object). */
export function expectNoPrototypePollution(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/**
 * Check a thrown error: the library's (naming a field, without the password in any encoding), a
 * Pulumi ResourceError reporting it, or the hostile value's own error passed through unchanged.
 * Anything else (a TypeError from deep inside, a RangeError from a stack overflow) fails.
 */
export function expectLibraryError(error: unknown, callerFieldNames: readonly string[] = []): void {
  if (error instanceof HostileValueError) {
    // the caller's own getter or Proxy threw: passing that on unchanged is right
    return;
  }
  if (error instanceof pulumi.ResourceError) {
    // a Pulumi component reports the library's error on the resource, message unchanged
    expectFieldPrefix(error.message);
  } else if (!(error instanceof ProxyConfigError)) {
    const name = (error as Error | undefined)?.constructor?.name ?? typeof error;
    const stack = String((error as Error | undefined)?.stack ?? error).split('\n').slice(0, 8).join('\n');
    throw new Error(`not the library's error: ${name}: ${(error as Error | undefined)?.message}\n${stack}`);
  } else {
    expect(error.field).not.toBe('');
    expect(error.message.startsWith(`${error.field}: `)).toBe(true);
    // a field name the caller gave is named as given (its password masked)
    if (!callerFieldNames.some((name) => error.field.startsWith(redactCredentials(name)))) {
      expectFieldPrefix(error.message);
    }
  }
  expect(leakedForms(`${(error as Error).message}\n${String((error as Error).stack)}`)).toEqual([]);
}

function expectFieldPrefix(message: string): void {
  if (!OBJECT_FIELD_PREFIX.test(message)) {
    expect(message).toMatch(FIELD_PATH_PREFIX);
  }
}

/** Run `call`; check the outcome is a success or the library's error, naming a field, without the password. */
export function outcome(call: () => unknown): 'ok' | 'refused' {
  try {
    call();
    return 'ok';
  } catch (error) {
    expectLibraryError(error);
    return 'refused';
  } finally {
    expectNoPrototypePollution();
  }
}

/** The seed a run uses when none is given: FC_SEED's, else random (printed when the run fails). */
function randomSeed(): number {
  const configured = Number(process.env.FC_SEED);
  return Number.isInteger(configured) ? configured : Math.floor(Math.random() * 2 ** 31);
}

/** The report of a failed run with `seed`, and how to reproduce it. */
function failure<T>(details: fc.RunDetails<T>, seed: number): Error {
  return new Error(`failed with random seed ${seed} (rerun: FC_SEED=${seed}): ${fc.defaultReportMessage(details)}\n`
    + `${String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance)}`);
}

/** Run-time options of {@link check}. */
export interface CheckOptions<T> {
  /** Runs per seed. */
  readonly numRuns: number;
  /** Cases that run first in the fixed-seed run (the random-seed run explores other inputs). */
  readonly examples?: T[];
}

/** Each property with the fixed seed, then a random one that the failure report names. */
export function check<T>(name: string, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void, runs: number | CheckOptions<T>): void {
  const { numRuns, examples } = typeof runs === 'number' ? { numRuns: runs } as CheckOptions<T> : runs;
  const parameters = { numRuns, ...(examples ? { examples: examples.map((example) => [example] as [T]) } : {}) };
  test(`${name} (fixed seed)`, () => {
    fc.assert(fc.property(arbitrary, predicate), parameters);
  });
  test(`${name} (random seed)`, () => {
    const seed = randomSeed();
    const details = fc.check(fc.property(arbitrary, predicate), { numRuns, seed });
    if (details.failed) {
      throw failure(details, seed);
    }
  });
}

/** {@link check} for an asynchronous predicate. */
export function checkAsync<T>(name: string, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, runs: CheckOptions<T>): void {
  const { numRuns, examples } = runs;
  const parameters = { numRuns, ...(examples ? { examples: examples.map((example) => [example] as [T]) } : {}) };
  test(`${name} (fixed seed)`, async () => {
    await fc.assert(fc.asyncProperty(arbitrary, predicate), parameters);
  });
  test(`${name} (random seed)`, async () => {
    const seed = randomSeed();
    const details = await fc.check(fc.asyncProperty(arbitrary, predicate), { numRuns, seed });
    if (details.failed) {
      throw failure(details, seed);
    }
  });
}

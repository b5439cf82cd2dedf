/**
 * Pulumi unit-test harness (the pulumi-awsx pattern): `pulumi.runtime.setMocks` replaces the
 * engine, every registered resource is recorded, and tests assert on type, name, parent and inputs.
 * No Pulumi CLI is involved. Jest isolates modules per test file, so each file gets its own mocks.
 */
import * as pulumi from '@pulumi/pulumi';

/** One resource registration as the engine would have received it. */
export interface RecordedResource {
  readonly type: string;
  readonly name: string;
  /** Inputs; secret values appear as `{ [SECRET_SIG_KEY]: SECRET_SIG, value }`. */
  readonly inputs: Record<string, any>;
}

/** Marker keys Pulumi's RPC layer uses for secret values (stable protocol constants). */
export const SECRET_SIG_KEY = '4dabf18193072939515e22adb298388d';
export const SECRET_SIG = '1b47061264138c4ac30d75fd1eb44270';

/** Every registration since the last {@link resetRecorded}. */
export const recorded: RecordedResource[] = [];

/** Install the mocks (call once per test file, before creating resources). */
export async function installMocks(): Promise<void> {
  await pulumi.runtime.setMocks({
    newResource(args: pulumi.runtime.MockResourceArgs) {
      recorded.push({ type: args.type, name: args.name, inputs: args.inputs });
      return { id: `${args.name}-id`, state: args.inputs };
    },
    call(args: pulumi.runtime.MockCallArgs) {
      throw new Error(`unexpected invoke in a unit test: ${args.token}`);
    },
  }, 'project', 'stack', false);
}

/** Forget earlier registrations. */
export function resetRecorded(): void {
  recorded.length = 0;
}

/** Resolve an output's value (test-only: relies on the mocks resolving synchronously enough). */
export function unwrap<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply((value) => {
    resolve(value);
    return value;
  }));
}

/** Wait until every pending registration has reached the mocks. */
export async function settle(resource: pulumi.Resource): Promise<void> {
  await unwrap(resource.urn);
  // registrations of siblings may still be in flight: let the event loop drain a little
  await new Promise((resolve) => setImmediate(resolve));
}

/** True when `value` is a secret marker as recorded by the mocks. */
export function isSecretMarker(value: unknown): value is { value: unknown } {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[SECRET_SIG_KEY] === SECRET_SIG;
}

/** The recorded registration of `type` named `name` (throws a readable error when missing). */
export function findRecorded(type: string, name: string): RecordedResource {
  const found = recorded.find((r) => r.type === type && r.name === name);
  if (!found) {
    throw new Error(`no ${type} named ${name}; recorded: ${recorded.map((r) => `${r.type} ${r.name}`).join(', ')}`);
  }
  return found;
}

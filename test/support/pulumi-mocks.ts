/**
 * Pulumi unit-test harness (the pulumi-awsx pattern): `pulumi.runtime.setMocks` replaces the
 * engine, every registered resource is recorded, and tests assert on type, name, parent and inputs.
 * No Pulumi CLI is involved. Jest isolates modules per test file, so each file gets its own mocks.
 *
 * Besides the inputs as the mocks' `newResource` sees them (where the SDK lifts a nested secret up
 * to the enclosing top-level property), each registration keeps the request as it went over the
 * wire (`wire`: nested secrets stay where they are, which is what the engine stores) and its
 * parent's URN, read from the mock monitor's RegisterResource requests.
 *
 * Resource transforms: `setMocks` switches them off (the mock monitor has no engine to call them
 * back). This harness switches them on and plays the engine's part: a registration goes through
 * the `transforms` of the resource and of its ancestors, then through the stack transforms
 * (`registerResourceTransform`), each invoked through the SDK's own callback server exactly as the
 * engine invokes it (the props deserialized from the wire, the result serialized back). This
 * relies on SDK internals (`runtime/state`, the proto modules) of the pinned @pulumi/pulumi 3.248.
 */
import * as pulumi from '@pulumi/pulumi';
import * as callbackProto from '@pulumi/pulumi/proto/callback_pb';
import * as resourceProto from '@pulumi/pulumi/proto/resource_pb';
import * as state from '@pulumi/pulumi/runtime/state';

/** One resource registration as the engine would have received it. */
export interface RecordedResource {
  readonly type: string;
  readonly name: string;
  /** False for component resources. */
  readonly custom: boolean;
  /** URN of this resource (`urn:pulumi:stack::project::<parent types $-joined>$<type>::<name>`). */
  readonly urn: string;
  /** URN of the parent (the stack's for top-level resources). */
  readonly parent: string;
  /** Inputs; secret values appear as `{ [SECRET_SIG_KEY]: SECRET_SIG, value }`, lifted to the top-level property. */
  readonly inputs: Record<string, any>;
  /** Inputs in wire form: secret markers exactly where the secret values are. */
  readonly wire: Record<string, any>;
}

/** Marker keys Pulumi's RPC layer uses for secret values (stable protocol constants). */
export const SECRET_SIG_KEY = '4dabf18193072939515e22adb298388d';
export const SECRET_SIG = '1b47061264138c4ac30d75fd1eb44270';

/** Every registration since the last {@link resetRecorded}. */
export const recorded: RecordedResource[] = [];

interface MockMonitorLike {
  registerResource(request: any, callback: (...args: any[]) => void): Promise<void>;
  registerStackTransform?(request: callbackProto.Callback, callback: (error: Error | null, response?: unknown) => void): void;
  newUrn(parent: string, type: string, name: string): string;
}

interface CallbackServerLike {
  invoke(call: { request: callbackProto.CallbackInvokeRequest },
    callback: (error: any, response?: callbackProto.CallbackInvokeResponse) => void): Promise<void>;
  shutdown(): void;
}

/** Run one transform callback the way the engine does; the new properties, or an error. */
function invokeTransform(server: CallbackServerLike, token: string, request: any): Promise<any> {
  const transformRequest = new resourceProto.TransformRequest();
  transformRequest.setType(request.getType());
  transformRequest.setName(request.getName());
  transformRequest.setCustom(request.getCustom());
  transformRequest.setParent(request.getParent());
  transformRequest.setProperties(request.getObject());
  transformRequest.setOptions(new resourceProto.TransformResourceOptions());
  const invokeRequest = new callbackProto.CallbackInvokeRequest();
  invokeRequest.setToken(token);
  invokeRequest.setRequest(transformRequest.serializeBinary());
  return new Promise((resolve, reject) => {
    void server.invoke({ request: invokeRequest }, (error, response) => {
      if (error) {
        reject(new Error(`transform failed for ${request.getType()} ${request.getName()}: ${error.details ?? error.message}`));
        return;
      }
      resolve(resourceProto.TransformResponse.deserializeBinary(response!.getResponse_asU8()).getProperties());
    });
  });
}

let callbackServer: CallbackServerLike | undefined;

/** Results of provider functions (invokes) by token, e.g. `kubernetes:helm:template` for `helm.v3.Chart`. */
export type MockCalls = { readonly [token: string]: (args: pulumi.runtime.MockCallArgs) => Record<string, unknown> };

/**
 * Install the mocks (before creating resources). Each call starts a new program run: a new mock
 * monitor and callback server, so per-run state (shared objects registered once per run) starts
 * empty; call it in `beforeEach` for tests that must not see each other's resources.
 */
export async function installMocks(calls: MockCalls = {}): Promise<void> {
  if (callbackServer) {
    callbackServer.shutdown();
    (state as unknown as { getStore(): { callbacks?: unknown } }).getStore().callbacks = undefined;
    callbackServer = undefined;
  }
  await pulumi.runtime.setMocks({
    newResource(args: pulumi.runtime.MockResourceArgs) {
      return { id: `${args.name}-id`, state: args.inputs };
    },
    call(args: pulumi.runtime.MockCallArgs) {
      const call = calls[args.token];
      if (!call) {
        throw new Error(`unexpected invoke in a unit test: ${args.token}`);
      }
      return call(args);
    },
  }, 'project', 'stack', false);
  const monitor = pulumi.runtime.getMonitor() as unknown as MockMonitorLike;
  (state as unknown as { getStore(): { supportsTransforms: boolean } }).getStore().supportsTransforms = true;
  callbackServer = pulumi.runtime.getCallbacks() as unknown as CallbackServerLike;
  const stackTransforms: string[] = [];
  const resourceTransforms = new Map<string, { parent: string; tokens: string[] }>();
  monitor.registerStackTransform = (request, callback) => {
    stackTransforms.push(request.getToken());
    callback(null, {});
  };
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = async (request, callback) => {
    const parent: string = request.getParent();
    const urn = monitor.newUrn(parent, request.getType(), request.getName());
    resourceTransforms.set(urn, { parent, tokens: request.getTransformsList().map((c: callbackProto.Callback) => c.getToken()) });
    const tokens: string[] = [];
    for (let at: string | undefined = urn; at !== undefined && resourceTransforms.has(at); at = resourceTransforms.get(at)!.parent) {
      tokens.push(...resourceTransforms.get(at)!.tokens);
    }
    try {
      for (const token of [...tokens, ...stackTransforms]) {
        request.setObject(await invokeTransform(callbackServer!, token, request));
      }
    } catch (error) {
      callback(error);
      return;
    }
    recorded.push({
      type: request.getType(),
      name: request.getName(),
      custom: request.getCustom(),
      parent,
      urn,
      inputs: pulumi.runtime.deserializeProperties(request.getObject()),
      wire: request.getObject().toJavaScript(),
    });
    return register(request, callback);
  };
}

/** Stop the callback server (in `afterAll` of files that use transforms, so the worker can exit promptly). */
export function stopCallbacks(): void {
  callbackServer?.shutdown();
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

/** The output's value, or its error (unlike {@link unwrap}, a rejected output rejects). */
export function outcome<T>(output: pulumi.Output<T>): Promise<T> {
  const impl = output as unknown as { isKnown: Promise<boolean>; isSecret: Promise<boolean>; promise(): Promise<T> };
  // An Output's known/secret flags reject with its value: observe them, or Node reports them as unhandled.
  impl.isKnown.catch(() => undefined);
  impl.isSecret.catch(() => undefined);
  return impl.promise();
}

/** Whether the output is secret. */
export function isSecretOutput(output: pulumi.Output<unknown>): Promise<boolean> {
  return (output as unknown as { isSecret: Promise<boolean> }).isSecret;
}

/** Wait until every pending registration has reached the mocks. */
export async function settle(resource?: pulumi.Resource): Promise<void> {
  if (resource) {
    await unwrap(resource.urn);
  }
  // The runtime counts every resource operation (input resolution included) until it is sent.
  const waitForRPCs = (pulumi.runtime as unknown as { waitForRPCs?: () => Promise<void> }).waitForRPCs;
  if (waitForRPCs) {
    await waitForRPCs();
  }
  await new Promise((resolve) => setImmediate(resolve));
}

/** True when `value` is a secret marker as recorded by the mocks. */
export function isSecretMarker(value: unknown): value is { value: unknown } {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[SECRET_SIG_KEY] === SECRET_SIG;
}

/** The value with every secret marker replaced by its value. */
export function unwrapSecrets(value: unknown): any {
  if (isSecretMarker(value)) {
    return unwrapSecrets(value.value);
  }
  if (Array.isArray(value)) {
    return value.map(unwrapSecrets);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unwrapSecrets(item)]));
  }
  return value;
}

/** The value with every secret-marked subtree removed: what the engine would store in plain text. */
export function withoutSecrets(value: unknown): unknown {
  if (isSecretMarker(value)) {
    return '[secret]';
  }
  if (Array.isArray(value)) {
    return value.map(withoutSecrets);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutSecrets(item)]));
  }
  return value;
}

/** Paths (JSON pointers) of every secret marker in a wire value. */
export function secretPaths(value: unknown, path = ''): string[] {
  if (isSecretMarker(value)) {
    return [path];
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => secretPaths(item, `${path}/${key}`));
  }
  return [];
}

/** The recorded registration of `type` named `name` (throws a readable error when missing). */
export function findRecorded(type: string, name: string): RecordedResource {
  const found = recorded.find((r) => r.type === type && r.name === name);
  if (!found) {
    throw new Error(`no ${type} named ${name}; recorded: ${recorded.map((r) => `${r.type} ${r.name}`).join(', ')}`);
  }
  return found;
}

/** The registrations whose parent is `parent` (a recorded resource or a URN). */
export function childrenOf(parent: RecordedResource | string): RecordedResource[] {
  const urn = typeof parent === 'string' ? parent : parent.urn;
  return recorded.filter((r) => r.parent === urn);
}

/** Every registration under `root` (children, their children...), in registration order. */
export function descendantsOf(root: RecordedResource): RecordedResource[] {
  const urns = new Set([root.urn]);
  const found: RecordedResource[] = [];
  for (const r of recorded) {
    if (urns.has(r.parent)) {
      urns.add(r.urn);
      found.push(r);
    }
  }
  return found;
}

/**
 * The Kubernetes object a custom resource registration describes, rebuilt from its type token and
 * inputs, secret values unwrapped: comparable with what cdk8s synthesizes.
 */
export function kubeObjectOf(r: RecordedResource): Record<string, any> {
  const match = /^kubernetes:([^:]+)\/([^:/]+):([^:]+)$/.exec(r.type);
  if (!match) {
    throw new Error(`not a Kubernetes resource: ${r.type}`);
  }
  const [, group, version, kind] = match;
  const inputs = unwrapSecrets(r.wire);
  const apiVersion = group === 'core' ? version : `${group}/${version}`;
  expect(inputs.apiVersion).toBe(apiVersion);
  expect(inputs.kind).toBe(kind);
  return inputs;
}

/** Run one component (or a few) in a fresh program under the mocks; its Kubernetes registrations. */
export async function runComponents(build: () => void): Promise<RecordedResource[]> {
  await installMocks();
  resetRecorded();
  build();
  await settleUntilQuiet();
  return recorded.filter((r) => r.custom && r.type.startsWith('kubernetes:'));
}

/**
 * Settle until no registration arrives for two rounds in a row: registrations made from inside
 * apply callbacks arrive turns later, later still on a loaded machine, and one still in flight when
 * the next run's `installMocks` stops the callback server would fail with CANCELLED. Bounded, so
 * a component that keeps registering fails its test instead of hanging it.
 */
export async function settleUntilQuiet(): Promise<void> {
  let quietRounds = 0;
  for (let round = 0; round < 400 && quietRounds < 2; round++) {
    const before = recorded.length;
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 25));
    quietRounds = recorded.length === before ? quietRounds + 1 : 0;
  }
  if (quietRounds < 2) {
    throw new Error('registrations did not stop arriving');
  }
}

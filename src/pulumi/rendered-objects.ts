import * as pulumi from '@pulumi/pulumi';
import { CredentialVariants } from './credentials';
import { stableObjectName } from './names';
import { KubeObject } from '../core/k8s/manifest';
import { canonicalJson } from '../core/k8s/names';

/**
 * Turning rendered manifests into resource inputs when the credentials may be Outputs.
 *
 * The objects are rendered twice at program time with stand-in credentials (A and B) and once
 * with the real ones. Where A and B agree, a field does not depend on the credentials: its value
 * is used as is, known at program time, deterministic. Where they differ (a Secret value, a URL
 * with the password in an inline node file, a name carrying a hash of the Secret content), the
 * field is taken from the real rendering, as a secret Output. The real rendering is checked
 * against A on every field A and B agree on, so a credential dependence the stand-ins missed fails
 * loudly instead of deploying something else than the core renders.
 */

/** One rendered manifest, ready to register. */
export interface RenderedObject {
  /**
   * The program-time rendering: the object itself without credentials, the stand-in rendering with
   * them. Its kind, namespace and stable name (`stableObjectName`) are the real object's.
   */
  readonly shape: KubeObject;
  /** The resource inputs: the real object, every credential-dependent field a secret input. */
  readonly inputs: pulumi.Inputs;
}

/** Raised when a real rendering disagrees with the stand-in ones on a field they agree on. */
export class CredentialDependenceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialDependenceError';
  }
}

type Path = ReadonlyArray<string | number>;

/**
 * Split rendered objects into program-time values and credential-dependent secret inputs (see the
 * module comment). `onError` may wrap an error of the real rendering (when credentials are Outputs).
 */
export function renderObjects(variants: CredentialVariants<readonly KubeObject[]>, onError?: (error: unknown) => unknown): RenderedObject[] {
  const standIns = variants.standIns?.map((objects) => objects.map(plainJson));
  if (!standIns) {
    return variants.known!.map(plainJson).map((object) => ({ shape: object, inputs: { ...object } }));
  }
  const [a, b] = standIns;
  checkAligned(a, b);
  const known = variants.known?.map(plainJson);
  let valueAt: (index: number, path: Path) => pulumi.Input<unknown>;
  if (known) {
    checkAgainstStandIns(known, a, b);
    valueAt = (index, path) => pulumi.secret(lookup(known[index], path) as pulumi.Input<unknown>);
  } else {
    const checked = variants.map((objects) => {
      checkAgainstStandIns(objects, a, b);
      return objects;
    }).output(onError);
    // `checked` is secret already (computed from the credentials); wrapping it in pulumi.secret again
    // would leave a promise of the SDK unobserved when the rendering fails.
    valueAt = (index, path) => checked.apply((objects) => plainJson(lookup(objects[index], path)));
  }
  return a.map((shape, index) => ({ shape, inputs: split(shape, b[index], [], (path) => valueAt(index, path)) as pulumi.Inputs }));
}

/** True when two rendered values are the same JSON. */
function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sameKeys(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keysA = Object.keys(a).filter((key) => a[key] !== undefined).sort();
  const keysB = Object.keys(b).filter((key) => b[key] !== undefined).sort();
  return keysA.length === keysB.length && keysA.every((key, index) => key === keysB[index]);
}

/**
 * The inputs for one object: `a` where the stand-in renderings agree, the real value (secret)
 * where they differ, descending into objects and arrays of the same shape.
 */
function split(a: unknown, b: unknown, path: Path, real: (path: Path) => pulumi.Input<unknown>): unknown {
  if (same(a, b)) {
    return a;
  }
  if (isPlainObject(a) && isPlainObject(b) && sameKeys(a, b)) {
    return Object.fromEntries(Object.keys(a).filter((key) => a[key] !== undefined).map((key) => [key, split(a[key], b[key], [...path, key], real)]));
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    return a.map((item, index) => split(item, b[index], [...path, index], real));
  }
  return real(path);
}

/** Walk the same way as {@link split}, requiring `real` to equal `a` wherever `a` and `b` agree. */
function checkField(real: unknown, a: unknown, b: unknown, path: Path, object: KubeObject): void {
  if (same(a, b)) {
    if (!same(real, a)) {
      throw dependenceError(object, path);
    }
    return;
  }
  if (isPlainObject(a) && isPlainObject(b) && sameKeys(a, b)) {
    if (!isPlainObject(real) || !sameKeys(real, a)) {
      throw dependenceError(object, path);
    }
    for (const key of Object.keys(a).filter((k) => a[k] !== undefined)) {
      checkField(real[key], a[key], b[key], [...path, key], object);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    if (!Array.isArray(real) || real.length !== a.length) {
      throw dependenceError(object, path);
    }
    a.forEach((item, index) => checkField(real[index], item, b[index], [...path, index], object));
  }
}

function checkAgainstStandIns(real: readonly KubeObject[], a: readonly KubeObject[], b: readonly KubeObject[]): void {
  if (real.length !== a.length) {
    throw new CredentialDependenceError(`the credentials changed the number of rendered objects (${a.length} with stand-ins, ${real.length} with the real ones)`);
  }
  real.forEach((object, index) => checkField(object, a[index], b[index], [], a[index]));
}

/** The two stand-in renderings must list the same objects: the set of resources cannot depend on an Output. */
function checkAligned(a: readonly KubeObject[], b: readonly KubeObject[]): void {
  if (a.length !== b.length || a.some((object, index) => object.apiVersion !== b[index].apiVersion || object.kind !== b[index].kind)) {
    throw new CredentialDependenceError('the set of rendered objects depends on the credentials');
  }
  a.forEach((object, index) => {
    if (stableObjectName(object) !== stableObjectName(b[index]) || object.metadata.namespace !== b[index].metadata.namespace) {
      throw new CredentialDependenceError(`${object.kind} ${stableObjectName(object)}: the name depends on the credentials and is not a known content-hash name`);
    }
  });
}

function dependenceError(object: KubeObject, path: Path): CredentialDependenceError {
  return new CredentialDependenceError(`${object.kind} ${object.metadata.name}: ${path.length === 0 ? 'the object' : `/${path.join('/')}`}`
    + ' depends on the credentials in a way the stand-in renderings did not show; please report this as a bug');
}

function lookup(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined), root);
}

/**
 * A copy of JSON data made of this realm's arrays and objects. The core copies with
 * `structuredClone`, which in a `vm` context (jest) returns arrays of the outer realm, and the
 * Pulumi serializer tells arrays apart with `instanceof Array`: such an array would be sent as a
 * map with keys "0", "1"... Copying costs little and makes the inputs plain everywhere.
 */
export function plainJson<T>(value: T): T {
  if (Array.isArray(value)) {
    // Array.from, not value.map: `map` builds its result with the source array's own constructor.
    return Array.from(value as unknown[], plainJson) as unknown as T;
  }
  if (value !== null && typeof value === 'object' && !pulumi.Output.isInstance(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainJson(item)])) as T;
  }
  return value;
}

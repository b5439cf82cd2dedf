import { objectIdentity, ProductObject } from './product';
import { describeValue, ProxyConfigError } from '../primitives/errors';
import { isSecretObject, KubeObject } from '../primitives/k8s/manifest';
import { canonicalJson } from '../primitives/k8s/names';

/** A shared object emitted in a scope; canonical contents are computed only when another product needs the same object. */
interface Entry<T> {
  /** What the object is compared as: its manifest, or the Secret it stands for. */
  readonly manifest: KubeObject;
  /** False when the Secret data holds slots for credentials that are not known yet. */
  readonly dataKnown: boolean;
  readonly emitted: T;
  /** False for an object only one product may emit. */
  readonly shared: boolean;
  outside?: string;
  whole?: string;
}

/** The options of {@link SharedObjects.emit}. */
export interface SharedObjectOptions {
  /**
   * False when the object's Secret data is not the real one yet (credentials still to come): only
   * what is outside Secret data is compared with another product's copy.
   *
   * @default true
   */
  readonly dataKnown?: boolean;
}

const REGISTRIES = new WeakMap<object, SharedObjects<unknown>>();

/**
 * The objects of one scope (a cdk8s chart, a Pulumi provider). Shared ones are emitted once: the first
 * product that needs one emits it, the others get what it emitted. Two products that need the same
 * kind, namespace and name with different content are an error naming the prop that picks the name
 * (the product object's `namedBy`).
 * A map, not a search of the scope: searching made a fleet of clusters in one chart quadratic.
 */
export class SharedObjects<T> {
  /** The registry of `scope`, created on first use. */
  public static of<T>(scope: object): SharedObjects<T> {
    if (!REGISTRIES.has(scope)) {
      REGISTRIES.set(scope, new SharedObjects());
    }
    return REGISTRIES.get(scope) as SharedObjects<T>;
  }

  private readonly entries = new Map<string, Entry<T>>();

  /**
   * What was emitted for `object`: by an earlier product, or now by `emit`. An object that is not
   * shared is emitted at once; another product's object with the same kind, namespace and name is
   * then an error (two objects of one identity in one scope: whichever is applied last wins, and a
   * GitOps tool reports them as duplicates).
   */
  public emit(object: ProductObject, emit: () => T, options: SharedObjectOptions = {}): T {
    const key = objectIdentity(object.manifest);
    const dataKnown = options.dataKnown ?? true;
    const existing = this.entries.get(key);
    // a SealedSecret is compared as the Secret it seals (sealing is randomized), and likewise the
    // other objects standing for a Secret (an ExternalSecret, a secret template)
    const compared = object.comparedAs ?? object.manifest;
    if (!existing) {
      const emitted = emit();
      this.entries.set(key, { manifest: compared, dataKnown, emitted, shared: object.shared });
      return emitted;
    }
    const { kind, metadata } = object.manifest;
    const where = `the ${kind} ${describeValue(metadata.name)}${metadata.namespace ? ` in namespace ${describeValue(metadata.namespace)}` : ''}`;
    if (!object.shared || !existing.shared) {
      throw new ProxyConfigError(object.namedBy ?? 'name', `another construct or component in this scope already emits ${where}; give one of them another name`);
    }
    if (existing.manifest !== compared && !sameContent(existing, compared, dataKnown)) {
      throw new ProxyConfigError(object.namedBy ?? 'name',
        `two different proxy configurations both need ${where} with different content; give one of them another name`);
    }
    return existing.emitted;
  }
}

function sameContent<T>(existing: Entry<T>, manifest: KubeObject, dataKnown: boolean): boolean {
  if (dataKnown && existing.dataKnown) {
    existing.whole ??= canonicalJson(existing.manifest);
    return existing.whole === canonicalJson(manifest);
  }
  existing.outside ??= canonicalJson(withoutSecretData(existing.manifest));
  return existing.outside === canonicalJson(withoutSecretData(manifest));
}

/** The manifest without the data of a Secret (the one place credentials live); other objects as they are. */
export function withoutSecretData(manifest: KubeObject): KubeObject {
  return isSecretObject(manifest) ? { ...manifest, stringData: undefined, data: undefined } : manifest;
}

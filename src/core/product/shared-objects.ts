import { ProxyConfigError } from '../errors';
import { objectIdentity, ProductObject } from './product';
import { isSecretObject, KubeObject } from '../k8s/manifest';
import { canonicalJson } from '../k8s/names';

/** A shared object emitted in a scope; canonical contents are computed only when another product needs the same object. */
interface Entry<T> {
  readonly manifest: KubeObject;
  /** False when the Secret data was rendered from stand-ins for credentials that are not known yet. */
  readonly dataKnown: boolean;
  readonly emitted: T;
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
 * The shared objects of one scope (a cdk8s chart, a Pulumi provider), each emitted once: the first
 * product that needs one emits it, the others get what it emitted. Two products that need the same
 * kind, namespace and name with different content are an error naming the prop that picks the name.
 * A map, not a search of the scope: searching made a fleet of clusters in one chart quadratic.
 */
export class SharedObjects<T> {
  /** The registry of `scope`, created on first use. */
  public static of<T>(scope: object): SharedObjects<T> {
    let registry = REGISTRIES.get(scope) as SharedObjects<T> | undefined;
    if (!registry) {
      registry = new SharedObjects<T>();
      REGISTRIES.set(scope, registry);
    }
    return registry;
  }

  private readonly entries = new Map<string, Entry<T>>();

  /** What was emitted for `object`: by an earlier product, or now by `emit`. */
  public emit(object: ProductObject, emit: () => T, options: SharedObjectOptions = {}): T {
    const key = objectIdentity(object.manifest);
    const dataKnown = options.dataKnown ?? true;
    const existing = this.entries.get(key);
    if (!existing) {
      const emitted = emit();
      this.entries.set(key, { manifest: object.manifest, dataKnown, emitted });
      return emitted;
    }
    if (existing.manifest !== object.manifest && !sameContent(existing, object.manifest, dataKnown)) {
      const { kind, metadata } = object.manifest;
      throw new ProxyConfigError(kind === 'Secret' ? 'secretName' : 'trustBundle.configMapName',
        `two different proxy configurations both need the ${kind} "${metadata.name}"`
        + `${metadata.namespace ? ` in namespace "${metadata.namespace}"` : ''}; give one of them another name`);
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

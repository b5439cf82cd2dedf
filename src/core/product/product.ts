import { hideDataFromInspect, isSecretObject, KubeObject } from '../primitives/k8s/manifest';

/**
 * The one rendering model: every construct (cdk8s) and component (Pulumi) is a core product, a
 * list of plain manifests each with an identity and a role. The adapters only map a product onto
 * their framework; what an object is, whether it is shared and where credentials live is decided
 * here, once.
 */

/** One object of a {@link Product}. */
export interface ProductObject {
  /**
   * Identity of the object within its product: its role, or kind, namespace and name, never its
   * content, so it is stable across proxy changes. The cdk8s construct id and the suffix of the
   * Pulumi resource name.
   */
  readonly id: string;
  /** The manifest. */
  readonly manifest: KubeObject;
  /**
   * True for an object several products may need once per scope (a cdk8s chart, a Pulumi
   * provider): a cluster's node-proxy Secret, a namespace's proxy Secret and CA ConfigMap. The
   * adapters emit it once; the same kind, namespace and name with other content is an error.
   */
  readonly shared: boolean;
  /**
   * For a shared object, the prop that picks its name (`secretName`, `clusterName`): what the error
   * names when two products need the object with different content.
   *
   * @default 'name'
   */
  readonly namedBy?: string;
  /**
   * True when this object's data may carry credentials: a Secret. Credentials are never anywhere
   * else, so everything outside a Secret's data previews and diffs in clear.
   */
  readonly sensitive: boolean;
  /**
   * The manifest a shared object is compared as when another product needs the same object: the
   * Secret that a SealedSecret, an ExternalSecret or a Secret template stands for. Sealing is
   * randomized, so two sealings of one Secret differ although they are the same object.
   *
   * @default - the manifest itself
   */
  readonly comparedAs?: KubeObject;
}

/** Everything one construct or component emits, computed once, in apply order. */
export interface Product {
  /** The objects, in apply order (what others read comes first). */
  readonly objects: ProductObject[];
}

/** Options of one {@link productObject}: the fields of a {@link ProductObject} it may be given (`shared` is false unless given). */
type ProductObjectOptions = Partial<Pick<ProductObject, 'shared' | 'namedBy' | 'comparedAs'>>;

/** A {@link ProductObject}; `sensitive` follows from the kind. */
export function productObject(id: string, manifest: KubeObject, options: ProductObjectOptions = {}): ProductObject {
  const sensitive = isSecretObject(manifest);
  if (sensitive) {
    hideDataFromInspect(manifest);
  }
  const { namedBy, comparedAs } = options;
  if (comparedAs && isSecretObject(comparedAs)) {
    hideDataFromInspect(comparedAs);
  }
  return Object.freeze({
    id, manifest, shared: options.shared === true, sensitive, ...(namedBy ? { namedBy } : {}), ...(comparedAs ? { comparedAs } : {}),
  });
}


/** A product of the given objects, in order; ids must be distinct. */
export function product(objects: ProductObject[]): Product {
  const seen = new Set<string>();
  for (const object of objects) {
    if (seen.has(object.id)) {
      throw new Error(`internal error: two objects of one product share the id "${object.id}"`);
    }
    seen.add(object.id);
  }
  return Object.freeze({ objects: [...objects] });
}

/**
 * Identity of an object in a scope, for emitting shared objects once: `<Kind>-<namespace>-<name>`
 * (the namespace left out for cluster-scoped objects).
 */
export function objectIdentity(object: KubeObject): string {
  const namespace = object.metadata.namespace ? `${object.metadata.namespace}-` : '';
  return `${object.kind}-${namespace}${object.metadata.name}`;
}

/**
 * A product of plain manifests identified by kind, namespace and name; `sharedNamedBy` picks the
 * shared ones, giving for each the prop that names it (see {@link ProductObject.namedBy}).
 */
export function manifestsProduct(manifests: KubeObject[], sharedNamedBy: (manifest: KubeObject) => string | undefined = () => undefined): Product {
  return product(manifests.map((manifest) => {
    const namedBy = sharedNamedBy(manifest);
    return productObject(objectIdentity(manifest), manifest, { shared: namedBy !== undefined, namedBy });
  }));
}

import { ApiObject, ApiObjectProps, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { chartScope } from './scope';
import { copyJson } from '../core/primitives/k8s/copy-json';
import { hideDataFromInspect, isSecretObject, KubeObject } from '../core/primitives/k8s/manifest';
import { checkManifestList } from '../core/primitives/validation/manifests';
import { objectIdentity, Product } from '../core/product/product';
import { SharedObjects } from '../core/product/shared-objects';

/**
 * The cdk8s side of the rendering model: a core product becomes `ApiObject`s, field for field, with
 * the product's ids as construct ids. Every object goes through the chart's registry: shared objects
 * are emitted once per chart (the first product that needs one creates it, in its own scope, so it
 * synthesizes before the objects reading it; the others get the same `ApiObject`), and two products
 * emitting one object that is not shared are refused.
 */
/** Add the product's objects under `scope`; returns one `ApiObject` per product object, in order. */
export function addProduct(scope: Construct, product: Product): ApiObject[] {
  const registry = SharedObjects.of<ApiObject>(Chart.of(scope));
  return product.objects.map((object) => registry.emit(object, () => newApiObject(scope, object.id, object.manifest)));
}

/** Add plain manifests under `scope`, each with its identity as construct id. */
export function addApiObjects(scope: Construct, manifests: KubeObject[]): ApiObject[] {
  const parent = chartScope('scope', scope);
  return checkManifestList('manifests', manifests).map((manifest) => newApiObject(parent, objectIdentity(manifest), manifest));
}

/** The `ApiObject` of a product's object (by id), from the list {@link addProduct} returned. */
export function objectWithId(product: Product, apiObjects: ApiObject[], id: string): ApiObject | undefined {
  const index = product.objects.findIndex((object) => object.id === id);
  return index === -1 ? undefined : apiObjects[index];
}

function newApiObject(scope: Construct, id: string, manifest: KubeObject): ApiObject {
  // A copy: escape hatches must not reach the core's objects. It also pays for itself: in a
  // one-shot synthesis of 1,000 clusters, handing cdk8s compact fresh copies (one shape per kind)
  // instead of the objects the core built took less CPU time and 50 MiB less peak memory (see the
  // benchmark).
  const apiObject = new ApiObject(scope, id, copyJson(manifest) as unknown as ApiObjectProps);
  if (isSecretObject(manifest)) {
    // a construct tree's inspect reaches every ApiObject; its props hold the Secret's data
    hideDataFromInspect(manifest, apiObject, 'ApiObject Secret');
  }
  return apiObject;
}


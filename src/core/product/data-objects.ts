import { KubeObject, ObjectMeta, SecretObject } from '../primitives/k8s/manifest';
import { secretData, Text } from '../primitives/secret-text';

/** The Secrets and ConfigMaps the library writes: one shape each, so every product spells them alike. */

/** A Secret holding `data` in `stringData` (text with slots for credentials included). */
export function secretObject(metadata: ObjectMeta, data: { readonly [key: string]: Text }, type = 'Opaque'): SecretObject {
  return { apiVersion: 'v1', kind: 'Secret', metadata, type, stringData: secretData(data) };
}

/** A ConfigMap holding `data` (text with slots is refused when the product is finished: no credential outside a Secret). */
export function configMapObject(metadata: ObjectMeta, data: { readonly [key: string]: Text }): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata, data };
}

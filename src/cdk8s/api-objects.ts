import { ApiObject, ApiObjectProps } from 'cdk8s';
import { Construct } from 'constructs';
import { KubeObject } from '../core/k8s';

/**
 * Stable construct id of a core object: `<Kind>-<namespace>-<name>`, so adding or removing one
 * object never renames another's construct (ids feed cdk8s's generated names and JSON patches).
 */
export function apiObjectId(object: KubeObject): string {
  const namespace = object.metadata.namespace ? `${object.metadata.namespace}-` : '';
  return `${object.kind}-${namespace}${object.metadata.name}`;
}

/**
 * Add plain core manifests to `scope` as cdk8s `ApiObject`s, field for field. The returned objects
 * are the escape hatch: `addJsonPatch` on them changes the synthesized output.
 */
export function addApiObjects(scope: Construct, objects: readonly KubeObject[]): ApiObject[] {
  return objects.map((object) => new ApiObject(scope, apiObjectId(object), structuredClone(object) as unknown as ApiObjectProps));
}

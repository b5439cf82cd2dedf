import { CLUSTER_NAME_LABEL, TEMPLATE_BASE_NAME_ANNOTATION } from '../core/capi/labels';
import { isSecretObject, KubeObject } from '../core/k8s/manifest';

/**
 * The object's name without the content hash some names carry (Cluster API reads referenced
 * Secrets and templates once, so the library renames them when their content changes): a
 * KubeadmConfigTemplate's base name (annotation `cluster-proxy-constructs/template-base-name`),
 * the node-proxy Secret's `<cluster>-systemd-proxy`; any other object's name as it is.
 *
 * Pulumi resource names use it, so a new proxy password replaces these objects under the same
 * resource name (Pulumi creates the new object, then deletes the old one) instead of renaming
 * resources, and the name is known at program time even when the hash depends on an Output.
 */
export function stableObjectName(object: KubeObject): string {
  const { name, labels, annotations } = object.metadata;
  const baseName = annotations?.[TEMPLATE_BASE_NAME_ANNOTATION];
  if (object.kind === 'KubeadmConfigTemplate' && baseName !== undefined) {
    return baseName;
  }
  const clusterName = labels?.[CLUSTER_NAME_LABEL];
  if (isSecretObject(object) && clusterName !== undefined && /^[0-9a-f]{10}$/.test(name.slice(`${clusterName}-systemd-proxy-`.length)) && name.startsWith(`${clusterName}-systemd-proxy-`)) {
    return name.slice(0, name.lastIndexOf('-'));
  }
  return name;
}

/**
 * `prefix.name`, or `name` alone for an empty prefix: the same validation serves props at the top
 * level (a standalone KubeadmControlPlane) and nested ones (`controlPlane.replicas` of a cluster),
 * and the error names the prop as the caller wrote it.
 */
export function fieldName(prefix: string, name: string): string {
  return prefix ? `${prefix}.${name}` : name;
}

/**
 * How file content reaches the KubeadmConfigSpec:
 *  - `inline`: in `files[].content`: self-contained, but the proxy password, if any, is in the
 *    KubeadmControlPlane and KubeadmConfigTemplates, readable by anyone who can read those;
 *  - `secret`: `files[].contentFrom` a Secret the library also emits; no credential appears in any
 *    Cluster API object.
 */
export enum NodeProxyDelivery {
  /** In `files[].content` (refused with credentials). */
  INLINE = 'inline',
  /** From a Secret (`files[].contentFrom`): no credential in any Cluster API object. */
  SECRET = 'secret',
}

/** The delivery modes. */
export const NODE_PROXY_DELIVERIES: readonly NodeProxyDelivery[] = Object.values(NodeProxyDelivery);

/**
 * Who the Giant Swarm values are written for:
 *  - `library`: the library's own values, `cluster.proxy` with the computed NO_PROXY, labelled as
 *    the library's;
 *  - `cluster-apps-operator`: what cluster-apps-operator writes for a private cluster, byte for
 *    byte for the same facts: `cluster.proxy`, the `env` list and the lower-case keys cert-manager
 *    reads, NO_PROXY composed as the operator composes it (nothing expanded), the URLs as written,
 *    and the operator's labels and annotation on both of its Secrets. For taking over a cluster
 *    whose apps read the operator's values: applying the library's objects then changes nothing
 *    the apps see, and the two writers agree while both run.
 */
export enum GiantSwarmValuesLayout {
  /** The library's values and labels. */
  LIBRARY = 'library',
  /** What cluster-apps-operator writes. */
  OPERATOR = 'cluster-apps-operator',
}

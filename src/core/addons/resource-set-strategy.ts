/** ClusterResourceSet strategies (the CRD's enum). */
export enum ResourceSetStrategy {
  /** Apply the resources once per cluster. */
  APPLY_ONCE = 'ApplyOnce',
  /** Keep re-applying the resources when they change. */
  RECONCILE = 'Reconcile',
}


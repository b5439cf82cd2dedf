/** Names of the compatibility profiles. */
export enum CompatibilityProfileName {
  /** TKG's legacy (plan-based) node files. */
  TKG = 'tkg',
  /** TKG's ClusterClass node files. */
  TKG_CLUSTERCLASS = 'tkg-clusterclass',
  /** Giant Swarm's node files. */
  GIANTSWARM = 'giantswarm',
  /** Nutanix CAREN's node files. */
  CAREN = 'caren',
  /** EKS Anywhere's node files. */
  EKS_ANYWHERE = 'eks-anywhere',
}


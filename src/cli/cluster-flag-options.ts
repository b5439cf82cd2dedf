/** The parseArgs options of the cluster facts, shared by every command that computes a cluster's NO_PROXY. */
export const CLUSTER_FACT_OPTIONS = {
  'pod-cidr': { type: 'string', multiple: true },
  'service-cidr': { type: 'string', multiple: true },
  'service-domain': { type: 'string' },
  'control-plane-endpoint': { type: 'string' },
  'machine-cidr': { type: 'string', multiple: true },
  'provider': { type: 'string' },
  'region': { type: 'string' },
  'provider-endpoint': { type: 'string', multiple: true },
  'dns-service-ip': { type: 'string' },
} as const;

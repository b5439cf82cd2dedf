// cluster-proxy-constructs/cdk8s-plus: constructs built on cdk8s-plus-28 (an optional peer that
// only this entry point loads).
export * from './proxy-aware-deployment';

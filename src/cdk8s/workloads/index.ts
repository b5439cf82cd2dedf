// Workloads behind the proxy (cdk8s): synth-time injection and the cluster policies. Loads
// neither cdk8s-plus nor anything but cdk8s and constructs; ProxyAwareDeployment lives in
// `cluster-proxy-constructs/cdk8s-plus` so users without cdk8s-plus-28 can import this.
export * from './inject-proxy-env';
export * from './kyverno-proxy-policy';
export * from './proxy-admission-policy';

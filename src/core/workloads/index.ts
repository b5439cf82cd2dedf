/** Workloads behind the proxy: container env, pod-spec injection, cluster policies. */
export * from './defaults';
export * from './container-env';
export * from './trust-bundle';
export * from './json-patch';
export * from './name-patterns';
export * from './workload-kinds';
export * from './injection-options';
export * from './pod-spec-patch';
export * from './proxy-injection';
export * from './kyverno-policy';
export * from './mutating-admission-policy';

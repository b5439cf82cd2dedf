/**
 * Proxy injection into workloads, trust bundles, and the Kyverno and admission policies that inject
 * it. Builds on the root only.
 *
 * @module
 */

export { ProxyInjection } from './core/workloads/proxy-injection';
export type { ProxyInjectionOptions, InjectionExclusions } from './core/workloads/injection-options';
export type { ProxyEnvOptions } from './core/workloads/container-env';
export { TrustManagerResource } from './core/workloads/trust-bundle';
export type { TrustBundleOptions } from './core/workloads/trust-bundle';
export type { KyvernoProxyPolicyOptions, KyvernoRuleNames } from './core/workloads/kyverno-policy';
export type { ProxyAdmissionPolicyOptions } from './core/workloads/mutating-admission-policy';
export { MutatingAdmissionPolicyVersion } from './core/workloads/admission-policy-version';
export { SystemRoots } from './core/workloads/trust-bundle';

import type { ProxyEnvOptions } from './container-env';
import type { InjectionExclusions, ProxyInjectionOptions } from './injection-options';
import type { KyvernoProxyPolicyOptions, KyvernoRuleNames } from './kyverno-policy';
import type { ProxyAdmissionPolicyOptions } from './mutating-admission-policy';
import type { TrustBundleOptions } from './trust-bundle';
import { PropKeys, propKeys } from '../validation/strict-props';

/**
 * The keys of the workload options, as data for the strict-props check (the compiler refuses a
 * list that misses or invents a key). The policies list the injection's keys once and add theirs.
 */

const ENV: PropKeys<ProxyEnvOptions> = { secretName: true, literalCredentials: true };
const EXCLUSIONS: PropKeys<InjectionExclusions> = {
  excludeNamespaces: true, excludeNames: true, excludeContainers: true, optOutAnnotation: true, optOutValue: true,
};
const INJECTION: PropKeys<ProxyInjectionOptions> = { ...ENV, ...EXCLUSIONS, trustBundle: true };

export const PROXY_INJECTION_KEYS = propKeys<ProxyInjectionOptions>(INJECTION);
export const TRUST_BUNDLE_KEYS = propKeys<TrustBundleOptions>({ systemRoots: true, trustManager: true, configMapName: true, mountPath: true });
export const KYVERNO_RULE_NAME_KEYS = propKeys<KyvernoRuleNames>({
  cloneSecret: true, cloneCa: true, addCaVolume: true, injectEnv: true, injectEnvEphemeral: true,
});
export const KYVERNO_POLICY_KEYS = propKeys<KyvernoProxyPolicyOptions>({
  ...INJECTION, ruleNames: true, name: true, sourceNamespace: true, kyvernoRbac: true, credentialNamespaces: true, credentialNamespaceSelector: true,
});
export const ADMISSION_POLICY_KEYS = propKeys<ProxyAdmissionPolicyOptions>({
  ...INJECTION, name: true, bindingName: true, apiVersion: true, namespaces: true, failurePolicy: true,
});

/** The injection's own options, out of a policy's (which the policy checked against its keys). */
export function injectionOptionsOf(options: ProxyInjectionOptions): ProxyInjectionOptions {
  return Object.fromEntries(Object.entries(options).filter(([key]) => PROXY_INJECTION_KEYS.includes(key)));
}

import { CapiVersion } from './capi-version';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { isRecord } from '../primitives/validation/json-data';

/**
 * Where Cluster API's v1beta1 and v1beta2 KubeadmConfigSpec are spelled differently, read from
 * their CRDs (a test derives the same lists from the CRD files). A spec written in one version's
 * spelling and sent as the other passes synthesis but is refused by the API server at apply (or
 * stored without the field), so the library refuses it first, naming the field.
 */

/** Argument maps: `{ name: value }` in v1beta1, a list of `{ name, value }` in v1beta2. */
export const KUBEADM_ARGUMENT_FIELDS: readonly string[] = Object.freeze([
  'clusterConfiguration.apiServer.extraArgs',
  'clusterConfiguration.controllerManager.extraArgs',
  'clusterConfiguration.etcd.local.extraArgs',
  'clusterConfiguration.scheduler.extraArgs',
  'initConfiguration.nodeRegistration.kubeletExtraArgs',
  'joinConfiguration.nodeRegistration.kubeletExtraArgs',
]);

/**
 * Fields one version has and the other does not (`[]` steps into every item of a list), with what
 * to write instead.
 */
export const KUBEADM_VERSION_ONLY_FIELDS: Readonly<Record<CapiVersion, Readonly<Record<string, string>>>> = Object.freeze({
  [CapiVersion.V1BETA1]: Object.freeze({
    'useExperimentalRetryJoin': 'leave it out (v1beta2 always retries the join)',
    'clusterConfiguration.apiVersion': 'leave it out (Cluster API writes it)',
    'clusterConfiguration.kind': 'leave it out (Cluster API writes it)',
    'clusterConfiguration.clusterName': 'leave it out (Cluster API takes it from the Cluster)',
    'clusterConfiguration.kubernetesVersion': 'leave it out (Cluster API takes it from the version of the control plane or Machine)',
    'clusterConfiguration.networking': 'leave it out (Cluster API takes it from the Cluster\'s clusterNetwork)',
    'clusterConfiguration.apiServer.timeoutForControlPlane': 'use initConfiguration.timeouts.controlPlaneComponentHealthCheckSeconds',
    'initConfiguration.apiVersion': 'leave it out (Cluster API writes it)',
    'initConfiguration.kind': 'leave it out (Cluster API writes it)',
    'initConfiguration.bootstrapTokens[].ttl': 'use ttlSeconds',
    'joinConfiguration.apiVersion': 'leave it out (Cluster API writes it)',
    'joinConfiguration.kind': 'leave it out (Cluster API writes it)',
    'joinConfiguration.discovery.timeout': 'use joinConfiguration.timeouts.tlsBootstrapSeconds',
  }),
  [CapiVersion.V1BETA2]: Object.freeze({
    'initConfiguration.timeouts': 'use clusterConfiguration.apiServer.timeoutForControlPlane',
    'joinConfiguration.timeouts': 'use joinConfiguration.discovery.timeout',
    'initConfiguration.bootstrapTokens[].ttlSeconds': 'use ttl (a duration such as "24h")',
  }),
});

type Json = Record<string, unknown>;


/** Every value at a dotted path (`a.b[].c`), with its field path as written (`a.b[1].c`). */
function valuesAt(spec: Json, path: string, field: string): Array<{ readonly value: unknown; readonly field: string }> {
  let found: Array<{ value: unknown; field: string }> = [{ value: spec, field }];
  for (const step of path.split('.')) {
    const list = step.endsWith('[]');
    const key = list ? step.slice(0, -2) : step;
    found = found.flatMap(({ value, field: at }) => {
      if (!isRecord(value) || value[key] === undefined) {
        return [];
      }
      const next = { value: value[key], field: `${at}.${key}` };
      return list && Array.isArray(next.value) ? next.value.map((item, index) => ({ value: item, field: `${next.field}[${index}]` })) : [next];
    });
  }
  return found;
}

/**
 * Refuses a KubeadmConfigSpec written in the other Cluster API version's spelling, naming the
 * first such field (`field` is the spec's own name in the user's props); in v1beta2, also an
 * argument list that names one argument twice (the CRDs' CEL rule, which only the API server runs).
 */
export function checkKubeadmSpelling(spec: Json, version: CapiVersion, field: string): void {
  const other = version === CapiVersion.V1BETA2 ? CapiVersion.V1BETA1 : CapiVersion.V1BETA2;
  for (const path of KUBEADM_ARGUMENT_FIELDS) {
    for (const { value, field: at } of valuesAt(spec, path, field)) {
      if (version === CapiVersion.V1BETA1) {
        if (!isRecord(value)) {
          throw invalidValue(at, value, 'must be a map of name: value in Cluster API v1beta1 (a list of { name, value } is the v1beta2 spelling); '
            + 'or set capiVersion to v1beta2');
        }
        continue;
      }
      if (!Array.isArray(value)) {
        throw invalidValue(at, value, 'must be a list of { name, value } in Cluster API v1beta2 (a map of name: value is the v1beta1 spelling), '
          + 'e.g. [{ name: "max-pods", value: "110" }]; or set capiVersion to v1beta1');
      }
      // the v1beta2 CRDs' CEL rule: "extraArgs name must be unique"
      const names = value.map((item) => (isRecord(item) ? item.name : undefined));
      const repeated = names.findIndex((name, index) => name !== undefined && names.indexOf(name) !== index);
      if (repeated !== -1) {
        throw invalidValue(`${at}[${repeated}].name`, names[repeated], 'repeats an earlier argument; Cluster API v1beta2 requires each name once');
      }
    }
  }
  for (const [path, instead] of Object.entries(KUBEADM_VERSION_ONLY_FIELDS[other])) {
    const [first] = valuesAt(spec, path, field);
    if (first) {
      throw new ProxyConfigError(first.field, `is a Cluster API ${other} field that ${version} does not have: ${instead}; or set capiVersion to ${other}`);
    }
  }
}

import { MutatingAdmissionPolicyVersion } from './admission-policy-version';
import { celConcat, celString, celStringList } from './cel';
import { ContainerEnvVar } from './container-env';
import { injectionOptionsOf, PROXY_INJECTION_KEY_SET, ProxyInjectionOptions } from './injection-options';
import { ALWAYS_EXCLUDED_NAMESPACES } from './kyverno-policy';
import { namePatternRegex } from './name-patterns';
import { ContainerList } from './pod-spec-patch';
import { ProxyInjection } from './proxy-injection';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { KubeObject, MANAGED_BY, MANAGED_BY_LABEL } from '../primitives/k8s/manifest';
import { assertDnsLabel, assertObjectName } from '../primitives/k8s/names';
import { parseEither } from '../primitives/validation/one-of';
import { checkProps, optionalList, propKeys } from '../primitives/validation/strict-props';

/** Options for `renderProxyAdmissionPolicy`. */
export interface ProxyAdmissionPolicyOptions extends ProxyInjectionOptions {
  /**
   * Name of the MutatingAdmissionPolicy and its binding.
   *
   * @default 'inject-cluster-proxy'
   */
  readonly name?: string;
  /**
   * Name of the MutatingAdmissionPolicyBinding.
   *
   * @default - the policy's name
   */
  readonly bindingName?: string;
  /**
   * API version to emit.
   *
   * @default 'v1'
   */
  readonly apiVersion?: MutatingAdmissionPolicyVersion;
  /**
   * The namespaces to mutate. An admission policy cannot create objects, so when pods need the
   * proxy Secret or the CA ConfigMap (credentials or `trustedCaPem`), they are emitted into each
   * of these namespaces and the binding is limited to them: then this list is required.
   *
   * @default - every namespace except the excluded ones (only without credentials and CA)
   */
  readonly namespaces?: string[];
  /**
   * What the API server does when an expression fails: `Fail` rejects the pod (loud), `Ignore`
   * admits it without proxy env (silent).
   *
   * @default 'Fail'
   */
  readonly failurePolicy?: 'Fail' | 'Ignore';
}

const ADMISSION_POLICY_KEYS = propKeys<ProxyAdmissionPolicyOptions>({
  ...PROXY_INJECTION_KEY_SET, name: true, bindingName: true, apiVersion: true, namespaces: true, failurePolicy: true,
});

type Json = Record<string, unknown>;

/**
 * The same injection as the Kyverno policy, Kubernetes-native: a MutatingAdmissionPolicy (JSONPatch
 * mutations written in CEL) and its MutatingAdmissionPolicyBinding, plus the Secret/ConfigMap each
 * target namespace needs.
 *
 * On Pod CREATE, every container and init container gets each missing variable group (a group is
 * skipped when the container sets any of its names); on UPDATE of `pods/ephemeralcontainers`, the
 * ephemeral containers do. Containers are addressed by the index of their name, so nothing else in
 * the pod is touched. `reinvocationPolicy: IfNeeded` lets the policy run again when a later
 * mutator adds a container; the expressions are idempotent.
 */
export function renderProxyAdmissionPolicy(config: ClusterProxyConfig, options: ProxyAdmissionPolicyOptions = {}): KubeObject[] {
  checkProps('', options, ADMISSION_POLICY_KEYS, 'admission policy option');
  const name = assertObjectName('name', options.name ?? 'inject-cluster-proxy');
  const version = options.apiVersion ?? MutatingAdmissionPolicyVersion.V1;
  if (version !== MutatingAdmissionPolicyVersion.V1 && version !== MutatingAdmissionPolicyVersion.V1BETA1) {
    throw invalidValue('apiVersion', version, 'must be "v1" (Kubernetes 1.36+) or "v1beta1" (1.34, 1.35 with the feature gate)');
  }
  const failurePolicy = parseEither('failurePolicy', options.failurePolicy ?? 'Fail', ['Fail', 'Ignore']);
  const injection = new ProxyInjection(config, injectionOptionsOf(options), ALWAYS_EXCLUDED_NAMESPACES);
  const namespaces = targetNamespaces(injection, options.namespaces);
  const labels = { [MANAGED_BY_LABEL]: MANAGED_BY };
  const apiVersion = `admissionregistration.k8s.io/${version}`;
  const policy: KubeObject = {
    apiVersion,
    kind: 'MutatingAdmissionPolicy',
    metadata: { name, labels },
    spec: {
      failurePolicy,
      reinvocationPolicy: 'IfNeeded',
      matchConstraints: {
        resourceRules: [
          { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] },
          { apiGroups: [''], apiVersions: ['v1'], operations: ['UPDATE'], resources: ['pods/ephemeralcontainers'] },
        ],
      },
      matchConditions: matchConditions(injection),
      mutations: mutations(injection).map((expression) => ({ patchType: 'JSONPatch', jsonPatch: { expression } })),
    },
  };
  const binding: KubeObject = {
    apiVersion,
    kind: 'MutatingAdmissionPolicyBinding',
    metadata: { name: options.bindingName === undefined ? name : assertObjectName('bindingName', options.bindingName), labels },
    spec: {
      policyName: name,
      matchResources: {
        namespaceSelector: {
          matchExpressions: [namespaces
            ? { key: 'kubernetes.io/metadata.name', operator: 'In', values: namespaces }
            : { key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: [...injection.exclusions.namespaces] }],
        },
      },
    },
  };
  return [policy, binding, ...(namespaces ?? []).flatMap((namespace) => injection.supportObjects(namespace))];
}

function targetNamespaces(injection: ProxyInjection, namespaces: string[] | undefined): string[] | undefined {
  const needsObjects = injection.usesSecret || injection.trust !== undefined;
  if (namespaces === undefined) {
    if (needsObjects) {
      throw new ProxyConfigError('namespaces', 'is required when pods need the proxy Secret (credentials) or the CA ConfigMap: '
        + 'an admission policy cannot create them, so they are emitted into the listed namespaces and the binding is limited to them');
    }
    return undefined;
  }
  const checked = optionalList('namespaces', namespaces).map((namespace, index) => assertDnsLabel(`namespaces[${index}]`, namespace));
  const excluded = checked.find((namespace) => injection.exclusions.namespaces.includes(namespace));
  if (excluded !== undefined) {
    throw invalidValue('namespaces', excluded, 'lists a namespace that is also excluded');
  }
  if (checked.length === 0) {
    throw new ProxyConfigError('namespaces', 'must list at least one namespace');
  }
  return [...new Set(checked)];
}

/** Opt-out annotation and name patterns (namespaces are the binding's job). */
function matchConditions(injection: ProxyInjection): Json[] {
  const { optOutAnnotation, optOutValue, names } = injection.exclusions;
  const key = celString(optOutAnnotation);
  const conditions: Json[] = [{
    name: 'not-opted-out',
    expression: `!has(object.metadata.annotations) || !(${key} in object.metadata.annotations) || object.metadata.annotations[${key}] != ${celString(optOutValue)}`,
  }];
  if (names.length > 0) {
    // pods created by controllers have only generateName at admission
    const podName = '(has(object.metadata.name) && object.metadata.name != "" ? object.metadata.name : (has(object.metadata.generateName) ? object.metadata.generateName : ""))';
    conditions.push({
      name: 'name-not-excluded',
      expression: `!(${names.map((pattern) => `${podName}.matches(${celString(namePatternRegex(pattern))})`).join(' || ')})`,
    });
  }
  return conditions;
}

/** One JSONPatch expression per concern: CA volume, regular containers, ephemeral containers. */
function mutations(injection: ProxyInjection): string[] {
  // The operation tells the two matched requests apart (pods CREATE, pods/ephemeralcontainers
  // UPDATE): the API server leaves `request.subResource` out when it is empty, and reading an absent
  // key fails the expression, which with failurePolicy Fail refuses every pod.
  const on = (operation: 'CREATE' | 'UPDATE', expression: string): string => `request.operation == "${operation}" ? (${expression}) : []`;
  return [
    ...(injection.trust ? [on('CREATE', volumePatches(injection))] : []),
    on('CREATE', celConcat([containerPatches(injection, 'initContainers'), containerPatches(injection, 'containers')])),
    on('UPDATE', containerPatches(injection, 'ephemeralContainers')),
  ];
}

function volumePatches(injection: ProxyInjection): string {
  const trust = injection.trust!;
  const volume = `Object.spec.volumes{name: ${celString(trust.volumeName)}, configMap: Object.spec.volumes.configMap{name: ${celString(trust.configMapName)}}}`;
  return celConcat([
    '(has(object.spec.volumes) ? [] : [JSONPatch{op: "add", path: "/spec/volumes", value: []}])',
    `(has(object.spec.volumes) && object.spec.volumes.exists(v, v.name == ${celString(trust.volumeName)}) ? [] : [JSONPatch{op: "add", path: "/spec/volumes/-", value: ${volume}}])`,
  ]);
}

/** Patches for one container list; `[]` when the pod has no such list. */
function containerPatches(injection: ProxyInjection, list: ContainerList): string {
  const items = `object.spec.${list}`;
  const excluded = injection.exclusions.containers;
  // a prefix of the filter condition (empty when no container is excluded)
  const eligible = excluded.length === 0 ? '' : `!(c.name in ${celStringList(excluded)}) && `;
  // the index of a container is the index of its (unique) name
  const base = `"/spec/${list}/" + string(${items}.map(x, x.name).indexOf(c.name))`;
  const lacks = (names: string[]): string => `(!has(c.env) || !c.env.exists(e, e.name in ${celStringList(names)}))`;
  const patches = [
    // a container without env lacks every group (NO_PROXY is always one), so it gets a list to append to
    `${items}.filter(c, ${eligible}!has(c.env)).map(c, JSONPatch{op: "add", path: ${base} + "/env", value: []})`,
    ...injection.envGroups.flatMap((group) => group.variables.map((variable) =>
      `${items}.filter(c, ${eligible}${lacks(group.names)}).map(c, JSONPatch{op: "add", path: ${base} + "/env/-", value: ${envVarObject(list, variable)}})`)),
  ];
  const trust = injection.trust;
  if (trust) {
    const lacksMount = `(!has(c.volumeMounts) || !c.volumeMounts.exists(m, m.mountPath == ${celString(trust.mountPath)}))`;
    // an ephemeral container can only mount a volume the pod already has
    const volumeThere = list === 'ephemeralContainers'
      ? `has(object.spec.volumes) && object.spec.volumes.exists(v, v.name == ${celString(trust.volumeName)}) && ` : '';
    const mount = `Object.spec.${list}.volumeMounts{name: ${celString(trust.volumeName)}, mountPath: ${celString(trust.mountPath)}, readOnly: true}`;
    patches.push(
      `${items}.filter(c, ${volumeThere}${eligible}!has(c.volumeMounts)).map(c, JSONPatch{op: "add", path: ${base} + "/volumeMounts", value: []})`,
      `${items}.filter(c, ${volumeThere}${eligible}${lacksMount}).map(c, JSONPatch{op: "add", path: ${base} + "/volumeMounts/-", value: ${mount}})`,
    );
  }
  return `(has(${items}) ? (${celConcat(patches)}) : [])`;
}

/** A typed EnvVar object for the JSONPatch value (CEL needs the `Object.<path>` types to build objects). */
function envVarObject(list: ContainerList, variable: ContainerEnvVar): string {
  const type = `Object.spec.${list}.env`;
  if (variable.valueFrom) {
    const ref = variable.valueFrom.secretKeyRef;
    return `${type}{name: ${celString(variable.name)}, valueFrom: ${type}.valueFrom{secretKeyRef: ${type}.valueFrom.secretKeyRef{name: ${celString(ref.name)}, key: ${celString(ref.key)}}}}`;
  }
  return `${type}{name: ${celString(variable.name)}, value: ${celString(variable.value ?? '')}}`;
}

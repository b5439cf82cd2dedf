import { ContainerEnvGroup } from './container-env';
import { DEFAULT_CREDENTIAL_NAMESPACE_LABELS } from './defaults';
import { injectionOptionsOf, PROXY_INJECTION_KEY_SET, ProxyInjectionOptions } from './injection-options';
import { ContainerList } from './pod-spec-patch';
import { ProxyInjection } from './proxy-injection';
import { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { invalidValue } from '../primitives/errors';
import { copyJson } from '../primitives/k8s/copy-json';
import { KubeObject, MANAGED_BY, MANAGED_BY_LABEL } from '../primitives/k8s/manifest';
import { assertDnsLabel, assertObjectName } from '../primitives/k8s/names';
import { checkProps, propKeys } from '../primitives/validation/strict-props';
import { LABEL_VALUE, QUALIFIED_NAME } from '../product/metadata';

/** Names of the ClusterPolicy's rules (keep another policy's names, e.g. for reports and alerts). */
export interface KyvernoRuleNames {
  /**
   * The rule cloning the proxy Secret into each namespace.
   *
   * @default 'clone-proxy-secret'
   */
  readonly cloneSecret?: string;
  /**
   * The rule cloning the CA ConfigMap into each namespace.
   *
   * @default 'clone-proxy-ca'
   */
  readonly cloneCa?: string;
  /**
   * The rule adding the CA volume to pods.
   *
   * @default 'add-proxy-ca-volume'
   */
  readonly addCaVolume?: string;
  /**
   * The rule adding the proxy env to containers and init containers.
   *
   * @default 'inject-proxy-env'
   */
  readonly injectEnv?: string;
  /**
   * The rule adding the proxy env to ephemeral containers.
   *
   * @default 'inject-proxy-env-ephemeral'
   */
  readonly injectEnvEphemeral?: string;
}

/** Today's rule names. */
export const DEFAULT_KYVERNO_RULE_NAMES: Required<KyvernoRuleNames> = Object.freeze({
  cloneSecret: 'clone-proxy-secret',
  cloneCa: 'clone-proxy-ca',
  addCaVolume: 'add-proxy-ca-volume',
  injectEnv: 'inject-proxy-env',
  injectEnvEphemeral: 'inject-proxy-env-ephemeral',
});

/** Kyverno's rule name limit (its CRD: at most 63 characters). */
const RULE_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;

/** Options for `renderKyvernoProxyPolicy`. */
export interface KyvernoProxyPolicyOptions extends ProxyInjectionOptions {
  /**
   * Names of the rules.
   *
   * @default - DEFAULT_KYVERNO_RULE_NAMES
   */
  readonly ruleNames?: KyvernoRuleNames;
  /**
   * Name of the ClusterPolicy.
   *
   * @default 'inject-cluster-proxy'
   */
  readonly name?: string;
  /**
   * Namespace holding the source proxy Secret and CA ConfigMap that Kyverno clones into every
   * other namespace. Excluded from cloning itself. Kyverno must see changes there, or clones never
   * follow a new password or CA: the namespaces its default configuration ignores (`kube-system`,
   * `kube-public`, `kube-node-lease`, `kyverno`) are refused. A namespace you name must exist (the
   * default one is emitted with the policy).
   *
   * @default 'cluster-proxy-system' (emitted as a Namespace with the policy)
   */
  readonly sourceNamespace?: string;
  /**
   * Emit ClusterRoles aggregated into Kyverno's admission and background controllers, so they may
   * read the sources and create the clones (Kyverno refuses a clone rule it lacks permissions for).
   *
   * @default true
   */
  readonly kyvernoRbac?: boolean;
  /**
   * With credentials: the namespaces that get the proxy Secret, and whose pods get the proxy env
   * (which reads it). Pods elsewhere are left alone, so the Secret is never in a namespace that
   * does not need it.
   *
   * @default - the namespaces selected by `credentialNamespaceSelector`
   */
  readonly credentialNamespaces?: string[];
  /**
   * With credentials and no `credentialNamespaces`: the labels (all of them) of the namespaces
   * that get the proxy Secret and the proxy env.
   *
   * @default - { 'cluster-proxy-constructs/proxy-credentials': 'enabled' }
   */
  readonly credentialNamespaceSelector?: { [key: string]: string };
}

const KYVERNO_POLICY_KEYS = propKeys<KyvernoProxyPolicyOptions>({
  ...PROXY_INJECTION_KEY_SET,
  ruleNames: true,
  name: true,
  sourceNamespace: true,
  kyvernoRbac: true,
  credentialNamespaces: true,
  credentialNamespaceSelector: true,
});

/** Namespaces the policy never mutates: Kyverno itself skips kube-system by default, and so does this policy explicitly. */
export const ALWAYS_EXCLUDED_NAMESPACES: string[] = ['kube-system'];

/** Where the policy keeps the sources it clones unless told otherwise (emitted as a Namespace with it). */
export const DEFAULT_SOURCE_NAMESPACE = 'cluster-proxy-system';

/**
 * Namespaces whose objects Kyverno's default configuration never looks at (`resourceFilters` of
 * its ConfigMap, and its webhooks' namespaceSelector): a source there is cloned once, when a
 * namespace appears, but a change to it never reaches the clones.
 */
const KYVERNO_FILTERED_NAMESPACES = ['kube-system', 'kube-public', 'kube-node-lease', 'kyverno'];

/** The oldest Kyverno release whose ClusterPolicy schema has every field this policy uses (rule-level `generate.generateExisting`). */
export const KYVERNO_MIN_VERSION = '1.13.0';

type Json = Record<string, unknown>;

/**
 * A `kyverno.io/v1` ClusterPolicy that gives every Pod the proxy env, plus what it needs: the
 * source Secret/ConfigMap it clones, and (by default) the RBAC for the clones.
 *
 * Rules, in order (Kyverno applies later rules to the output of earlier ones):
 * 1. `clone-proxy-secret` (credentials only): a `generate` rule with `clone` + `synchronize` that
 *    keeps the proxy Secret in the credential namespaces (`credentialNamespaces`, or those labelled
 *    `credentialNamespaceSelector`) but the excluded ones, for existing namespaces too
 *    (`generateExisting`); with credentials the env rules act only on pods in those namespaces.
 * 2. `clone-proxy-ca` (CA only): the same for the CA ConfigMap.
 * 3. `add-proxy-ca-volume` (CA only): adds the ConfigMap volume to Pods that lack it.
 * 4. `inject-proxy-env`: on Pod CREATE, one `foreach` per container list and variable group whose
 *    precondition checks that the container sets none of the group's names, then a strategic
 *    merge patch adding them (env merges by name). Containers and init containers.
 * 5. `inject-proxy-env-ephemeral`: the same on UPDATE of the `ephemeralcontainers` subresource
 *    (ephemeral containers are only ever added that way, e.g. by `kubectl debug`).
 *
 * NO_PROXY/no_proxy are always added (unlike policies that emit them only when an
 * installation-wide list is configured): the value is the complete one the nodes get.
 * Autogen for Pod controllers is off: controller-created Pods are mutated at their own admission,
 * and leaving Deployments untouched avoids GitOps drift.
 */
export function renderKyvernoProxyPolicy(config: ClusterProxyConfig, options: KyvernoProxyPolicyOptions = {}): KubeObject[] {
  checkProps('', options, KYVERNO_POLICY_KEYS, 'Kyverno policy option');
  const name = assertObjectName('name', options.name ?? 'inject-cluster-proxy');
  const sourceNamespace = assertDnsLabel('sourceNamespace', options.sourceNamespace ?? DEFAULT_SOURCE_NAMESPACE);
  if (KYVERNO_FILTERED_NAMESPACES.includes(sourceNamespace)) {
    throw invalidValue('sourceNamespace', sourceNamespace, 'is a namespace whose changes Kyverno\'s default configuration ignores '
      + `(resourceFilters [*/*,${sourceNamespace},*]), so clones would never follow a new password or CA; use another namespace`);
  }
  const injection = new ProxyInjection(config, injectionOptionsOf(options), ALWAYS_EXCLUDED_NAMESPACES);
  const ruleNames = resolveRuleNames(options.ruleNames);
  const scope = injection.usesSecret ? credentialScope(options) : undefined;
  const rules: Json[] = [
    ...cloneRules(injection, sourceNamespace, ruleNames, scope),
    ...(injection.trust ? [caVolumeRule(injection, ruleNames.addCaVolume)] : []),
    envRule(injection, ruleNames.injectEnv, ['initContainers', 'containers'], 'CREATE', scope),
    envRule(injection, ruleNames.injectEnvEphemeral, ['ephemeralContainers'], 'UPDATE', scope),
  ];
  const policy: KubeObject = {
    apiVersion: 'kyverno.io/v1',
    kind: 'ClusterPolicy',
    metadata: {
      name,
      labels: { [MANAGED_BY_LABEL]: MANAGED_BY },
      annotations: {
        'pod-policies.kyverno.io/autogen-controllers': 'none',
        'policies.kyverno.io/title': 'Inject the cluster proxy environment',
        'policies.kyverno.io/subject': 'Pod',
        'policies.kyverno.io/minversion': KYVERNO_MIN_VERSION,
        'policies.kyverno.io/description': 'Adds HTTP(S)_PROXY and NO_PROXY (both spellings) to every container that sets none of them'
          + (injection.trust ? ', and mounts the corporate CA bundle' : '') + '. Generated by cluster-proxy-constructs.',
      },
    },
    spec: { rules },
  };
  const sources = injection.supportObjects(sourceNamespace);
  // Kyverno clones only the namespaced sources (a trust-manager Bundle distributes itself)
  const cloned = sources.filter((source) => source.apiVersion === 'v1');
  const rbac = options.kyvernoRbac === false || cloned.length === 0 ? [] : kyvernoCloneRbac(name, cloned);
  // the default source namespace is the library's; one the user names is the user's
  const sourceHome = options.sourceNamespace === undefined && sources.length > 0
    ? [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: sourceNamespace, labels: { [MANAGED_BY_LABEL]: MANAGED_BY } } }]
    : [];
  return [policy, ...sourceHome, ...sources, ...rbac];
}

/** The rule names, defaults applied; each valid and distinct (Kyverno refuses duplicates). */
function resolveRuleNames(given: KyvernoRuleNames | undefined): Required<KyvernoRuleNames> {
  if (given !== undefined) {
    checkProps('ruleNames', given, Object.keys(DEFAULT_KYVERNO_RULE_NAMES), 'rule name');
  }
  const names = { ...DEFAULT_KYVERNO_RULE_NAMES };
  for (const [key, value] of Object.entries(given ?? {})) {
    if (value === undefined) {
      continue;
    }
    if (typeof value !== 'string' || !RULE_NAME.test(value)) {
      throw invalidValue(`ruleNames.${key}`, value, 'must be 1-63 letters, digits, "-", "_" or ".", starting and ending alphanumeric');
    }
    names[key as keyof KyvernoRuleNames] = value;
  }
  const values = Object.values(names);
  if (new Set(values).size !== values.length) {
    throw invalidValue('ruleNames', names, 'must give every rule a different name');
  }
  return names;
}

/** The Pod exclusions: namespaces, name patterns, and the opt-out annotation. */
function podExclusions(injection: ProxyInjection): Json {
  const { namespaces, names, optOutAnnotation, optOutValue } = injection.exclusions;
  return {
    any: [
      { resources: { kinds: ['Pod'], namespaces: [...namespaces] } },
      ...(names.length > 0 ? [{ resources: { kinds: ['Pod'], names: [...names] } }] : []),
      { resources: { kinds: ['Pod'], annotations: { [optOutAnnotation]: optOutValue } } },
    ],
  };
}

/**
 * Where the proxy Secret goes (a list of namespaces, or a label selector), as the two `resources`
 * filters that say it: of the Namespace objects it is cloned into, and of the pods that read it.
 */
interface CredentialScope {
  readonly namespaces: Json;
  readonly pods: Json;
}

function credentialScope(options: KyvernoProxyPolicyOptions): CredentialScope {
  const { credentialNamespaces: list, credentialNamespaceSelector: labels } = options;
  if (list !== undefined && labels !== undefined) {
    throw invalidValue('credentialNamespaceSelector', labels, 'cannot be combined with credentialNamespaces; give one of them');
  }
  if (list !== undefined) {
    if (!Array.isArray(list) || list.length === 0) {
      throw invalidValue('credentialNamespaces', list, 'must be a non-empty list of namespaces');
    }
    const names = [...new Set(list.map((namespace, index) => assertDnsLabel(`credentialNamespaces[${index}]`, namespace)))];
    return { namespaces: { kinds: ['Namespace'], names }, pods: { namespaces: names } };
  }
  const matchLabels = labels ?? DEFAULT_CREDENTIAL_NAMESPACE_LABELS;
  if (matchLabels === null || typeof matchLabels !== 'object' || Array.isArray(matchLabels) || Object.keys(matchLabels).length === 0) {
    throw invalidValue('credentialNamespaceSelector', matchLabels, 'must be a non-empty object of namespace labels');
  }
  for (const [key, value] of Object.entries(matchLabels)) {
    if (!QUALIFIED_NAME.test(key) || typeof value !== 'string' || !LABEL_VALUE.test(value)) {
      throw invalidValue(`credentialNamespaceSelector.${key}`, value, 'must be a valid label key and value');
    }
  }
  return { namespaces: { kinds: ['Namespace'], selector: { matchLabels: { ...matchLabels } } }, pods: { namespaceSelector: { matchLabels: { ...matchLabels } } } };
}

function cloneRules(injection: ProxyInjection, sourceNamespace: string, ruleNames: Required<KyvernoRuleNames>,
  scope: CredentialScope | undefined): Json[] {
  const targets = (kind: string, objectName: string, where?: CredentialScope): Json => ({
    match: { any: [{ resources: where ? copyJson(where.namespaces) : { kinds: ['Namespace'] } }] },
    exclude: { any: [{ resources: { namespaces: [...new Set([...injection.exclusions.namespaces, sourceNamespace])] } }] },
    generate: {
      apiVersion: 'v1',
      kind,
      name: objectName,
      namespace: '{{request.object.metadata.name}}',
      synchronize: true,
      generateExisting: true,
      clone: { namespace: sourceNamespace, name: objectName },
    },
  });
  return [
    // the credentials only where they are needed, never into every namespace
    ...(injection.usesSecret ? [{ name: ruleNames.cloneSecret, ...targets('Secret', injection.secretName, scope) }] : []),
    // with trust-manager, it distributes the CA ConfigMap itself
    ...(injection.trust && !injection.trust.trustManager ? [{ name: ruleNames.cloneCa, ...targets('ConfigMap', injection.trust.configMapName) }] : []),
  ];
}

/** JMESPath that never fails on a missing list: `null` becomes `[]`. */
function listOrEmpty(expression: string): string {
  return `${expression} || \`[]\``;
}

function caVolumeRule(injection: ProxyInjection, name: string): Json {
  const trust = injection.trust!;
  return {
    name,
    match: { any: [{ resources: { kinds: ['Pod'], operations: ['CREATE'] } }] },
    exclude: podExclusions(injection),
    preconditions: { all: [{ key: trust.volumeName, operator: 'AllNotIn', value: `{{ ${listOrEmpty('request.object.spec.volumes[].name')} }}` }] },
    mutate: { patchStrategicMerge: { spec: { volumes: [{ name: trust.volumeName, configMap: { name: trust.configMapName } }] } } },
  };
}

function envRule(injection: ProxyInjection, name: string, lists: ContainerList[], operation: 'CREATE' | 'UPDATE', scope: CredentialScope | undefined): Json {
  const kinds = operation === 'CREATE' ? ['Pod'] : ['Pod/ephemeralcontainers'];
  const foreach = lists.flatMap((list) => [
    ...injection.envGroups.map((group) => envForeach(injection, list, group)),
    ...(injection.trust ? [mountForeach(injection, list, operation === 'UPDATE')] : []),
  ]);
  return {
    name,
    match: { any: [{ resources: { kinds, operations: [operation], ...copyJson(scope?.pods) } }] },
    exclude: podExclusions(injection),
    mutate: { foreach },
  };
}

/**
 * A loop over one container list: each container that is not excluded and meets `conditions` gets
 * `patch` merged into it (by name).
 */
function containerForeach(injection: ProxyInjection, list: ContainerList, conditions: Json[], patch: Json): Json {
  const excluded = injection.exclusions.containers;
  return {
    list: listOrEmpty(`request.object.spec.${list}`),
    preconditions: {
      all: [...(excluded.length === 0 ? [] : [{ key: '{{ element.name }}', operator: 'AllNotIn', value: [...excluded] }]), ...conditions],
    },
    patchStrategicMerge: { spec: { [list]: [{ '(name)': '{{ element.name }}', ...patch }] } },
  };
}

function envForeach(injection: ProxyInjection, list: ContainerList, group: ContainerEnvGroup): Json {
  return containerForeach(injection, list, [{ key: [...group.names], operator: 'AllNotIn', value: `{{ ${listOrEmpty('element.env[].name')} }}` }],
    { env: group.variables.map((v) => ({ ...v })) });
}

function mountForeach(injection: ProxyInjection, list: ContainerList, requireExistingVolume: boolean): Json {
  const trust = injection.trust!;
  return containerForeach(injection, list, [
    { key: trust.mountPath, operator: 'AllNotIn', value: `{{ ${listOrEmpty('element.volumeMounts[].mountPath')} }}` },
    // an ephemeral container can only mount a volume the pod already has
    ...(requireExistingVolume ? [{ key: trust.volumeName, operator: 'AnyIn', value: `{{ ${listOrEmpty('request.object.spec.volumes[].name')} }}` }] : []),
  ], { volumeMounts: [{ name: trust.volumeName, mountPath: trust.mountPath, readOnly: true }] });
}

/**
 * ClusterRoles aggregated into Kyverno's controllers: read access for the admission controller
 * (which checks a policy's permissions when it is created) and the background controller, write
 * access for the background controller that creates and synchronizes the clones.
 */
function kyvernoCloneRbac(policyName: string, sources: KubeObject[]): KubeObject[] {
  const resources = [...new Set(sources.map((source) => (source.kind === 'Secret' ? 'secrets' : 'configmaps')))];
  const role = (suffix: string, labels: Record<string, string>, verbs: string[]): KubeObject => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: `${policyName}-kyverno-${suffix}`, labels: { [MANAGED_BY_LABEL]: MANAGED_BY, ...labels } },
    rules: [{ apiGroups: [''], resources, verbs }],
  });
  return [
    role('read', {
      'rbac.kyverno.io/aggregate-to-admission-controller': 'true',
      'rbac.kyverno.io/aggregate-to-background-controller': 'true',
    }, ['get', 'list', 'watch']),
    role('clone', { 'rbac.kyverno.io/aggregate-to-background-controller': 'true' }, ['create', 'update', 'patch', 'delete']),
  ];
}

/**
 * The public surface of every entry point in package.json `exports`: the names a user may import,
 * and nothing else. Changing it is a decision (a new export becomes API to keep; a removed one
 * breaks users): public-surface.test.ts fails until this list says the same as the entry points,
 * and every name here must be in the API reference.
 *
 * `values` exist at runtime (classes, enums, functions, namespaces); `types` only for the compiler.
 * A namespace's own members are listed under `namespaces`.
 */

export interface SurfaceNames {
  readonly values: readonly string[];
  readonly types: readonly string[];
}

export interface EntryPointSurface extends SurfaceNames {
  readonly namespaces?: Readonly<Record<string, SurfaceNames>>;
}

export const PUBLIC_SURFACE: Readonly<Record<string, EntryPointSurface>> = {
  'cluster-proxy-constructs': {
    values: [
      'ClusterNetwork', 'ClusterNoProxyCategory', 'ClusterProxyConfig', 'CredentialSource', 'CredentialSourceKind',
      'MissingPeerDependencyError', 'NoProxy', 'NoProxyClientId', 'NoProxyEngine', 'NoProxyEntryKind', 'NoProxyFormat',
      'Products', 'Provider', 'ProxyConfigError', 'ProxyRenderers', 'ProxySettings', 'ProxyUrl',
      'addons', 'capi', 'clusterclass', 'migration', 'workloads',
    ],
    types: [
      'CaBundle', 'CaCertificate', 'ClusterFacts', 'ClusterNetworkProps', 'ClusterNoProxyDefaultsOptions',
      'ClusterProxyConfigOptions', 'DroppedNoProxyItem', 'ExplainNoProxyOptions', 'ExternalSecretCredentialsProps',
      'IpFamily', 'JavaNonProxyHosts', 'KubeObject', 'NoProxyClientVerdict', 'NoProxyEntry', 'NoProxyForClusterProps',
      'NoProxyItem', 'NoProxyLintCode', 'NoProxyLintWarning', 'NoProxyPart', 'NoProxyParts', 'NoProxyProps',
      'NoProxyQuirk', 'NoProxyValues', 'ObjectMeta', 'ObjectMetadataProps', 'PodEnvVar', 'Product', 'ProductObject',
      'ProxyEnvironment', 'ProxyScheme', 'ProxySettingsProps', 'ReasonedEntry', 'RemoteSecretRef',
      'SealedSecretCredentialsProps', 'SecretObject', 'SkippedJavaEntry', 'WithObjectMetadata', 'WithProxy',
    ],
    namespaces: {
      addons: {
        values: ['AddonValues', 'GiantSwarmValuesLayout', 'HelmPresetName', 'KustomizeWorkloadKind', 'ProxyEnvSourceKind', 'ResourceSetStrategy', 'TinyproxyLogLevel'],
        types: [
          'AddonResourceSet', 'AddonResourceSetOptions', 'ForwardProxyWorkloadProps', 'GiantSwarmAppProps',
          'GiantSwarmProxySetup', 'GiantSwarmProxySetupOptions', 'GiantSwarmUserConfig', 'HelmCaMount', 'HelmPreset',
          'HelmProxyKeys', 'HelmProxyValues', 'HelmProxyValuesOptions', 'HelmValues', 'InClusterForwardProxyProps',
          'KustomizeContainer', 'KustomizeInlinePatch', 'KustomizeProxyComponentOptions', 'KustomizeTarget',
          'LocalObjectName', 'NamespacedName', 'ProxyBasicAuth', 'ProxyEnvFromSource', 'ProxyEnvSourceOptions',
          'TkgProxyAddonsOptions', 'TkgValueFormOptions', 'ValuesObject',
        ],
      },
      capi: {
        values: [
          'BootstrapFormat', 'CapiVersion', 'CompatibilityProfileName', 'KubeadmEnvironment', 'NoProxyForm', 'NodeFileEncoding',
          'NodeProxyCommands', 'NodeProxyDelivery', 'NodeProxyPosition', 'OsFamily', 'VariableStyle',
        ],
        types: [
          'AddProxyOptions', 'AddProxyResult', 'CompatibilityDifference', 'CompatibilityProfile', 'ControlPlaneProps',
          'KubeadmConfigTemplateProductProps', 'KubeadmControlPlaneProductProps', 'NodeProxyFileOptions', 'NodeProxyProps',
          'ObjectReferenceProps', 'ProxiedClusterOptions', 'ProxySourceProps', 'RenderedReference', 'WorkerPoolProps',
        ],
      },
      clusterclass: {
        values: ['ClassVariableShape', 'ClusterClassProxy'],
        types: [
          'AddProxyToClusterClassResult', 'ClusterClassProxyProps', 'ProxyVariableAssignment', 'ProxyVariableValue',
          'ResolvedTrustedCaVariable', 'TopologyClusterProxyOptions', 'TopologyClusterProxyResult', 'TopologyNetworkProps',
          'TrustedCaVariable', 'WorkerClassSelection',
        ],
      },
      migration: {
        values: ['ImportSource', 'Migration'],
        types: [
          'ImportNote', 'ImportProxyOptions', 'ImportResult', 'ImportedProxy', 'NoProxyClientChange', 'NoProxyComparison',
          'NodeChangesOptions', 'NodeFileChange', 'NodeObjectChanges',
        ],
      },
      workloads: {
        values: ['MutatingAdmissionPolicyVersion', 'ProxyInjection', 'SystemRoots', 'TrustManagerResource'],
        types: [
          'InjectionExclusions', 'KyvernoProxyPolicyOptions', 'KyvernoRuleNames', 'ProxyAdmissionPolicyOptions',
          'ProxyEnvOptions', 'ProxyInjectionOptions', 'TrustBundleOptions',
        ],
      },
    },
  },
  'cluster-proxy-constructs/cdk8s': {
    values: [
      'ClusterClassProxyPatches', 'FleetApp', 'GiantSwarmProxyApps', 'InClusterForwardProxy', 'KyvernoProxyPolicy',
      'ProxiedCluster', 'ProxiedKubeadmConfigTemplate', 'ProxiedKubeadmControlPlane', 'ProxyAddonResourceSet',
      'ProxyAdmissionPolicy', 'ProxyEnv', 'ProxyEnvSources', 'TkgProxyAddons', 'TopologyClusterProxy',
      'addApiObjects', 'addProxyToKubeadmObjects', 'injectProxyEnv',
    ],
    types: [
      'AddProxyToKubeadmObjectsProps', 'AddProxyToKubeadmObjectsResult', 'ClusterClassProxyPatchesProps',
      'GiantSwarmProxyAppsProps', 'InClusterForwardProxyConstructProps', 'InjectProxyEnvOptions', 'KyvernoProxyPolicyProps',
      'ProxiedClusterProps', 'ProxiedKubeadmConfigTemplateProps', 'ProxiedKubeadmControlPlaneProps', 'ProxiedWorkerPool',
      'ProxyAddonResourceSetProps', 'ProxyAdmissionPolicyProps', 'ProxyEnvSourcesProps', 'TkgProxyAddonsProps',
      'TopologyClusterProxyProps',
    ],
  },
  // The cdk8s-plus-28 line; every `cluster-proxy-constructs/cdk8s-plus-NN` has the same names.
  'cluster-proxy-constructs/cdk8s-plus': {
    values: ['ProxyAwareDeployment'],
    types: ['ProxyAwareDeploymentProps'],
  },
  'cluster-proxy-constructs/pulumi': {
    values: [
      'ClusterClassProxyPatches', 'GiantSwarmProxyApps', 'InClusterForwardProxy', 'KyvernoProxyPolicy', 'ProxiedCluster',
      'ProxiedKubeadmConfigTemplate', 'ProxiedKubeadmControlPlane', 'ProxyAddonResourceSet', 'ProxyAdmissionPolicy',
      'ProxyAwareDeployment', 'ProxyDefinition', 'ProxyEnvSources', 'ProxyEnvSupport', 'TkgProxyAddons',
      'TopologyClusterProxy', 'proxyEnvTransform', 'registerProxyEnvTransform',
    ],
    types: [
      'ClusterClassProxyPatchesArgs', 'ControlPlaneArgs', 'CredentialArgs', 'Credentials', 'GiantSwarmProxyAppsArgs',
      'InClusterForwardProxyArgs', 'KyvernoProxyPolicyArgs', 'ObjectReferenceArgs', 'ProxiedClusterArgs',
      'ProxiedKubeadmConfigTemplateArgs', 'ProxiedKubeadmControlPlaneArgs', 'ProxiedWorkerPool',
      'ProxyAddonResourceSetArgs', 'ProxyAdmissionPolicyArgs', 'ProxyArgs', 'ProxyAwareDeploymentArgs',
      'ProxyDefinitionArgs', 'ProxyEnvSourcesArgs', 'ProxyEnvSupportArgs', 'ProxyEnvTransform', 'ProxyEnvTransformArgs',
      'ProxyEnvTransformOptions', 'ProxySettingsArgs', 'ProxySourceArgs', 'Rendered', 'TkgProxyAddonsArgs',
      'TopologyClusterProxyArgs', 'VersionArgs', 'WorkerPoolArgs',
    ],
  },
};

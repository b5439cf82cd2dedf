/**
 * The limits of what consumes the library's output, as data: each with its value and the reason it
 * exists. The checks that enforce them read this table, so a limit is stated once; the tests check
 * each at its boundary.
 */
export interface Limit {
  /** The largest accepted size. */
  readonly value: number;
  /** What is counted. */
  readonly unit: string;
  /** Who enforces it, and what happens past it. */
  readonly reason: string;
}

export const LIMITS = {
  environmentString: {
    value: 128 * 1024,
    unit: 'bytes of NAME=value plus its terminating NUL',
    reason: "Linux's MAX_ARG_STRLEN (32 pages): exec refuses a longer environment string with E2BIG (\"Argument list too long\"), "
      + 'so containerd, the kubelet and every command run after the env file is sourced would fail to start; '
      + "systemd's own line limit (LONG_LINE_MAX, 1 MiB) is larger",
  },
  secretData: {
    value: 1024 * 1024,
    unit: 'bytes of data, all keys together',
    reason: "the API server's MaxSecretSize: a larger Secret is refused at apply",
  },
  configMapData: {
    value: 1024 * 1024,
    unit: 'bytes of data and binaryData, all keys together',
    reason: 'the API server refuses a larger ConfigMap at apply',
  },
  annotations: {
    value: 256 * 1024,
    unit: 'bytes of all annotation keys and values of one object',
    reason: "the API server's TotalAnnotationSizeLimitB; client-side kubectl apply also stores the whole object in one annotation",
  },
  capiFileContent: {
    value: 10240,
    unit: 'characters of one files[].content',
    reason: "the Cluster API CRDs' maxLength (v1beta1 and v1beta2): a longer inline file is refused at apply",
  },
  capiFiles: {
    value: 200,
    unit: 'files of one KubeadmConfigSpec',
    reason: "the Cluster API CRDs' maxItems",
  },
  capiCommands: {
    value: 1000,
    unit: 'preKubeadmCommands of one KubeadmConfigSpec',
    reason: "the Cluster API CRDs' maxItems",
  },
  clusterClassTemplate: {
    value: 10240,
    unit: 'characters of one ClusterClass valueFrom.template',
    reason: "the Cluster API CRDs' maxLength: a longer patch template is refused with the ClusterClass",
  },
  nestingDepth: {
    value: 256,
    unit: 'levels of arrays and objects inside one value a user gives (a manifest, Helm values, props)',
    reason: 'the YAML writer cdk8s synthesizes with recurses once per level and exhausts the default Node.js stack at about 850 levels, '
      + 'and so would the library\'s own copies of the value: refused, naming where it goes too deep, before anything walks it',
  },
  clusterClassEnabledIf: {
    value: 256,
    unit: 'characters of one enabledIf',
    reason: "the Cluster API CRDs' maxLength",
  },
} as const satisfies Record<string, Limit>;

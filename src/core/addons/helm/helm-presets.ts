/**
 * Where common charts take the proxy. Data, not code: add a chart by adding an entry. Every entry
 * names the file its keys were read from (see docs/addons.md, Helm values, for the citations).
 */

/** Literal proxy keys of a chart: three string values under `path`. */
export interface HelmProxyKeys {
  /** Path of the object holding the keys (`[]` for top-level keys). */
  readonly path: string[];
  /** Key of the HTTP proxy URL. */
  readonly http: string;
  /** Key of the HTTPS proxy URL. */
  readonly https: string;
  /** Key of the NO_PROXY value (a comma-separated string). */
  readonly noProxy: string;
  /**
   * The chart ignores the proxy unless all three keys are set (Giant Swarm's templates check
   * `and .noProxy .http .https`), so a definition with one URL is refused.
   *
   * @default false
   */
  readonly requiresAll?: boolean;
}

/**
 * Where a chart takes extra volumes, volume mounts and env for the container that talks TLS through
 * the proxy: the corporate CA is mounted there and the trust variables point at it.
 */
export interface HelmCaMount {
  /** Path of the pod's extra volumes list. */
  readonly volumes: string[];
  /** Path of the container's extra volume mounts list. */
  readonly volumeMounts: string[];
  /** Path of the container's env list (written with `toYaml`). */
  readonly env: string[];
}

/** How one chart takes the proxy. */
export interface HelmPreset {
  /** Chart, as users know it, e.g. `jetstack/cert-manager`. */
  readonly chart: string;
  /** The files the keys were read from. */
  readonly source: string;
  /**
   * Paths of container env lists the chart writes with `toYaml`, so entries may use
   * `valueFrom.secretKeyRef` (preferred when the proxy URLs carry credentials).
   *
   * @default - none
   */
  readonly envLists?: string[][];
  /**
   * The chart's own literal proxy keys (preferred when the URLs carry no credentials, or with
   * `allowCredentialsInValues`).
   *
   * @default - none
   */
  readonly proxyKeys?: HelmProxyKeys;
  /**
   * Where the corporate CA (`trustedCaPem`) goes, for the containers that talk TLS through the
   * proxy (a TLS-intercepting proxy re-signs every certificate with it).
   *
   * @default - the chart gets no CA
   */
  readonly caMounts?: HelmCaMount[];
}

/** Names of the built-in presets. */
export enum HelmPresetName {
  /** cert-manager's chart. */
  CERT_MANAGER = 'cert-manager',
  /** Giant Swarm's chart-operator. */
  CHART_OPERATOR = 'chart-operator',
  /** The Flux 2 community chart. */
  FLUX2 = 'flux2',
  /** The Argo CD chart (repo-server and controller). */
  ARGO_CD = 'argo-cd',
  /** The External Secrets Operator chart. */
  EXTERNAL_SECRETS = 'external-secrets',
}

/** The built-in presets. */
export const HELM_PRESETS: { readonly [name in HelmPresetName]: HelmPreset } = Object.freeze({
  'cert-manager': {
    chart: 'jetstack/cert-manager',
    // values.yaml documents `http_proxy`, `https_proxy`, `no_proxy` (the controller's HTTP_PROXY,
    // HTTPS_PROXY, NO_PROXY) and `extraEnv`; templates/deployment.yaml writes extraEnv with toYaml.
    source: 'cert-manager/cert-manager deploy/charts/cert-manager/values.yaml and templates/deployment.yaml',
    envLists: [['extraEnv']],
    proxyKeys: { path: [], http: 'http_proxy', https: 'https_proxy', noProxy: 'no_proxy' },
    // values.yaml: `volumes` (controller pod) and `volumeMounts` (controller container): ACME over TLS
    caMounts: [{ volumes: ['volumes'], volumeMounts: ['volumeMounts'], env: ['extraEnv'] }],
  },
  'chart-operator': {
    chart: 'giantswarm/chart-operator',
    // values.schema.json: proxy.{http,https,noProxy} (strings, override cluster.proxy); no env list.
    source: 'giantswarm/chart-operator helm/chart-operator/values.schema.json and templates/deployment.yaml',
    proxyKeys: { path: ['proxy'], http: 'http', https: 'https', noProxy: 'noProxy', requiresAll: true },
  },
  'flux2': {
    chart: 'fluxcd-community/flux2',
    // README (chart 2.12.4): <controller>.extraEnv lists; templates/*-controller.yaml toYaml them.
    source: 'fluxcd-community/helm-charts charts/flux2/README.md (2.12.4) and templates/source-controller.yaml',
    envLists: [
      ['sourceController', 'extraEnv'],
      ['kustomizeController', 'extraEnv'],
      ['helmController', 'extraEnv'],
      ['notificationController', 'extraEnv'],
      ['imageReflectionController', 'extraEnv'],
      ['imageAutomationController', 'extraEnv'],
    ],
    // sourceController.volumes / volumeMounts (templates/source-controller.yaml): the controller that
    // fetches Git, Helm and OCI sources over TLS
    caMounts: [{ volumes: ['sourceController', 'volumes'], volumeMounts: ['sourceController', 'volumeMounts'], env: ['sourceController', 'extraEnv'] }],
  },
  'argo-cd': {
    chart: 'argo/argo-cd (repo-server)',
    // templates/argocd-repo-server/deployment.yaml: env is concat(global.env, repoServer.env) | toYaml.
    source: 'argoproj/argo-helm charts/argo-cd/templates/argocd-repo-server/deployment.yaml',
    envLists: [['repoServer', 'env']],
    // values.yaml: repoServer.volumes / repoServer.volumeMounts (the repo server clones over TLS)
    caMounts: [{ volumes: ['repoServer', 'volumes'], volumeMounts: ['repoServer', 'volumeMounts'], env: ['repoServer', 'env'] }],
  },
  'external-secrets': {
    chart: 'external-secrets/external-secrets',
    // templates/deployment.yaml: env is .Values.extraEnv | toYaml (the controller, which calls the providers).
    source: 'external-secrets/external-secrets deploy/charts/external-secrets/templates/deployment.yaml',
    envLists: [['extraEnv']],
    // values.yaml: extraVolumes / extraVolumeMounts (the controller calls the providers' APIs over TLS)
    caMounts: [{ volumes: ['extraVolumes'], volumeMounts: ['extraVolumeMounts'], env: ['extraEnv'] }],
  },
});

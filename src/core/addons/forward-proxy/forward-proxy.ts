import { forwardProxyWorkload, ForwardProxyWorkloadProps, TINYPROXY_CONFIG_KEY } from './forward-proxy-workload';
import { checkBasicAuth, ProxyBasicAuth, renderTinyproxyConfig, TinyproxyLogLevel } from './tinyproxy-config';
import { CredentialSource } from '../../credentials/credential-source';
import { checkProxyOptionsProp, ClusterProxyConfig, ClusterProxyConfigOptions } from '../../definition/cluster-proxy-config';
import { ClusterNetwork } from '../../definition/network';
import { ProxySettings } from '../../definition/proxy-settings';
import { invalidValue, ProxyConfigError } from '../../primitives/errors';
import { KubeObject, MANAGED_BY, MANAGED_BY_LABEL } from '../../primitives/k8s/manifest';
import { assertDnsLabel, contentHash } from '../../primitives/k8s/names';
import { plainString, Text } from '../../primitives/secret-text';
import { checkProps, propKeys } from '../../primitives/validation/strict-props';
import { configMapObject, secretObject } from '../../product/data-objects';

/** Input of `inClusterForwardProxy`. */
export interface InClusterForwardProxyProps extends ForwardProxyWorkloadProps {
  /** The cluster's network facts: pod (and machine) CIDRs may use the proxy; NO_PROXY comes from them. */
  readonly network: ClusterNetwork;
  /**
   * Name of the DaemonSet and Service (the proxy URL's first label).
   *
   * @default 'http-proxy'
   */
  readonly name?: string;
  /**
   * Namespace of the proxy.
   *
   * @default 'kube-system'
   */
  readonly namespace?: string;
  /**
   * Port on every node and on the Service (1024 or higher: the proxy runs unprivileged).
   *
   * @default 8888
   */
  readonly port?: number;
  /**
   * Require these credentials. The whole tinyproxy.conf then goes into a Secret (tinyproxy reads
   * BasicAuth only from its config file), and the derived settings carry them. Leave it out with a
   * `credentialSource` that keeps the credentials (External Secrets, existing Secret).
   *
   * @default - no authentication (only the allowed CIDRs can use the proxy), unless `credentialSource` keeps the credentials
   */
  readonly basicAuth?: ProxyBasicAuth;
  /**
   * Where the BasicAuth credentials live, as in the proxy settings: `literal` (`basicAuth`, written
   * into the config Secret), `sealedSecret` (`basicAuth`, the config Secret sealed),
   * `externalSecret` or `existingSecret` (no `basicAuth`: authentication is on, and External
   * Secrets Operator or your pipeline writes the config Secret with the credentials from the store;
   * they must be letters, digits, `-`, `.` or `_`, or tinyproxy refuses to start). The derived
   * settings take the same source.
   *
   * @default CredentialSource.literal()
   */
  readonly credentialSource?: CredentialSource;
  /**
   * A non-secret label of the `basicAuth` credentials: change it when you rotate them. The
   * DaemonSet's rollout annotation hashes the config without the credentials plus this revision,
   * so a rotation with a new revision restarts the proxy, and no annotation depends on a password.
   *
   * @default - no revision: a password change updates the Secret only (restart the pods yourself)
   */
  readonly credentialsRevision?: string;
  /**
   * More client CIDRs allowed besides the pod and machine CIDRs.
   *
   * @default - none
   */
  readonly additionalAllowedCidrs?: string[];
  /**
   * Destination ports allowed for CONNECT.
   *
   * @default [443]
   */
  readonly connectPorts?: number[];
  /**
   * tinyproxy log level.
   *
   * @default 'Notice'
   */
  readonly logLevel?: TinyproxyLogLevel;
  /**
   * Installation-wide NO_PROXY entries of the derived settings.
   *
   * @default - none
   */
  readonly noProxy?: string[];
  /**
   * NO_PROXY options of the derived configuration.
   *
   * @default - every cluster-specific category on
   */
  readonly proxyOptions?: ClusterProxyConfigOptions;
}

const FORWARD_PROXY_KEYS = propKeys<InClusterForwardProxyProps>({
  network: true,
  name: true,
  namespace: true,
  port: true,
  basicAuth: true,
  credentialSource: true,
  credentialsRevision: true,
  additionalAllowedCidrs: true,
  connectPorts: true,
  logLevel: true,
  noProxy: true,
  proxyOptions: true,
  image: true,
  tolerations: true,
  nodeSelector: true,
  resources: true,
  internalTrafficPolicy: true,
});

/** The forward proxy's objects and the proxy definition workloads use to reach it. */
export interface ForwardProxyDeployment {
  /**
   * ConfigMap (or Secret, with credentials) holding tinyproxy.conf, DaemonSet, Service. With a
   * source that keeps the credentials, the Secret holds slots for them, which the product's last
   * step turns into that source's ExternalSecret or template.
   */
  readonly objects: KubeObject[];
  /** The rendered tinyproxy.conf (holds the password with basicAuth, slots with a source that keeps it). */
  readonly configText: Text;
  /** The proxy URL without credentials: `http://<name>.<namespace>.svc.<domain>:<port>`. */
  readonly url: string;
  /** Settings for workloads: the URL for HTTP and HTTPS, the credentials, the NO_PROXY entries. */
  readonly settings: ProxySettings;
  /** The derived configuration, computed once from `settings` and the same network. */
  readonly proxy: ClusterProxyConfig;
}

/**
 * A forward proxy inside the cluster, for clusters that need one (IPv6-only pods
 * reaching IPv4-only services through nodes that have IPv4): a tinyproxy DaemonSet with
 * `hostNetwork: true` (so it uses each node's connectivity and DNS), its config, and a Service in
 * front. Only the pod and machine CIDRs may use it. Returns the {@link ProxySettings} and
 * {@link ClusterProxyConfig} for workloads, pointing at the Service's DNS name, with NO_PROXY
 * computed from the same network. Nodes cannot resolve that name: the derived settings are for pods.
 */
export function inClusterForwardProxy(props: InClusterForwardProxyProps): ForwardProxyDeployment {
  checkProps('', props, FORWARD_PROXY_KEYS, 'forward proxy prop');
  const network = props.network instanceof ClusterNetwork ? props.network : new ClusterNetwork(props.network);
  const name = assertDnsLabel('name', props.name ?? 'http-proxy');
  const namespace = assertDnsLabel('namespace', props.namespace ?? 'kube-system');
  const port = props.port ?? 8888;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1024 || port > 65535) {
    throw invalidValue('port', port, 'must be an integer from 1024 to 65535 (the proxy runs as an unprivileged user)');
  }
  const source = props.credentialSource;
  if (props.basicAuth !== undefined && source instanceof CredentialSource && !source.receivesCredentials) {
    throw new ProxyConfigError('basicAuth', `must not be set with credentialSource ${source.toString()}: the credentials are not given to the library`);
  }
  const basicAuth = props.basicAuth === undefined ? undefined : checkBasicAuth('basicAuth', props.basicAuth);
  const url = `http://${name}.${namespace}.svc.${network.serviceDomain}:${port}`;
  const settings = new ProxySettings({
    httpProxy: url,
    httpsProxy: url,
    ...(basicAuth ? { username: basicAuth.username, password: basicAuth.password } : {}),
    ...(source === undefined ? {} : { credentialSource: source }),
    ...(props.noProxy === undefined ? {} : { noProxy: props.noProxy }),
    ...(props.credentialsRevision === undefined ? {} : { credentialsRevision: props.credentialsRevision }),
  });
  // Credentials a source keeps, or known only later, leave slots, filled like every other Secret's.
  const slots = settings.credentialSource.receivesCredentials ? settings.laterCredentials : 'source';
  const config = (blankBasicAuth: boolean) => renderTinyproxyConfig({
    port,
    allow: [...network.pods, ...network.machineCidrs, ...(props.additionalAllowedCidrs ?? [])],
    basicAuth: slots ? undefined : basicAuth,
    basicAuthSlots: slots,
    blankBasicAuth,
    connectPorts: props.connectPorts,
    logLevel: props.logLevel,
  });
  const configText = config(false);
  const authenticated = basicAuth !== undefined || slots !== undefined;
  checkProxyOptionsProp(props.proxyOptions);
  const proxy = new ClusterProxyConfig(settings, network, props.proxyOptions);
  const labels = { 'app.kubernetes.io/name': name, 'app.kubernetes.io/component': 'forward-proxy', [MANAGED_BY_LABEL]: MANAGED_BY };
  const configName = `${name}-config`;
  const configObject: KubeObject = authenticated
    ? secretObject({ name: configName, namespace, labels }, { [TINYPROXY_CONFIG_KEY]: configText })
    : configMapObject({ name: configName, namespace, labels }, { [TINYPROXY_CONFIG_KEY]: configText });
  const workload = forwardProxyWorkload(props, {
    name,
    namespace,
    port,
    labels,
    configVolume: authenticated ? { secret: { secretName: configName } } : { configMap: { name: configName } },
    // A changed config rolls the DaemonSet (pods read the file only at start). The annotation is
    // plain text on the DaemonSet: it hashes the config without the credentials (an empty line in
    // place of BasicAuth), plus their revision.
    configHash: contentHash({ config: plainString(config(true)), credentials: proxy.credentialsMarker }),
    dualStack: network.ipFamilies.length > 1,
  });
  return {
    objects: [configObject, ...workload],
    configText,
    url,
    settings,
    proxy,
  };
}

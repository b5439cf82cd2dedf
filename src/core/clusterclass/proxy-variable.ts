import { invalidValue } from '../primitives/errors';

/**
 * The ClusterClass variable a topology Cluster sets to run its nodes behind the proxy, e.g.
 *
 *     variables:
 *     - name: proxy
 *       value: { http: http://proxy.corp.example:3128, https: http://proxy.corp.example:3128,
 *                controlPlaneEndpoint: api.demo.corp.example, machineCidrs: [10.20.0.0/24] }
 *
 * or, when the proxy URLs carry credentials, only `{ secretName: demo-systemd-proxy-<hash> }`: the
 * per-cluster Secret the library renders holds the node files (URLs with credentials, NO_PROXY,
 * proxy CA) and no credential appears in the Cluster.
 *
 * The pods and services CIDRs and the service domain are not fields: the patches read them from
 * the Cluster's own `spec.clusterNetwork` (Cluster API's builtin variables), so they cannot disagree.
 */

/** Default name of the proxy variable. */
export const DEFAULT_PROXY_VARIABLE = 'proxy';

/** Marker in the variable's description: a variable carrying it was added by the library. */
export const PROXY_VARIABLE_MARKER = '(cluster-proxy-constructs)';

/** The value of the proxy variable on a Cluster (`Cluster.spec.topology.variables[].value`). */
export interface ProxyVariableValue {
  /**
   * HTTP proxy URL without credentials, in the library's canonical form (`http://host:port`).
   *
   * @default - HTTP_PROXY unset
   */
  readonly http?: string;
  /**
   * HTTPS proxy URL without credentials, canonical form.
   *
   * @default - HTTPS_PROXY unset
   */
  readonly https?: string;
  /**
   * Extra cluster-specific NO_PROXY entries (names, `.suffix`, IPs, CIDRs; no ports or ranges),
   * after the computed ones.
   *
   * @default - none
   */
  readonly noProxy?: string[];
  /**
   * Host of the control-plane endpoint.
   *
   * @default - none
   */
  readonly controlPlaneEndpoint?: string;
  /**
   * Machine (node) network CIDRs.
   *
   * @default - none
   */
  readonly machineCidrs?: string[];
  /**
   * ClusterIP of the cluster DNS Service.
   *
   * @default - the 10th address of the first service CIDR
   */
  readonly dnsServiceIp?: string;
  /**
   * The per-cluster node-proxy Secret (`<cluster>-systemd-proxy-<hash>`): the node files, proxy CA
   * included, are read from it and every other field must be unset.
   *
   * @default - the files are rendered from the other fields
   */
  readonly secretName?: string;
  /**
   * A Secret holding the proxy CA certificates under `trustedCa1`, `trustedCa2`... (the layout of
   * the node-proxy Secret), read instead of the certificates the ClusterClass carries.
   *
   * @default - the certificates in the ClusterClass
   */
  readonly trustedCaSecretName?: string;
}

/** Canonical proxy URL as `ProxyUrl.href` writes it without credentials: no userinfo, explicit port. */
// The API server checks variable values against these patterns (Go's RE2: no lookarounds) when a
// Cluster is created or changed, so a value the templates would render into broken node files
// (port 0 or 99999, 999.1.1.1, [:::::]) is refused there, naming the variable.
const IPV4_OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `${IPV4_OCTET}(\\.${IPV4_OCTET}){3}`;
const H16 = '[0-9a-fA-F]{1,4}';
const IPV6 = [
  `(${H16}:){7}${H16}`, `(${H16}:){1,7}:`, `(${H16}:){1,6}:${H16}`, `(${H16}:){1,5}(:${H16}){1,2}`, `(${H16}:){1,4}(:${H16}){1,3}`,
  `(${H16}:){1,3}(:${H16}){1,4}`, `(${H16}:){1,2}(:${H16}){1,5}`, `${H16}:(:${H16}){1,6}`, `:((:${H16}){1,7}|:)`,
].join('|');
/** A DNS name whose last label is not all digits (a dotted all-digit host is an IPv4 address or nothing). */
const DNS_NAME = '([A-Za-z0-9_]([-A-Za-z0-9_]*[A-Za-z0-9_])?\\.)*[A-Za-z0-9_-]*[A-Za-z_][A-Za-z0-9_-]*';
const PORT = '([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])';
const URL_PATTERN = `^https?://(${DNS_NAME}|${IPV4}|\\[(${IPV6})\\]):${PORT}$`;
const HOST_PATTERN = `^(${DNS_NAME}|${IPV4}|${IPV6})$`;
const IP_PATTERN = `^(${IPV4}|${IPV6})$`;
const CIDR_PATTERN = '^[0-9A-Fa-f.:]+/[0-9]{1,3}$';
const ENTRY_PATTERN = '^(\\*\\.|\\.)?[A-Za-z0-9_.:/-]+$';
const SECRET_NAME_PATTERN = '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$';

/** Variable names the templates read as `.name`: a Go identifier, and not Cluster API's `builtin`. */
export function parseVariableName(field: string, value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9]{0,62}$/.test(value) || value === 'builtin') {
    throw invalidValue(field, value, 'must be letters and digits starting with a letter (at most 63), and not "builtin"');
  }
  return value;
}

/**
 * The `spec.variables[]` entry of the ClusterClass (the same in v1beta1 and v1beta2). Optional: a
 * Cluster without it gets no proxy. The schema accepts no credentials in the URLs (they belong in
 * the Secret named by `secretName`) and only the forms the patches read.
 */
export function proxyVariableDefinition(name: string): { [key: string]: unknown } {
  const string = (description: string, pattern: string, maxLength: number): { [key: string]: unknown } =>
    ({ type: 'string', description, pattern, minLength: 1, maxLength });
  const list = (description: string, pattern: string, maxLength: number): { [key: string]: unknown } =>
    ({ type: 'array', description, maxItems: 128, items: { type: 'string', pattern, minLength: 1, maxLength } });
  return {
    name,
    required: false,
    schema: {
      openAPIV3Schema: {
        type: 'object',
        description: `Run the nodes behind an HTTP(S) proxy ${PROXY_VARIABLE_MARKER}. Set either secretName (credentials) or the URLs and facts; `
          + 'the pods and services CIDRs and the service domain come from spec.clusterNetwork.',
        properties: {
          http: string('HTTP proxy URL without credentials, e.g. http://proxy.corp.example:3128 (port written out).', URL_PATTERN, 2048),
          https: string('HTTPS proxy URL without credentials (the scheme is how the proxy is reached).', URL_PATTERN, 2048),
          noProxy: list('Extra cluster-specific NO_PROXY entries: names, .suffixes, IPs, CIDRs.', ENTRY_PATTERN, 253),
          controlPlaneEndpoint: string('Host of the control-plane endpoint (DNS name or IP).', HOST_PATTERN, 253),
          machineCidrs: list('Machine (node) network CIDRs.', CIDR_PATTERN, 64),
          dnsServiceIp: string('ClusterIP of the cluster DNS Service (default: 10th address of the first service CIDR).', IP_PATTERN, 64),
          secretName: string('The per-cluster node-proxy Secret the node files (URLs with credentials, NO_PROXY, CA) are read from.', SECRET_NAME_PATTERN, 253),
          trustedCaSecretName: string('A Secret with the proxy CA certificates under trustedCa1, trustedCa2...', SECRET_NAME_PATTERN, 253),
        },
      },
    },
  };
}

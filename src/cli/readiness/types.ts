/** Types of the readiness check (`cluster-proxy check`). */

/** Where a readiness check stopped. */
export type ReadinessStage =
  /** choosing the proxy for the URL's scheme */
  | 'configuration'
  /** opening the connection to the proxy (TCP, and TLS for an https:// proxy) */
  | 'proxy-connect'
  /** the proxy refused or demanded credentials (407, or 401 from proxies such as tinyproxy) */
  | 'proxy-auth'
  /** the proxy refused to open the CONNECT tunnel or to forward the request */
  | 'tunnel'
  /** TLS to the endpoint, through the tunnel: handshake and certificate validation */
  | 'tls'
  /** the endpoint's HTTP answer */
  | 'response';

/** What the check learned about the proxy's authentication. */
export type ProxyAuthentication =
  /** credentials were sent and the proxy let the request through */
  | 'accepted'
  /** credentials were sent and the proxy refused them */
  | 'refused'
  /** no credentials were sent and the proxy demanded them */
  | 'required'
  /** no credentials were sent and the proxy let the request through */
  | 'not-required'
  /** the check stopped before the proxy answered */
  | 'unknown';

/** TLS facts of an https:// readiness URL. */
export interface ReadinessTls {
  /** True when the handshake succeeded and the certificate chain and name validated. */
  readonly verified: boolean;
  /** What the chain was validated against: the given trusted CA, or Node's bundled CA store. */
  readonly against: 'trusted-ca' | 'bundled-cas';
  /**
   * The negotiated protocol, e.g. `TLSv1.3`.
   *
   * @default - not negotiated
   */
  readonly protocol?: string;
  /**
   * OpenSSL or Node error code when validation failed, e.g. `SELF_SIGNED_CERT_IN_CHAIN`.
   *
   * @default - no error
   */
  readonly errorCode?: string;
}

/** The outcome for one readiness URL. Contains no password. */
export interface ReadinessResult {
  /** The URL as given. */
  readonly url: string;
  /** True when the endpoint answered through the proxy with an accepted status. */
  readonly ok: boolean;
  /**
   * The proxy used, password masked (`http://user:***@host:port`).
   *
   * @default - no proxy configured for the URL's scheme
   */
  readonly proxy?: string;
  /** `CONNECT` for https:// URLs, `forward` (absolute-form request) for http:// URLs. */
  readonly method: 'CONNECT' | 'forward';
  /** What the check learned about authentication. */
  readonly authentication: ProxyAuthentication;
  /**
   * The proxy's answer to CONNECT, or its refusal of a forwarded request.
   *
   * @default - no such answer
   */
  readonly proxyStatus?: number;
  /**
   * TLS facts, for https:// URLs that got a tunnel.
   *
   * @default - no TLS (http:// URL, or no tunnel)
   */
  readonly tls?: ReadinessTls;
  /**
   * The endpoint's HTTP status.
   *
   * @default - no answer from the endpoint
   */
  readonly status?: number;
  /**
   * Where the check failed.
   *
   * @default - it did not fail
   */
  readonly failedAt?: ReadinessStage;
  /** One sentence: what happened, and for a failure what to check. */
  readonly reason: string;
}

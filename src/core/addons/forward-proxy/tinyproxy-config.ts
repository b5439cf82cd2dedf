import { parseCidr } from '../../primitives/cidr';
import { invalidValue, ProxyConfigError } from '../../primitives/errors';
import { parseIpLiteral } from '../../primitives/ip';
import { whenKnown } from '../../primitives/later-value';
import { credentialSlot, joinText, LaterCredentials, Text } from '../../primitives/secret-text';

/** tinyproxy log levels (`LogLevel`), least to most verbose. */
export enum TinyproxyLogLevel {
  /** Critical errors only. */
  CRITICAL = 'Critical',
  /** Errors. */
  ERROR = 'Error',
  /** Warnings and errors. */
  WARNING = 'Warning',
  /** Notices, warnings and errors. */
  NOTICE = 'Notice',
  /** Every connection, plus notices. */
  CONNECT = 'Connect',
  /** Everything but debug output. */
  INFO = 'Info',
}

/** Proxy credentials clients must send (tinyproxy `BasicAuth`). */
export interface ProxyBasicAuth {
  /** User name: letters, digits, `-`, `.`, `_` (all tinyproxy's config parser accepts). */
  readonly username: string;
  /** Password: letters, digits, `-`, `.`, `_` (all tinyproxy's config parser accepts). */
  readonly password: string;
}

/** Input of {@link renderTinyproxyConfig}. */
export interface TinyproxyConfigProps {
  /** Port to listen on. */
  readonly port: number;
  /** Client addresses or CIDRs allowed to use the proxy (`Allow`); every other client is denied. */
  readonly allow: string[];
  /**
   * One address to listen on (`Listen`).
   *
   * @default - every interface
   */
  readonly listen?: string;
  /**
   * Require these credentials (`BasicAuth`).
   *
   * @default - no authentication
   */
  readonly basicAuth?: ProxyBasicAuth;
  /**
   * Require credentials a credential source writes (External Secrets, an existing Secret:
   * `source`), or credentials known only later (their later values): the config holds slots for them.
   *
   * @default - the credentials are `basicAuth`, if any
   */
  readonly basicAuthSlots?: 'source' | LaterCredentials;
  /**
   * An empty line in place of the BasicAuth line: the config without its credentials, as its hash
   * (which must not depend on them) reads it.
   *
   * @default false
   */
  readonly blankBasicAuth?: boolean;
  /**
   * Destination ports allowed for CONNECT (HTTPS tunnels).
   *
   * @default [443]
   */
  readonly connectPorts?: number[];
  /**
   * Seconds of inactivity before a connection is closed (`Timeout`).
   *
   * @default 600
   */
  readonly timeoutSeconds?: number;
  /**
   * Simultaneous clients (`MaxClients`).
   *
   * @default 100
   */
  readonly maxClients?: number;
  /**
   * Log level.
   *
   * @default 'Notice'
   */
  readonly logLevel?: TinyproxyLogLevel;
}

/**
 * tinyproxy 1.11's config parser (`src/conf.c`) reads BasicAuth user and password with
 * `([-a-z0-9._]+)`, case-insensitively: anything else is a syntax error and tinyproxy refuses to
 * start. Checked here so the mistake surfaces at synth time, naming the field.
 */
const TINYPROXY_WORD = /^[A-Za-z0-9._-]{1,256}$/;
const LOG_LEVELS: ReadonlySet<string> = new Set(Object.values(TinyproxyLogLevel));

/**
 * The tinyproxy.conf text (tinyproxy 1.11 syntax, `man 5 tinyproxy.conf`). Logs go to stdout
 * (no `LogFile`/`Syslog`, run with `-d`), no PID file, so the container can run read-only and
 * unprivileged. `Allow` lines make every other client denied.
 */
export function renderTinyproxyConfig(props: TinyproxyConfigProps & { readonly basicAuthSlots?: undefined }): string;
export function renderTinyproxyConfig(props: TinyproxyConfigProps): Text;
export function renderTinyproxyConfig(props: TinyproxyConfigProps): Text {
  const port = checkInteger('port', props.port, 1, 65535);
  if (!Array.isArray(props.allow) || props.allow.length === 0) {
    throw invalidValue('allow', props.allow, 'must list at least one client address or CIDR; tinyproxy allows everyone without Allow lines');
  }
  const allow = [...new Set(props.allow.map((entry, i) => allowEntry(`allow[${i}]`, entry)))];
  const connectPorts = props.connectPorts ?? [443];
  if (!Array.isArray(connectPorts) || connectPorts.length === 0) {
    throw invalidValue('connectPorts', connectPorts, 'must list at least one port (tinyproxy allows CONNECT to every port without ConnectPort lines)');
  }
  const logLevel = props.logLevel ?? TinyproxyLogLevel.NOTICE;
  if (!LOG_LEVELS.has(logLevel)) {
    throw invalidValue('logLevel', logLevel, `must be one of ${[...LOG_LEVELS].join(', ')}`);
  }
  const lines = [
    '# tinyproxy.conf (tinyproxy 1.11), rendered by cluster-proxy-constructs',
    `Port ${port}`,
    ...(props.listen === undefined ? [] : [`Listen ${addressOnly('listen', props.listen)}`]),
    `Timeout ${checkInteger('timeoutSeconds', props.timeoutSeconds ?? 600, 1, 86400)}`,
    `MaxClients ${checkInteger('maxClients', props.maxClients ?? 100, 1, 100000)}`,
    `LogLevel ${logLevel}`,
    ...allow.map((entry) => `Allow ${entry}`),
    ...(props.basicAuth || props.basicAuthSlots ? [props.blankBasicAuth ? '' : props.basicAuthSlots ? slotsBasicAuthLine(props.basicAuthSlots) : basicAuthLine(props.basicAuth!)] : []),
    ...[...new Set(connectPorts.map((p, i) => checkInteger(`connectPorts[${i}]`, p, 1, 65535)))].map((p) => `ConnectPort ${p}`),
  ];
  return joinText(...lines.map((line) => joinText(line, '\n')));
}

/**
 * Validate proxy credentials against what tinyproxy (and a proxy URL) can carry; a credential
 * known only later (a later value) is checked when it is known.
 */
export function checkBasicAuth(field: string, auth: ProxyBasicAuth): ProxyBasicAuth {
  if (!auth || typeof auth !== 'object') {
    throw invalidValue(field, auth, 'must be { username, password }');
  }
  const username = whenKnown(auth.username, (value) => {
    if (typeof value !== 'string' || !TINYPROXY_WORD.test(value)) {
      throw invalidValue(`${field}.username`, value, 'must be letters, digits, "-", "." or "_" (tinyproxy\'s config parser accepts nothing else in BasicAuth)');
    }
    return value;
  });
  const password = whenKnown(auth.password, (value) => {
    if (typeof value !== 'string' || !TINYPROXY_WORD.test(value)) {
      // never echo the password
      throw new ProxyConfigError(`${field}.password`, 'must be 1-256 letters, digits, "-", "." or "_" (tinyproxy\'s config parser accepts nothing else in BasicAuth)');
    }
    return value;
  });
  return { username, password };
}

function basicAuthLine(auth: ProxyBasicAuth): string {
  const checked = checkBasicAuth('basicAuth', auth);
  return `BasicAuth ${checked.username} ${checked.password}`;
}

/**
 * The BasicAuth line for credentials a source writes. The slots hold them percent-encoded, which the
 * source's template writes with `{{ .password | urlquery ... }}`: that renders a credential
 * of tinyproxy's characters (letters, digits, `-`, `.`, `_`) as it is, byte for byte the literal
 * source's line, and any other character as `~` or percent-encoded, which tinyproxy's parser
 * refuses: a stored value tinyproxy cannot read stops it at start instead of breaking the line (a
 * newline in it could add config).
 */
function slotsBasicAuthLine(slots: 'source' | LaterCredentials): Text {
  const later = slots === 'source' ? undefined : slots;
  return joinText('BasicAuth ', credentialSlot('username', later), ' ', credentialSlot('password', later));
}

/** An IP or CIDR in the canonical text tinyproxy's `Allow` regex accepts. */
function allowEntry(field: string, entry: unknown): string {
  if (typeof entry === 'string' && entry.includes('/')) {
    return parseCidr(field, entry).text;
  }
  return addressOnly(field, entry);
}

function addressOnly(field: string, value: unknown): string {
  const address = typeof value === 'string' ? parseIpLiteral(value) : undefined;
  if (!address) {
    throw invalidValue(field, value, 'must be an IPv4 or IPv6 address (host names would cost tinyproxy a DNS lookup per connection)');
  }
  return address.text;
}

function checkInteger(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidValue(field, value, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkReadiness, formatReadinessReport, parseReadinessUrl, ReadinessResult } from './readiness';
import { ProxySettings } from '../core/definition/proxy-settings';
import { ProxyUrl } from '../core/definition/proxy-url';
import { redactCredentials } from '../core/primitives/credential-mask';
import { ProxyConfigError } from '../core/primitives/errors';

/**
 * `cluster-proxy check`: connect through the configured proxy to readiness URLs and report
 * reachability, proxy authentication, TLS validation and the endpoint's status. The CLI glue;
 * the logic is in `src/core/check`. The password is read from an environment variable named on
 * the command line, never from the command line itself, and never printed.
 */

/** What a `check` run produced (the shape of the CLI's other commands). */
export interface CheckCommandResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Usage text of `check`, for the CLI's help. */
export const CHECK_USAGE = `Usage:
  cluster-proxy check --url URL [--url URL ...] [--http-proxy URL] [--https-proxy URL]
                      [--username USER --password-env VAR] [--trusted-ca FILE]
                      [--timeout SECONDS] [--accept-status CODE ...] [--format text|json]

Connects through the proxy to each readiness URL (CONNECT and TLS for https://, a forwarded
request for http://) and reports reachability, proxy authentication (407 versus 200), whether TLS
validates against --trusted-ca (default: Node's bundled CAs) and the endpoint's status.
Exit status: 0 every URL passed, 1 some URL failed, 2 bad usage.

  --url URL             readiness URL (repeatable)                                  required
  --http-proxy URL      proxy for http:// URLs (HTTP_PROXY), without credentials
  --https-proxy URL     proxy for https:// URLs (HTTPS_PROXY), without credentials
  --username USER       proxy user name
  --password-env VAR    name of the environment variable holding the proxy password
  --trusted-ca FILE     PEM bundle to validate the endpoints' TLS against
  --timeout SECONDS     time limit per URL, 1 to 300 (default 10)
  --accept-status CODE  endpoint status counted as ready (repeatable; default 200-399)
  --format text|json    output format (default text)
`;

const OPTIONS = {
  'url': { type: 'string', multiple: true },
  'http-proxy': { type: 'string' },
  'https-proxy': { type: 'string' },
  'username': { type: 'string' },
  'password-env': { type: 'string' },
  // declared only to refuse it with a clear message
  'password': { type: 'string' },
  'trusted-ca': { type: 'string' },
  'timeout': { type: 'string' },
  'accept-status': { type: 'string', multiple: true },
  'format': { type: 'string' },
  'help': { type: 'boolean', short: 'h' },
} as const;

/** A usage error: one line, exit status 2. */
class CheckUsageError extends Error {}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: false }>>['values'];

/**
 * Run `cluster-proxy check` on `argv` (the arguments after `check`). Resolves, never rejects:
 * network trouble is a failed check (exit 1), bad input a usage error (exit 2).
 *
 * @param env the environment `--password-env` reads from
 */
export async function runCheckCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<CheckCommandResult> {
  let values: Values;
  let settings: ProxySettings;
  try {
    values = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: false, strict: true }).values;
    if (values.help) {
      return { exitCode: 0, stdout: CHECK_USAGE, stderr: '' };
    }
    settings = buildSettings(values, env);
  } catch (error) {
    return { exitCode: 2, stdout: '', stderr: `cluster-proxy check: ${usageMessage(error)}\n` };
  }
  const urls = values.url ?? [];
  const timeoutMs = parseTimeout(values.timeout);
  const acceptedStatuses = values['accept-status']?.map(parseStatus);
  let results: ReadinessResult[];
  try {
    results = await checkReadiness(settings, urls, { timeoutMs, ...(acceptedStatuses ? { acceptedStatuses } : {}) });
  } catch (error) {
    // the input was validated above, so this is a bug; still one line, still without credentials
    return { exitCode: 1, stdout: '', stderr: `cluster-proxy check: internal error: ${redactCredentials(String(error))}\n` };
  }
  const stdout = values.format === 'json' ? `${JSON.stringify(results, null, 2)}\n` : formatReadinessReport(results);
  return { exitCode: results.every((result) => result.ok) ? 0 : 1, stdout, stderr: '' };
}

function buildSettings(values: Values, env: NodeJS.ProcessEnv): ProxySettings {
  if (values.password !== undefined) {
    throw new CheckUsageError('--password is not accepted: a password on the command line leaks into shell history and process lists;'
      + ' put it in an environment variable and pass its name with --password-env');
  }
  if (!values.url?.length) {
    throw new CheckUsageError('--url is required (repeat it for several URLs)');
  }
  const urls = values.url.map((url) => parseReadinessUrl(url, '--url'));
  if (values['http-proxy'] === undefined && values['https-proxy'] === undefined) {
    throw new CheckUsageError('give --http-proxy, --https-proxy or both');
  }
  for (const url of urls) {
    // https:// URLs go through HTTPS_PROXY, http:// ones through HTTP_PROXY, as every client does
    const flag = url.protocol === 'https:' ? '--https-proxy' : '--http-proxy';
    if (values[flag.slice(2) as 'http-proxy' | 'https-proxy'] === undefined) {
      throw new CheckUsageError(`--url ${redactCredentials(url.href)}: a ${url.protocol}// URL goes through ${flag}, which is not given`);
    }
  }
  for (const flag of ['http-proxy', 'https-proxy'] as const) {
    const raw = values[flag];
    if (raw !== undefined && ProxyUrl.parse(`--${flag}`, raw).hasCredentials) {
      throw new CheckUsageError(`--${flag}: must not contain credentials; use --username and --password-env`);
    }
  }
  if (values.format !== undefined && !['text', 'json'].includes(values.format)) {
    throw new CheckUsageError(`--format: must be text or json (got ${JSON.stringify(values.format)})`);
  }
  parseTimeout(values.timeout);
  values['accept-status']?.forEach(parseStatus);
  return new ProxySettings({
    ...(values['http-proxy'] === undefined ? {} : { httpProxy: values['http-proxy'] }),
    ...(values['https-proxy'] === undefined ? {} : { httpsProxy: values['https-proxy'] }),
    ...credentials(values, env),
    ...(values['trusted-ca'] === undefined ? {} : { trustedCaPem: readCa(values['trusted-ca']) }),
  });
}

function credentials(values: Values, env: NodeJS.ProcessEnv): { username?: string; password?: string } {
  const variable = values['password-env'];
  if (variable === undefined) {
    return values.username === undefined ? {} : { username: values.username };
  }
  if (values.username === undefined) {
    throw new CheckUsageError('--password-env needs --username');
  }
  const password = env[variable];
  if (password === undefined || password === '') {
    throw new CheckUsageError(`--password-env: the environment variable ${variable} is not set or empty`);
  }
  return { username: values.username, password };
}

function readCa(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new CheckUsageError(`--trusted-ca: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function parseTimeout(raw: string | undefined): number {
  if (raw === undefined) {
    return 10_000;
  }
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 300) {
    throw new CheckUsageError(`--timeout: must be a number of seconds from 1 to 300 (got ${JSON.stringify(raw)})`);
  }
  return Math.round(seconds * 1000);
}

function parseStatus(raw: string): number {
  if (!/^[1-5][0-9]{2}$/.test(raw)) {
    throw new CheckUsageError(`--accept-status: must be an HTTP status code from 100 to 599 (got ${JSON.stringify(raw)})`);
  }
  return Number(raw);
}

/** One line for a usage error, field names as flags, credentials masked. */
function usageMessage(error: unknown): string {
  if (error instanceof CheckUsageError) {
    return error.message;
  }
  if (error instanceof ProxyConfigError) {
    // errors from ProxySettings name its fields; the user typed flags. Their messages quote values
    // already masked (masking them again would only cut a masked URL short).
    const flags: Record<string, string> = { httpProxy: '--http-proxy', httpsProxy: '--https-proxy', trustedCaPem: '--trusted-ca', username: '--username', password: 'the password' };
    const flag = flags[error.field] ?? error.field;
    return `${flag}${error.message.slice(error.field.length)}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '([^']+)'/.exec(message)?.[1];
  return redactCredentials(unknown ? `unknown option ${unknown} (see --help)` : message);
}

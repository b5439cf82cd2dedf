import { ProxyCredentialInputs, ProxyCredentials } from './credentials';
import type { ProxySettingsArgs } from './proxy-definition';
import { invalidValue, ProxyConfigError } from '../core/errors';
import { formatNoProxyEntry } from '../core/noproxy/format';
import { ProxySettings, ProxySettingsProps } from '../core/proxy-settings';
import { ProxyUrl } from '../core/proxy-url';

/**
 * Separate the credentials from the rest of the settings: the credentials become one user name and
 * password (inputs), the URLs lose theirs. Validates the URLs (and the rest) with the core.
 */
export function splitSettings(settings: ProxySettings | ProxySettingsArgs): { base: ProxySettingsProps; credentials: ProxyCredentialInputs } {
  if (settings instanceof ProxySettings) {
    const credentials = credentialsOfUrls(settings.httpProxy, settings.httpsProxy);
    return {
      base: {
        ...(settings.httpProxy ? { httpProxy: settings.httpProxy.withoutCredentials.href } : {}),
        ...(settings.httpsProxy ? { httpsProxy: settings.httpsProxy.withoutCredentials.href } : {}),
        noProxy: settings.noProxy.map(formatNoProxyEntry),
        ...(settings.trustedCa ? { trustedCaPem: settings.trustedCa.pem } : {}),
      },
      credentials,
    };
  }
  if (settings === null || typeof settings !== 'object' || Array.isArray(settings)) {
    throw invalidValue('settings', settings, 'must be a ProxySettings or its props');
  }
  const { username, password, ...rest } = settings;
  // The core validates everything but the credentials here (unknown props, URLs, NO_PROXY, CA).
  const parsed = new ProxySettings(rest);
  if (parsed.hasCredentials) {
    if (username !== undefined || password !== undefined) {
      // The core's own error: credentials in a URL and as props.
      parsed.httpProxy?.withCredentials('httpProxy', 'user');
      parsed.httpsProxy?.withCredentials('httpsProxy', 'user');
    }
    return { base: { ...rest, ...urlsWithoutCredentials(parsed) }, credentials: credentialsOfUrls(parsed.httpProxy, parsed.httpsProxy) };
  }
  return {
    base: rest,
    credentials: { ...(username !== undefined ? { username } : {}), ...(password !== undefined ? { password } : {}) },
  };
}

function urlsWithoutCredentials(settings: ProxySettings): Pick<ProxySettingsProps, 'httpProxy' | 'httpsProxy'> {
  return {
    ...(settings.httpProxy ? { httpProxy: settings.httpProxy.withoutCredentials.href } : {}),
    ...(settings.httpsProxy ? { httpsProxy: settings.httpsProxy.withoutCredentials.href } : {}),
  };
}

/** The one credential pair of the URLs; the Pulumi adapter cannot keep two different ones apart. */
function credentialsOfUrls(httpProxy: ProxyUrl | undefined, httpsProxy: ProxyUrl | undefined): ProxyCredentials {
  const urls = [httpProxy, httpsProxy].filter((url): url is ProxyUrl => url !== undefined);
  const withCredentials = urls.filter((url) => url.hasCredentials);
  if (withCredentials.length === 0) {
    return {};
  }
  const [first] = withCredentials;
  if (withCredentials.length !== urls.length || withCredentials.some((url) => url.username !== first.username || url.password !== first.password)) {
    throw new ProxyConfigError('httpsProxy',
      'carries other credentials than httpProxy; the Pulumi components need one user name and password for both URLs (give them as username and password)');
  }
  return { username: first.username, ...(first.password !== undefined ? { password: first.password } : {}) };
}

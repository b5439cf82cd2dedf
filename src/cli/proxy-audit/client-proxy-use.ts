import { NO_PROXY_CLIENTS, NoProxyClientId, NoProxyClientTraits } from '../../core/noproxy/clients';
import {
  DESTINATION_SCHEMES,
  DestinationScheme,
  isMeantFor,
  ProcessEnvironment,
  PROXY_URL_VARIABLES,
  ProxyChoice,
  proxyChoice,
  ProxyUrlVariable,
  standardVariables,
  switchedOn,
  switchRequirement,
  variablesRead,
} from '../../core/noproxy/proxy-variables';

/**
 * Which clients use the proxy a site sets, per scheme, following each client's own rules for the
 * proxy variables (a site that sets only `HTTP_PROXY` gives curl and wget no proxy for http://).
 */

/** How one client finds its proxy at one site. */
export interface ClientProxyUse {
  readonly client: NoProxyClientId;
  readonly http: ProxyChoice;
  readonly https: ProxyChoice;
  /** Whether it uses the proxy, for which schemes and from which variable, or what it misses. */
  readonly statement: string;
}

/** The variables the site sets that mean "proxy `scheme`" (its own and the catch-alls), in list order. */
export function proxyVariablesFor(environment: ProcessEnvironment, scheme: DestinationScheme): ProxyUrlVariable[] {
  return PROXY_URL_VARIABLES.filter((name) => isMeantFor(name, scheme) && (environment[name] ?? '') !== '');
}

/** Whether the client's own switch (Node's `NODE_USE_ENV_PROXY`) is off, so it reads no proxy variable. */
export function switchedOff(client: NoProxyClientTraits, environment: ProcessEnvironment): boolean {
  const required = client.proxyVariables.onlyWith;
  return required !== undefined && !switchedOn(required, environment);
}

/** Every modelled client's proxy use at a site with this environment, in table order. */
export function clientProxyUse(environment: ProcessEnvironment): ClientProxyUse[] {
  return NO_PROXY_CLIENTS.map((client) => {
    const http = proxyChoice(client, 'http', environment);
    const https = proxyChoice(client, 'https', environment);
    return { client: client.id, http, https, statement: statementOf(client, { http, https }, environment) };
  });
}

function statementOf(client: NoProxyClientTraits, choices: Record<DestinationScheme, ProxyChoice>, environment: ProcessEnvironment): string {
  if (switchedOff(client, environment)) {
    return `does not use the proxy: it ${switchRequirement(client.proxyVariables.onlyWith!)}`;
  }
  const used = DESTINATION_SCHEMES.filter((scheme) => choices[scheme].outcome === 'proxy')
    .map((scheme) => `${scheme} (${choices[scheme].variable})`);
  const missed = DESTINATION_SCHEMES.flatMap((scheme): Array<[DestinationScheme, string]> => {
    const choice = choices[scheme];
    if (choice.outcome === 'fails') {
      return [[scheme, `it ${choice.reason}`]];
    }
    const set = proxyVariablesFor(environment, scheme);
    if (choice.outcome === 'proxy' || set.length === 0) {
      return [];
    }
    return [[scheme, `the site sets ${set.join(', ')}, and it reads only ${alternatives(variablesRead(client, scheme, environment))}`]];
  });
  if (used.length === 0) {
    return missed.length === 0
      ? 'does not use a proxy: no proxy variable is set'
      : `does not use the proxy: ${missed.map(([scheme, text]) => `for ${scheme} ${text}`).join('; ')}`;
  }
  return [`uses the proxy for ${used.join(' and ')}`, ...missed.map(([scheme, text]) => `not for ${scheme}: ${text}`)].join('; ');
}

/** `a`, `a or b`, `a, b or c`. */
function alternatives(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** A scheme whose proxy the site sets in variables some clients do not read: they connect directly. */
export interface UnreadProxy {
  readonly scheme: DestinationScheme;
  /** The variables the site sets for the scheme. */
  readonly set: ProxyUrlVariable[];
  /** The clients that connect directly because they read none of them. */
  readonly clients: NoProxyClientId[];
  /** The standard variables that would reach them (`https_proxy` for wget, say). */
  readonly missing: ProxyUrlVariable[];
}

/** Per scheme the site sets a proxy for, the (switched-on) clients that read none of its variables. */
export function unreadProxies(environment: ProcessEnvironment, uses: ClientProxyUse[]): UnreadProxy[] {
  return DESTINATION_SCHEMES.flatMap((scheme): UnreadProxy[] => {
    const set = proxyVariablesFor(environment, scheme);
    const unread = NO_PROXY_CLIENTS.filter((client) => !switchedOff(client, environment)
      && uses.find((use) => use.client === client.id)![scheme].outcome === 'direct');
    if (set.length === 0 || unread.length === 0) {
      return [];
    }
    const standard = standardVariables(scheme);
    const wanted = new Set(unread.map((client) => variablesRead(client, scheme, environment).find((name) => standard.includes(name))));
    return [{ scheme, set, clients: unread.map((client) => client.id), missing: standard.filter((name) => wanted.has(name)) }];
  });
}

/**
 * The one rule for masking a password in text that may hold a URL. Error messages quote input
 * through it, the CLI passes free text through it, and the proxy URL parser refuses every URL whose
 * password it could not mask exactly ({@link certainPasswordEnd}), so what the parser accepts as the
 * host is exactly what errors show as the host.
 *
 * A password starts after the first ":" of the userinfo; where it ends is certain only in a
 * well-formed URL. URL parsers disagree on a raw "@" (curl ends the userinfo at the first "@", Go's
 * net/url and WHATWG URL at the last), and a password holding "@", "/", "#", "?" or a space whose
 * host is missing (an unset ${PROXY_HOST}) leaves its tail where the host belongs. So what follows
 * the colon is shown only as `@host:port` after the one and only "@" left in the text, the port
 * written out; in every other case the text is masked to its end. An odd message may lose its end;
 * no part of a password is ever shown.
 *
 * One case stays ambiguous by nature: a password that itself ends in `@host:port` with the real host
 * missing reads as that host, here as in every URL parser.
 */

/**
 * Where a userinfo or a scheme-less `user:password@` may start: a URL scheme the library knows, or
 * a `user:` whose colon is not followed by whitespace. Only known schemes count: in a scheme-less
 * `jdoe://x@host` the password starts with "//", which must not pass for a scheme `jdoe`. "label: text"
 * (the colon followed by a space) is how every message starts, and is never read as a password.
 * Either must start a word of the text.
 */
const CREDENTIAL_START = /(?<![^\s'"`(<[{=,;])(?:((?:https?|socks[45]?h?|ftp|wss?):\/\/)|([^\s:@/?#'"`()<>[\]{}=,;]+):(?=\S))/gi;

/** What may follow a host's port in text: the end, a path, query or fragment, a quote or a space. */
const AFTER_PORT = String.raw`(?=$|[/?#\s'"\`),;>\]\u0000-\u001f\u007f-\u009f])`;

/** `host:port` (an IPv6 host in brackets) as it follows the "@" that ends a password. */
const HOST_AND_PORT = new RegExp(String.raw`(?:\[[^\]\s@]*\]|[^\s:@/?#[\]'"\`]+):\d+${AFTER_PORT}`, 'y');

/** A port (or nothing) after a host's colon: `http://host:3128`, where no password is. */
const PORT = new RegExp(String.raw`\d{0,5}${AFTER_PORT}`, 'y');

/** Whitespace and control characters at the end, kept visible for the error they cause. */
const TRAILING_SPACE = /[\s\u0000-\u001f\u007f-\u009f]*$/;

/**
 * A word that should be a name (a command, a host) but holds a colon, with everything after its
 * first colon masked: `vc.corp:<password>` or `user:<password>` typed in the wrong place reads as no
 * URL, so {@link redactCredentials} would show it whole.
 */
export function maskAfterColon(word: string): string {
  return word.replace(/:.*$/s, ':***');
}

/**
 * Where the password that starts at `passwordStart` in `text` certainly ends: at the text's one
 * remaining "@", when `host:port` follows it. Undefined when that end cannot be known.
 *
 * @returns the index of that "@" and the index just after the `host:port`
 */
export function certainPasswordEnd(text: string, passwordStart: number): { at: number; hostEnd: number } | undefined {
  const at = text.indexOf('@', passwordStart);
  if (at === -1 || at !== text.lastIndexOf('@')) {
    return undefined;
  }
  HOST_AND_PORT.lastIndex = at + 1;
  return HOST_AND_PORT.test(text) ? { at, hostEnd: HOST_AND_PORT.lastIndex } : undefined;
}

/**
 * Replace every password in `text` (a value or a whole message) with `***`, keeping the user name:
 * it helps to debug which account is configured. `http://user:password@host:port` becomes
 * `http://user:***@host:port`, `http://user:p@ss@` becomes `http://user:***`.
 */
export function redactCredentials(text: string): string {
  const lastAt = text.lastIndexOf('@');
  let shown = '';
  let copied = 0;
  CREDENTIAL_START.lastIndex = 0;
  for (let match = CREDENTIAL_START.exec(text); match; match = CREDENTIAL_START.exec(text)) {
    const afterMatch = match.index + match[0].length;
    const found = match[1] === undefined
      ? (lastAt >= afterMatch ? { passwordStart: afterMatch } : undefined)
      : passwordAfterScheme(text, afterMatch, lastAt);
    if (found === undefined) {
      continue;
    }
    if ('portEnd' in found) {
      CREDENTIAL_START.lastIndex = Math.max(CREDENTIAL_START.lastIndex, found.portEnd);
      continue;
    }
    const end = certainPasswordEnd(text, found.passwordStart);
    if (!end) {
      const trailing = TRAILING_SPACE.exec(text.slice(found.passwordStart))![0];
      return `${shown}${text.slice(copied, found.passwordStart)}***${trailing}`;
    }
    shown += `${text.slice(copied, found.passwordStart)}***`;
    copied = end.at;
    CREDENTIAL_START.lastIndex = end.hostEnd;
  }
  return shown + text.slice(copied);
}

/**
 * The password of a URL whose authority starts at `authority`: after the first ":" when an "@"
 * follows it. With no "@" after the colon the URL has no userinfo (`http://user@host:port`) or its
 * host was forgotten (`http://user:password`): the text after the host's colon is a password unless
 * it is a port, and then scanning goes on at `portEnd`.
 */
function passwordAfterScheme(text: string, authority: number, lastAt: number): { passwordStart: number } | { portEnd: number } | undefined {
  const colon = text.indexOf(':', authority);
  if (colon === -1) {
    return undefined;
  }
  if (lastAt > colon) {
    return { passwordStart: colon + 1 };
  }
  const atBefore = text.lastIndexOf('@', colon);
  const host = atBefore >= authority ? atBefore + 1 : authority;
  const bracketEnd = text[host] === '[' ? text.indexOf(']', host) : -1;
  const portColon = bracketEnd === -1 ? colon : text.indexOf(':', bracketEnd);
  if (portColon === -1) {
    return { portEnd: bracketEnd + 1 };
  }
  PORT.lastIndex = portColon + 1;
  return PORT.test(text) ? { portEnd: PORT.lastIndex } : { passwordStart: portColon + 1 };
}

import { ProxyEnvironment, proxyVariables, TextVariable } from '../definition/proxy-environment';
import { joinText, mapLiterals, plainString, Text } from '../primitives/secret-text';

/**
 * systemd drop-in rendering, e.g. for `/etc/systemd/system/containerd.service.d/http-proxy.conf`.
 *
 * Quoting follows systemd.syntax(7) and systemd.exec(5) for `Environment=`. The assignment is one
 * double-quoted word; systemd unquotes it with C-style escapes, then resolves `%` specifiers:
 *  - `%` becomes `%%`: otherwise `p%40ss` is read as specifier `%4`, and systemd drops the whole
 *    assignment with only a log warning (the bug in docker/for-linux#1149 and systemd#9842);
 *  - `\` becomes `\\` and `"` becomes `\"`: the C-unescaping inside double quotes;
 *  - `$` and `'` stay as they are: `Environment=` performs no variable expansion, and a single
 *    quote inside double quotes is literal;
 *  - the closing `"` keeps a trailing `\` from continuing the line.
 * Newlines and control characters are refused by {@link proxyVariables}, so each variable is
 * exactly one line. Other Unicode is written as UTF-8, which systemd accepts.
 */

/** Escape a value for use inside `Environment="NAME=..."`. */
export function escapeSystemdEnvironmentValue(value: Text): Text {
  // a credential's slot: percent-encoded, so only its `%` change
  return mapLiterals(value, (text) => text.replace(/[%\\"]/g, (character) => (character === '%' ? '%%' : `\\${character}`)),
    (slot) => ({ ...slot, systemd: true }));
}

/**
 * Render a `[Service]` drop-in that sets the proxy variables, upper- and lower-case, one
 * `Environment="NAME=value"` line each, ending with a newline.
 */
export function renderSystemdDropIn(env: ProxyEnvironment): string {
  return plainString(systemdDropIn(proxyVariables(env)));
}

/** A `[Service]` drop-in setting `variables` in their order, ending with a newline. */
export function systemdDropIn(variables: readonly TextVariable[]): Text {
  // each value comes twice (upper and lower case), and a fleet's NO_PROXY is long: escaped once
  const escaped = new Map<Text, Text>();
  const lines = variables.map(({ name, value }) => {
    let text = escaped.get(value);
    if (text === undefined) {
      text = escapeSystemdEnvironmentValue(value);
      escaped.set(value, text);
    }
    return joinText(`Environment="${name}=`, text, '"\n');
  });
  return joinText('[Service]\n', ...lines);
}

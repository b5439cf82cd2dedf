import { ProxyEnvironment, proxyVariables, TextVariable } from '../definition/proxy-environment';
import { joinText, mapLiterals, plainString, Text } from '../primitives/secret-text';

/**
 * POSIX shell rendering. Every value is single-quoted: inside single quotes no character is special
 * to any POSIX shell (`$`, `` ` ``, `\`, `!`, `"` all stay literal), and a `'` in the value is
 * written as `'\''` (close the quote, an escaped quote, reopen). Newlines and control characters
 * are refused by {@link proxyVariables}, so each variable is exactly one line.
 */

/** Quote a string as one POSIX shell word that expands to exactly `value`. */
export function quoteShellValue(value: string): string;
export function quoteShellValue(value: Text): Text;
export function quoteShellValue(value: Text): Text {
  // a credential's slot holds no `'` (it is percent-encoded)
  return joinText("'", mapLiterals(value, (text) => text.replace(/'/g, '\'\\\'\'')), "'");
}

/**
 * `export NAME='value'` lines for sh, dash and bash, e.g. for `/etc/profile.d/http-proxy.sh` or a
 * `preKubeadmCommands` script. Ends with a newline.
 */
export function renderShellExports(env: ProxyEnvironment): string {
  return plainString(joinText(...proxyVariables(env).map((variable) => joinText(shellExportLine(variable), '\n'))));
}

/** `export NAME='value'`, without a newline. */
export function shellExportLine({ name, value }: TextVariable): Text {
  return joinText(`export ${name}=`, quoteShellValue(value));
}

/**
 * `NAME='value'` lines, for files that a shell sources (`. /etc/default/http-proxy`). The variables
 * are set but not exported. Meant for sh only: docker's `--env-file` keeps quotes literally.
 * Ends with a newline.
 */
export function renderEnvFile(env: ProxyEnvironment): string {
  return plainString(joinText(...proxyVariables(env).map(({ name, value }) => joinText(`${name}=`, quoteShellValue(value), '\n'))));
}

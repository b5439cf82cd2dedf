import { assertTemplateFits, goString } from './go-template';
import { compactTemplate, NoProxyTemplatePlan, noProxyTemplateHelpers, noProxyTemplateStatements } from './no-proxy-template';
import { proxyVariableStatements, ClassVariableShape } from './variable-shapes';
import { PROXY_ENV_KEY } from '../node-files/contents';
import { KubeadmFile } from '../node-files/kubeadm-file';
import { NodeFileEncoding, VariableStyle } from '../node-files/options';

/**
 * The `files[]` entries of the ClusterClass patches, as Go templates printing JSON. Locations,
 * owner and modes come from `nodeProxyBootstrap` (so they are exactly `ProxiedCluster`'s); the
 * content is rendered per cluster:
 *  - inline: the drop-ins and the env file are built from the proxy variable and the NO_PROXY the
 *    template computes, with the escaping of `renderSystemdDropIn` and `renderShellExports`;
 *  - secret: every file is `contentFrom` the Secret named by the variable's `secretName`.
 */

/** One proxy file of the class: its place on the node, its Secret key, and its inline source. */
export interface ClassProxyFile {
  /** Path, owner and mode (content ignored). */
  readonly file: KubeadmFile;
  /** Key in the node-proxy Secret (`containerdProxy`, `proxyEnv`, `trustedCa1`...). */
  readonly secretKey: string;
  /**
   * For a CA certificate: the PEM the class carries (public).
   *
   * @default - a drop-in or the env file, rendered per cluster
   */
  readonly caPem?: string;
}

/** Which patch the templates are for. */
export type ClassDelivery = 'inline' | 'secret';

/** The layout choices that change the rendered content (see `NodeProxyFileOptions`). */
export interface ClassContentStyle {
  /** Variable style of the drop-ins. */
  readonly dropInVariables: VariableStyle;
  /** Variable style of the env file. */
  readonly exportVariables: VariableStyle;
  /** Encoding of inline content. */
  readonly encoding: NodeFileEncoding;
}

/** The library's own content style. */
export const DEFAULT_CLASS_CONTENT_STYLE: ClassContentStyle = Object.freeze({
  dropInVariables: VariableStyle.PAIRS, exportVariables: VariableStyle.PAIRS, encoding: NodeFileEncoding.PLAIN,
});

/** Inputs of {@link fileValueTemplate}. */
export interface FileTemplateOptions {
  readonly delivery: ClassDelivery;
  /**
   * Variable styles and encoding.
   *
   * @default DEFAULT_CLASS_CONTENT_STYLE
   */
  readonly style?: ClassContentStyle;
  /** The NO_PROXY plan (inline delivery). */
  readonly plan: NoProxyTemplatePlan;
  /** Field named in size errors. */
  readonly field: string;
}

/** The env-var pairs in render order; the value expressions are Go template operands. */
const VARIABLES: ReadonlyArray<[string, string]> = [['HTTP_PROXY', '(dig "http" "" $pv)'], ['HTTPS_PROXY', '(dig "https" "" $pv)'], ['NO_PROXY', '$noProxy']];

/**
 * Go statements building `$dropIn` (as `renderSystemdDropIn`: `%` doubled, `\` and `"` escaped) and
 * `$env` (as `renderShellExports`: single quotes, `'` as `'\''`), each in its variable style
 * (`styledVariables`). The library's own layout (pairs) collects each upper/lower pair in one pass;
 * other styles collect upper and lower case lines apart and join them per style. A pair whose proxy
 * is unset is left out; NO_PROXY is always written.
 */
function contentStatements(style: ClassContentStyle): string[] {
  const pairs = style.dropInVariables === VariableStyle.PAIRS && style.exportVariables === VariableStyle.PAIRS;
  const join = (variable: string, upper: string, lower: string, variableStyle: VariableStyle): string => {
    switch (variableStyle) {
      case VariableStyle.UPPER_ONLY:
        return `{{- ${variable} = concat ${variable} ${upper} -}}`;
      case VariableStyle.UPPER_THEN_LOWER:
        return `{{- ${variable} = concat ${variable} ${upper} ${lower} -}}`;
      default:
        return `{{- range $i, $u := ${upper} -}}{{- ${variable} = concat ${variable} (list $u (index ${lower} $i)) -}}{{- end -}}`;
    }
  };
  const encoded = style.encoding === NodeFileEncoding.BASE64 ? ' | b64enc' : '';
  return [
    pairs ? '{{- $di := list "[Service]" -}}{{- $ev := list -}}'
      : '{{- $di := list "[Service]" -}}{{- $ev := list -}}{{- $du := list -}}{{- $dl := list -}}{{- $eu := list -}}{{- $el := list -}}',
    `{{- range list ${VARIABLES.map(([name, value]) => `(list ${goString(name)} ${value})`).join(' ')} -}}`,
    '{{- $n := index . 0 -}}{{- $v := index . 1 -}}',
    '{{- if or $v (eq $n "NO_PROXY") -}}',
    `{{- $s := $v | replace ${goString('\\')} ${goString('\\\\')} | replace ${goString('"')} ${goString('\\"')} | replace "%" "%%" -}}`,
    `{{- $q := replace "'" ${goString('\'\\\'\'')} $v -}}`,
    ...(pairs ? [
      '{{- $di = concat $di (list (printf "Environment=\\"%s=%s\\"" $n $s) (printf "Environment=\\"%s=%s\\"" (lower $n) $s)) -}}',
      '{{- $ev = concat $ev (list (printf "export %s=\'%s\'" $n $q) (printf "export %s=\'%s\'" (lower $n) $q)) -}}',
    ] : [
      '{{- $du = append $du (printf "Environment=\\"%s=%s\\"" $n $s) -}}{{- $dl = append $dl (printf "Environment=\\"%s=%s\\"" (lower $n) $s) -}}',
      '{{- $eu = append $eu (printf "export %s=\'%s\'" $n $q) -}}{{- $el = append $el (printf "export %s=\'%s\'" (lower $n) $q) -}}',
    ]),
    '{{- end -}}',
    '{{- end -}}',
    ...(pairs ? [] : [join('$di', '$du', '$dl', style.dropInVariables), join('$ev', '$eu', '$el', style.exportVariables)]),
    // $dropIn and $env from their lines (base64-encoded in that encoding)
    `{{- $dropIn := print (join "\\n" $di) "\\n"${encoded} -}}{{- $env := print (join "\\n" $ev) "\\n"${encoded} -}}`,
  ];
}

/** The `"owner" ... "permissions" ...` arguments of a file's dictionary. */
export function accessArguments(file: KubeadmFile): string[] {
  return [
    ...(file.owner !== undefined ? [`"owner" ${goString(file.owner)}`] : []),
    ...(file.permissions !== undefined ? [`"permissions" ${goString(file.permissions)}`] : []),
  ];
}

/**
 * A Go expression for one file entry (a dictionary `toJson` prints as the `files[]` object; JSON
 * object keys come out sorted). With `shared`, the owner and mode (and the base64 encoding) come
 * from the dictionary `$m` instead of being written out per file: every character counts against
 * the template limit.
 */
function fileExpression(entry: ClassProxyFile, delivery: ClassDelivery, style: ClassContentStyle, shared: boolean): string {
  const meta = [`"path" ${goString(entry.file.path)}`, ...(shared ? [] : accessArguments(entry.file))].join(' ');
  const withShared = (dictionary: string): string => (shared ? `(merge ${dictionary} $m)` : dictionary);
  const fromSecret = (name: string): string => withShared(`(dict ${meta} "contentFrom" (dict "secret" (dict "name" ${name} "key" ${goString(entry.secretKey)})))`);
  const base64 = style.encoding === NodeFileEncoding.BASE64;
  if (delivery === 'secret') {
    return fromSecret('$pv.secretName');
  }
  if (entry.caPem !== undefined) {
    // The class carries the certificate; a cluster may name a Secret holding it instead.
    const inline = base64 ? `(dict ${meta} "content" (${goString(entry.caPem)} | b64enc) "encoding" "base64")` : `(dict ${meta} "content" ${goString(entry.caPem)})`;
    return `(ternary ${fromSecret('$ca')} ${withShared(inline)} (ne $ca ""))`;
  }
  // $dropIn and $env are already base64 in that encoding (see contentStatements).
  const content = entry.secretKey === PROXY_ENV_KEY ? '$env' : '$dropIn';
  const encoding = base64 && !shared ? ' "encoding" "base64"' : '';
  return withShared(`(dict ${meta} "content" ${content}${encoding})`);
}

/**
 * A `valueFrom.template` printing one file entry, or (`entries` longer than one, for a spec with
 * no `files` yet) the whole list. Only one NO_PROXY computation runs per template.
 */
export function fileValueTemplate(entries: ClassProxyFile[], options: FileTemplateOptions, asList: boolean): string {
  const style = options.style ?? DEFAULT_CLASS_CONTENT_STYLE;
  const needsContent = options.delivery === 'inline' && entries.some((entry) => entry.caPem === undefined);
  const lines: string[] = [];
  if (needsContent) {
    lines.push(...noProxyTemplateHelpers(), ...noProxyTemplateStatements(options.plan), ...contentStatements(style));
  } else {
    lines.push(...proxyVariableStatements(options.plan.shape ?? ClassVariableShape.LIBRARY, options.plan.variable));
  }
  if (options.delivery === 'secret') {
    // secretName replaces every other field: refuse a Cluster that sets both, instead of ignoring half.
    lines.push(`{{- range list "http" "https" "noProxy" "controlPlaneEndpoint" "machineCidrs" "dnsServiceIp" "trustedCaSecretName" -}}{{- if hasKey $pv . -}}{{- fail (printf "cluster-proxy-constructs: ${options.plan.variable}.%s must not be set with ${options.plan.variable}.secretName (the Secret holds the node files)" .) -}}{{- end -}}{{- end -}}`);
  } else if (entries.some((entry) => entry.caPem !== undefined)) {
    lines.push('{{- $ca := dig "trustedCaSecretName" "" $pv -}}');
  }
  // Several files with the same owner and mode share them through one dictionary.
  const access = new Set(entries.map((entry) => accessArguments(entry.file).join(' ')));
  const shared = entries.length > 1 && access.size === 1 && entries.every((entry) => entry.caPem === undefined);
  if (shared) {
    const encoding = options.delivery === 'inline' && style.encoding === NodeFileEncoding.BASE64 ? ['"encoding" "base64"'] : [];
    lines.push(`{{- $m := dict ${[...access, ...encoding].join(' ')} -}}`);
  }
  const expressions = entries.map((entry) => fileExpression(entry, options.delivery, style, shared));
  lines.push(asList ? `{{- list ${expressions.join(' ')} | toJson -}}` : `{{- ${expressions[0]} | toJson -}}`);
  const what = asList ? 'the proxy files' : entries[0].file.path;
  return assertTemplateFits(options.field, what, compactTemplate(lines));
}

import { accessArguments } from './file-templates';
import { assertTemplateFits, goString, MAX_ENABLED_IF_LENGTH } from './go-template';
import { compactTemplate } from './no-proxy-template';
import { parseVariableName } from './proxy-variable';
import { KubeadmFile } from '../node-files/kubeadm-file';
import { NodeFileEncoding } from '../node-files/options';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { isRecord } from '../primitives/validation/json-data';
import { fieldPath } from '../primitives/validation/strict-props';

/**
 * The proxy CA from a ClusterClass variable of its own, as VMware TKG's ClusterClass keeps it:
 *
 *     variables:
 *     - name: trust
 *       value:
 *         additionalTrustedCAs:
 *         - name: proxy
 *           data: LS0tLS1CRUdJTi...   # base64 of the PEM
 *
 * (tanzu-framework's `tkg-vsphere-default` class: `trust {additionalTrustedCAs[] {name, data}}`,
 * both required; its `httpProxyCACert` patch is enabled by an entry named `proxy`). Each Cluster
 * brings its own CA, so the class carries none; the library writes it where it writes a CA it
 * carries (the node OS's trust store, then its update command), through a patch of its own that is
 * enabled only for Clusters whose proxy variable is set and whose trust variable has that entry.
 */

/** Where a ClusterClass reads the proxy CA from. */
export interface TrustedCaVariable {
  /**
   * The ClusterClass variable holding `additionalTrustedCAs` (a list of `{name, data}`, `data` the
   * base64-encoded PEM).
   *
   * @default 'trust'
   */
  readonly name?: string;
  /**
   * The `name` of the `additionalTrustedCAs` entry holding the proxy CA.
   *
   * @default 'proxy'
   */
  readonly entryName?: string;
}

/** {@link TrustedCaVariable} with the defaults applied. */
export interface ResolvedTrustedCaVariable {
  /** The ClusterClass variable holding `additionalTrustedCAs`. */
  readonly name: string;
  /** The `name` of the entry holding the proxy CA. */
  readonly entryName: string;
}

/** TKG's variable and entry names. */
export const DEFAULT_TRUSTED_CA_VARIABLE: ResolvedTrustedCaVariable = Object.freeze({ name: 'trust', entryName: 'proxy' });

/** Validate the option; `undefined` stays undefined (the class carries the CA, if any). */
export function parseTrustedCaVariable(field: string, value: unknown): ResolvedTrustedCaVariable | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (!isRecord(value)) {
    throw invalidValue(field, value, 'must be an object with name and entryName (both optional)');
  }
  const given = value as TrustedCaVariable;
  const unknown = Object.keys(given).find((key) => key !== 'name' && key !== 'entryName');
  if (unknown) {
    throw new ProxyConfigError(fieldPath(field, unknown), 'is not an option; expected name or entryName');
  }
  const name = parseVariableName(`${field}.name`, given.name ?? DEFAULT_TRUSTED_CA_VARIABLE.name);
  const entryName = given.entryName ?? DEFAULT_TRUSTED_CA_VARIABLE.entryName;
  if (typeof entryName !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(entryName)) {
    throw invalidValue(`${field}.entryName`, entryName, 'must be 1-63 letters, digits, ".", "_" or "-"');
  }
  return Object.freeze({ name, entryName });
}

/** The variable definition a class gets when it does not define the variable yet (TKG's schema). */
export function trustedCaVariableDefinition(variable: ResolvedTrustedCaVariable): { [key: string]: unknown } {
  const string = { type: 'string' };
  return {
    name: variable.name,
    required: false,
    schema: {
      openAPIV3Schema: {
        type: 'object',
        properties: {
          additionalTrustedCAs: {
            type: 'array',
            items: { type: 'object', properties: { name: string, data: string }, required: ['name', 'data'] },
          },
        },
      },
    },
  };
}

/** Go statements setting `$d` to the entry's `data` ("" without the entry). */
function entryData(variable: ResolvedTrustedCaVariable): string {
  return `{{- $d := "" -}}{{- with $.${variable.name} -}}{{- range .additionalTrustedCAs -}}`
    + `{{- if eq .name ${goString(variable.entryName)} -}}{{- $d = .data -}}{{- end -}}{{- end -}}{{- end -}}`;
}

/**
 * The `enabledIf` of the CA patch: the proxy is on for the Cluster (`proxyOn`, the opening and
 * closing actions of that condition) and its trust variable has the entry.
 */
export function trustedCaEnabledIf(variable: ResolvedTrustedCaVariable, proxyOn: readonly [string, string]): string {
  const enabledIf = `{{ $c := false }}${proxyOn[0]}{{ with $.${variable.name} }}{{ range .additionalTrustedCAs }}`
    + `{{ if eq .name ${goString(variable.entryName)} }}{{ $c = true }}{{ end }}{{ end }}{{ end }}${proxyOn[1]}{{ $c }}`;
  if (enabledIf.length > MAX_ENABLED_IF_LENGTH) {
    throw new ProxyConfigError('trustedCaVariable', `makes enabledIf longer than ${MAX_ENABLED_IF_LENGTH} characters; use shorter names`);
  }
  return enabledIf;
}

/** A PEM bundle of CERTIFICATE blocks and nothing else (after `\r` removal and trimming). */
const PEM_CERTIFICATES = '^(-----BEGIN CERTIFICATE-----\\n[A-Za-z0-9+/=\\n]+\\n-----END CERTIFICATE-----\\s*)+$';

/**
 * The `valueFrom.template` printing the CA file entry: the entry's data decoded, checked to be PEM
 * certificates only (a private key pasted by mistake would land in a world-readable file), its line
 * endings and surrounding blank space normalized as the library normalizes a PEM, ending with one
 * newline, and written in the layout's encoding.
 */
export function trustedCaFileTemplate(
  variable: ResolvedTrustedCaVariable, file: KubeadmFile, encoding: NodeFileEncoding, field: string,
): string {
  const where = `${variable.name}.additionalTrustedCAs[${variable.entryName}].data`;
  const meta = [`"path" ${goString(file.path)}`, ...accessArguments(file)].join(' ');
  const content = encoding === NodeFileEncoding.BASE64 ? '"content" (b64enc $p) "encoding" "base64"' : '"content" $p';
  return assertTemplateFits(field, file.path, compactTemplate([
    entryData(variable),
    '{{- $p := b64dec $d | replace "\\r" "" | trim -}}',
    `{{- if not (regexMatch ${goString(PEM_CERTIFICATES)} $p) -}}`,
    `{{- fail ${goString(`cluster-proxy-constructs: ${where} must be the base64 of PEM CERTIFICATE blocks only`)} -}}`,
    '{{- end -}}',
    '{{- $p = print $p "\\n" -}}',
    `{{- dict ${meta} ${content} | toJson -}}`,
  ]));
}

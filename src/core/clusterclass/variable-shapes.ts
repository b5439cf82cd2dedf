import { goString } from './go-template';
import { invalidValue } from '../primitives/errors';
import { copyJson } from '../primitives/k8s/copy-json';
import { isRecord } from '../primitives/validation/json-data';
import { parseOneOf } from '../primitives/validation/one-of';

/**
 * The proxy variable in the shapes existing ClusterClasses already use, so Clusters created from
 * them keep their variables when the class moves to the library's patches:
 *  - `library`: the library's own `proxy {http, https, noProxy[], controlPlaneEndpoint, ...}`;
 *  - `cluster-api-book`: the Cluster API book's example `httpProxy {url, noProxy}` (one URL for
 *    both schemes, `noProxy` a comma-separated string);
 *  - `tkg`: TKG's `proxy {httpProxy, httpsProxy, noProxy[]}`;
 *  - `caren`: CAREN's `clusterConfig.proxy {http, https, additionalNo[]}` (inside the `clusterConfig`
 *    variable, whose other fields stay).
 * The templates read any of them into the library's shape first (`$pv`), so everything after is
 * the same. The foreign shapes carry the URLs in the Cluster, so they serve proxies without
 * credentials only (a URL with `@` fails the Cluster's reconcile instead of reaching a node file),
 * and they have no per-cluster control-plane endpoint, machine CIDRs or DNS IP.
 */

/** Names of the variable shapes. */
export enum ClassVariableShape {
  /** The library's own variable. */
  LIBRARY = 'library',
  /** The Cluster API book's example `proxy` variable. */
  CLUSTER_API_BOOK = 'cluster-api-book',
  /** TKG's proxy variables. */
  TKG = 'tkg',
  /** Nutanix CAREN's `proxy` variable. */
  CAREN = 'caren',
}

/** Where a foreign shape keeps each field. */
interface ForeignShape {
  /** The ClusterClass variable. */
  readonly variable: string;
  /** Path inside the variable's value to the proxy object. */
  readonly path: string[];
  readonly http: string;
  readonly https: string;
  readonly noProxy: string;
  /** `noProxy` is a comma-separated string rather than a list. */
  readonly noProxyString: boolean;
}

const FOREIGN: Readonly<Record<Exclude<ClassVariableShape, 'library'>, ForeignShape>> = {
  'cluster-api-book': { variable: 'httpProxy', path: [], http: 'url', https: 'url', noProxy: 'noProxy', noProxyString: true },
  'tkg': { variable: 'proxy', path: [], http: 'httpProxy', https: 'httpsProxy', noProxy: 'noProxy', noProxyString: false },
  'caren': { variable: 'clusterConfig', path: ['proxy'], http: 'http', https: 'https', noProxy: 'additionalNo', noProxyString: false },
};

/** Every shape name. */
export const CLASS_VARIABLE_SHAPES: ClassVariableShape[] = Object.values(ClassVariableShape);

/** Validate a shape name (`undefined` is the library's own). */
export function parseVariableShape(field: string, value: unknown): ClassVariableShape {
  return parseOneOf(field, value, CLASS_VARIABLE_SHAPES, ClassVariableShape.LIBRARY);
}

function foreign(shape: ClassVariableShape): ForeignShape | undefined {
  return shape === ClassVariableShape.LIBRARY ? undefined : FOREIGN[shape];
}

/** The ClusterClass variable a shape lives in (`library`: the given name). */
export function shapeVariableName(shape: ClassVariableShape, libraryName: string): string {
  return foreign(shape)?.variable ?? libraryName;
}

/**
 * Go statements setting `$pv` to the proxy variable in the library's shape: the variable itself,
 * or the foreign one read field by field (refusing a URL with credentials).
 */
export function proxyVariableStatements(shape: ClassVariableShape, libraryName: string): string[] {
  const spec = foreign(shape);
  if (!spec) {
    return [`{{- $pv := .${libraryName} -}}`];
  }
  return [
    `{{- $src := ${spec.path.reduce((inner, key) => `dig ${goString(key)} (dict) (${inner})`, `default (dict) .${spec.variable}`)} -}}`,
    '{{- $pv := dict -}}',
    // Both URLs in one loop, each refused if it carries credentials: the template's size is capped.
    `{{- range $k, $f := dict "http" ${goString(spec.http)} "https" ${goString(spec.https)} -}}{{- with dig $f "" $src -}}`
    + `{{- if contains "@" . -}}{{- fail "cluster-proxy-constructs: ${spec.variable} carries proxy credentials" -}}{{- end -}}`
    + '{{- $_ := set $pv $k . -}}{{- end -}}{{- end -}}',
    spec.noProxyString
      ? `{{- with dig ${goString(spec.noProxy)} "" $src -}}{{- $_ := set $pv "noProxy" (without (splitList "," (nospace .)) "") -}}{{- end -}}`
      : `{{- with dig ${goString(spec.noProxy)} (list) $src -}}{{- $_ := set $pv "noProxy" . -}}{{- end -}}`,
  ];
}

/**
 * The opening and closing actions of an `enabledIf` condition "the Cluster sets the proxy" (the
 * proxy object of a foreign shape, the library's variable itself).
 */
export function proxyOnCondition(shape: ClassVariableShape, libraryName: string): [string, string] {
  const spec = foreign(shape);
  if (!spec || spec.path.length === 0) {
    return [`{{ if .${spec?.variable ?? libraryName} }}`, '{{ end }}'];
  }
  return [`{{ with .${spec.variable} }}{{ if .${spec.path.join('.')} }}`, '{{ end }}{{ end }}'];
}

/** The variable definition a class gets when it does not define the foreign variable yet. */
export function foreignVariableDefinition(shape: ClassVariableShape): { [key: string]: unknown } | undefined {
  const spec = foreign(shape);
  if (!spec) {
    return undefined;
  }
  const string = { type: 'string' };
  const noProxy = spec.noProxyString ? string : { type: 'array', items: string };
  const proxy = {
    type: 'object',
    properties: {
      [spec.http]: string,
      ...(spec.https !== spec.http ? { [spec.https]: string } : {}),
      [spec.noProxy]: noProxy,
    },
  };
  const schema = spec.path.reduceRight((inner: object, key) => ({ type: 'object', properties: { [key]: inner } }), proxy);
  return { name: spec.variable, required: false, schema: { openAPIV3Schema: schema } };
}

/** The proxy object inside a foreign variable's value (at the shape's path), or undefined. */
function foreignProxyObject(spec: ForeignShape, value: unknown): Record<string, unknown> | undefined {
  const inner = spec.path.reduce<unknown>((current, key) => (isRecord(current) ? current[key] : undefined), value);
  return isRecord(inner) ? inner : undefined;
}

/** The NO_PROXY entries a Cluster's foreign variable already holds, and where in the variable's value they are. */
export interface ForeignNoProxy {
  /** The entries (a list, or the Cluster API book's comma-separated string split). */
  readonly entries: string[];
  /** Their field in the variable's value (`noProxy`, `proxy.additionalNo`). */
  readonly field: string;
}

/**
 * The NO_PROXY entries a Cluster's foreign variable already holds: a Cluster that moves to the
 * library keeps them. Values that are not text are handed on as they are, for the NO_PROXY parser
 * to refuse naming their field.
 */
export function foreignNoProxyEntries(shape: ClassVariableShape, existing: unknown): ForeignNoProxy {
  const spec = foreign(shape)!;
  const field = [...spec.path, spec.noProxy].join('.');
  const value = foreignProxyObject(spec, existing)?.[spec.noProxy];
  const entries = typeof value === 'string' ? value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
    : Array.isArray(value) ? value : [];
  return { entries, field };
}

/**
 * The Cluster's variable value in a foreign shape, merged into the value it already has: the proxy
 * URLs and NO_PROXY are the library's (the NO_PROXY holds the Cluster's own entries, see
 * {@link foreignNoProxyEntries}); every other field stays, in the proxy object (TKG's
 * `systemWide`) and around it (CAREN's `clusterConfig` holds much more than the proxy).
 */
export function foreignVariableValue(
  shape: ClassVariableShape, value: { http?: string; https?: string; noProxy?: string[] }, existing: unknown,
): unknown {
  const spec = foreign(shape)!;
  if (spec.http === spec.https && value.http !== value.https) {
    throw invalidValue('settings', { httpProxy: value.http, httpsProxy: value.https },
      `must use one proxy for both schemes: the "${shape}" variable has a single ${spec.http}`);
  }
  const ours: Record<string, unknown> = {
    ...(value.http ? { [spec.http]: value.http } : {}),
    ...(value.https ? { [spec.https]: value.https } : {}),
    ...(value.noProxy && value.noProxy.length > 0 ? { [spec.noProxy]: spec.noProxyString ? value.noProxy.join(',') : [...value.noProxy] } : {}),
  };
  // The fields stay where the Cluster has them, so a variable that already says the same is the
  // same text (a quiet diff); the proxy's fields it lacked follow.
  const proxy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(copyJson(foreignProxyObject(spec, existing) ?? {}) as Record<string, unknown>)) {
    if (![spec.http, spec.https, spec.noProxy].includes(key)) {
      proxy[key] = field;
    } else if (key in ours) {
      proxy[key] = ours[key];
    }
  }
  Object.assign(proxy, Object.fromEntries(Object.entries(ours).filter(([key]) => !(key in proxy))));
  if (spec.path.length === 0) {
    return proxy;
  }
  const base = isRecord(existing) ? copyJson(existing) : {};
  return { ...base, [spec.path[0]]: proxy };
}

import { PROXY_SWITCH_VARIABLES, PROXY_URL_VARIABLES } from '../../core/noproxy/proxy-variables';
import { isRecord } from '../../core/primitives/validation/json-data';
import { dig, ManifestObject } from '../manifests';

/**
 * Where proxy settings live in a manifest set: the containers of workloads (literal env, env from
 * ConfigMaps and Secrets of the same input, envFrom), and the nodes of Cluster API clusters
 * (systemd drop-ins among the kubeadm `files`, `export` lines in the kubeadm commands).
 */

/** The variables that set a proxy or its exceptions: a site is one that sets any of them. */
const PROXY_SETTINGS = [...PROXY_URL_VARIABLES, 'NO_PROXY', 'no_proxy'] as const;

/**
 * The variables read from a site: the proxy settings, and those that change how clients read
 * them (`REQUEST_METHOD`, Node's `NODE_USE_ENV_PROXY` and `NODE_OPTIONS`).
 */
export const PROXY_VARIABLES = [...PROXY_SETTINGS, ...PROXY_SWITCH_VARIABLES] as const;
export type ProxyVariable = (typeof PROXY_VARIABLES)[number];

/** One place that gives a process its proxy environment. */
export interface ProxySite {
  /** `Deployment default/web container app`, `KubeadmControlPlane capi/demo file /etc/...`. */
  readonly label: string;
  readonly kind: 'container' | 'node';
  /** The manifest document it was found in. */
  readonly origin: string;
  /** The proxy variables it sets, as resolved from the input. */
  readonly variables: Readonly<Partial<Record<ProxyVariable, string>>>;
  /** References that could not be resolved from the input (a ConfigMap or Secret not in it). */
  readonly unresolved: string[];
}

/** Workload kinds and where their pod spec is. */
const POD_SPEC_PATHS: Readonly<Record<string, readonly string[]>> = {
  Pod: ['spec'],
  Deployment: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
};

/** Cluster API bootstrap kinds and where their KubeadmConfigSpec is. */
const KUBEADM_SPEC_PATHS: Readonly<Record<string, readonly string[]>> = {
  KubeadmControlPlane: ['spec', 'kubeadmConfigSpec'],
  KubeadmControlPlaneTemplate: ['spec', 'template', 'spec', 'kubeadmConfigSpec'],
  KubeadmConfigTemplate: ['spec', 'template', 'spec'],
  KubeadmConfig: ['spec'],
};

const isProxyVariable = (name: string): name is ProxyVariable => (PROXY_VARIABLES as readonly string[]).includes(name);

const isProxySetting = (name: string): boolean => (PROXY_SETTINGS as readonly string[]).includes(name);

/**
 * Every site of the input that sets at least one proxy setting (or refers to data it cannot
 * resolve that may hold one); a container that only sets `NODE_OPTIONS` is not a site.
 */
export function findProxySites(objects: ManifestObject[]): ProxySite[] {
  const data = new DataIndex(objects);
  return objects.flatMap((object) => {
    const podPath = POD_SPEC_PATHS[object.kind];
    if (podPath) {
      return containerSites(object, dig(object.body, ...podPath), data);
    }
    const kubeadmPath = KUBEADM_SPEC_PATHS[object.kind];
    return kubeadmPath ? nodeSites(object, dig(object.body, ...kubeadmPath), data) : [];
  }).filter((site) => Object.keys(site.variables).some(isProxySetting) || site.unresolved.some(mayHoldProxySetting));
}

/** An unresolved reference (`NAME from ...`, `envFrom ...`, `file ...`) that may hide a proxy setting. */
function mayHoldProxySetting(reference: string): boolean {
  const name = /^(\S+) from /.exec(reference)?.[1];
  return name === undefined || isProxySetting(name);
}

/** ConfigMap and Secret data of the input, by namespace and name (Secret data decoded). */
class DataIndex {
  private readonly maps = new Map<string, Record<string, string>>();

  constructor(objects: ManifestObject[]) {
    for (const object of objects) {
      if (object.kind !== 'ConfigMap' && object.kind !== 'Secret') {
        continue;
      }
      const values: Record<string, string> = {};
      const data = isRecord(object.body.data) ? object.body.data : {};
      for (const [key, value] of Object.entries(data)) {
        if (typeof value === 'string') {
          values[key] = object.kind === 'Secret' ? Buffer.from(value, 'base64').toString('utf8') : value;
        }
      }
      const stringData = object.kind === 'Secret' && isRecord(object.body.stringData) ? object.body.stringData : {};
      for (const [key, value] of Object.entries(stringData)) {
        if (typeof value === 'string') {
          values[key] = value;
        }
      }
      this.maps.set(`${object.kind}/${object.namespace}/${object.name}`, values);
    }
  }

  public get(kind: 'ConfigMap' | 'Secret', namespace: string, name: unknown): Record<string, string> | undefined {
    return typeof name === 'string' ? this.maps.get(`${kind}/${namespace}/${name}`) : undefined;
  }
}

function containerSites(object: ManifestObject, podSpec: unknown, data: DataIndex): ProxySite[] {
  const containers = ['initContainers', 'containers'].flatMap((field) => {
    const list = dig(podSpec, field);
    return Array.isArray(list) ? list.filter(isRecord) : [];
  });
  return containers.map((container) => {
    const variables: Partial<Record<ProxyVariable, string>> = {};
    const unresolved: string[] = [];
    // envFrom first: env entries take precedence over it in Kubernetes
    for (const source of Array.isArray(container.envFrom) ? container.envFrom.filter(isRecord) : []) {
      const prefix = typeof source.prefix === 'string' ? source.prefix : '';
      const [kind, ref] = isRecord(source.configMapRef) ? ['ConfigMap', source.configMapRef] as const : ['Secret', source.secretRef] as const;
      const values = data.get(kind, object.namespace, dig(ref, 'name'));
      if (!values) {
        unresolved.push(`envFrom ${kind} ${String(dig(ref, 'name'))}`);
        continue;
      }
      for (const [key, value] of Object.entries(values)) {
        if (isProxyVariable(prefix + key)) {
          variables[(prefix + key) as ProxyVariable] = value;
        }
      }
    }
    for (const entry of Array.isArray(container.env) ? container.env.filter(isRecord) : []) {
      const name = typeof entry.name === 'string' ? entry.name : '';
      if (!isProxyVariable(name)) {
        continue;
      }
      const value = envValue(entry, object.namespace, data);
      if (value === undefined) {
        unresolved.push(`${name} from ${describeRef(entry)}`);
      } else {
        variables[name] = value;
      }
    }
    const containerName = typeof container.name === 'string' ? container.name : '(unnamed)';
    return { label: `${object.kind} ${object.namespace}/${object.name} container ${containerName}`, kind: 'container', origin: object.origin, variables, unresolved };
  });
}

function envValue(entry: Record<string, unknown>, namespace: string, data: DataIndex): string | undefined {
  if (typeof entry.value === 'string') {
    return entry.value;
  }
  const configMap = dig(entry, 'valueFrom', 'configMapKeyRef');
  const secret = dig(entry, 'valueFrom', 'secretKeyRef');
  const [kind, ref] = configMap ? ['ConfigMap', configMap] as const : ['Secret', secret] as const;
  const key = dig(ref, 'key');
  return typeof key === 'string' ? data.get(kind, namespace, dig(ref, 'name'))?.[key] : undefined;
}

function describeRef(entry: Record<string, unknown>): string {
  const configMap = dig(entry, 'valueFrom', 'configMapKeyRef');
  const ref = configMap ?? dig(entry, 'valueFrom', 'secretKeyRef');
  return `${configMap ? 'ConfigMap' : 'Secret'} ${String(dig(ref, 'name'))} key ${String(dig(ref, 'key'))}`;
}

/** Nodes: each kubeadm file that sets proxy variables, and the kubeadm commands together. */
function nodeSites(object: ManifestObject, spec: unknown, data: DataIndex): ProxySite[] {
  const prefix = `${object.kind} ${object.namespace}/${object.name}`;
  const files = dig(spec, 'files');
  const sites: ProxySite[] = (Array.isArray(files) ? files.filter(isRecord) : []).map((file) => {
    const path = typeof file.path === 'string' ? file.path : '(no path)';
    const secret = dig(file, 'contentFrom', 'secret');
    const content = typeof file.content === 'string'
      ? file.content
      : data.get('Secret', object.namespace, dig(secret, 'name'))?.[String(dig(secret, 'key'))];
    const unresolved = content === undefined && secret ? [`file ${path} from Secret ${String(dig(secret, 'name'))}`] : [];
    return { label: `${prefix} file ${path}`, kind: 'node', origin: object.origin, variables: dropInVariables(content ?? ''), unresolved };
  });
  const commands = ['preKubeadmCommands', 'postKubeadmCommands'].flatMap((field) => {
    const list = dig(spec, field);
    return Array.isArray(list) ? list.filter((line): line is string => typeof line === 'string') : [];
  });
  sites.push({ label: `${prefix} kubeadm commands`, kind: 'node', origin: object.origin, variables: shellVariables(commands.join('\n')), unresolved: [] });
  return sites;
}

/** `Environment="NAME=value" NAME2=value2` lines of a systemd unit or drop-in (later lines win). */
export function dropInVariables(content: string): Partial<Record<ProxyVariable, string>> {
  const variables: Partial<Record<ProxyVariable, string>> = {};
  for (const line of content.split('\n')) {
    const match = /^\s*Environment\s*=\s*(.*)$/.exec(line);
    for (const assignment of match ? splitAssignments(match[1]) : []) {
      const equals = assignment.indexOf('=');
      const name = assignment.slice(0, equals);
      if (equals > 0 && isProxyVariable(name)) {
        // systemd escapes "%" as "%%" in unit files
        variables[name] = assignment.slice(equals + 1).replace(/%%/g, '%');
      }
    }
  }
  return variables;
}

/** systemd's word splitting of an `Environment=` value: double-quoted words with \" and \\ escapes, or bare words. */
function splitAssignments(text: string): string[] {
  const words: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const match of text.matchAll(pattern)) {
    words.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]);
  }
  return words;
}

/** `export NAME=value` / `NAME=value` assignments in shell lines, single- or double-quoted or bare. */
export function shellVariables(script: string): Partial<Record<ProxyVariable, string>> {
  const variables: Partial<Record<ProxyVariable, string>> = {};
  const pattern = /(?:^|[\s;&|])(?:export\s+)?([A-Za-z_]+)=('([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s;&|]*))/g;
  for (const match of script.matchAll(pattern)) {
    const name = match[1];
    if (isProxyVariable(name)) {
      variables[name] = match[3] ?? (match[4] !== undefined ? match[4].replace(/\\(.)/g, '$1') : match[5] ?? '');
    }
  }
  return variables;
}

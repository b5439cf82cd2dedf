/**
 * Validates emitted manifests against the real schemas, as shared/crds/VALIDATION.md describes:
 * CRD kinds (Cluster API, Kyverno, Giant Swarm App) with ajv against the CRDs copied into
 * ../shared/crds, with unknown fields rejected; core kinds with kubernetes-models.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** Where the CRDs live: ../shared/crds beside the checkout (CI lays it out the same way). */
export const CRD_ROOT = path.resolve(__dirname, '..', '..', '..', 'shared', 'crds');

type Schema = Record<string, unknown>;

/**
 * The API server prunes unknown fields silently; a typo such as `permission:` would vanish. Close
 * every object schema that lists properties and does not preserve unknown fields.
 */
function closeObjects(schema: unknown): void {
  if (Array.isArray(schema)) {
    schema.forEach(closeObjects);
    return;
  }
  if (!schema || typeof schema !== 'object') {
    return;
  }
  const s = schema as Schema;
  if (s.type === 'object' && s.properties && s.additionalProperties === undefined
    && !s['x-kubernetes-preserve-unknown-fields']) {
    s.additionalProperties = false;
  }
  Object.values(s).forEach(closeObjects);
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'quantity', 'duration']) {
  if (!ajv.formats[format]) {
    ajv.addFormat(format, true);
  }
}

const compiled = new Map<string, ValidateFunction>();
const crdFileByKind = new Map<string, string>();

function indexCrds(): void {
  if (crdFileByKind.size > 0) {
    return;
  }
  for (const dir of fs.readdirSync(CRD_ROOT)) {
    const full = path.join(CRD_ROOT, dir);
    if (!fs.statSync(full).isDirectory()) {
      continue;
    }
    for (const file of fs.readdirSync(full)) {
      if (!file.endsWith('.yaml') || file.startsWith('example_')) {
        continue;
      }
      // file names are <group>_<plural>.yaml; read the kind from the document itself
      const crd = parse(fs.readFileSync(path.join(full, file), 'utf8'));
      if (crd?.kind === 'CustomResourceDefinition') {
        crdFileByKind.set(`${crd.spec.group}/${crd.spec.names.kind}`, path.join(full, file));
      }
    }
  }
}

/** The ajv validator for `apiVersion` + `kind`, compiled once per process. */
export function crdValidator(apiVersion: string, kind: string): ValidateFunction {
  const key = `${apiVersion}/${kind}`;
  const cached = compiled.get(key);
  if (cached) {
    return cached;
  }
  indexCrds();
  const [group, version] = apiVersion.split('/');
  const file = crdFileByKind.get(`${group}/${kind}`);
  if (!file) {
    throw new Error(`no CRD for ${kind} in group ${group} under ${CRD_ROOT}`);
  }
  const crd = parse(fs.readFileSync(file, 'utf8'));
  const served = crd.spec.versions.find((v: { name: string }) => v.name === version);
  if (!served) {
    throw new Error(`CRD ${crd.metadata.name} does not serve version ${version}`);
  }
  const schema = structuredClone(served.schema.openAPIV3Schema);
  closeObjects(schema);
  const validate = ajv.compile(schema);
  compiled.set(key, validate);
  return validate;
}

/** DNS-1123 subdomain, the rule for most object names (the CRD schemas leave metadata open). */
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/**
 * Whether {@link schemaErrors} has a schema for the object's kind here (kubernetes-models 4 or a CRD
 * under CRD_ROOT); the admission policies, newer than kubernetes-models 4, are validated by their
 * own test with kubernetes-models 5 in a child process.
 */
export function hasSchema(object: { apiVersion?: string; kind?: string }): boolean {
  const key = `${object.apiVersion}/${object.kind}`;
  if (CORE_MODELS[key]) {
    return true;
  }
  indexCrds();
  return crdFileByKind.has(`${String(object.apiVersion).split('/')[0]}/${object.kind}`);
}

/** Errors for one object (empty when it is valid). */
export function schemaErrors(object: { apiVersion?: string; kind?: string; metadata?: { name?: string } }): string[] {
  const errors: string[] = [];
  const name = object.metadata?.name;
  if (!name || name.length > 253 || !DNS_SUBDOMAIN.test(name)) {
    errors.push(`metadata.name ${JSON.stringify(name)} is not a DNS-1123 subdomain`);
  }
  if (!object.apiVersion || !object.kind) {
    return [...errors, 'apiVersion and kind are required'];
  }
  // core and built-in API groups (rbac.authorization.k8s.io has a dot too) come from kubernetes-models
  if (!CORE_MODELS[`${object.apiVersion}/${object.kind}`] && object.apiVersion.includes('.')) {
    const validate = crdValidator(object.apiVersion, object.kind);
    if (!validate(object)) {
      errors.push(...(validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`));
    }
    return errors;
  }
  return [...errors, ...coreKindErrors(object)];
}

/** kubernetes-models classes for the core kinds the library emits. */
const CORE_MODELS: Record<string, string> = {
  'v1/Secret': 'kubernetes-models/v1/Secret',
  'v1/ConfigMap': 'kubernetes-models/v1/ConfigMap',
  'v1/Pod': 'kubernetes-models/v1/Pod',
  'v1/Service': 'kubernetes-models/v1/Service',
  'v1/Namespace': 'kubernetes-models/v1/Namespace',
  'v1/PodTemplate': 'kubernetes-models/v1/PodTemplate',
  'v1/ReplicationController': 'kubernetes-models/v1/ReplicationController',
  'v1/ServiceAccount': 'kubernetes-models/v1/ServiceAccount',
  'rbac.authorization.k8s.io/v1/ClusterRole': 'kubernetes-models/rbac.authorization.k8s.io/v1/ClusterRole',
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': 'kubernetes-models/rbac.authorization.k8s.io/v1/ClusterRoleBinding',
  'rbac.authorization.k8s.io/v1/Role': 'kubernetes-models/rbac.authorization.k8s.io/v1/Role',
  'rbac.authorization.k8s.io/v1/RoleBinding': 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding',
  'apps/v1/Deployment': 'kubernetes-models/apps/v1/Deployment',
  'apps/v1/DaemonSet': 'kubernetes-models/apps/v1/DaemonSet',
  'apps/v1/StatefulSet': 'kubernetes-models/apps/v1/StatefulSet',
  'apps/v1/ReplicaSet': 'kubernetes-models/apps/v1/ReplicaSet',
  'batch/v1/Job': 'kubernetes-models/batch/v1/Job',
  'batch/v1/CronJob': 'kubernetes-models/batch/v1/CronJob',
};

function coreKindErrors(object: { apiVersion?: string; kind?: string }): string[] {
  const module = CORE_MODELS[`${object.apiVersion}/${object.kind}`];
  if (!module) {
    return [`no schema known for ${object.apiVersion} ${object.kind}`];
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exported = require(module);
  const Model = exported[object.kind as string] ?? exported.default;
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [String((error as Error).message)];
  }
}

/** Jest-friendly assertion: throws with every error of every invalid object. */
export function expectValidObjects(objects: readonly object[]): void {
  const problems = objects.flatMap((object) => schemaErrors(object as never)
    .map((e) => `${(object as { kind?: string }).kind}/${(object as { metadata?: { name?: string } }).metadata?.name}: ${e}`));
  if (problems.length > 0) {
    throw new Error(`schema validation failed:\n${problems.join('\n')}`);
  }
}

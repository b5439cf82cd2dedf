/**
 * The local control plane itself: the version it was built from, the APIs the suites rely on, every
 * shared CRD established.
 */
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { ControlPlane, KUBERNETES_VERSION, sharedCrdFiles, startControlPlane } from '../support/control-plane/control-plane';

let controlPlane: ControlPlane;
beforeAll(async () => {
  controlPlane = await startControlPlane();
}, 180_000);
afterAll(() => controlPlane?.stop());

// The start time is measured, not asserted (timed tests fail under load): docs/testing.md gives it.
afterAll(() => {
  // eslint-disable-next-line no-console
  console.log(`control plane: API server ready after ${controlPlane.timings.ready.toFixed(1)} s, CRDs established after ${controlPlane.timings.crds.toFixed(1)} s`);
});

test('the API server is the pinned release, and serves both MutatingAdmissionPolicy versions', () => {
  expect(JSON.parse(controlPlane.kubectl(['get', '--raw', '/version']).stdout).gitVersion).toBe(KUBERNETES_VERSION);
  const versions = controlPlane.kubectl(['api-versions']).stdout.split('\n');
  expect(versions).toEqual(expect.arrayContaining(['admissionregistration.k8s.io/v1', 'admissionregistration.k8s.io/v1beta1']));
  expect(controlPlane.kubectl(['api-resources', '--api-group', 'admissionregistration.k8s.io', '-o', 'name']).stdout).toContain('mutatingadmissionpolicies');
});

test('every CRD of ../shared/crds is established', () => {
  const names = sharedCrdFiles().flatMap((file) => parseAllDocuments(readFileSync(file, 'utf8')).map((document) => document.toJS().metadata.name));
  const crds = JSON.parse(controlPlane.kubectl(['get', 'crd', '-o', 'json']).stdout).items;
  const established = crds.filter((crd: any) => crd.status.conditions.some((c: any) => c.type === 'Established' && c.status === 'True'));
  expect(established.map((crd: any) => crd.metadata.name).sort()).toEqual([...names].sort());
});

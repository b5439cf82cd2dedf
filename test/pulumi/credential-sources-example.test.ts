/**
 * examples/pulumi-credential-sources: one cluster per non-literal credential source. The program
 * type-checks, runs under Pulumi mocks, and no resource input holds the password in any encoding,
 * not even in secret-marked values: the library never sees it (existing Secret, External Secrets)
 * or holds it sealed for the controller (Sealed Secrets).
 */
import * as path from 'node:path';
import { exampleProgramTests, runProgram } from './example-program';
import { credentialForms } from '../support/fixtures/credential-leaks';
import { recorded, settle } from '../support/pulumi-mocks';

const PROGRAM = path.resolve(__dirname, '..', '..', 'examples', 'pulumi-credential-sources', 'index.ts');
const PASSWORD = 'Ex4mple:p@ss/w%rd "q" ü';

exampleProgramTests(PROGRAM);

test('no resource input holds the password, secret or not; each cluster gets its source\'s objects', async () => {
  const saved = process.env.PROXY_PASSWORD;
  process.env.PROXY_PASSWORD = PASSWORD;
  try {
    const exports = runProgram(PROGRAM);
    await settle();
    expect(exports.clusters).toEqual(['existing-secret', 'external-secret', 'sealed-secret']);
  } finally {
    if (saved === undefined) delete process.env.PROXY_PASSWORD; else process.env.PROXY_PASSWORD = saved;
  }
  const leaks = recorded.flatMap((r) => {
    const text = JSON.stringify(r.wire);
    return credentialForms(PASSWORD).filter((form) => text.includes(form)).map((form) => `${r.type} ${r.name}: ${form}`);
  });
  expect(leaks).toEqual([]);

  const kinds = (cluster: string) => recorded.filter((r) => r.name.startsWith(cluster) && r.type.startsWith('kubernetes:'))
    .map((r) => r.type.split(':').slice(1).join(':'));
  expect(kinds('existing-secret')).not.toContain('core/v1:Secret');
  expect(kinds('existing-secret')).toContain('core/v1:ConfigMap');
  expect(kinds('external-secret')).toContain('external-secrets.io/v1:ExternalSecret');
  expect(kinds('external-secret')).not.toContain('core/v1:Secret');
  expect(kinds('sealed-secret')).toContain('bitnami.com/v1alpha1:SealedSecret');
  expect(kinds('sealed-secret')).not.toContain('core/v1:Secret');
});

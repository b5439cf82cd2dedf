// Ask npm proxy-from-env (the package axios uses) whether each case's URL goes through the proxy.
//
// Usage: node decide-pfe.cjs PACKAGE_DIR BATCH.json   (prints a JSON array of verdicts)
//
// PACKAGE_DIR is an installed proxy-from-env (1.1.0 or 2.1.0, see scripts/install-test-tools.sh).
// getProxyForUrl reads process.env on every call, so one process runs the whole batch, setting
// the six proxy variables before each case (a case's `environment` replaces the four proxy URLs:
// each name set, or deleted for `null`). A pure decision function: nothing connects.
'use strict';

const { readFileSync } = require('node:fs');
const path = require('node:path');

const PROXY_VARIABLES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy'];

const [packageDir, batchFile] = process.argv.slice(2);
if (!packageDir || !batchFile) {
  process.stderr.write('usage: decide-pfe.cjs PACKAGE_DIR BATCH.json\n');
  process.exit(64);
}
const { getProxyForUrl } = require(path.resolve(packageDir));
const batch = JSON.parse(readFileSync(batchFile, 'utf8'));
const verdicts = batch.cases.map((testCase) => {
  for (const name of PROXY_VARIABLES) {
    delete process.env[name];
  }
  const environment = testCase.environment ?? Object.fromEntries(PROXY_VARIABLES.map((name) => [name, batch.proxy]));
  for (const [name, value] of Object.entries(environment)) {
    if (value === null) {
      delete process.env[name];
    } else {
      process.env[name] = value;
    }
  }
  process.env.NO_PROXY = testCase.noProxy;
  process.env.no_proxy = testCase.noProxy;
  try {
    const proxy = getProxyForUrl(testCase.url);
    return { id: testCase.id, verdict: proxy ? 'proxy' : 'direct', detail: proxy };
  } catch (error) {
    // a client that throws has no verdict; report it, never guess
    return { id: testCase.id, verdict: 'error', detail: String(error) };
  }
});
process.stdout.write(JSON.stringify(verdicts));

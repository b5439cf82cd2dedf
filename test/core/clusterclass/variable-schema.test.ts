/**
 * The proxy variable's schema is what the API server checks a Cluster's variable value against: a
 * value the templates would render into broken node files must fail there. The patterns are
 * checked with ajv (as JSON Schema) and compiled with Go's regexp (RE2, what Kubernetes runs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import { proxyVariableDefinition } from '../../../src/core/clusterclass/proxy-variable';

const schema = (proxyVariableDefinition('proxy') as { schema: { openAPIV3Schema: Record<string, any> } }).schema.openAPIV3Schema;
const validate = new Ajv({ strict: false }).compile(schema);

test.each([
  ['http://proxy.corp.example:3128'], ['https://proxy.corp.example:443'], ['http://10.0.0.1:3128'], ['http://[fd00::1]:3128'],
  ['http://[2001:db8::8a2e:370:7334]:8080'], ['http://proxy_1.corp:65535'], ['http://squid:1'],
])('accepted: %s', (url) => {
  expect(validate({ http: url, https: url })).toBe(true);
});

test.each([
  ['http://proxy.corp.example:0'], ['http://proxy.corp.example:99999'], ['http://proxy.corp.example:65536'], ['http://[:::::]:3128'],
  ['http://999.1.1.1:3128'], ['http://10.0.0.256:3128'], ['http://proxy.corp.example'], ['ftp://proxy:21'], ['http://user:pw@proxy:3128'],
  ['http://[fd00::1::2]:3128'], ['http://1.2.3:3128'],
])('refused: %s', (url) => {
  expect(validate({ http: url })).toBe(false);
});

test('controlPlaneEndpoint takes names and valid IPs; dnsServiceIp takes IPs only', () => {
  for (const host of ['api.demo.corp.example', '10.0.0.10', 'fd00::10']) {
    expect({ host, ok: validate({ controlPlaneEndpoint: host }) }).toEqual({ host, ok: true });
  }
  for (const host of ['999.1.1.1', ':::::', 'api demo']) {
    expect({ host, ok: validate({ controlPlaneEndpoint: host }) }).toEqual({ host, ok: false });
  }
  expect(validate({ dnsServiceIp: '10.96.0.10' })).toBe(true);
  expect(validate({ dnsServiceIp: 'kube-dns.example' })).toBe(false);
});

test('every pattern compiles with Go\'s regexp (RE2)', () => {
  const patterns: string[] = [];
  JSON.stringify(schema, (key, value) => {
    if (key === 'pattern') {
      patterns.push(value as string);
    }
    return value;
  });
  const dir = mkdtempSync(join(tmpdir(), 'go-re2-'));
  try {
    writeFileSync(join(dir, 'main.go'), `package main

import (
\t"encoding/json"
\t"fmt"
\t"os"
\t"regexp"
)

func main() {
\tvar patterns []string
\tif err := json.NewDecoder(os.Stdin).Decode(&patterns); err != nil {
\t\tpanic(err)
\t}
\tfor _, p := range patterns {
\t\tif _, err := regexp.Compile(p); err != nil {
\t\t\tfmt.Println(err)
\t\t\tos.Exit(1)
\t\t}
\t}
\tfmt.Println(len(patterns))
}
`);
    const result = spawnSync('go', ['run', join(dir, 'main.go')], {
      input: JSON.stringify(patterns),
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, GOCACHE: join(__dirname, '..', '..', '..', 'conformance', '.cache', 'go-build'), GOFLAGS: '-mod=mod', GO111MODULE: 'off' },
    });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(String(patterns.length));
    expect(patterns.length).toBeGreaterThan(5);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

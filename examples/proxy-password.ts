// The proxy password of every example: from PROXY_PASSWORD (a CI secret, a vault...), never from
// the repository. Without it the examples still run, with a demo value, and say so on stderr so
// nobody mistakes their output for something deployable.
const DEMO_PASSWORD = 'demo-only-not-a-secret';

export function proxyPassword(): string {
  const password = process.env.PROXY_PASSWORD;
  if (password !== undefined && password !== '') {
    return password;
  }
  process.stderr.write('notice: PROXY_PASSWORD is not set; the example uses a demo password. Its Secrets are not deployable: '
    + "set PROXY_PASSWORD (e.g. PROXY_PASSWORD='...' npx cdk8s synth --check-upgrade false) for real output.\n");
  return DEMO_PASSWORD;
}

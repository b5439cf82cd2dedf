// Reading the witness proxy's log (see witness-proxy.mjs) to turn a real request into a verdict.
//
// A witnessed client runs its cases one at a time: mark the log, make the request, then read what
// the witness logged since the mark. The witness writes before it answers, and only one request is
// in flight, so the lines after the mark belong to this request.
import { readFileSync, statSync } from 'node:fs';

/** The current end of the witness log, to pass to {@link verdictSince}. */
export function witnessMark(logFile) {
  return statSync(logFile).size;
}

/**
 * A host compared loosely: lower case, without IPv6 brackets (wget writes `CONNECT fd00::10:443`)
 * and without a trailing dot (clients differ on keeping it).
 */
function looseHost(text) {
  return text.toLowerCase().replace(/[[\]]/g, '').replace(/\.(:\d+)?$/, '$1');
}

/**
 * The verdict for `url` from the witness lines logged after `mark`: `proxy` when the witness saw a
 * request for this host, `direct` when it saw nothing, `error` when it saw a request for another
 * host (the run is then unreliable and must not be trusted).
 */
export function verdictSince(logFile, mark, url, outcome) {
  const logged = readFileSync(logFile).subarray(mark).toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  if (logged.length === 0) {
    return { verdict: 'direct', detail: outcome };
  }
  const host = looseHost(new URL(url).hostname);
  const foreign = logged.find((record) => !looseHost(record.target.replace(/^https?:\/\/([^/]*).*$/, '$1')).includes(host));
  if (foreign) {
    return { verdict: 'error', detail: `witness saw ${foreign.method} ${foreign.target} while testing ${url}` };
  }
  return { verdict: 'proxy', detail: `${logged[0].method} ${logged[0].target}` };
}

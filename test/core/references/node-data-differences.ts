import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Byte-for-byte comparison of a system's rendered node proxy data (the reference fixtures) with the
 * library's, reduced to one difference per distinct cause: the same difference in every file or
 * both Environment spellings (`NO_PROXY`, `no_proxy`) counts once.
 */

/** One node file as kubeadm takes it. */
export interface NodeFile {
  readonly path: string;
  readonly owner?: string;
  readonly permissions?: string;
  readonly encoding?: string;
  readonly content: string;
}

/** The files and commands a system adds to one kubeadm config spec. */
export interface NodeData {
  readonly files: readonly NodeFile[];
  readonly preKubeadmCommands: readonly string[];
}

/** One point where the two differ, with the exact text on each side. */
export interface Difference {
  readonly point: string;
  readonly theirs: string;
  readonly ours: string;
}

const ABSENT = '(absent)';
const ENVIRONMENT_LINE = /^Environment="([A-Za-z_]+)=(.*)"$/;

/** The reference cases: the input files of a system's fixtures. */
export function referenceCases(fixtures: string): string[] {
  return readdirSync(join(fixtures, 'inputs')).filter((name) => name.endsWith('.yaml')).sort();
}

export function fixtureText(fixtures: string, ...path: string[]): string {
  return readFileSync(join(fixtures, ...path), 'utf8');
}

function decoded(file: NodeFile): string {
  return file.encoding === 'base64' ? Buffer.from(file.content, 'base64').toString('utf8') : file.content;
}

/** The differences of one file's content: each Environment variable, the line layout, the end. */
function contentDifferences(theirs: string, ours: string): Difference[] {
  if (theirs === ours) {
    return [];
  }
  const differences: Difference[] = [];
  const lines = (text: string) => text.split('\n').filter((line) => line !== '');
  const environment = (text: string) => new Map(lines(text).flatMap((line) => {
    const match = ENVIRONMENT_LINE.exec(line);
    return match ? [[match[1], match[2]] as const] : [];
  }));
  const theirEnvironment = environment(theirs);
  const ourEnvironment = environment(ours);
  for (const name of new Set([...theirEnvironment.keys(), ...ourEnvironment.keys()])) {
    const theirValue = theirEnvironment.get(name) ?? ABSENT;
    const ourValue = ourEnvironment.get(name) ?? ABSENT;
    if (theirValue === ourValue) {
      continue;
    }
    if (name.toUpperCase() === 'NO_PROXY' && theirValue !== ABSENT && ourValue !== ABSENT) {
      differences.push(...noProxyDifferences(theirValue, ourValue));
    } else {
      differences.push({ point: `Environment ${name.toUpperCase()}`, theirs: theirValue, ours: ourValue });
    }
  }
  const layout = (text: string) => lines(text).map((line) => ENVIRONMENT_LINE.exec(line)?.[1] ?? line).join('\n');
  if (layout(theirs) !== layout(ours)) {
    differences.push({ point: 'file lines', theirs: layout(theirs), ours: layout(ours) });
  }
  const ending = (text: string) => JSON.stringify(/\n*$/.exec(text)![0]);
  if (ending(theirs) !== ending(ours)) {
    differences.push({ point: 'file ends with', theirs: ending(theirs), ours: ending(ours) });
  }
  return differences;
}

/** Two NO_PROXY values: the entries only one side writes, and the order of the common ones. */
function noProxyDifferences(theirValue: string, ourValue: string): Difference[] {
  const theirs = theirValue.split(',');
  const ours = ourValue.split(',');
  const differences: Difference[] = [];
  const onlyTheirs = theirs.filter((entry) => !ours.includes(entry));
  const onlyOurs = ours.filter((entry) => !theirs.includes(entry));
  if (onlyTheirs.length > 0) {
    differences.push({ point: 'NO_PROXY entries only they write', theirs: onlyTheirs.join(','), ours: ABSENT });
  }
  if (onlyOurs.length > 0) {
    differences.push({ point: 'NO_PROXY entries only the library writes', theirs: ABSENT, ours: onlyOurs.join(',') });
  }
  const theirCommon = theirs.filter((entry) => ours.includes(entry)).join(',');
  const ourCommon = ours.filter((entry) => theirs.includes(entry)).join(',');
  if (theirCommon !== ourCommon) {
    differences.push({ point: 'NO_PROXY order of the common entries', theirs: theirCommon, ours: ourCommon });
  }
  return differences;
}

function fileDifferences(theirs: NodeFile, ours: NodeFile): Difference[] {
  const fields = (['owner', 'permissions', 'encoding'] as const).flatMap((field) => (theirs[field] === ours[field]
    ? []
    : [{ point: `file ${field}`, theirs: theirs[field] ?? ABSENT, ours: ours[field] ?? ABSENT }]));
  return [...fields, ...contentDifferences(decoded(theirs), decoded(ours))];
}

/** Every difference between two node data sets, file by file (by path) and command by command. */
export function nodeDataDifferences(theirs: NodeData, ours: NodeData): Difference[] {
  const differences: Difference[] = [];
  const theirPaths = theirs.files.map((file) => file.path);
  const ourPaths = ours.files.map((file) => file.path);
  for (const path of new Set([...theirPaths, ...ourPaths])) {
    const theirFile = theirs.files.find((file) => file.path === path);
    const ourFile = ours.files.find((file) => file.path === path);
    if (theirFile && ourFile) {
      differences.push(...fileDifferences(theirFile, ourFile));
    } else {
      differences.push({ point: `file ${path}`, theirs: theirFile ? 'written' : ABSENT, ours: ourFile ? 'written' : ABSENT });
    }
  }
  const commandCount = Math.max(theirs.preKubeadmCommands.length, ours.preKubeadmCommands.length);
  for (let index = 0; index < commandCount; index++) {
    const theirCommand = theirs.preKubeadmCommands[index] ?? ABSENT;
    const ourCommand = ours.preKubeadmCommands[index] ?? ABSENT;
    if (theirCommand !== ourCommand) {
      differences.push({ point: `preKubeadmCommands[${index}]`, theirs: theirCommand, ours: ourCommand });
    }
  }
  return differences;
}


/** A ledger entry: a distinct difference and the reference cases that show it. */
export interface LedgerEntry extends Difference {
  readonly cases: string[];
}

/** The distinct differences of every case, each with its cases, in first-seen order. */
export function ledgerOf(differencesByCase: ReadonlyArray<readonly [string, readonly Difference[]]>): LedgerEntry[] {
  const entries = new Map<string, LedgerEntry>();
  for (const [name, differences] of differencesByCase) {
    for (const { point, theirs, ours } of differences) {
      const key = JSON.stringify([point, theirs, ours]);
      const entry = entries.get(key) ?? { point, theirs, ours, cases: [] };
      if (!entry.cases.includes(name)) {
        entry.cases.push(name);
      }
      entries.set(key, entry);
    }
  }
  return [...entries.values()];
}

/** The value of `Environment="<name>=…"` in a drop-in (undefined when it has none). */
export function environmentValue(content: string, name: string): string | undefined {
  return content.split('\n').map((line) => ENVIRONMENT_LINE.exec(line)).find((match) => match?.[1] === name)?.[2];
}

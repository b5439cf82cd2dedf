/** Two lists of lines (or commands) where they differ: each hunk the lines one side has in place of the other's. */
export interface LineHunk {
  readonly theirs: string[];
  readonly ours: string[];
}

/** The hunks where two line lists differ, by their longest common subsequence. */
export function lineHunks(theirs: string[], ours: string[]): LineHunk[] {
  const common: number[][] = Array.from({ length: theirs.length + 1 }, () => new Array(ours.length + 1).fill(0));
  for (let i = theirs.length - 1; i >= 0; i--) {
    for (let j = ours.length - 1; j >= 0; j--) {
      common[i][j] = theirs[i] === ours[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const hunks: LineHunk[] = [];
  let hunk = { theirs: [] as string[], ours: [] as string[] };
  const close = (): void => {
    if (hunk.theirs.length + hunk.ours.length > 0) {
      hunks.push(hunk);
      hunk = { theirs: [], ours: [] };
    }
  };
  let i = 0;
  let j = 0;
  while (i < theirs.length || j < ours.length) {
    if (i < theirs.length && j < ours.length && theirs[i] === ours[j]) {
      close();
      i++;
      j++;
    } else if (j < ours.length && (i === theirs.length || common[i][j + 1] >= common[i + 1][j])) {
      hunk.ours.push(ours[j++]);
    } else {
      hunk.theirs.push(theirs[i++]);
    }
  }
  close();
  return hunks;
}

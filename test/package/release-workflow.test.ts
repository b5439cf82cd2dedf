import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../support/module-loading';

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
}
interface Job {
  readonly needs?: string | string[];
  readonly if?: string;
  readonly steps: Step[];
}
interface Task {
  readonly steps?: Array<{ spawn?: string; exec?: string }>;
}

const workflow = parse(readFileSync(join(REPO_ROOT, '.github', 'workflows', 'release.yml'), 'utf8')) as { on: Record<string, unknown>; jobs: Record<string, Job> };
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string; jsii: { targets: Record<string, unknown> } };
const tasks = (JSON.parse(readFileSync(join(REPO_ROOT, '.projen', 'tasks.json'), 'utf8')) as { tasks: Record<string, Task> }).tasks;

/**
 * publib's publisher for each directory of dist/ (each reads its own by default: dist/js for npm,
 * dist/python, dist/java, dist/go, dist/dotnet, the directories jsii-pacmak writes for each target)
 * and the credentials it reads from its environment.
 */
const PUBLISHERS: Record<string, { command: string; secrets: readonly string[] }> = {
  js: { command: 'publib-npm', secrets: ['NPM_TOKEN'] },
  python: { command: 'publib-pypi', secrets: ['TWINE_USERNAME', 'TWINE_PASSWORD'] },
  java: {
    command: 'publib-maven',
    secrets: ['MAVEN_USERNAME', 'MAVEN_PASSWORD', 'MAVEN_GPG_PRIVATE_KEY', 'MAVEN_GPG_PRIVATE_KEY_PASSPHRASE', 'MAVEN_STAGING_PROFILE_ID'],
  },
  go: { command: 'publib-golang', secrets: ['GITHUB_TOKEN'] },
  dotnet: { command: 'publib-nuget', secrets: ['NUGET_API_KEY'] },
};

/** The job whose `Release` step runs the given publib command, with that step. */
function publishing(command: string): { name: string; job: Job; step: Step } | undefined {
  for (const [name, job] of Object.entries(workflow.jobs)) {
    const step = job.steps.find((candidate) => candidate.run?.split(/\s+/).some((word) => word.replace(/'/g, '') === command));
    if (step) return { name, job, step };
  }
  return undefined;
}

/** The tasks a task runs, itself included, following its spawns. */
function spawned(name: string): string[] {
  return [name, ...(tasks[name]?.steps ?? []).flatMap((step) => (step.spawn ? spawned(step.spawn) : []))];
}

describe('the release workflow (.github/workflows/release.yml)', () => {
  test('starts only by hand: no push, tag, schedule or pull request starts it', () => {
    expect(Object.keys(workflow.on)).toEqual(['workflow_dispatch']);
  });

  test('builds the artifacts with the release task, whose build packages them into dist/, and hands dist/ on', () => {
    const build = workflow.jobs.release;
    expect(build.steps.map((step) => step.run)).toContain('npx projen release');
    expect(spawned('release')).toEqual(expect.arrayContaining(['bump', 'build', 'test', 'package', 'unbump']));
    const upload = build.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.path).toBe('dist');
  });

  test('releases the version package.json holds, and puts the committed package.json back', () => {
    expect(tasks['bump:next-version'].steps).toEqual([{ exec: `echo ${pkg.version}` }]);
    expect(tasks.unbump.steps).toEqual([{ exec: 'git checkout HEAD -- package.json' }]);
  });

  test('publishes the npm tarball and every language the jsii assembly targets, each from its directory of dist/', () => {
    const directories = ['js', ...Object.keys(pkg.jsii.targets)];
    expect(directories.sort()).toEqual(Object.keys(PUBLISHERS).sort());
    for (const directory of directories) {
      const { command } = PUBLISHERS[directory];
      const publisher = publishing(command);
      expect({ directory, job: publisher?.name }).toEqual({ directory, job: expect.any(String) });
      const { job, step } = publisher!;
      expect(job.needs).toContain('release');
      // nothing when the version's tag exists already: each version is published once
      expect(job.if).toContain("needs.release.outputs.tag_exists != 'true'");
      const download = job.steps.find((candidate) => candidate.uses?.startsWith('actions/download-artifact@'));
      expect(download?.with?.path).toBe('dist');
      // no directory argument: publib reads its own directory of dist/
      expect(step.run).toMatch(new RegExp(`'publib@\\d+\\.\\d+\\.\\d+' '${command}'$`));
    }
  });

  test('gives each publisher the credentials publib reads, from the repository\'s secrets, and publishes nothing on a dry run', () => {
    for (const { command, secrets } of Object.values(PUBLISHERS)) {
      const { step } = publishing(command)!;
      for (const secret of secrets) {
        expect({ command, secret, value: step.env?.[secret] }).toEqual({ command, secret, value: expect.stringMatching(/^\$\{\{ secrets\.[A-Z_]+ \}\}$/) });
      }
      expect(step.env?.PUBLIB_DRYRUN).toBe('${{ inputs.dry_run }}');
    }
    const githubRelease = workflow.jobs.release_github.steps.find((step) => step.name === 'Release');
    expect(githubRelease?.if).toBe('${{ !inputs.dry_run }}');
  });
});

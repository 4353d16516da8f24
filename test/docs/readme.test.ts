/**
 * The README stays a five-minute read: the two commands first, then a first request,
 * keys, filters, errors and short pointers, in that order and under 150 lines. Every
 * `lungtrials ...` command shown in README.md and docs/ exists (its `--help` runs) and
 * takes the flags shown with it; every `npm run` script shown exists; every dependency
 * is listed with what it is for.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/processes.js';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const DOC_FILES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  'bench/README.md',
  'workers/README.md',
  'pipeline/registry/README.md',
  'pipeline/sponsors/README.md',
].filter((f) => existsSync(path.join(ROOT, f)));

/** Inline code spans and fenced code block lines: where commands are shown. */
function codeOf(markdown: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      fenced = !fenced;
      continue;
    }
    if (fenced) out.push(line);
    else for (const [, code] of line.matchAll(/`([^`]+)`/g)) out.push(code);
  }
  return out;
}

/** `lungtrials <words and flags>` as shown, up to a comment or the end of the snippet. */
function shownCommands(): Array<{ file: string; words: string[]; flags: string[] }> {
  const shown = [];
  for (const file of DOC_FILES) {
    for (const code of codeOf(readFileSync(path.join(ROOT, file), 'utf8'))) {
      for (const [, rest] of code.matchAll(/(?:^|[\s(])lungtrials ([^#|;&]*)/g)) {
        const tokens = rest.trim().split(/\s+/).filter(Boolean);
        if (!tokens.length || tokens[0] === '…' || tokens[0] === '...') continue;
        shown.push({
          file,
          words: tokens.filter(
            (t, i) =>
              /^[a-z][a-z-]*$/.test(t) && tokens.slice(0, i).every((p) => /^[a-z][a-z-]*$/.test(p)),
          ),
          flags: tokens.filter((t) => t.startsWith('--')).map((t) => t.split('=')[0]),
        });
      }
    }
  }
  return shown;
}

function subcommandsIn(help: string): string[] {
  const section = help.split(/^Commands:$/m)[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)/gm)]
    .map((m) => m[1])
    .filter((c) => c !== 'help');
}

describe('README.md', () => {
  const lines = README.split('\n');
  const headings = lines.filter((l) => /^#{1,2} /.test(l));

  it('starts with what it is and the two commands, then the sections in order', () => {
    expect(headings).toEqual([
      '# Lung cancer trial search',
      '## A first request',
      '## Keys and tiers',
      '## Filters (`GET /api/v1/trials`)',
      '## Errors',
      '## More',
      '## Dependencies and what each is for',
    ]);
    const intro = README.slice(README.indexOf('\n') + 1, README.indexOf('```'))
      .trim()
      .split('\n');
    expect(intro.length, 'what it is: 3 lines').toBeLessThanOrEqual(3);
    const firstBlock = README.slice(
      README.indexOf('```'),
      README.indexOf('```', README.indexOf('```') + 3),
    );
    expect(firstBlock).toMatch(/^```sh\nnpm install && npm start +#/);
    expect(firstBlock).toMatch(/\nnpm test +#.*\d+ minutes/);
  });

  it('is short: under 150 lines, under 115 before the dependency list', () => {
    expect(lines.length).toBeLessThan(150);
    expect(lines.findIndex((l) => l.startsWith('## Dependencies'))).toBeLessThan(115);
  });

  it('points to docs that exist, and says where the unseen-trials estimate goes', () => {
    const more = README.slice(README.indexOf('## More'), README.indexOf('## Dependencies'));
    const pointed = [...more.matchAll(/`((?:docs|bench)\/[\w./-]+\.md)`/g)].map((m) => m[1]);
    expect(pointed).toEqual(
      expect.arrayContaining([
        'docs/operations.md',
        'docs/snapshot.md',
        'docs/biomarkers.md',
        'bench/README.md',
        'docs/architecture.md',
      ]),
    );
    for (const file of pointed) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    expect(more).toMatch(/unseen real trials \(frozen test split/);
  });

  it('lists every dependency with what it is for', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const table = README.slice(README.indexOf('## Dependencies'));
    const missing = Object.keys(pkg.dependencies).filter((name) => !table.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

describe('commands shown in README.md and docs/', () => {
  it('every `npm run` script shown exists', () => {
    const scripts = Object.keys(
      (
        JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
          scripts: Record<string, string>;
        }
      ).scripts,
    );
    for (const file of DOC_FILES) {
      for (const code of codeOf(readFileSync(path.join(ROOT, file), 'utf8'))) {
        for (const [, name] of code.matchAll(/npm run ([\w:-]+)/g))
          expect(scripts, `${file}: npm run ${name}`).toContain(name);
      }
    }
  });

  // One `--help` child process per distinct command; a few seconds each on a loaded machine.
  it(
    'every `lungtrials` command shown runs --help and knows the flags shown with it',
    { timeout: 300_000 },
    async () => {
      const shown = shownCommands();
      expect(shown.length).toBeGreaterThan(10);
      const top = await runCli(['--help'], {});
      expect(top.code).toBe(0);
      const groups = subcommandsIn(top.stdout);
      const helps = new Map<string, string>();
      const helpOf = async (words: string[]): Promise<string> => {
        const key = words.join(' ');
        if (!helps.has(key)) {
          const res = await runCli([...words, '--help'], {});
          expect(res.code, `lungtrials ${key} --help: ${res.stderr}`).toBe(0);
          helps.set(key, res.stdout);
        }
        return helps.get(key)!;
      };
      for (const { file, words, flags } of shown) {
        if (!words.length) {
          for (const flag of flags)
            expect(top.stdout, `${file}: lungtrials ${flag}`).toContain(flag);
          continue;
        }
        expect(groups, `${file}: lungtrials ${words[0]} is not a command`).toContain(words[0]);
        let command = [words[0]];
        const subs = subcommandsIn(await helpOf(command));
        if (subs.length) {
          expect(
            subs,
            `${file}: lungtrials ${words.slice(0, 2).join(' ')} is not a command`,
          ).toContain(words[1]);
          command = words.slice(0, 2);
        }
        const help = await helpOf(command);
        for (const flag of flags)
          expect(help, `${file}: lungtrials ${command.join(' ')} has no ${flag}`).toContain(flag);
      }
    },
  );
});

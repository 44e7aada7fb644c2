import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  benchCommand,
  benchReportWanted,
  markdownTable,
  renderBenchSection,
  replaceBenchSection,
  writeBenchReport,
} from './report.mjs';

const report = (figure) => ({
  title: `Bench ${figure}`,
  command: 'npm run bench:x',
  body: markdownTable(['what', 'ms:'], [['a read', figure]]),
  date: new Date(Date.UTC(2026, 10, 27, 9, 30, 5, 123)),
  machine: 'a test machine',
});

describe('docs/benchmarks.md sections (tests/bench/report.mjs)', () => {
  let dir;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('writes a section with title, command, UTC date, machine and figures between its markers', () => {
    expect(renderBenchSection('x', report('1.5'))).toBe(
      [
        '<!-- bench:x -->',
        '## Bench 1.5',
        '',
        '- command: `npm run bench:x`',
        '- date: 2026-11-27T09:30:05Z',
        '- machine: a test machine',
        '',
        '| what | ms |',
        '|---|---:|',
        '| a read | 1.5 |',
        '<!-- /bench:x -->',
      ].join('\n'),
    );
  });

  it('names the machine by default: CPU model, cores, memory, Node and platform', () => {
    const { date: _date, machine: _machine, ...rest } = report('1');
    const machine = /- machine: (.*)/.exec(renderBenchSection('x', rest))?.[1];
    expect(machine).toMatch(/, \d+ cores, \d+\.\d GiB memory, Node v\d+\.\d+\.\d+, \w+ \w+$/);
  });

  it('replaces only its own section, keeping the others and the text around them byte for byte', () => {
    const doc = [
      '# Benchmarks',
      '',
      'Intro.',
      '',
      renderBenchSection('a', report('1')),
      '',
      'Notes on a, kept by hand.',
      '',
      renderBenchSection('b', report('2')),
      'Notes on b.',
      '',
    ].join('\n');
    const next = replaceBenchSection(doc, 'a', renderBenchSection('a', report('9')));
    expect(next).toBe(doc.replace('## Bench 1', '## Bench 9').replace('| a read | 1 |', '| a read | 9 |'));
    expect(replaceBenchSection(next, 'b', renderBenchSection('b', report('2')))).toBe(next);
  });

  it('adds a missing section at the end, and starts a missing page with its header', () => {
    const doc = `# Benchmarks\n\n${renderBenchSection('a', report('1'))}\n`;
    const next = replaceBenchSection(doc, 'c', renderBenchSection('c', report('3')));
    expect(next).toBe(`${doc}\n${renderBenchSection('c', report('3'))}\n`);
    const fresh = replaceBenchSection('', 'c', renderBenchSection('c', report('3')));
    expect(fresh).toMatch(/^# Benchmarks\n/);
    expect(fresh.endsWith(`\n${renderBenchSection('c', report('3'))}\n`)).toBe(true);
  });

  it('refuses a page whose markers of the bench are not a pair', () => {
    expect(() => replaceBenchSection('<!-- bench:a -->\n', 'a', renderBenchSection('a', report('1')))).toThrow(
      /not a pair/,
    );
    // A bench whose name only starts like another's is not confused with it.
    const doc = `${renderBenchSection('ab', report('1'))}\n`;
    expect(replaceBenchSection(doc, 'a', renderBenchSection('a', report('2')))).toContain('<!-- bench:ab -->');
  });

  it('writes the file, and nothing with BENCH_REPORT=0 or in a check run', () => {
    dir = mkdtempSync(join(tmpdir(), 'cp-bench-report-'));
    const file = join(dir, 'docs', 'benchmarks.md');
    expect(writeBenchReport('a', report('1'), { file, env: {}, argv: [] })).toBe(file);
    writeFileSync(file, readFileSync(file, 'utf8') + '\nHand-kept notes.\n');
    writeBenchReport('b', report('2'), { file, env: {}, argv: [] });
    writeBenchReport('a', report('7'), { file, env: {}, argv: [] });
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('## Bench 7');
    expect(text).not.toContain('## Bench 1');
    expect(text).toContain('Hand-kept notes.');
    expect(text.indexOf('bench:a')).toBeLessThan(text.indexOf('bench:b'));

    expect(writeBenchReport('a', report('8'), { file, env: { BENCH_REPORT: '0' }, argv: [] })).toBeNull();
    expect(writeBenchReport('a', report('8'), { file, env: {}, argv: ['node', 'size.mjs', '--check'] })).toBeNull();
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(benchReportWanted({ BENCH_REPORT: '1' }, [])).toBe(true);
  });

  it('writes the command that reproduces the run, without a database URL', () => {
    const env = { BENCH_RUNS: '5', BENCH_DATABASE_URL: 'postgres://user:secret@db/x', BENCH_SECONDS: '' };
    expect(benchCommand('npm run bench:data', ['BENCH_RUNS', 'BENCH_SECONDS'], ['BENCH_DATABASE_URL'], env)).toBe(
      'BENCH_RUNS=5 BENCH_DATABASE_URL=… npm run bench:data',
    );
  });

  it('escapes pipes in cells and right-aligns figure columns', () => {
    expect(markdownTable(['read', 'p95:'], [['f=a:in:x|y', 3]])).toBe(
      '| read | p95 |\n|---|---:|\n| f=a:in:x\\|y | 3 |',
    );
  });
});

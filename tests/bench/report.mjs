// What every bench writes when it ends: its section of docs/benchmarks.md — title, the command that
// reproduces it, the date (UTC), the machine and the figures as Markdown tables — between the markers
// `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`. Only that section is rewritten; the others and
// the hand-kept notes outside the markers stay as they are. A missing file or section is created (a
// new section goes at the end). Nothing is written when BENCH_REPORT=0 or when the bench runs as a
// check (`--check`, as `npm test` runs bench:size): tests must not change the tree.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** docs/benchmarks.md of this repository. */
export const BENCH_REPORT_FILE = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

const HEADER = `# Benchmarks

Each bench of \`tests/bench\` writes its own section of this page when it ends (\`tests/bench/report.mjs\`):
the command that reproduces it, when and on what machine it ran, and its figures. Run the command
again to regenerate a section (\`BENCH_REPORT=0\` leaves this page alone). The notes below a section
are kept by hand.
`;

/** The machine a bench runs on, in one line: CPU model, cores, memory, Node, platform. */
export function machineInfo() {
  const cores = cpus();
  const model = cores[0]?.model.trim() || 'unknown CPU';
  const memory = `${(totalmem() / 2 ** 30).toFixed(1)} GiB`;
  return `${model}, ${cores.length} cores, ${memory} memory, Node ${process.version}, ${process.platform} ${process.arch}`;
}

/** A date as ISO 8601 in UTC, to the second. */
export const isoDate = (date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const cell = (value) =>
  String(value ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');

/**
 * A Markdown table. `columns` are header texts; a header ending in ':' is right-aligned (the ':' is
 * not shown), as figures are. `rows` are arrays of cells (numbers are written as given).
 */
export function markdownTable(columns, rows) {
  const right = columns.map((c) => c.endsWith(':'));
  const heads = columns.map((c, i) => (right[i] ? c.slice(0, -1) : c));
  return [
    `| ${heads.map(cell).join(' | ')} |`,
    `|${right.map((r) => (r ? '---:' : '---')).join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

const open = (name) => `<!-- bench:${name} -->`;
const close = (name) => `<!-- /bench:${name} -->`;

/** One bench's section, markers included. `date` is a Date or a text; `machine` a text (default: this machine). */
export function renderBenchSection(name, { title, command, body, date = new Date(), machine = machineInfo() }) {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`A bench name is lower-case letters, digits and '-': "${name}"`);
  return [
    open(name),
    `## ${title}`,
    '',
    `- command: \`${command}\``,
    `- date: ${typeof date === 'string' ? date : isoDate(date)}`,
    `- machine: ${machine}`,
    '',
    body.trim(),
    close(name),
  ].join('\n');
}

/**
 * `doc` with the section of bench `name` replaced by `section` (which carries its own markers), or
 * with it added at the end when `doc` has none; the rest of `doc` is kept byte for byte.
 */
export function replaceBenchSection(doc, name, section) {
  const start = doc.indexOf(open(name));
  const end = doc.indexOf(close(name));
  if (start >= 0 && end > start) return doc.slice(0, start) + section + doc.slice(end + close(name).length);
  if (start >= 0 || end >= 0) throw new Error(`docs/benchmarks.md: the markers of bench "${name}" are not a pair`);
  const base = doc.trim() ? doc.replace(/\s*$/, '\n\n') : `${HEADER}\n`;
  return `${base}${section}\n`;
}

/**
 * The command that reproduces a run: `script` preceded by the variables of `names` that are set
 * (`BENCH_RUNS=5 npm run bench:chat`). Variables in `hidden` (database URLs, which may carry a
 * password) are shown by name only.
 */
export function benchCommand(script, names = [], hidden = [], env = process.env) {
  const set = (name) => env[name] !== undefined && env[name] !== '';
  const shown = names.filter(set).map((name) => `${name}=${env[name]}`);
  const secret = hidden.filter(set).map((name) => `${name}=…`);
  return [...shown, ...secret, script].join(' ');
}

/** Whether a bench should write its report: not with BENCH_REPORT=0, not in a check run (`--check`). */
export function benchReportWanted(env = process.env, argv = process.argv) {
  return env.BENCH_REPORT !== '0' && !argv.includes('--check');
}

/**
 * Rewrites bench `name`'s section of docs/benchmarks.md (or of `options.file`) with `report`
 * ({title, command, body, date?, machine?}). Answers the file written, or null when the report is
 * not wanted (see benchReportWanted).
 */
export function writeBenchReport(
  name,
  report,
  { file = BENCH_REPORT_FILE, env = process.env, argv = process.argv } = {},
) {
  if (!benchReportWanted(env, argv)) return null;
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, replaceBenchSection(doc, name, renderBenchSection(name, report)));
  console.log(`\n${name}: figures written to ${file}`);
  return file;
}

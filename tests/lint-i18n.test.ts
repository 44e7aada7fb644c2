// Issue 24 §2: the lint rule against user-facing literals in the SDK's markup, as `npm run lint` runs it.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ overrideConfigFile: 'tests/eslint.config.mjs' });

/** The no-literal-string findings for `code` as if it were a React file of the SDK. */
async function literals(code: string, filePath = 'packages/react/src/ui/Probe.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'i18next/no-literal-string').map((m) => m.message);
}

describe('the lint rule against literal user-facing strings (npm run lint)', () => {
  it('given a literal text or a labelling attribute in markup, then it fails', async () => {
    const found = await literals(
      'export function X() {\n  return <p aria-label="Close the panel">Hello world</p>;\n}\n',
    );
    expect(found).toHaveLength(2);
  });

  it('given texts from the catalogue, class names, variants and typographic marks, then it passes', async () => {
    const code = [
      "import { useT } from '../provider/PortalProvider';",
      'export function X() {',
      '  const t = useT();',
      '  return (',
      '    <p className="cp-x" data-kind="primary" aria-label={t(\'common.close\')}>',
      '      {t(\'common.ok\')} <span aria-hidden="true">▲</span> —',
      '    </p>',
      '  );',
      '}',
      '',
    ].join('\n');
    expect(await literals(code)).toEqual([]);
  });

  it('given a literal in a test, a story or a test fake, then it is not checked', async () => {
    const code = 'export function X() {\n  return <p>Hello world</p>;\n}\n';
    expect(await literals(code, 'packages/react/src/ui/Probe.stories.tsx')).toEqual([]);
    expect(await literals(code, 'packages/react/src/ui/testing/Probe.tsx')).toEqual([]);
  });
});

/** The lines the rule against English messages in core's rules and the server's refusals finds in `code`. */
async function messages(code: string, filePath: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const lines = (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
  return [...new Set(lines)];
}

describe("the lint rule against English in a rule's message or a server refusal (issue 24 §2)", () => {
  const rule = 'packages/core/src/rules/probe.ts';
  const server = 'packages/server/src/probe/routes.ts';

  it('given a literal or templated sentence as a rule message, then it fails', async () => {
    const code = [
      'export const PROBE_MESSAGES = {',
      "  required: 'The view state is required.',",
      '  notFound: (id: string) => `View ${id} was not found.`,',
      '  tooLong: (max: number) => `Use at most ${max} characters.`,',
      '};',
      '',
    ].join('\n');
    expect(await messages(code, rule)).toEqual([2, 3, 4]);
  });

  it('given a catalogue lookup, ids, names, enum values and format options in a rule, then it passes', async () => {
    const code = [
      "import type { Translate } from '../i18n/messages';",
      "export const DEFAULT_NAME = 'Default View';",
      'export function probeError(value: string, t: Translate): string | null {',
      "  if (!value) return t('views.state.required');",
      "  if (value.length > 9) return t('views.page.tooLong', { max: 9 });",
      "  return value === 'x' ? `${value}:asc` : null;",
      '}',
      "export const FORMAT = { style: 'currency', notation: 'compact' };",
      '',
    ].join('\n');
    expect(await messages(code, rule)).toEqual([]);
  });

  it("given a server refusal with a literal message, then it fails; worded by the request's translator, it passes", async () => {
    const literal = "reply.code(403).send(problem('Forbidden', 'Only tenant administrators may change settings.'));";
    const template = "reply.code(404).send(problem('Not Found', `Chat ${id} not found.`));";
    const looked = "reply.code(403).send(problem('Forbidden', answerText(request)('server.settings.adminOnly')));";
    const wrap = (line: string) =>
      `declare const reply: any, request: any, id: string;\ndeclare function problem(e: string, m: string): object;\ndeclare function answerText(r: unknown): (k: string) => string;\n${line}\n`;
    expect(await messages(wrap(literal), server)).toHaveLength(1);
    expect(await messages(wrap(template), server)).toHaveLength(1);
    expect(await messages(wrap(looked), server)).toEqual([]);
  });
});

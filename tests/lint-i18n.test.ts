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

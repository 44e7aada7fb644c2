import { shellCustomProperties } from '@cloudportal/core';
import { Icon } from '@cloudportal/react/ui';
import { IconGallery, IconItem } from '@storybook/addon-docs/blocks';
import { ShellIcon, SHELL_ICON_NAMES } from '../../packages/react/src/shell/icons';
import { tokensCss } from '../../packages/react/src/ui/tokensCss';
import { parseTokens, propertyTokens, tokenContrasts, tokenGroup, type Token, type TokenGroup } from './tokens';

/** Every token: the stylesheet's, then the shell's sizes and durations (spec §9). */
const TOKENS: Token[] = [...parseTokens(tokensCss), ...propertyTokens(shellCustomProperties())];
const inGroup = (group: TokenGroup) => TOKENS.filter((t) => tokenGroup(t.name) === group);

const cell = { padding: '6px 10px', borderBottom: '1px solid #d0d7de', verticalAlign: 'middle' } as const;

/** A colour's swatch over a checkerboard (so translucent colours show as such), and its value. */
function Swatch({ value }: { value: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <span
        aria-hidden="true"
        style={{
          width: 28,
          height: 28,
          borderRadius: 4,
          border: '1px solid #8c959f',
          background: 'repeating-conic-gradient(#d0d7de 0 25%, #ffffff 0 50%) 0 0 / 8px 8px',
          overflow: 'hidden',
        }}
      >
        <span style={{ display: 'block', width: '100%', height: '100%', background: value }} />
      </span>
      <code>{value}</code>
    </span>
  );
}

function Ratios({ token, theme }: { token: Token; theme: 'light' | 'dark' }) {
  const contrasts = tokenContrasts(token, TOKENS, theme);
  if (!contrasts.length) return <>—</>;
  return (
    <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
      {contrasts.map((c) => (
        <li key={c.on}>
          {c.ratio === undefined ? '?' : `${c.ratio}:1`} on <code>{c.on.replace('--cp-color-', '')}</code>{' '}
          {c.passes ? `✓ (needs ${c.needs}:1)` : `✗ needs ${c.needs}:1`}
        </li>
      ))}
    </ul>
  );
}

function Table({ head, children }: { head: string[]; children: React.ReactNode }) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }}>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" style={{ ...cell, textAlign: 'left' }}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A token's row header: its name, and the stylesheet's comment on it. */
function TokenName({ token }: { token: Token }) {
  return (
    <th scope="row" style={{ ...cell, textAlign: 'left' }}>
      <code>{token.name}</code>
      {token.note ? <div style={{ fontWeight: 'normal', fontSize: 12 }}>{token.note}</div> : null}
    </th>
  );
}

/**
 * The colour tokens in light and dark, each with its contrast ratio on the surfaces it is drawn on
 * (WCAG 2.x; text 4.5:1, graphics 3:1; tokens.ts's `contrastTargets`).
 */
export function ColourTokens({ group = 'colour' }: { group?: 'colour' | 'chart' }) {
  return (
    <Table head={['Token', 'Light', 'Contrast (light)', 'Dark', 'Contrast (dark)']}>
      {inGroup(group).map((t) => (
        <tr key={t.name}>
          <TokenName token={t} />
          <td style={cell}>
            <Swatch value={t.light} />
          </td>
          <td style={cell}>
            <Ratios token={t} theme="light" />
          </td>
          <td style={cell}>
            <Swatch value={t.dark ?? t.light} />
          </td>
          <td style={cell}>
            <Ratios token={t} theme="dark" />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** A group of tokens with a sample drawn from each value. */
export function TokenTable({ group }: { group: Exclude<TokenGroup, 'colour' | 'chart'> }) {
  return (
    <Table head={['Token', 'Value', 'Sample']}>
      {inGroup(group).map((t) => (
        <tr key={t.name}>
          <TokenName token={t} />
          <td style={cell}>
            <code>{t.light}</code>
            {t.dark && t.dark !== t.light ? (
              <>
                {' '}
                (dark: <code>{t.dark}</code>)
              </>
            ) : null}
          </td>
          <td style={cell}>
            <Sample token={t} group={group} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

const box = { background: '#0b5cad', borderRadius: 2 } as const;

function Sample({ token, group }: { token: Token; group: TokenGroup }) {
  const value = token.light;
  switch (group) {
    case 'typography':
      if (token.name === '--cp-font-family')
        return <span style={{ fontFamily: value }}>Cloud Portal — Aa Bb 0123</span>;
      if (token.name === '--cp-font-size') return <span style={{ fontSize: value }}>The quick brown fox (14 px)</span>;
      return (
        <p style={{ lineHeight: value, margin: 0, maxWidth: 320 }}>
          Line height as text wraps onto a second line in a narrow box of the portal.
        </p>
      );
    case 'spacing':
    case 'size':
      return <span aria-hidden="true" style={{ ...box, display: 'block', width: value, height: 12 }} />;
    case 'radius':
      return (
        <span
          aria-hidden="true"
          style={{ display: 'block', width: 64, height: 40, border: '2px solid #0b5cad', borderRadius: value }}
        />
      );
    case 'elevation':
      return token.name.startsWith('--cp-shadow') ? (
        <span
          aria-hidden="true"
          style={{ display: 'block', width: 120, height: 48, background: '#fff', boxShadow: value }}
        />
      ) : (
        <>stacking order</>
      );
    case 'motion':
      return (
        <span
          aria-hidden="true"
          style={{ ...box, display: 'block', height: 12, width: `${Math.min(300, parseFloat(value) / 2)}px` }}
          title={`${value} (a bar of ${parseFloat(value) / 2} px: 1 px per 2 ms)`}
        />
      );
    default:
      return null;
  }
}

/** The icon set: the menu's and the shell's glyphs (lucide), and the dialogs' and toasts' status icons. */
export function IconSet() {
  return (
    <>
      <h3>Menu and shell glyphs</h3>
      <IconGallery>
        {SHELL_ICON_NAMES.map((name) => (
          <IconItem key={name} name={name}>
            <ShellIcon name={name} size={24} />
          </IconItem>
        ))}
      </IconGallery>
      <h3>Status icons (dialogs and toasts)</h3>
      <IconGallery>
        {(['success', 'warning', 'error', 'info', 'question', 'close'] as const).map((name) => (
          <IconItem key={name} name={name}>
            <Icon name={name} />
          </IconItem>
        ))}
      </IconGallery>
    </>
  );
}

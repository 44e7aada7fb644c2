import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithClient } from '../testing/renderWithClient';
import { AssistantLauncher } from './AssistantLauncher';
import { LAUNCHER_STYLES, renderLauncherButton } from './launcherDom';

/** The markup without React's own attribute order: tag, attributes sorted, children. */
function shape(node: Element): unknown {
  return {
    tag: node.localName,
    attributes: [...node.attributes].map((a) => `${a.name}=${a.value}`).sort(),
    children: [...node.childNodes].map((child) => (child instanceof Element ? shape(child) : child.textContent)),
  };
}

describe('the stand-in launcher (no React)', () => {
  it('is the same button as <AssistantLauncher variant="floating">: markup, name, part and state', () => {
    renderWithClient(<AssistantLauncher variant="floating" expanded={false} />);
    const react = screen.getByRole('button', { name: 'Assistant' }).closest('.cp-assistant-launcher')!;

    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const standIn = renderLauncherButton(root, 'Assistant');

    expect(shape(root.querySelector('.cp-assistant-launcher')!)).toEqual(shape(react));
    expect(standIn.button).toHaveAccessibleName('Assistant');
    expect(standIn.button).toHaveAttribute('part', 'launcher');
    expect(standIn.button).toHaveAttribute('aria-expanded', 'false');
  });

  it('brings the theme tokens, the button and the launcher CSS into its shadow root, and takes them away when removed', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const css = () =>
      [...root.querySelectorAll('style')].map((s) => s.textContent).join('\n') +
      (root.adoptedStyleSheets ?? []).map((sheet) => [...sheet.cssRules].map((r) => r.cssText).join('\n')).join('\n');
    const standIn = renderLauncherButton(root, 'Assistant');
    expect(LAUNCHER_STYLES).toHaveLength(3);
    expect(css()).toContain('--cp-color-primary');
    expect(css()).toContain('.cp-assistant-launcher');
    expect(css()).toContain('.cp-button');
    standIn.remove();
    expect(root.querySelector('button')).toBeNull();
    expect(root.adoptedStyleSheets ?? []).toHaveLength(0);
  });
});

// <cp-assistant>'s stand-in launcher: the button drawn without React before the chat loads.
import { createPortalClient } from '@cloudportal/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSISTANT_TAG, defineAssistant } from './assistant';
import type { PortalElement } from './internal/createElement';

/** A launcher-mode <cp-assistant> on the page, its client set as a partner sets it. */
function launcher(client = createPortalClient()) {
  defineAssistant();
  const element = document.createElement(ASSISTANT_TAG) as PortalElement;
  element.client = client;
  document.body.append(element);
  return within(element.shadowRoot as unknown as HTMLElement);
}

describe('<cp-assistant> before its chat has loaded', () => {
  afterEach(() => document.body.replaceChildren());

  it("given a client and no chat loaded yet, then the stand-in is the 'Assistant' button, not its message key", () => {
    expect(launcher().getByRole('button', { name: 'Assistant' })).toBeTruthy();
    expect(screen.queryByText('chat.open')).toBeNull();
  });

  it("given a client whose messages translate 'chat.open', then the stand-in shows that translation", () => {
    const client = createPortalClient({ messages: { 'chat.open': 'Assistent' } });
    expect(launcher(client).getByRole('button', { name: 'Assistent' })).toBeTruthy();
  });
});

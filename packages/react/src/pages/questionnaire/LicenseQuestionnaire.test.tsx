import { createPortalClient, type PortalClient } from '@cloudportal/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { PortalProvider } from '../../provider/PortalProvider';
import { fakeApi, isolatedTabs } from '../../testing/fakeApi';
import LicenseQuestionnaire from './LicenseQuestionnaire';
import { questionnaireRoutes, SUGGESTED, type FakeQuestionnaireOptions } from './testing/fakeQuestionnaire';

const clients: PortalClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

async function setup(options: FakeQuestionnaireOptions = {}, locale?: string) {
  const fetch = fakeApi(questionnaireRoutes(options));
  const client = createPortalClient({ fetch, storage: {}, navigate: () => {}, crossTab: isolatedTabs, locale });
  clients.push(client);
  await client.start();
  const view = render(
    <PortalProvider client={client}>
      <LicenseQuestionnaire />
    </PortalProvider>,
  );
  return { ...view, fetch, client, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('the licence questionnaire page (spec §2 license-questionnaire)', () => {
  it('given no saved answers, then it shows the answers suggested from the users and what they recommend', async () => {
    const { container } = await setup();
    expect(
      await screen.findByText(
        'These answers are suggested from your users and the licences they hold. Change them and save.',
      ),
    ).toBeInTheDocument();
    expect(field('People who need the desktop Office apps')).toHaveValue('269');
    expect(screen.getByRole('checkbox', { name: /advanced security/ })).toBeChecked();
    const result = screen.getByRole('region', { name: 'Recommended licences' });
    const e5 = within(result).getByRole('row', { name: /Microsoft 365 E5/ });
    expect(
      within(e5)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['40', '269', '$57.00', '$2,280.00', '$15,333.00']);
    expect(
      within(result).getByText('With 365 people, the Enterprise plans fit (the Business plans stop at 300).'),
    ).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('given a German client (issue 24 §2), then counts, amounts and the saving date are written in German', async () => {
    await setup({ saved: SUGGESTED }, 'de');
    const result = await screen.findByRole('region', { name: 'Empfohlene Lizenzen' });
    const e5 = within(result).getByRole('row', { name: /Microsoft 365 E5/ });
    expect(
      within(e5)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['40', '269', '57,00\u00a0$', '2.280,00\u00a0$', '15.333,00\u00a0$']);
    expect(
      screen.getByText('Gespeichert von Ada Lovelace am 05.01.2026, 10:00.', { exact: false }),
    ).toBeInTheDocument();
  });

  it('when ada previews other answers, then the recommendation changes and nothing is saved', async () => {
    const { user, fetch } = await setup();
    await user.click(await screen.findByRole('checkbox', { name: /advanced security/ }));
    await user.clear(field('People who need the desktop Office apps'));
    await user.type(field('People who need the desktop Office apps'), '250');
    await user.click(screen.getByRole('button', { name: 'Preview recommendation' }));
    const result = await screen.findByRole('region', { name: 'Recommended licences (not saved)' });
    expect(within(result).getByRole('row', { name: /Microsoft 365 E3/ })).toHaveTextContent('250');
    expect(fetch.calls).not.toContain('PUT /services/api-portal-customer/api/data/license-questionnaire');
  });

  it('when ada saves her answers, then they are saved for the tenant, with who saved them', async () => {
    const { user, fetch } = await setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Frontline workers on shared or mobile devices' }));
    await user.type(field('Frontline workers on shared or mobile devices'), '40');
    await user.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(
      await screen.findByText('Saved by Ada Lovelace on Jan 5, 2026, 10:00 AM.', { exact: false }),
    ).toBeInTheDocument();
    expect(fetch.calls).toContain('PUT /services/api-portal-customer/api/data/license-questionnaire');
    const result = screen.getByRole('region', { name: 'Recommended licences' });
    expect(within(result).getByRole('row', { name: /Microsoft 365 F3/ })).toHaveTextContent('40');
  });

  it('when an answer is wrong, then the field says why, takes the focus, and nothing is sent', async () => {
    const { user, fetch } = await setup();
    await user.clear(await screen.findByRole('textbox', { name: 'People who should use Microsoft 365 Copilot' }));
    await user.type(field('People who should use Microsoft 365 Copilot'), '9999');
    await user.clear(field('People who need a phone number in Teams'));
    await user.type(field('People who need a phone number in Teams'), 'many');
    await user.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('Correct the answers marked below.')).toBeInTheDocument();
    expect(field('People who need a phone number in Teams')).toHaveAccessibleDescription(
      'Enter a whole number from 0 to 100,000.',
    );
    expect(field('People who should use Microsoft 365 Copilot')).toHaveAccessibleDescription(
      'Copilot is for office and web workers: count no more than them.',
    );
    expect(field('People who need a phone number in Teams')).toHaveFocus();
    expect(field('People who should use Microsoft 365 Copilot')).toHaveValue('9999');
    expect(fetch.calls.filter((c) => !c.startsWith('GET') && c.includes('questionnaire'))).toEqual([]);
  });

  it('when the service fails, then it says so and Try again reloads', async () => {
    await setup({ failWith: 503 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The licence questionnaire could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

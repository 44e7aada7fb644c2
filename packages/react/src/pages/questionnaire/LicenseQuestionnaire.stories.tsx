import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { fakeApi, isolatedTabs } from '../../testing/fakeApi';
import LicenseQuestionnaire from './LicenseQuestionnaire';
import { questionnaireRoutes, type FakeQuestionnaireOptions } from './testing/fakeQuestionnaire';

const portal = (options: FakeQuestionnaireOptions = {}) => ({
  portal: { config: { fetch: fakeApi(questionnaireRoutes(options)), crossTab: isolatedTabs } },
});

// The stories: the licence questionnaire page (spec §2 `license-questionnaire`) over the reference
// server's answers for Contoso.

/**
 * The licence questionnaire: the tenant answers how its people work and sees which Microsoft 365
 * licences fit them, next to what it buys today. The answers can be previewed without saving, or
 * saved for the tenant.
 */
const meta = {
  title: 'Pages/Licence questionnaire',
  component: LicenseQuestionnaire,
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...portal() },
} satisfies Meta<typeof LicenseQuestionnaire>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No answers saved yet: suggested from the tenant's users, with their recommendation. */
export const Suggested: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('region', { name: 'Recommended licences' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  },
};

/** Answers saved by Ada: a mix for 390 people that saves money. */
export const Saved: Story = {
  parameters: portal({
    saved: {
      officeWorkers: 250,
      webWorkers: 100,
      frontlineWorkers: 40,
      phoneUsers: 80,
      copilotUsers: 20,
      advancedSecurity: false,
    },
  }),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('The recommendation saves $1,560.00 a month.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  },
};

/** A wrong answer: the field says why and keeps what was typed. */
export const InvalidAnswer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const copilot = await canvas.findByRole(
      'textbox',
      { name: 'People who should use Microsoft 365 Copilot' },
      { timeout: 5000 },
    );
    await userEvent.clear(copilot);
    await userEvent.type(copilot, '9999');
    await userEvent.click(canvas.getByRole('button', { name: 'Save answers' }));
    await expect(
      await canvas.findByText('Copilot is for office and web workers: count no more than them.'),
    ).toBeInTheDocument();
  },
};

/** The service fails: the message and Try again. */
export const ServiceError: Story = {
  parameters: portal({ failWith: 503 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The licence questionnaire could not be loaded.',
    );
  },
};

/** The suggested answers in the dark theme. */
export const Dark: Story = { ...Suggested, parameters: { theme: 'dark' } };

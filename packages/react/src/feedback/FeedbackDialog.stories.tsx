import type { PortalClient } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeApi, isolatedTabs, signedInRoutes, type FakeAnswer } from '../testing/fakeApi';
import { FeedbackDialog } from './FeedbackDialog';
import { FeedbackStory } from './testing/feedbackStory';

const FEEDBACK = 'POST /services/api-portal-customer/api/portal/menu/feedback';
const COMMENT = 'The cost chart would be easier to read with the months on the x-axis.';

/** Story parameters: a signed-in Ada, the feedback call answering `answer` (or never, with a fetch that does not answer). */
function portal(
  answer: FakeAnswer | 'never' = ({ body }) => ({
    status: 201,
    json: { id: 'fb-1', userId: 'user-1', created: '2026-01-05T10:00:00.000Z', ...(body as object) },
  }),
) {
  const api = fakeApi(signedInRoutes(answer === 'never' ? {} : { [FEEDBACK]: answer }));
  const fetch: typeof globalThis.fetch =
    answer === 'never'
      ? (input, init) =>
          `${init?.method} ${new URL(String(input), 'http://portal.test').pathname}` === FEEDBACK
            ? new Promise<Response>(() => {})
            : api(input, init)
      : api;
  return {
    portal: { config: { fetch, crossTab: isolatedTabs }, setup: (client: PortalClient) => void client.start() },
  };
}

/**
 * The feedback dialog about a portal page: a star rating, the kind of feedback and a required comment
 * of up to 2000 characters. The navbar's Feedback button opens it; a draft not yet sent is kept
 * while the dialog is closed.
 */
const meta = {
  title: 'Feedback/Feedback dialog',
  component: FeedbackStory,
  subcomponents: { FeedbackDialog },
  args: { menuUuid: 'item-billing-overview', tabName: 'Costs', pageDisplayName: 'Billing Overview' },
  // Each story in a frame of its own on the Docs page: its modal dialog would cover the whole page.
  parameters: { ...portal(), docs: { story: { inline: false, height: '640px' } } },
} satisfies Meta<typeof FeedbackStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const dialog = async (canvasElement: HTMLElement, name = 'Feedback: Billing Overview') =>
  within(await body(canvasElement).findByRole('dialog', { name }, { timeout: 5000 }));

/** Just opened: no rating, type Feedback, no comment; Submit is disabled (spec §5). */
export const Untouched: Story = {
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(form.getByRole('radio', { name: 'No rating' })).toBeChecked();
    await expect(form.getByText('0 / 2000')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
  },
};

/** One star. */
export const OneStar: Story = { args: { draft: { rating: 1, comment: COMMENT } } };
/** Two stars. */
export const TwoStars: Story = { args: { draft: { rating: 2, comment: COMMENT } } };
/** Three stars. */
export const ThreeStars: Story = { args: { draft: { rating: 3, comment: COMMENT } } };

/** Four stars, chosen with the keyboard: the arrow keys move through the rating. */
export const FourStars: Story = {
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    form.getByRole('radio', { name: 'No rating' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  },
};

/** Five stars. */
export const FiveStars: Story = { args: { draft: { rating: 5, comment: COMMENT } } };

/** Type Feedback (the default). */
export const TypeFeedback: Story = { args: { draft: { type: 'Feedback', comment: COMMENT } } };

/** Type 'FR', shown as 'Feature Request', chosen in the dropdown. */
export const TypeFeatureRequest: Story = {
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Type' }), 'Feature Request');
    await expect(form.getByRole('combobox', { name: 'Type' })).toHaveValue('FR');
  },
};

/** Type Bug. */
export const TypeBug: Story = {
  args: { draft: { type: 'Bug', rating: 1, comment: 'The export button does nothing on the Costs tab.' } },
};
/** Type Comment. */
export const TypeComment: Story = { args: { draft: { type: 'Comment', rating: 4, comment: COMMENT } } };
/** Type Suggestion. */
export const TypeSuggestion: Story = { args: { draft: { type: 'Suggestion', rating: 3, comment: COMMENT } } };

/** The comment typed and cleared: 'Comment is required.' and Submit disabled. */
export const CommentRequired: Story = {
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    const comment = form.getByRole('textbox', { name: 'Comment' });
    await userEvent.type(comment, 'x');
    await userEvent.clear(comment);
    await expect(form.getByRole('alert')).toHaveTextContent('Comment is required.');
    await expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
  },
};

/** A comment of 2001 characters: the maximum is 2000 (spec §5, §9). */
export const CommentTooLong: Story = {
  args: { draft: { rating: 2, comment: 'x'.repeat(2001) } },
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await expect(await form.findByRole('alert')).toHaveTextContent('Maximum length is 2000 characters.');
    await expect(form.getByText('2001 / 2000')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
  },
};

/** A draft kept from before: ready to send. */
export const ReadyToSubmit: Story = {
  args: { draft: { rating: 4, type: 'FR', comment: COMMENT } },
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await waitFor(() => expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled());
  },
};

/** Sending: the server does not answer; the form is read-only and Submit disabled. */
export const Submitting: Story = {
  args: { draft: { rating: 4, type: 'Bug', comment: COMMENT } },
  parameters: portal('never'),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await waitFor(() => expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await userEvent.click(form.getByRole('button', { name: 'Submit' }));
    await expect(await form.findByRole('status')).toHaveTextContent('Sending your feedback');
    await expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
  },
};

/** Sent: 'Thank you', and the dialog closes (spec §8). */
export const Sent: Story = {
  args: { draft: { rating: 5, type: 'Comment', comment: COMMENT } },
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await waitFor(() => expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await userEvent.click(form.getByRole('button', { name: 'Submit' }));
    const toasts = within(body(canvasElement).getByRole('region', { name: 'Notifications' }));
    await expect(await toasts.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent('Thank you');
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
  },
};

/** The server fails (500): 'Error', and the dialog stays open with the text and rating as they were. */
export const FailedKeepsText: Story = {
  args: { draft: { rating: 2, type: 'Bug', comment: 'The export button does nothing on the Costs tab.' } },
  parameters: portal({ status: 500, json: { message: 'Database unavailable' } }),
  play: async ({ canvasElement }) => {
    const form = await dialog(canvasElement);
    await waitFor(() => expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await userEvent.click(form.getByRole('button', { name: 'Submit' }));
    const toasts = within(body(canvasElement).getByRole('region', { name: 'Notifications' }));
    const toast = await toasts.findByRole('alert', {}, { timeout: 5000 });
    await expect(toast).toHaveTextContent('Error');
    await expect(toast).toHaveTextContent('Something went wrong, please try again later.');
    await expect(form.getByRole('textbox', { name: 'Comment' })).toHaveValue(
      'The export button does nothing on the Costs tab.',
    );
    await expect(form.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
  },
};

/** A long page name wraps in the title. */
export const LongPageName: Story = {
  args: { pageDisplayName: 'Azure Subscriptions — Reserved Instances and Savings Plans Utilisation by Region' },
  play: async ({ canvasElement }) => {
    await dialog(
      canvasElement,
      'Feedback: Azure Subscriptions — Reserved Instances and Savings Plans Utilisation by Region',
    );
  },
};

/** Dark mode, with a draft. */
export const Dark: Story = {
  args: { draft: { rating: 3, type: 'Suggestion', comment: COMMENT } },
  parameters: { ...portal(), theme: 'dark' },
  play: async ({ canvasElement }) => {
    await dialog(canvasElement);
    // The decorator applies the theme after the first render.
    await waitFor(() => expect(canvasElement.ownerDocument.documentElement).toHaveAttribute('data-cp-theme', 'dark'));
  },
};

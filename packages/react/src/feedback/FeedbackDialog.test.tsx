import { createPortalClient, portalFeedback, type PortalClient } from '@cloudportal/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { PortalProvider } from '../provider/PortalProvider';
import { fakeApi, isolatedTabs, signedInRoutes, type FakeAnswer } from '../testing/fakeApi';
import { Toaster } from '../toasts/Toaster';
import { FeedbackDialog, type FeedbackDialogProps } from './FeedbackDialog';

const FEEDBACK = 'POST /services/api-portal-customer/api/portal/menu/feedback';
const THANK_YOU = 'Your feedback has been submitted and will be reviewed by our team.';
const WENT_WRONG = 'Something went wrong, please try again later.';
const PAGE = { menuUuid: 'item-billing', tabName: 'Costs', pageDisplayName: 'Billing Overview' };

const clients: PortalClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

/** The dialog as a host shows it: a button opens it, Close / Escape / a send close it. */
function Host(props: Partial<FeedbackDialogProps>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Give feedback
      </button>
      <FeedbackDialog {...PAGE} open={open} onClose={() => setOpen(false)} {...props} />
    </>
  );
}

/** Renders the dialog for a signed-in Ada with the portal API at the network edge; `answer` is the feedback call's. */
async function setup(
  answer: FakeAnswer = ({ body }) => ({
    status: 201,
    json: { id: 'fb-1', userId: 'user-1', created: '2026-01-05T10:00:00.000Z', ...(body as object) },
  }),
  props: Partial<FeedbackDialogProps> = {},
) {
  const sent: unknown[] = [];
  const fetch = fakeApi(
    signedInRoutes({
      [FEEDBACK]: (request) => (sent.push(request.body), typeof answer === 'function' ? answer(request) : answer),
    }),
  );
  const client = createPortalClient({ fetch, storage: {}, navigate: vi.fn(), crossTab: isolatedTabs });
  clients.push(client);
  const view = render(
    <PortalProvider client={client}>
      <Host {...props} />
      <Toaster />
    </PortalProvider>,
  );
  await act(async () => {
    await client.start();
  });
  return { ...view, client, sent, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'Feedback: Billing Overview' });
const comment = () => within(dialog()).getByRole('textbox', { name: 'Comment' });
const submit = () => within(dialog()).getByRole('button', { name: 'Submit' });
const star = (name: string) => within(dialog()).getByRole('radio', { name });
const typeSelect = () => within(dialog()).getByRole('combobox', { name: 'Type' });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('FeedbackDialog — the form (spec §2 "Feedback dialog", §3 "Feedback")', () => {
  it("given the dialog opens for a page, then it is titled 'Feedback: {page display name}' and holds the rating, the type, the comment, Close and Submit", async () => {
    const onOpened = vi.fn();
    await setup(undefined, { onOpened });
    expect(screen.getByRole('heading', { name: 'Feedback: Billing Overview', level: 2 })).toBeVisible();
    expect(within(dialog()).getByRole('group', { name: 'Rating' })).toBeVisible();
    expect(typeSelect()).toHaveDisplayValue('Feedback');
    expect(comment()).toHaveValue('');
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeEnabled();
    expect(submit()).toBeVisible();
    expect(onOpened).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations();
  });

  it('given the untouched form, then Submit is disabled, the counter reads 0 / 2000 and no message shows (spec §5)', async () => {
    await setup();
    expect(submit()).toBeDisabled();
    expect(within(dialog()).getByText('0 / 2000')).toBeVisible();
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("given the rating, then it offers 'No rating' (chosen, 0) and five stars named '1 star' to '5 stars'", async () => {
    await setup();
    expect(
      within(within(dialog()).getByRole('group', { name: 'Rating' }))
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['0', '1', '2', '3', '4', '5']);
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) expect(star(name)).not.toBeChecked();
    expect(star('No rating')).toBeChecked();
  });

  it('when the user moves through the rating with the arrow keys, then each step chooses the next or previous star', async () => {
    const { user } = await setup();
    // The dialog opens on the chosen rating.
    expect(star('No rating')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(star('4 stars')).toBeChecked();
    expect(star('4 stars')).toHaveFocus();
    expect(within(dialog()).getByRole('group', { name: 'Rating' })).toHaveAttribute('data-value', '4');
    await user.keyboard('{ArrowLeft}');
    expect(star('3 stars')).toBeChecked();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(star('No rating')).toBeChecked();
  });

  it("given the type dropdown, then it lists the five types, 'FR' shown as 'Feature Request'", async () => {
    await setup();
    const options = within(typeSelect()).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Feedback', 'Feature Request', 'Bug', 'Comment', 'Suggestion']);
    expect(options.map((o) => o.getAttribute('value'))).toEqual(['Feedback', 'FR', 'Bug', 'Comment', 'Suggestion']);
  });

  it.each([
    ['Feedback', 'Feedback'],
    ['Feature Request', 'FR'],
    ['Bug', 'Bug'],
    ['Comment', 'Comment'],
    ['Suggestion', 'Suggestion'],
  ])("when the user chooses '%s' and submits, then type '%s' is sent", async (label, code) => {
    const { user, sent } = await setup();
    await user.type(comment(), 'About the type.');
    await user.selectOptions(typeSelect(), label);
    expect(typeSelect()).toHaveDisplayValue(label);
    await user.click(submit());
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ type: code })]));
  });
});

describe('FeedbackDialog — validation (spec §5 "Feedback")', () => {
  it("when the user types a comment and clears it, then 'Comment is required.' shows and Submit is disabled", async () => {
    const { user } = await setup();
    await user.type(comment(), 'x');
    expect(submit()).toBeEnabled();
    await user.clear(comment());
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Comment is required.');
    expect(comment()).toHaveAttribute('aria-invalid', 'true');
    expect(comment()).toHaveAccessibleDescription('0 / 2000 Comment is required.');
    expect(submit()).toBeDisabled();
  });

  it('given only blanks, then the comment is still required', async () => {
    const { user } = await setup();
    await user.type(comment(), '   ');
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Comment is required.');
    expect(submit()).toBeDisabled();
  });

  it("when the user enters 2001 characters, then 'Maximum length is 2000 characters.' shows, the counter reads 2001 / 2000 and Submit is disabled; one less is fine", async () => {
    const { user } = await setup();
    await user.click(comment());
    await user.paste('x'.repeat(2001));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Maximum length is 2000 characters.');
    expect(within(dialog()).getByText('2001 / 2000')).toBeVisible();
    expect(submit()).toBeDisabled();
    await user.keyboard('{Backspace}');
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog()).getByText('2000 / 2000')).toBeVisible();
    expect(submit()).toBeEnabled();
  });

  it('when the user only chooses a rating, then Submit stays disabled (the comment is required) without a message yet', async () => {
    const { user } = await setup();
    await user.click(star('5 stars'));
    expect(submit()).toBeDisabled();
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('FeedbackDialog — sending (spec §7, §8 "Feedback")', () => {
  it("when the user submits, then the page's menu uuid and tab, the rating, type and comment are sent, 'Thank you' shows, the dialog closes and the draft is cleared", async () => {
    const onSubmitted = vi.fn();
    const { user, sent, client } = await setup(undefined, { onSubmitted });
    await user.click(star('4 stars'));
    await user.selectOptions(typeSelect(), 'Bug');
    await user.type(comment(), 'The export button does nothing.');
    await user.click(submit());
    expect(await toasts().findByRole('status')).toHaveTextContent('Thank you');
    expect(toasts().getByRole('status')).toHaveTextContent(THANK_YOU);
    expect(sent).toEqual([
      {
        menuUuid: 'item-billing',
        tabName: 'Costs',
        rating: 4,
        type: 'Bug',
        comment: 'The export button does nothing.',
      },
    ]);
    expect(onSubmitted).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'fb-1', menuUuid: 'item-billing', rating: 4 }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(portalFeedback(client).$drafts.get()).toEqual({});
    await user.click(screen.getByRole('button', { name: 'Give feedback' }));
    expect(comment()).toHaveValue('');
    expect(star('No rating')).toBeChecked();
    expect(submit()).toBeDisabled();
  });

  it('given a page without a tab and no rating chosen, then tabName null and rating 0 are sent', async () => {
    const { user, sent } = await setup(undefined, { tabName: undefined });
    await user.type(comment(), 'Fine.');
    await user.click(submit());
    await waitFor(() =>
      expect(sent).toEqual([
        { menuUuid: 'item-billing', tabName: null, rating: 0, type: 'Feedback', comment: 'Fine.' },
      ]),
    );
  });

  it('while the feedback is being sent, then Submit is disabled, the comment is read-only and the form says it is sending', async () => {
    const { user } = await setup({ status: 201, json: { id: 'fb-slow' }, delayMs: 60_000 });
    await user.type(comment(), 'Slow network.');
    await user.click(submit());
    expect(await within(dialog()).findByRole('status')).toHaveTextContent('Sending your feedback');
    expect(submit()).toBeDisabled();
    expect(comment()).toHaveAttribute('readonly');
    expect(typeSelect()).toBeDisabled();
  });

  it("given the server fails (500), when the user submits, then 'Error' shows, the dialog stays open and the text, rating and type are kept", async () => {
    const { user, sent } = await setup({ status: 500, json: { message: 'Database unavailable' } });
    await user.click(star('3 stars'));
    await user.selectOptions(typeSelect(), 'Feature Request');
    await user.type(comment(), 'Please add a CSV export.');
    await user.click(submit());
    const toast = await toasts().findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent(WENT_WRONG);
    expect(dialog()).toBeVisible();
    expect(comment()).toHaveValue('Please add a CSV export.');
    expect(star('3 stars')).toBeChecked();
    expect(typeSelect()).toHaveDisplayValue('Feature Request');
    expect(submit()).toBeEnabled();
    expect(sent).toHaveLength(1);
  });
});

describe('FeedbackDialog — the draft (nothing typed is lost)', () => {
  it('given a draft, when the user closes the dialog and opens it again, then the rating, type and comment are still there', async () => {
    const { user } = await setup();
    await user.click(star('2 stars'));
    await user.selectOptions(typeSelect(), 'Suggestion');
    await user.type(comment(), 'Half a thought');
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Give feedback' }));
    expect(comment()).toHaveValue('Half a thought');
    expect(star('2 stars')).toBeChecked();
    expect(typeSelect()).toHaveDisplayValue('Suggestion');
    expect(submit()).toBeEnabled();
    // Escape closes too, and keeps it as well.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Give feedback' }));
    expect(comment()).toHaveValue('Half a thought');
  });

  it('given a draft for one page, when the dialog is opened for another page or tab, then that one starts empty', async () => {
    const { user, rerender, client } = await setup();
    await user.type(comment(), 'About costs');
    const show = (props: Partial<FeedbackDialogProps>) =>
      rerender(
        <PortalProvider client={client}>
          <Host {...props} />
          <Toaster />
        </PortalProvider>,
      );
    show({ tabName: 'Usage' });
    expect(comment()).toHaveValue('');
    show({ menuUuid: 'item-home', tabName: null, pageDisplayName: 'Home' });
    expect(
      within(screen.getByRole('dialog', { name: 'Feedback: Home' })).getByRole('textbox', { name: 'Comment' }),
    ).toHaveValue('');
    show({});
    expect(comment()).toHaveValue('About costs');
  });
});

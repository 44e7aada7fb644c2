import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse as json, quietTabs } from '../client/client.fixtures';
import { createPortalClient, type PortalClient } from '../client/createPortalClient';
import type { Messages } from '../i18n/messages';
import { EMPTY_FEEDBACK_DRAFT, feedbackDraftKey, portalFeedback } from './feedback';

const FEEDBACK = '/services/api-portal-customer/api/portal/menu/feedback';
const page = { menuUuid: 'item-billing', tabName: 'Costs' };

/** The portal API at the network edge: the feedback call answers `answer`; everything else 204. */
function setup(
  answer: (body: Record<string, unknown>) => Response | Promise<Response> = (body) =>
    json(201, { id: 'fb-1', userId: 'u1', created: '2026-01-05T10:00:00.000Z', ...body }),
  messages?: Partial<Messages>,
) {
  const sent: Record<string, unknown>[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://portal.test').pathname;
    if (path !== FEEDBACK || init.method !== 'POST') return new Response(null, { status: 204 });
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push(body);
    return answer(body);
  };
  const client = createPortalClient({ fetch, storage: {}, navigate: () => {}, crossTab: quietTabs, messages });
  clients.push(client);
  return {
    client,
    feedback: portalFeedback(client),
    sent,
    toasts: () => client.toasts.$toasts.get().map(({ title, text, kind }) => ({ title, text, kind })),
  };
}

const clients: PortalClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

const THANK_YOU = {
  title: 'Thank you',
  text: 'Your feedback has been submitted and will be reviewed by our team.',
  kind: 'success',
};
const ERROR = { title: 'Error', text: 'Something went wrong, please try again later.', kind: 'error' };

describe('feedback drafts (spec §2 "Feedback dialog", §5 "Feedback")', () => {
  it('given a client, then its feedback part is made once, and another client has its own', () => {
    const { client, feedback } = setup();
    expect(portalFeedback(client)).toBe(feedback);
    const other = setup().feedback;
    feedback.update(page, { comment: 'Mine' });
    expect(other.draftFor(page)).toEqual(EMPTY_FEEDBACK_DRAFT);
  });

  it('given no draft, then the form is empty and untouched: no rating, type Feedback, no comment', () => {
    const { feedback } = setup();
    expect(feedback.draftFor(page)).toEqual({
      rating: 0,
      type: 'Feedback',
      comment: '',
      touched: false,
      commentTouched: false,
      sending: false,
    });
  });

  it('when a field changes, then the draft is touched; the comment counts as edited only once it changes', () => {
    const { feedback } = setup();
    feedback.update(page, { rating: 4 });
    expect(feedback.draftFor(page)).toMatchObject({ rating: 4, touched: true, commentTouched: false });
    feedback.update(page, { comment: 'Slow' });
    feedback.update(page, { type: 'Bug' });
    expect(feedback.draftFor(page)).toMatchObject({
      rating: 4,
      type: 'Bug',
      comment: 'Slow',
      touched: true,
      commentTouched: true,
    });
  });

  it('given drafts on two tabs of a page, then each tab keeps its own; no tab and an empty tab are the same page', () => {
    const { feedback } = setup();
    feedback.update(page, { comment: 'About costs' });
    feedback.update({ menuUuid: page.menuUuid, tabName: 'Usage' }, { comment: 'About usage' });
    feedback.update({ menuUuid: page.menuUuid }, { comment: 'About the page' });
    expect(feedback.draftFor(page).comment).toBe('About costs');
    expect(feedback.draftFor({ menuUuid: page.menuUuid, tabName: 'Usage' }).comment).toBe('About usage');
    expect(feedback.draftFor({ menuUuid: page.menuUuid, tabName: '' }).comment).toBe('About the page');
    expect(feedbackDraftKey({ menuUuid: 'a', tabName: null })).toBe(feedbackDraftKey({ menuUuid: 'a' }));
    expect(Object.keys(feedback.$drafts.get())).toHaveLength(3);
  });
});

describe('sending feedback (spec §7 POST /api/portal/menu/feedback, §8 "Feedback")', () => {
  it("given a valid draft, when it is submitted, then it is sent with the page's menu uuid and tab, 'Thank you' shows and the draft is cleared", async () => {
    const { feedback, sent, toasts } = setup();
    feedback.update(page, { rating: 4, type: 'FR', comment: 'Export to CSV, please.' });
    const stored = await feedback.submit(page);
    expect(sent).toEqual([
      { menuUuid: 'item-billing', tabName: 'Costs', rating: 4, type: 'FR', comment: 'Export to CSV, please.' },
    ]);
    expect(stored).toMatchObject({ id: 'fb-1', menuUuid: 'item-billing', type: 'FR' });
    expect(toasts()).toEqual([THANK_YOU]);
    expect(feedback.draftFor(page)).toEqual(EMPTY_FEEDBACK_DRAFT);
    expect(feedback.$drafts.get()).toEqual({});
  });

  it('given a page without a tab and no rating, when it is submitted, then tabName null and rating 0 are sent', async () => {
    const { feedback, sent } = setup();
    feedback.update({ menuUuid: 'item-home' }, { comment: 'Fine.' });
    await feedback.submit({ menuUuid: 'item-home' });
    expect(sent).toEqual([{ menuUuid: 'item-home', tabName: null, rating: 0, type: 'Feedback', comment: 'Fine.' }]);
  });

  it('given an untouched, blank or too long draft, when it is submitted, then nothing is sent (spec §5)', async () => {
    const { feedback, sent, toasts } = setup();
    expect(await feedback.submit(page)).toBeNull();
    feedback.update(page, { rating: 5, comment: '   ' });
    expect(await feedback.submit(page)).toBeNull();
    feedback.update(page, { comment: 'x'.repeat(2001) });
    expect(await feedback.submit(page)).toBeNull();
    expect(sent).toEqual([]);
    expect(toasts()).toEqual([]);
  });

  it('given a send under way, then the draft is marked sending and a second submit sends nothing more', async () => {
    let answer!: (response: Response) => void;
    const { feedback, sent } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    feedback.update(page, { comment: 'Twice?' });
    const first = feedback.submit(page);
    expect(feedback.draftFor(page).sending).toBe(true);
    expect(await feedback.submit(page)).toBeNull();
    await Promise.resolve();
    answer(json(201, { id: 'fb-2' }));
    expect(await first).toMatchObject({ id: 'fb-2' });
    expect(sent).toHaveLength(1);
  });

  it("given the server fails (500), when the draft is submitted, then 'Error' shows and the draft is kept exactly as it was", async () => {
    const { feedback, toasts } = setup(() => json(500, { message: 'down' }));
    feedback.update(page, { rating: 2, type: 'Bug', comment: 'The chart is empty.' });
    const before = feedback.draftFor(page);
    expect(await feedback.submit(page)).toBeNull();
    expect(toasts()).toEqual([ERROR]);
    expect(feedback.draftFor(page)).toEqual(before);
  });

  it("given the network fails, then 'Error' shows and a later try sends the same draft", async () => {
    let fail = true;
    const { feedback, sent, toasts } = setup((body) =>
      fail ? Promise.reject(new TypeError('Failed to fetch')) : json(201, { id: 'fb-3', ...body }),
    );
    feedback.update(page, { comment: 'Retry me' });
    expect(await feedback.submit(page)).toBeNull();
    fail = false;
    expect(await feedback.submit(page)).toMatchObject({ id: 'fb-3', comment: 'Retry me' });
    expect(sent.map((b) => b.comment)).toEqual(['Retry me', 'Retry me']);
    expect(toasts()).toEqual([ERROR, THANK_YOU]);
  });

  it('given a message catalogue, then the toasts are in its language', async () => {
    const { feedback, toasts } = setup(undefined, {
      'feedback.sent.title': 'Danke',
      'feedback.sent.text': 'Ihre Rückmeldung ist angekommen.',
    });
    feedback.update(page, { comment: 'Gut' });
    await feedback.submit(page);
    expect(toasts()).toEqual([{ title: 'Danke', text: 'Ihre Rückmeldung ist angekommen.', kind: 'success' }]);
  });
});

describe('logout (spec §4 "resets the data cache")', () => {
  it('given drafts, when the user logs out, then every draft is forgotten', async () => {
    const { client, feedback } = setup();
    feedback.update(page, { comment: 'Unsent' });
    await client.session.logout();
    expect(feedback.$drafts.get()).toEqual({});
  });

  it('given a send under way, when the user logs out before it fails, then the draft does not come back and nothing is toasted', async () => {
    let answer!: (response: Response) => void;
    const { client, feedback, toasts } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    feedback.update(page, { comment: 'In flight' });
    const pending = feedback.submit(page);
    await client.session.logout();
    answer(json(500, {}));
    expect(await pending).toBeNull();
    expect(feedback.$drafts.get()).toEqual({});
    expect(toasts()).toEqual([]);
  });
});

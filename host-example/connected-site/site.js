// The partner's own script. It imports the SDK's standalone bundle from the portal (public code, any
// origin may load it: the latest release, or the release a pinned page names) and configures the
// page-wide client before any element has mounted: the API is the portal's, and the visitor's
// session comes from our back end's token (GET /token), asked again before the portal's app token expires.
import { configure } from '%SDK_ENTRY%';

const visitor = new URLSearchParams(location.search).get('as') ?? 'ada';
document.getElementById('as').value = visitor;
const tokens = document.getElementById('tokens');
const telemetry = document.getElementById('telemetry');

/** What the pieces measured, as our own analytics would receive it: one line per event. */
function describe(event) {
  const { type, at, ...fields } = event;
  const details = Object.entries(fields)
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ');
  return `${at.slice(11, 19)} ${type}${details ? ` — ${details}` : ''}`;
}

configure({
  apiBase: '%PORTAL%',
  async tokenProvider() {
    const response = await fetch(`/token?as=${encodeURIComponent(visitor)}`);
    if (!response.ok) throw new Error(`Our back end answered ${response.status}`);
    const { token, idToken, signed } = await response.json();
    tokens.textContent = `Our back end has signed ${signed} token${signed === 1 ? '' : 's'} for the portal.`;
    // A site that signs its users in with Entra ID (MSAL) hands over their identity token instead.
    return idToken ? { idToken } : token;
  },
  // Typed events (a piece ready, a question sent, an answer shown, an error, an action offered and
  // chosen), without the visitors' questions and the answers' text: we did not ask for them.
  onTelemetry(event) {
    if (!telemetry) return;
    const item = document.createElement('li');
    item.textContent = describe(event);
    telemetry.prepend(item);
  },
});

// What the visitor is looking at on our page goes with each question (the assistant shows it on a
// chip, 'Using: Invoice 4711', which the visitor may remove); our button asks about it.
const invoice = {
  title: 'Invoice 4711',
  data: { invoice: '4711', period: '2026-11', amount: 1250.5, currency: 'EUR', status: 'open' },
};
const assistant = document.querySelector('cp-assistant');
const askButton = document.getElementById('ask-invoice');
// Our pages share this script; only the one with the invoice has its button.
if (assistant && askButton) {
  assistant.context = invoice;
  askButton.addEventListener('click', () => {
    void assistant.ask('What is this invoice about?', { context: invoice });
  });
  offerActions(assistant);
}

/**
 * Our page's own actions, which the assistant may propose ("Open invoice 4711"): it never runs them —
 * the visitor's click raises cp-assistant-action, and our code does it and says what it did.
 */
function offerActions(element) {
  element.actions = [
    {
      name: 'openInvoice',
      description: 'Open invoice',
      parameters: {
        type: 'object',
        properties: { invoice: { type: 'string', pattern: '^[0-9]{4,8}$', description: 'The invoice number' } },
        required: ['invoice'],
        additionalProperties: false,
      },
    },
  ];
  const panel = document.getElementById('invoice-panel');
  element.addEventListener('cp-assistant-action', (event) => {
    const { name, arguments: args, respond } = event.detail;
    if (name !== 'openInvoice') return;
    if (args.invoice !== invoice.data.invoice) {
      respond(`Invoice ${args.invoice} is not on this page.`);
      return;
    }
    panel.hidden = false;
    panel.focus();
    respond(`Invoice ${args.invoice} opened in the side panel.`);
  });
  document.getElementById('close-invoice-panel')?.addEventListener('click', () => {
    panel.hidden = true;
    askButton.focus();
  });
}

// Every piece tells its page when the portal refused the visitor (cp-*-error, with a code) and when
// something happened; we list them.
const events = document.getElementById('events');
const log = (text) => {
  const item = document.createElement('li');
  item.textContent = text;
  events.prepend(item);
};
for (const name of [
  'cp-assistant-error',
  'cp-page-error',
  'cp-report-error',
  'cp-search-error',
  'cp-feedback-error',
  'cp-assistant-message-sent',
  'cp-assistant-answer-received',
  'cp-assistant-action',
  'cp-page-loaded',
  'cp-page-row-activated',
  'cp-report-loaded',
  'cp-feedback-submitted',
])
  document.addEventListener(name, (event) => {
    const { code, message } = event.detail ?? {};
    log(code ? `${name}: ${code} — ${message}` : name);
  });

// Type tests (checked by `tsc`, run by `npm test`'s typecheck): what a partner's TypeScript sees of
// the cp-* elements. A line marked @ts-expect-error must be an error; the others must compile.
import '@cloudportal/elements';

export function PartnerApp() {
  return (
    <main>
      <cp-assistant api-base="https://portal.example" mode="launcher" chat-dataset="azure" preload="idle" />
      <cp-report id="costs" report-id="billing-overview" saved-views="false" height-reduction={260} />
      <cp-saved-views for="costs" />
      <cp-search content-prefix="billing" hotkey={false} />
      <cp-feedback page="azure-budgets" tab-name="Invoices" class="partner-feedback" />
      {/* @ts-expect-error: a mode the element does not have */}
      <cp-assistant mode="sidebar" />
      {/* @ts-expect-error: the height reduction is a number */}
      <cp-report height-reduction="tall" />
    </main>
  );
}

export function partnerScript(): void {
  const report = document.querySelector('cp-report');
  report?.addEventListener('cp-report-loaded', (event) => {
    const name: string = event.detail.name;
    const page: string = event.detail.page.displayName;
    void [name, page];
  });
  report?.addEventListener('click', (event) => void event.clientX);
  const search = document.querySelector('cp-search');
  search?.addEventListener('cp-search-result-chosen', (event) => {
    event.preventDefault();
    const tab: string | null = event.detail.tabName;
    void tab;
  });
  const assistant = document.createElement('cp-assistant');
  assistant.mode = 'page';
  assistant.chatDataset = 'azure';
  // HTML's own dataset stays what it is on every element.
  const data: DOMStringMap = assistant.dataset;
  void data;
  // @ts-expect-error: the detail of cp-assistant-link-chosen has no `href`
  assistant.addEventListener('cp-assistant-link-chosen', (event) => void event.detail.href);
}

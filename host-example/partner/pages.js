// The partner's script for the two-page view: it reports what each <cp-page> shows, switches the
// second one's page (and tab), and decides whether links inside a portal page leave its site.
const [first, second] = document.querySelectorAll('cp-page');
const stay = document.getElementById('stay');

for (const [element, status] of [
  [first, document.getElementById('first-status')],
  [second, document.getElementById('second-status')],
]) {
  element.addEventListener('cp-page-loaded', (event) => {
    const { name, tab, rows } = event.detail;
    status.textContent = `Showing ${name}${tab ? `, tab ${tab}` : ''}${rows === null ? '' : `: ${rows} rows`}.`;
  });
  element.addEventListener('cp-page-error', (event) => {
    status.textContent = `Not shown (${event.detail.reason}): ${event.detail.message}`;
  });
  element.addEventListener('cp-page-navigate', (event) => {
    // The event is cancelable: preventDefault() keeps the visitor here; otherwise the portal page opens.
    if (stay.checked) event.preventDefault();
    status.textContent = `${stay.checked ? 'Stayed here; chose' : 'Opening'} ${event.detail.path}`;
  });
}

document.getElementById('second').addEventListener('change', (event) => {
  const [name, tab] = event.target.value.split('|');
  if (tab) second.setAttribute('tab-name', tab);
  else second.removeAttribute('tab-name');
  second.setAttribute('name', name);
});

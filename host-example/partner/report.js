// The partner's script for the report page: it follows the report's events.
const report = document.getElementById('overview-report');
const status = document.getElementById('report-status');
report.addEventListener('cp-report-loaded', (event) => {
  status.textContent = `Showing ${event.detail.name}, page ${event.detail.page.displayName}.`;
});
report.addEventListener('cp-report-page-changed', (event) => {
  status.textContent = `Page ${event.detail.page.displayName}.`;
});
report.addEventListener('cp-report-view-saved', (event) => {
  status.textContent = `Saved the view ${event.detail.name}.`;
});
report.addEventListener('cp-report-view-applied', (event) => {
  status.textContent = `Applied the view ${event.detail.name}.`;
});
report.addEventListener('cp-report-error', (event) => {
  status.textContent = `The report cannot be shown: ${event.detail.message}`;
});

// The strict page's watch (strict.html), a classic script that runs before anything else on the page:
// every Content-Security-Policy and Trusted Types violation the browser reports here is kept in
// `window.cspViolations` and counted on the page. The browser also sends each to the back end
// (`report-uri /csp-reports`). Written with textContent only: this script feeds no HTML sink itself.
(() => {
  /** @type {{ directive: string, blocked: string, sample: string, source: string, line: number }[]} */
  const seen = [];
  window.cspViolations = seen;
  const show = () => {
    const status = document.getElementById('violations');
    if (!status) return;
    const last = seen[seen.length - 1];
    status.textContent = last
      ? `The browser has reported ${seen.length} policy violation${seen.length === 1 ? '' : 's'}; the last: ${last.directive} (${last.sample || last.blocked}).`
      : 'The browser has reported no policy violation.';
  };
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: event.sourceFile,
        line: event.lineNumber,
      });
      show();
    },
    true,
  );
  document.addEventListener('DOMContentLoaded', () => {
    show();
    // The negative control (`?control=innerhtml`): an HTML string assigned to a sink without a
    // policy, which the browser must refuse and report — so a page reporting none proves something.
    if (new URLSearchParams(location.search).get('control') === 'innerhtml') {
      try {
        document.createElement('div').innerHTML = '<b>x</b>';
      } catch {
        // Refused, as it should be: the report is what the control is for.
      }
    }
  });
})();

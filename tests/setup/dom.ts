// Shared set-up for the jsdom layers (component and story tests).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// waitFor and findBy* wait up to 5 s (Testing Library's default is 1 s): a fake's answer and a few
// renders can take longer on a busy 2-core machine, and a passing test never waits that long.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-cp-theme');
});

// Each file starts on a page as fresh as a document of its own: the component project's files share
// their worker's modules and its one jsdom (`isolate: false`, tests/vitest.config.ts), so what an
// earlier file left page-wide is cleared here — web storage (a client persists its layout and
// locale there, and a persisted layout wins over a test's initial one), cookies, the root element's
// attributes (theme, language, direction) and the address. The SDK's document styles stay: they are
// added once per document, and the shared modules remember having added them.
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
document.body.replaceChildren();
history.replaceState(null, '', '/');

// A document like a real page's, so axe judges the component and not the empty test page.
document.documentElement.lang = 'en';
document.title = 'Cloud Portal SDK test';

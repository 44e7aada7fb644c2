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

// A document like a real page's, so axe judges the component and not the empty test page.
document.documentElement.lang = 'en';
document.title = 'Cloud Portal SDK test';

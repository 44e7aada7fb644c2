// Shared set-up for the jsdom layers (component and story tests).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-cp-theme');
});

// A document like a real page's, so axe judges the component and not the empty test page.
document.documentElement.lang = 'en';
document.title = 'Cloud Portal SDK test';

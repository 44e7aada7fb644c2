import { createPortalClient } from '@cloudportal/core';
import { PortalProvider } from '@cloudportal/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';

// One portal client for the whole reference portal.
const client = createPortalClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PortalProvider client={client}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </PortalProvider>
  </StrictMode>,
);

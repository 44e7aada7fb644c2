// `npm start`: build what is stale (buildSteps.mjs: the packages, then the host), then serve the
// portal, its API and the partner pages on PORT (4173), and the demo connected site — a partner's
// website on an origin of its own — on http://127.0.0.1:PARTNER_SITE_PORT (4180). A second start with
// nothing changed serves in seconds; `npm run build` always builds everything.
import { buildIfStale } from './buildSteps.mjs';

for (const step of ['packages', 'host']) if (!buildIfStale(step)) process.exit(1);

// The server runs in this process, so SIGTERM and Ctrl-C reach it as they would `node …/main.js`.
await import('../packages/server/dist/main.js');

const partnerPort = process.env.PARTNER_SITE_PORT ?? '4180';
if (partnerPort !== 'off') {
  const { startConnectedSite } = await import('./connected-site/server.mjs');
  const portal = process.env.PORTAL_URL ?? `http://localhost:${process.env.PORT ?? 4173}`;
  try {
    await startConnectedSite({ port: Number(partnerPort), portal });
    console.log(`The demo connected site (a partner's website) is on http://127.0.0.1:${partnerPort}/`);
  } catch (error) {
    // The portal keeps serving: the demo site is a tour stop, not the product.
    console.warn(`The demo connected site could not start on port ${partnerPort}: ${error.message}`);
  }
}

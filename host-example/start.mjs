// `npm start`: build what is stale (buildSteps.mjs: the packages, then the host), then serve the
// portal, its API and the partner pages on PORT (4173). A second start with nothing changed serves
// in seconds; `npm run build` always builds everything.
import { buildIfStale } from './buildSteps.mjs';

for (const step of ['packages', 'host']) if (!buildIfStale(step)) process.exit(1);

// The server runs in this process, so SIGTERM and Ctrl-C reach it as they would `node …/main.js`.
await import('../packages/server/dist/main.js');

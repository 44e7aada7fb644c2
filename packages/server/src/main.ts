import { runMain } from './ops/start';

// config → database → migrations → listen (/healthz, /readyz; other routes 503 'Starting') → seed
// once → ready; SIGTERM and SIGINT stop gracefully. See src/ops/start.ts.
// The full demo data: the anchors the assistant's answers are written around plus the long tail at realistic scale.
void runMain({ seed: { data: 'full' } });

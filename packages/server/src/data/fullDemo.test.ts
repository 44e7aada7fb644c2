// The feature-data suites over the full demo seed, in one file so that they share one server: each
// suite (data/*.suite.ts) checks its domain's pages against SQL of its own over the same seed, and a
// clone of that seed costs ~13 s of PGlite (a 480 MB data folder) per file. The suites that change a
// row another might read run last: series (a user's department), then data (a subscription's owner).
import { afterAll } from 'vitest';
import { closeSharedTestServers } from '../test-support';
import './m365.suite';
import './costs.suite';
import './estate.suite';
import './adoption.suite';
import './operations.suite';
import './series.suite';
import './data.suite';

afterAll(closeSharedTestServers);

import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemo } from './seed';

async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  await migrate(db);
  // The full demo data: the anchors the assistant's answers are written around plus the long tail at realistic scale.
  await seedDemo(db, { data: 'full' });
  const app = await buildApp({ config, db });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C does not wait
    stopping = true;
    app.log.info(`${signal}: stopping`);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await db.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`Port ${config.port} is already in use. Set PORT to another port.`);
    }
    throw error;
  }
  console.log(`Cloud Portal ready at http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

// The Node server's entry (`npm run serve`): configuration from the environment (README,
// "Configuration"), the app (app.ts) with the Node context and the build's worked examples, and
// the process around it: signals, exit codes, faults outside any request.
import examples from 'virtual:examples';
import { nodeContext } from '../platform/node-context';
import { createApp, type App } from './app';
import { loadConfig, type ServerConfig } from './config';

let config: ServerConfig;
let app: App;
try {
  config = loadConfig();
  app = await createApp(config, { tools: nodeContext, examples });
} catch (error) {
  // Configuration mistakes stop the server with one line, not a stack.
  console.error(`configuration error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// A bug in a callback outside any request must not take every other request down with it.
process.on('unhandledRejection', (reason) => console.error('internal error (unhandled rejection):', reason));

console.log(app.describe(await app.listen()));

// ---- signals: SIGTERM/SIGINT finish what is in flight, refuse new connections, exit 0;
// SIGHUP re-reads API_KEYS_FILE.

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`shutting down on ${signal}: finishing ${app.inFlight} request(s)`);
  void app.close().then(() => {
    console.log('shut down cleanly');
    process.exit(0);
  });
  setTimeout(() => {
    console.error(`shutdown: ${app.inFlight} request(s) still running after ${config.shutdownTimeoutMs} ms; exiting`);
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGHUP', () => {
  try {
    console.log(`reloaded API keys: ${app.reloadKeys()} key(s)`);
  } catch (error) {
    console.error(`could not reload API keys, keeping the previous ones: ${(error as Error).message}`);
  }
});

// The Node server's entry (`npm run serve`): configuration from the environment (README,
// "Configuration"), the app (app.ts) with the Node context and the build's worked examples, and
// the process around it: signals, exit codes, faults outside any request. Every line it writes
// is JSON (logger.ts).
import examples from 'virtual:examples';
import { nodeContext } from '../platform/node-context';
import { createApp, type App } from './app';
import { loadConfig, type ServerConfig } from './config';
import { captureConsole, errorFields, log } from './logger';

// The core and libraries write with console.*: made JSON lines like ours.
captureConsole(log);

let config: ServerConfig;
let app: App;
try {
  config = loadConfig();
  app = await createApp(config, { tools: nodeContext, examples });
} catch (error) {
  // Configuration mistakes stop the server with one line, not a stack.
  log.error(`configuration error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// A bug in a callback outside any request must not take every other request down with it.
process.on('unhandledRejection', (reason) => log.error('internal error (unhandled rejection)', errorFields(reason)));

// ---- signals: SIGTERM/SIGINT finish what is in flight, refuse new connections, exit 0;
// SIGHUP re-reads API_KEYS_FILE. Installed before listening: a signal that arrives as soon as the
// 'listening' line is out (a supervisor, a test) must find them.

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  log.info(`shutting down on ${signal}: finishing ${app.inFlight} request(s)`, { signal, in_flight: app.inFlight });
  void app.close().then(() => {
    log.info('shut down cleanly');
    process.exit(0);
  });
  setTimeout(() => {
    log.error(`shutdown: ${app.inFlight} request(s) still running after ${config.shutdownTimeoutMs} ms; exiting`, {
      in_flight: app.inFlight,
    });
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGHUP', () => {
  try {
    const count = app.reloadKeys();
    log.info(`reloaded API keys: ${count} key(s)`, { keys: count });
  } catch (error) {
    log.error(`could not reload API keys, keeping the previous ones: ${(error as Error).message}`);
  }
});

let port: number;
try {
  port = await app.listen();
} catch (error) {
  // A port in use or not ours to take is the operator's to fix: one line saying what to do.
  const code = (error as { code?: string }).code;
  const where = `${config.host ?? 'every interface'} port ${config.port}`;
  if (code === 'EADDRINUSE')
    log.error(`port ${config.port} is already in use: stop the program listening on it or set PORT to a free port`, {
      port: config.port,
      host: config.host,
      code,
    });
  else if (code === 'EACCES')
    log.error(`no permission to listen on ${where}: use a port above 1023 or grant the capability to bind it`, {
      port: config.port,
      host: config.host,
      code,
    });
  else
    log.error(`cannot listen on ${where}: ${(error as Error).message}`, { port: config.port, host: config.host, code });
  process.exit(1);
}
log.info(app.describe(port), { port });

// Lighthouse on every page (the pages' speed goal, README.md "Lighthouse"): the home page and each tool page of the BUILT
// app, served by the built Node server, audited by Lighthouse's default mobile preset (a Moto
// G Power-sized screen, simulated slow 4G and a 4× slower CPU) for performance, accessibility,
// best practices and SEO. Per page: the four scores, total blocking time and the longest
// main-thread task while the page loads (Lighthouse's `long-tasks` audit, in the same simulated
// time as TBT; tasks under 50 ms are not listed, so "< 50" means none reached it), and the same
// task length in CPU time, which a busy neighbour does not stretch (see longestCpuTask).
//
// Unlike the other benches this prints no ratio against a baseline measured in the same run:
// Lighthouse's scores are already absolute — they place the simulated metrics on curves
// calibrated on real sites — and its simulation replays the page's dependency graph at fixed
// network and CPU speeds, so a busy neighbour moves them far less than it moves wall times.
// Still, the CPU multiplier applies to what this machine measured: on a shared machine run
// RUNS=3 (median of each column) and look again at a page that stands out.
//
// Lighthouse (≈200 packages, 185 MB) is not a dependency of the app: it lives in
// bench/lighthouse/package.json with its own lockfile, so `npm ci` and CI never install it; this
// script runs `npm ci --prefix bench/lighthouse` the first time (the only network it needs).
// While auditing, Chromium may reach nothing but the local server (its host resolver maps every
// other name to nowhere), and any request to another origin is reported.
//
//   node bench/lighthouse.mjs     (RUNS=3, PAGES=regex of slugs, home is "home";
//                                  SERVER_ENTRY, STATIC_DIR, CHROMIUM_PATH; LH_SAVE=dir keeps each report and trace)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './report.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const ENTRY = resolve(process.env.SERVER_ENTRY ?? 'dist-server/main.js');
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
const ONLY = process.env.PAGES ? new RegExp(process.env.PAGES, 'i') : undefined;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SAVE = process.env.LH_SAVE ? resolve(process.env.LH_SAVE) : undefined;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function loadLighthouse() {
  const dir = join(here, 'lighthouse');
  if (!existsSync(join(dir, 'node_modules', 'lighthouse'))) {
    console.log('installing Lighthouse into bench/lighthouse/node_modules (once)…');
    execFileSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const require = createRequire(join(dir, 'package.json'));
  const load = (name) => import(pathToFileURL(require.resolve(name)).href);
  const [{ default: lighthouse }, { launch }] = await Promise.all([load('lighthouse'), load('chrome-launcher')]);
  const { version } = JSON.parse(readFileSync(join(dir, 'node_modules', 'lighthouse', 'package.json'), 'utf8'));
  return { lighthouse, launch, version };
}

function startServer() {
  const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT: 'off', ACCESS_LOG: 'off' };
  const child = spawn(process.execPath, [ENTRY], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) done({ origin: new URL(match[1]).origin.replace('localhost', '127.0.0.1'), child });
    });
    child.once('exit', (code) => fail(new Error(`${ENTRY} exited with ${code}`)));
  });
}

/**
 * The longest main-thread task of the page's load in CPU time (the thread's own clock, `tdur`),
 * times Lighthouse's CPU slowdown: what the `long-tasks` figure would be if no other process had
 * taken the core away mid-task. On a shared machine the two differ by the neighbours' load.
 */
function longestCpuTask(trace, url, slowdown) {
  const start = trace.traceEvents.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  if (!start) return NaN;
  let longest = 0;
  for (const e of trace.traceEvents) {
    if (e.name === 'RunTask' && e.ph === 'X' && e.pid === start.pid && e.tid === start.tid && e.ts >= start.ts)
      longest = Math.max(longest, e.tdur ?? 0);
  }
  return (longest / 1000) * slowdown;
}

/** One audit of one page: its scores and the figures of the table. */
function figures(lhr, origin, trace) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id];
  const longTasks = audit('long-tasks')?.details?.items ?? [];
  const longest = longTasks.reduce((top, task) => (task.duration > (top?.duration ?? 0) ? task : top), undefined);
  const failing = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audit(ref.id) && audit(ref.id).score !== null && audit(ref.id).score < 1)
      .map(
        (ref) =>
          `${id}: ${ref.id} (${(audit(ref.id).details?.items ?? [])
            .map((item) => item.node?.selector ?? item.url ?? item.source?.url ?? '')
            .filter(Boolean)
            .slice(0, 3)
            .join('; ')})`,
      ),
  );
  const requests = audit('network-requests')?.details?.items ?? [];
  const foreign = requests
    .map((item) => item.url)
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    tbt: audit('total-blocking-time').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    longest: longest?.duration ?? 0,
    longestUrl: longest?.url ?? '',
    longestCpu: longestCpuTask(trace, lhr.requestedUrl, lhr.configSettings.throttling.cpuSlowdownMultiplier),
    failing,
    foreign,
    // Lighthouse's measure of this machine's speed at the time (≈ 1000+ on an idle desktop): its
    // 4× CPU slowdown applies to what was measured, so a busy machine reads as a slow phone.
    benchmark: lhr.environment.benchmarkIndex,
  };
}

const { lighthouse, launch, version } = await loadLighthouse();
const { origin, child: server } = await startServer();
const chrome = await launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1`,
  ],
});
const rows = [];
try {
  const { tools } = await (await fetch(`${origin}/api`)).json();
  const pages = [{ name: 'home', path: '/' }, ...tools.map((tool) => ({ name: tool.slug, path: tool.page }))].filter(
    (page) => !ONLY || ONLY.test(page.name),
  );
  console.log(
    `Lighthouse ${version}, mobile preset (simulated throttling), ${pages.length} page(s) × ${RUNS} run(s), ${origin}`,
  );
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      let result = await lighthouse(`${origin}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      // A run that did not complete (on a starved machine Chromium may miss Lighthouse's
      // deadlines: NO_FCP and the like) is said and run again, not averaged in as zeros.
      for (let retry = 0; result.lhr.runtimeError && retry < 2; retry++) {
        process.stderr.write(`  ${page.name}: ${result.lhr.runtimeError.code}, running again\n`);
        result = await lighthouse(`${origin}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
      }
      if (SAVE) {
        mkdirSync(SAVE, { recursive: true });
        writeFileSync(join(SAVE, `${page.name}-${i + 1}.json`), result.report);
        // The trace too: open it in DevTools' Performance panel to see what a long task ran.
        writeFileSync(join(SAVE, `${page.name}-${i + 1}.trace.json`), JSON.stringify(result.artifacts.Trace));
      }
      runs.push(figures(result.lhr, origin, result.artifacts.Trace));
    }
    const mid = (key) => median(runs.map((run) => run[key]));
    // Each column is its own median; the notes come from the run whose longest task is the median.
    const typical = [...runs].sort((a, b) => a.longest - b.longest)[Math.floor((runs.length - 1) / 2)];
    const row = {
      page: page.name,
      benchmark: mid('benchmark'),
      perf: mid('perf'),
      a11y: mid('a11y'),
      bp: mid('bp'),
      seo: mid('seo'),
      tbt: mid('tbt'),
      lcp: mid('lcp'),
      longest: mid('longest'),
      longestCpu: mid('longestCpu'),
      longestUrl: typical.longestUrl,
      failing: typical.failing,
      foreign: [...new Set(runs.flatMap((run) => run.foreign))],
    };
    rows.push(row);
    process.stderr.write(
      `  ${page.name}: perf ${row.perf}, TBT ${Math.round(row.tbt)} ms, longest task ${Math.round(row.longest)} ms, benchmarkIndex ${Math.round(row.benchmark)}\n`,
    );
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
}

const ms = (value) => (value < 50 ? '< 50' : String(Math.round(value)));
console.log('\n| page | perf | a11y | BP | SEO | TBT ms | longest task ms | same, CPU time ms | LCP s |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.page} | ${row.perf} | ${row.a11y} | ${row.bp} | ${row.seo} | ${Math.round(row.tbt)} | ${ms(row.longest)} | ${Math.round(row.longestCpu)} | ${(row.lcp / 1000).toFixed(1)} |`,
  );
for (const row of rows.filter((r) => r.failing.length || r.foreign.length || r.longest > 0)) {
  if (row.longest > 0)
    console.log(
      `${row.page}: longest task ${Math.round(row.longest)} ms in ${row.longestUrl.replace(origin, '') || '(no script)'}`,
    );
  for (const audit of row.failing) console.log(`${row.page}: failing ${audit}`);
  if (row.foreign.length) console.log(`${row.page}: REQUESTS TO OTHER ORIGINS ${row.foreign.join(', ')}`);
}
const benchmarks = rows.map((row) => row.benchmark);
const worst = (key) => rows.reduce((low, row) => Math.min(low, row[key]), 100);
const maxOf = (key) => rows.reduce((high, row) => Math.max(high, row[key]), 0);
console.log(
  `\nlighthouse summary: ${rows.length} pages; lowest performance ${worst('perf')} (goal ≥ 95), accessibility ${worst('a11y')}, best practices ${worst('bp')}, SEO ${worst('seo')} (goal 100); ` +
    `highest TBT ${Math.round(maxOf('tbt'))} ms; longest task ${ms(maxOf('longest'))} ms (goal ≤ 200), in CPU time ${Math.round(maxOf('longestCpu'))} ms; requests to other origins: ${rows.some((r) => r.foreign.length) ? 'SOME' : 'none'}; ` +
    `machine: benchmarkIndex ${Math.round(Math.min(...benchmarks))}–${Math.round(Math.max(...benchmarks))}, load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
);

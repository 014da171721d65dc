// The deployment files, read by real parsers (no container runtime can run here): the
// Dockerfile by dockerfile-ast (the parser behind VS Code's Docker language server), compose.yaml
// and deploy/k8s/*.yaml by `yaml`, deploy/haproxy.cfg by haproxy itself. Each test states a fact
// an operator relies on, against the other files it must agree with (README's memory figure,
// the server's port, the build's output).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { DockerfileParser, type Copy, type Instruction } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

const dockerfile = DockerfileParser.parse(read('Dockerfile'));
const instructions = dockerfile.getInstructions();
const froms = dockerfile.getFROMs();
/** The instructions of the last stage: what the image that runs is made of. */
const runStage = instructions.filter((i) => i.getRange().start.line > froms.at(-1)!.getRange().start.line);
const keyword = (list: Instruction[], name: string) => list.filter((i) => i.getKeyword() === name);
/** An exec-form instruction's JSON array (`CMD ["node", …]`). */
const execForm = (i: Instruction) => JSON.parse(/\[.*\]\s*$/s.exec(i.getTextContent().replace(/\\\n/g, ''))![0]) as string[];

// README "Sizing the worker pool": the figure every memory size here follows.
const heavyPeakGb = Number(/peaks near \*\*([\d.]+) GB\*\*/.exec(read('README.md'))![1]);
const SERVER_MB = 256;

function bytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|k|M|G)?$/.exec(quantity);
  if (!match) throw new Error(`not a Kubernetes quantity: ${quantity}`);
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, k: 1e3, M: 1e6, G: 1e9 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * unit;
}

describe('Dockerfile', () => {
  it('builds in one stage and runs from another, on a slim Node image', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    const stages = froms.map((from) => from.getBuildStage());
    expect(new Set(stages).size).toBe(stages.length);
    // Every FROM resolves (through its ARG) to an official slim Node image of a supported line.
    const args = new Map(dockerfile.getARGs().map((arg) => [arg.getProperty()!.getName(), arg.getProperty()!.getValue()]));
    for (const from of froms) {
      const image = from.getImageName()!.replace(/\$\{(\w+)\}/g, (_, name: string) => args.get(name) ?? '');
      expect(image).toMatch(/^node:(20|22|24)[\w.-]*-slim$/);
    }
    const build = instructions.filter((i) => i.getKeyword() === 'RUN').map((i) => i.getTextContent());
    expect(build.some((text) => /npm ci\b/.test(text) && !/--omit=dev/.test(text))).toBe(true);
    expect(build.some((text) => /npm run build\b/.test(text))).toBe(true);
  });

  it('runs as a user that is not root, with only production dependencies and the built output', () => {
    const users = keyword(runStage, 'USER').map((i) => i.getArguments()[0]!.getValue());
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    // The image that runs downloads nothing and builds nothing: no RUN, no ADD.
    expect(keyword(runStage, 'RUN')).toEqual([]);
    expect(keyword(runStage, 'ADD')).toEqual([]);
    const copied = keyword(runStage, 'COPY').map((i) => {
      const from = (i as Copy).getFlags().find((flag) => flag.getName() === 'from')?.getValue();
      expect(from, `${i.getTextContent()} copies from a stage, not the build context`).toBeDefined();
      return i.getArguments().at(-1)!.getValue();
    });
    expect(copied).toEqual(expect.arrayContaining(['node_modules/', 'dist/', 'dist-server/']));
    // The production dependencies come from an `npm ci --omit=dev`.
    expect(instructions.some((i) => i.getKeyword() === 'RUN' && /npm ci\b.*--omit=dev/.test(i.getTextContent()))).toBe(true);
    // The server's entry is what `npm run serve` runs.
    const cmd = execForm(keyword(runStage, 'CMD').at(-1)!);
    expect(`${cmd.join(' ')}`).toBe(JSON.parse(read('package.json')).scripts.serve);
  });

  it('never ADDs a URL, exposes the server port and sets sensible defaults', () => {
    for (const add of keyword(instructions, 'ADD')) expect(add.getTextContent()).not.toMatch(/https?:\/\/|git@/);
    expect(keyword(runStage, 'EXPOSE').map((i) => i.getArguments()[0]!.getValue())).toEqual(['8787']);
    const env = keyword(runStage, 'ENV').flatMap((i) => i.getArguments().map((a) => a.getValue()));
    expect(env).toEqual(expect.arrayContaining(['NODE_ENV=production', 'PORT=8787', 'HOST=0.0.0.0']));
    expect(keyword(runStage, 'STOPSIGNAL').map((i) => i.getArguments()[0]!.getValue())).toEqual(['SIGTERM']);
  });

  it('has a HEALTHCHECK on /healthz that needs nothing but node, and fails when the answer is not 2xx', async () => {
    const [check] = keyword(runStage, 'HEALTHCHECK');
    expect(check).toBeDefined();
    expect((check as unknown as { getSubcommand(): { getValue(): string } }).getSubcommand().getValue()).toBe('CMD');
    const command = execForm(check!);
    expect(command[0]).toBe('node');
    expect(command.join(' ')).toContain('/healthz');
    // Run the very command against stand-ins: /healthz 200 → exit 0; 503 → 1; nobody → 1.
    const outcome = async (status: number | undefined) => {
      let server: Server | undefined;
      let port = 9;
      if (status !== undefined) {
        server = createServer((req, res) => res.writeHead(req.url === '/healthz' ? status : 404).end());
        await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
        port = (server.address() as { port: number }).port;
      }
      const code = await new Promise<number | null>((done) => {
        const child = spawn(process.execPath, command.slice(1), { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
        child.once('exit', (exit) => done(exit));
      });
      server?.close();
      return code;
    };
    expect(await outcome(200)).toBe(0);
    expect(await outcome(503)).toBe(1);
    expect(await outcome(undefined)).toBe(1);
  });

  it('keeps the build context small: .dockerignore leaves out installs, builds and git', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['.git', 'node_modules', 'dist', 'dist-server', 'test-results']));
    // …but not what the build needs.
    for (const needed of ['src', 'static', 'vendor', 'package-lock.json', 'vite.config.ts', 'vite.server.config.ts', 'index.html']) expect(ignored).not.toContain(needed);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'));
  const services = compose.services as Record<string, Record<string, any>>;
  const apps = Object.keys(services).filter((name) => /^app\d+$/.test(name));

  it('puts haproxy in front of three instances that share Redis, each with a health check', () => {
    expect(apps).toHaveLength(3);
    for (const name of apps) {
      const app = services[name]!;
      expect(app.build).toBe('.');
      const redisUrl = new URL(app.environment.REDIS_URL);
      expect(services[redisUrl.hostname], 'REDIS_URL names the redis service').toBeDefined();
      expect(app.environment.TRUST_PROXY).toBe('1');
      expect(app.healthcheck.test.join(' ')).toContain('/healthz');
      expect(app.depends_on.redis.condition).toBe('service_healthy');
      // Its memory limit holds the server and its heavy workers at their peak.
      const workers = Number(app.environment.HEAVY_WORKERS);
      expect(bytes(app.deploy.resources.limits.memory.replace(/g$/, 'Gi').replace(/m$/, 'Mi'))).toBeGreaterThanOrEqual((SERVER_MB + heavyPeakGb * 1000 * workers) * 1e6);
    }
    expect(services.redis!.healthcheck).toBeDefined();
    const haproxy = services.haproxy!;
    expect(haproxy.volumes.some((volume: string) => volume.startsWith('./deploy/haproxy.cfg:'))).toBe(true);
    for (const name of apps) expect(haproxy.depends_on[name]).toBeDefined();
  });

  it('gives the instances and Redis no route out: only haproxy is on a network that has one', () => {
    expect(compose.networks.backend.internal).toBe(true);
    for (const name of [...apps, 'redis']) expect(services[name]!.networks).toEqual(['backend']);
    expect(services.haproxy!.networks).toEqual(expect.arrayContaining(['frontend', 'backend']));
  });

  it('and deploy/haproxy.cfg routes to exactly those instances, checking /healthz', () => {
    const cfg = read('deploy/haproxy.cfg');
    const servers = [...cfg.matchAll(/^\s*server\s+(\S+)\s+([^:\s]+):(\d+)/gm)].map((m) => `${m[2]}:${m[3]}`);
    expect(servers.sort()).toEqual(apps.map((name) => `${name}:8787`).sort());
    expect(cfg).toMatch(/option httpchk GET \/healthz/);
    expect(cfg).toMatch(/default-server[^\n]*\binter 500ms\b[^\n]*\bfall 2\b/);
    expect(cfg).toMatch(/^\s*option forwardfor/m);
  });

  it('deploy/haproxy.cfg is a configuration haproxy accepts', () => {
    const check = spawnSync(process.env.HAPROXY ?? 'haproxy', ['-c', '-f', resolve(root, 'deploy/haproxy.cfg')], { encoding: 'utf8' });
    expect(check.error).toBeUndefined();
    expect(check.status, check.stderr + check.stdout).toBe(0);
    expect(check.stdout + check.stderr).toMatch(/Configuration file is valid/);
  });
});

describe('deploy/k8s', () => {
  const docs = readdirSync(resolve(root, 'deploy/k8s'))
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => parseAllDocuments(read(`deploy/k8s/${file}`)).map((doc) => {
      expect(doc.errors, file).toEqual([]);
      return doc.toJS() as Record<string, any>;
    }));
  const find = (kind: string, name: string) => docs.find((doc) => doc.kind === kind && doc.metadata.name === name)!;
  const deployment = find('Deployment', 'devtoolbox');
  const container = deployment?.spec.template.spec.containers[0];
  const env = Object.fromEntries((container?.env ?? []).map((e: { name: string; value: string }) => [e.name, e.value]));

  it('has the Deployment, its Service and autoscaler, and Redis with its Service', () => {
    expect(docs.map((doc) => `${doc.kind}/${doc.metadata.name}`).sort()).toEqual(
      ['Deployment/devtoolbox', 'Deployment/devtoolbox-redis', 'HorizontalPodAutoscaler/devtoolbox', 'Service/devtoolbox', 'Service/devtoolbox-redis'].sort(),
    );
    for (const doc of docs) expect(doc.apiVersion).toMatch(/^(v1|apps\/v1|autoscaling\/v2)$/);
  });

  it('probes readiness on /readyz and liveness on /healthz, on the port the server listens on', () => {
    const ports = Object.fromEntries(container.ports.map((p: { name: string; containerPort: number }) => [p.name, p.containerPort]));
    expect(ports.http).toBe(Number(env.PORT ?? 8787));
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(ports[container.readinessProbe.httpGet.port] ?? container.readinessProbe.httpGet.port).toBe(8787);
    // The grace period covers the server's own drain (SHUTDOWN_TIMEOUT_MS, default 30 s).
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(Number(env.SHUTDOWN_TIMEOUT_MS ?? 30_000) / 1000);
  });

  it('sizes memory for the server plus its heavy workers at their peak (README)', () => {
    const workers = Number(env.HEAVY_WORKERS);
    expect(workers).toBeGreaterThanOrEqual(1);
    const peak = (SERVER_MB + heavyPeakGb * 1000 * workers) * 1e6;
    expect(bytes(container.resources.limits.memory)).toBeGreaterThanOrEqual(peak);
    expect(bytes(container.resources.requests.memory)).toBeLessThanOrEqual(bytes(container.resources.limits.memory));
    expect(bytes(container.resources.requests.memory)).toBeGreaterThanOrEqual(peak * 0.9);
  });

  it('runs as non-root, and the Service, autoscaler and REDIS_URL point at what exists', () => {
    expect(deployment.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
    expect(container.securityContext.allowPrivilegeEscalation).toBe(false);
    const labels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    const service = find('Service', 'devtoolbox');
    expect(service.spec.selector).toEqual(labels);
    expect(container.ports.map((p: { name: string }) => p.name)).toContain(service.spec.ports[0].targetPort);
    const hpa = find('HorizontalPodAutoscaler', 'devtoolbox');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'devtoolbox' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    const redisUrl = new URL(env.REDIS_URL);
    const redisService = find('Service', redisUrl.hostname);
    expect(redisService.spec.ports[0].port).toBe(Number(redisUrl.port));
    expect(redisService.spec.selector).toEqual(find('Deployment', 'devtoolbox-redis').spec.template.metadata.labels);
  });
});

it('the build output the image copies is what the build writes', () => {
  // vite.server.config.ts writes dist-server/main.js; vite.config.ts writes dist/.
  expect(read('vite.server.config.ts')).toMatch(/outDir: 'dist-server'/);
  expect(existsSync(resolve(root, 'vendor/libjpeg-turbo-wasm/package.json'))).toBe(true);
});

// The deployment files, read by real parsers: the Dockerfile by dockerfile-ast (the parser behind
// VS Code's Docker language server), compose.yaml and deploy/k8s/*.yaml by `yaml`, the manifests
// then against the Kubernetes API's schemas (k8s-schema.ts), deploy/haproxy.cfg by haproxy
// itself. Each test states a fact an operator relies on, against the other files it must agree
// with (README's memory figure, the server's port, the build's output). The image itself is built
// and run by scripts/container-test.sh (CONTAINER_TEST=1 in CI).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DockerfileParser, type Copy, type Instruction } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { manifestProblems } from './k8s-schema';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

const dockerfile = DockerfileParser.parse(read('Dockerfile'));
const instructions = dockerfile.getInstructions();
const froms = dockerfile.getFROMs();
/** The instructions of the last stage: what the image that runs is made of. */
const runStage = instructions.filter((i) => i.getRange().start.line > froms.at(-1)!.getRange().start.line);
const keyword = (list: Instruction[], name: string) => list.filter((i) => i.getKeyword() === name);
/** An exec-form instruction's JSON array (`CMD ["node", …]`). */
const execForm = (i: Instruction) =>
  JSON.parse(/\[.*\]\s*$/s.exec(i.getTextContent().replace(/\\\n/g, ''))![0]) as string[];

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
    const args = new Map(
      dockerfile.getARGs().map((arg) => [arg.getProperty()!.getName(), arg.getProperty()!.getValue()]),
    );
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
      const from = (i as Copy)
        .getFlags()
        .find((flag) => flag.getName() === 'from')
        ?.getValue();
      expect(from, `${i.getTextContent()} copies from a stage, not the build context`).toBeDefined();
      return i.getArguments().at(-1)!.getValue();
    });
    expect(copied).toEqual(expect.arrayContaining(['node_modules/', 'dist/', 'dist-server/']));
    // The production dependencies come from an `npm ci --omit=dev`.
    expect(instructions.some((i) => i.getKeyword() === 'RUN' && /npm ci\b.*--omit=dev/.test(i.getTextContent()))).toBe(
      true,
    );
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
        const child = spawn(process.execPath, command.slice(1), {
          env: { ...process.env, PORT: String(port) },
          stdio: 'ignore',
        });
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
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['.git', 'node_modules', 'dist', 'dist-server', 'test-results']));
    // …but not what the build needs.
    for (const needed of [
      'src',
      'static',
      'vendor',
      'package-lock.json',
      'vite.config.ts',
      'vite.server.config.ts',
      'index.html',
    ])
      expect(ignored).not.toContain(needed);
  });
});

describe('Dockerfile, lean and labelled', () => {
  it('has no `# syntax=` line: nothing is fetched from a registry before the build', () => {
    expect(read('Dockerfile')).not.toMatch(/^#\s*syntax\s*=/im);
    expect(dockerfile.getDirectives()).toEqual([]);
  });

  it('takes its base from one build argument whose default is the official image', () => {
    const args = dockerfile.getARGs().filter((arg) => arg.getProperty()!.getName() === 'NODE_IMAGE');
    expect(args).toHaveLength(1);
    // Declared before the first FROM, so every FROM may use it.
    expect(args[0]!.getRange().start.line).toBeLessThan(froms[0]!.getRange().start.line);
    expect(args[0]!.getProperty()!.getValue()).toMatch(/^node:22-bookworm-slim$/);
    for (const from of froms) expect(from.getImageName()).toBe('${NODE_IMAGE}');
  });

  it("keeps only the running platform's onnxruntime binaries, and fails the build without them", () => {
    const deps = instructions
      .filter((i) => i.getKeyword() === 'RUN' && /--omit=dev/.test(i.getTextContent()))
      .map((i) => i.getTextContent());
    expect(deps).toHaveLength(1);
    const script = deps[0]!;
    // The kept platform is the one node reports inside the build, not a fixed string.
    expect(script).toMatch(/process\.platform.*process\.arch/);
    expect(script).toMatch(/onnxruntime-node\/bin\/napi-v\*\/\*\/\*/);
    expect(script).toMatch(/rm -rf/);
    expect(script).toMatch(/ls node_modules\/onnxruntime-node\/bin\/napi-v\*\/"\$keep"\/onnxruntime_binding\.node/);
    // Run that very loop on a copy of the installed package's layout: only this platform stays.
    const layout = readdirSync(resolve(root, 'node_modules/onnxruntime-node/bin'), {
      recursive: true,
      withFileTypes: true,
    })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        resolve(entry.parentPath, entry.name).slice(resolve(root, 'node_modules/onnxruntime-node').length + 1),
      );
    expect(layout.some((path) => path.includes('/win32/'))).toBe(true);
    const sandbox = mkdtempSync(join(tmpdir(), 'devtoolbox-ort-'));
    try {
      for (const path of layout) {
        mkdirSync(dirname(join(sandbox, 'node_modules/onnxruntime-node', path)), { recursive: true });
        writeFileSync(join(sandbox, 'node_modules/onnxruntime-node', path), '');
      }
      const body = script
        .replace(/^RUN\s+/, '')
        .replace(/\\\n/g, ' ')
        .replace(/npm ci[^&]*&&\s*npm cache clean --force\s*&&/, '');
      const run = spawnSync('sh', ['-c', body], { cwd: sandbox, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const left = readdirSync(join(sandbox, 'node_modules/onnxruntime-node/bin'), {
        recursive: true,
        withFileTypes: true,
      })
        .filter((entry) => entry.isFile())
        .map((entry) =>
          resolve(entry.parentPath, entry.name).slice(join(sandbox, 'node_modules/onnxruntime-node/bin').length + 1),
        );
      expect(left.length).toBeGreaterThan(0);
      for (const path of left) expect(path).toMatch(new RegExp(`^napi-v\\d+/${process.platform}/${process.arch}/`));
      // And the build fails where that platform's binary is missing.
      rmSync(join(sandbox, 'node_modules/onnxruntime-node/bin'), { recursive: true });
      mkdirSync(join(sandbox, 'node_modules/onnxruntime-node/bin/napi-v6/darwin/arm64'), { recursive: true });
      writeFileSync(
        join(sandbox, 'node_modules/onnxruntime-node/bin/napi-v6/darwin/arm64/onnxruntime_binding.node'),
        '',
      );
      expect(spawnSync('sh', ['-c', body], { cwd: sandbox, encoding: 'utf8' }).status).not.toBe(0);
    } finally {
      rmSync(sandbox, { recursive: true, force: true });
    }
  });

  it("carries the OCI labels, its version the package's", () => {
    const labels = new Map(
      keyword(runStage, 'LABEL').flatMap((i) =>
        (i as unknown as { getProperties(): { getName(): string; getValue(): string }[] })
          .getProperties()
          .map((p) => [p.getName(), p.getValue()] as const),
      ),
    );
    for (const name of ['title', 'description', 'licenses', 'version', 'revision', 'created', 'documentation']) {
      expect(labels.get(`org.opencontainers.image.${name}`), name).toBeTruthy();
    }
    expect(labels.get('org.opencontainers.image.licenses')).toBe(JSON.parse(read('package.json')).license);
    expect(labels.get('org.opencontainers.image.version')).toBe('${VERSION}');
    const version = keyword(runStage, 'ARG').find(
      (i) => (i as unknown as { getProperty(): { getName(): string } }).getProperty().getName() === 'VERSION',
    );
    expect((version as unknown as { getProperty(): { getValue(): string } }).getProperty().getValue()).toBe(
      JSON.parse(read('package.json')).version,
    );
  });
});

describe('scripts/container-test.sh', () => {
  const script = read('scripts/container-test.sh');
  it('is valid bash, runs the image read-only, non-root, without capabilities, and checks what it promises', () => {
    const check = spawnSync('bash', ['-n', resolve(root, 'scripts/container-test.sh')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    const run = /podman run -d (?:[^\n]*\\\n)*[^\n]*/.exec(script)![0];
    for (const flag of ['--read-only', '--cap-drop=all', 'no-new-privileges']) expect(run).toContain(flag);
    expect(script).toMatch(/--build-arg "NODE_IMAGE=\$BASE_IMAGE"/);
    for (const path of ['/healthz', '/readyz', '/api/hash-generator', '/api/background-remover'])
      expect(script).toContain(path);
    expect(script).toMatch(/podman stop -t "\$GRACE_SECONDS"/);
    // The grace period it allows is the one deploy/k8s gives.
    const k8s = parse(read('deploy/k8s/devtoolbox.yaml').split('\n---')[0]!);
    expect(Number(/GRACE_SECONDS="\$\{GRACE_SECONDS:-(\d+)\}"/.exec(script)![1])).toBe(
      k8s.spec.template.spec.terminationGracePeriodSeconds,
    );
  });

  it('runs from .ci/run only when CONTAINER_TEST=1', () => {
    const ci = read('.ci/run');
    expect(ci).toMatch(/if \[ "\$\{CONTAINER_TEST:-0\}" = 1 \]; then[\s\S]*?scripts\/container-test\.sh[\s\S]*?fi/);
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
      expect(bytes(app.deploy.resources.limits.memory.replace(/g$/, 'Gi').replace(/m$/, 'Mi'))).toBeGreaterThanOrEqual(
        (SERVER_MB + heavyPeakGb * 1000 * workers) * 1e6,
      );
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

  it('deploy/haproxy.cfg resolves through whatever DNS the container runtime provides (Docker, Podman, Kubernetes)', () => {
    const cfg = read('deploy/haproxy.cfg').replace(/#.*$/gm, '');
    // Docker's 127.0.0.11 exists only on Docker: on Podman every instance went DOWN after ~30 s.
    expect(cfg).not.toMatch(/127\.0\.0\.11/);
    const section = /^resolvers\s+(\S+)\n((?:[ \t]+.*\n?)*)/m.exec(cfg)!;
    expect(section, 'a resolvers section').not.toBeNull();
    expect(section[2]).toMatch(/^\s*parse-resolv-conf\s*$/m);
    expect(section[2]).not.toMatch(/^\s*nameserver\s/m);
    const servers = [...cfg.matchAll(/^\s*server\s+app\d\s+.*$/gm)].map((m) => m[0]);
    expect(servers).toHaveLength(3);
    for (const server of servers) {
      expect(server).toContain(`resolvers ${section[1]}`);
      // Starts without an address (DOWN) rather than refusing to start when an instance is not up yet.
      expect(server).toMatch(/init-addr\s+\S*\bnone\b/);
    }
  });

  it('deploy/haproxy.cfg replays a refused (503) or unanswered request on another instance, never a timed-out one', () => {
    const cfg = read('deploy/haproxy.cfg').replace(/#.*$/gm, '');
    const retryOn = /^\s*retry-on\s+(.+)$/m.exec(cfg)![1]!.trim().split(/\s+/);
    expect(retryOn).toEqual(expect.arrayContaining(['conn-failure', 'empty-response', '503']));
    for (const unsafe of ['response-timeout', '504', 'all-retryable-errors', 'junk-response'])
      expect(retryOn).not.toContain(unsafe);
    expect(cfg).toMatch(/^\s*option redispatch 1\s*$/m);
    expect(Number(/^\s*retries\s+(\d+)/m.exec(cfg)![1])).toBeGreaterThanOrEqual(2);
    // A POST is replayed only when HAProxy holds all of it: the body is buffered first, and a
    // buffer holds a tool call of a few hundred KB.
    expect(cfg).toMatch(/^\s*option http-buffer-request\s*$/m);
    expect(Number(/^\s*tune\.bufsize\s+(\d+)/m.exec(cfg)![1])).toBeGreaterThanOrEqual(256 * 1024);
  });

  it('deploy/haproxy.cfg is a configuration haproxy accepts', () => {
    const check = spawnSync(process.env.HAPROXY ?? 'haproxy', ['-c', '-f', resolve(root, 'deploy/haproxy.cfg')], {
      encoding: 'utf8',
    });
    expect(check.error).toBeUndefined();
    expect(check.status, check.stderr + check.stdout).toBe(0);
    expect(check.stdout + check.stderr).toMatch(/Configuration file is valid/);
  });
});

describe('deploy/k8s', () => {
  const kustomization = parse(read('deploy/k8s/kustomization.yaml')) as {
    resources: string[];
    images: { name: string; newName?: string; newTag?: string }[];
  };
  const load = (file: string) =>
    parseAllDocuments(read(file)).map((doc) => {
      expect(doc.errors, file).toEqual([]);
      return doc.toJS() as Record<string, any>;
    });
  // What `kubectl apply -k deploy/k8s/` applies: the kustomization's resources.
  const docs = kustomization.resources.flatMap((file) => load(`deploy/k8s/${file}`));
  const ingressExample = load('deploy/k8s/examples/ingress.yaml');
  const find = (kind: string, name: string) => docs.find((doc) => doc.kind === kind && doc.metadata.name === name)!;
  const deployment = find('Deployment', 'devtoolbox');
  const podSpec = deployment?.spec.template.spec;
  const container = podSpec?.containers[0];
  const env = Object.fromEntries((container?.env ?? []).map((e: { name: string; value: string }) => [e.name, e.value]));
  const appLabels = deployment?.spec.template.metadata.labels as Record<string, string>;
  const redisLabels = find('Deployment', 'devtoolbox-redis')?.spec.template.metadata.labels as Record<string, string>;
  const matches = (selector: { matchLabels?: Record<string, string> }, labels: Record<string, string>) =>
    Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);

  it('applies every manifest in the folder through kustomization.yaml, and nothing else', () => {
    const files = readdirSync(resolve(root, 'deploy/k8s')).filter(
      (file) => file.endsWith('.yaml') && file !== 'kustomization.yaml',
    );
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    expect(docs.map((doc) => `${doc.kind}/${doc.metadata.name}`).sort()).toEqual(
      [
        'Deployment/devtoolbox',
        'Deployment/devtoolbox-redis',
        'HorizontalPodAutoscaler/devtoolbox',
        'NetworkPolicy/devtoolbox',
        'NetworkPolicy/devtoolbox-redis',
        'PodDisruptionBudget/devtoolbox',
        'Service/devtoolbox',
        'Service/devtoolbox-redis',
      ].sort(),
    );
  });

  it('every manifest, the Ingress example too, is valid against the Kubernetes API schemas, unknown fields included', () => {
    for (const doc of [...docs, ...ingressExample])
      expect(manifestProblems(doc), `${doc.kind}/${doc.metadata?.name}`).toEqual([]);
  });

  it('and the schema check fails a broken manifest (negative controls)', () => {
    const broken = (change: (copy: Record<string, any>) => void, source = deployment) => {
      const copy = structuredClone(source);
      change(copy);
      return manifestProblems(copy);
    };
    // A wrong type, a missing required field, a misspelt field (which the API server would drop
    // silently), a wrong enum value, a kind that does not exist, an unknown top-level field.
    expect(broken((d) => (d.spec.replicas = 'three'))).toEqual([expect.stringMatching(/^\/spec\/replicas: /)]);
    expect(broken((d) => delete d.spec.template.spec.containers[0].name)).toEqual([
      expect.stringMatching(/^\/spec\/template\/spec\/containers\/0: .*name/),
    ]);
    expect(broken((d) => (d.spec.template.spec.containers[0].imagePullPolcy = 'Always'))).toEqual([
      '/spec/template/spec/containers/0/imagePullPolcy: unknown field',
    ]);
    expect(broken((d) => (d.spec.template.spec.topologySpreadConstraints[0].maxSkew = '1'))).not.toEqual([]);
    expect(broken((d) => (d.spec.template.spec.containers[0].ports[0].containerPort = 'http'))).not.toEqual([]);
    expect(broken((d) => (d.kind = 'Deploymnet'))).toEqual([
      '/: apps/v1 Deploymnet is not a type of the Kubernetes API',
    ]);
    expect(broken((d) => (d.metdata = d.metadata))).toEqual(['/metdata: unknown field']);
    expect(broken((p) => (p.spec.maxUnavailble = 1), find('PodDisruptionBudget', 'devtoolbox'))).toEqual([
      '/spec/maxUnavailble: unknown field',
    ]);
    expect(
      broken((n) => (n.spec.ingress[0].ports[0].protocol = 7), find('NetworkPolicy', 'devtoolbox-redis')),
    ).not.toEqual([]);
    expect(broken((i) => delete i.spec.rules[0].http.paths[0].pathType, ingressExample[0])).not.toEqual([]);
    // Maps keep any key: labels are data, not fields.
    expect(broken((d) => (d.metadata.labels['example.com/anything'] = 'x'))).toEqual([]);
  });

  it('probes readiness on /readyz and liveness on /healthz, on the port the server listens on', () => {
    const ports = Object.fromEntries(
      container.ports.map((p: { name: string; containerPort: number }) => [p.name, p.containerPort]),
    );
    expect(ports.http).toBe(Number(env.PORT ?? 8787));
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(ports[container.readinessProbe.httpGet.port] ?? container.readinessProbe.httpGet.port).toBe(8787);
    // The grace period covers the server's own drain (SHUTDOWN_TIMEOUT_MS, default 30 s).
    expect(podSpec.terminationGracePeriodSeconds).toBeGreaterThan(Number(env.SHUTDOWN_TIMEOUT_MS ?? 30_000) / 1000);
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
    expect(podSpec.securityContext.runAsNonRoot).toBe(true);
    expect(container.securityContext.allowPrivilegeEscalation).toBe(false);
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
    expect(container.securityContext.capabilities.drop).toEqual(['ALL']);
    expect(deployment.spec.selector.matchLabels).toEqual(appLabels);
    const service = find('Service', 'devtoolbox');
    expect(service.spec.selector).toEqual(appLabels);
    expect(container.ports.map((p: { name: string }) => p.name)).toContain(service.spec.ports[0].targetPort);
    const hpa = find('HorizontalPodAutoscaler', 'devtoolbox');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'devtoolbox' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    const redisUrl = new URL(env.REDIS_URL);
    const redisService = find('Service', redisUrl.hostname);
    expect(redisService.spec.ports[0].port).toBe(Number(redisUrl.port));
    expect(redisService.spec.selector).toEqual(redisLabels);
  });

  it('leaves the pod count to the autoscaler: no replicas in the Deployment it scales', () => {
    const hpa = find('HorizontalPodAutoscaler', 'devtoolbox');
    const target = find(hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name);
    expect(target).toBeDefined();
    expect(target.spec).not.toHaveProperty('replicas');
  });

  it('has a PodDisruptionBudget over the app pods that always lets a drain proceed', () => {
    const pdb = find('PodDisruptionBudget', 'devtoolbox');
    expect(pdb.apiVersion).toBe('policy/v1');
    expect(matches(pdb.spec.selector, appLabels)).toBe(true);
    expect(matches(pdb.spec.selector, redisLabels)).toBe(false);
    // maxUnavailable 1 holds at any scale; minAvailable equal to the autoscaler's minimum would
    // block every drain at that minimum.
    expect(pdb.spec.maxUnavailable).toBe(1);
    expect(pdb.spec).not.toHaveProperty('minAvailable');
  });

  it('spreads the pods over nodes (strictly) and zones (where possible), counting one rollout', () => {
    const constraints = podSpec.topologySpreadConstraints as Record<string, any>[];
    const byKey = Object.fromEntries(constraints.map((c) => [c.topologyKey, c]));
    expect(byKey['kubernetes.io/hostname']).toMatchObject({ maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' });
    expect(byKey['topology.kubernetes.io/zone']).toMatchObject({ maxSkew: 1, whenUnsatisfiable: 'ScheduleAnyway' });
    for (const c of constraints) {
      expect(matches(c.labelSelector, appLabels)).toBe(true);
      expect(c.matchLabelKeys).toEqual(['pod-template-hash']);
    }
  });

  it('lets only the app reach Redis, and the app only Redis and DNS', () => {
    const redisPolicy = find('NetworkPolicy', 'devtoolbox-redis');
    expect(matches(redisPolicy.spec.podSelector, redisLabels)).toBe(true);
    expect(redisPolicy.spec.policyTypes).toEqual(expect.arrayContaining(['Ingress']));
    // One rule: from pods with the app's labels, on Redis's port, nothing else.
    expect(redisPolicy.spec.ingress).toHaveLength(1);
    const [rule] = redisPolicy.spec.ingress;
    expect(rule.from).toHaveLength(1);
    expect(Object.keys(rule.from[0])).toEqual(['podSelector']);
    expect(matches(rule.from[0].podSelector, appLabels)).toBe(true);
    expect(matches(rule.from[0].podSelector, redisLabels)).toBe(false);
    const redisPort = find('Deployment', 'devtoolbox-redis').spec.template.spec.containers[0].ports[0].containerPort;
    expect(rule.ports).toEqual([{ protocol: 'TCP', port: redisPort }]);

    const appPolicy = find('NetworkPolicy', 'devtoolbox');
    expect(matches(appPolicy.spec.podSelector, appLabels)).toBe(true);
    expect(appPolicy.spec.policyTypes).toEqual(['Egress']);
    const destinations = appPolicy.spec.egress.map((e: { to: Record<string, any>[]; ports: { port: number }[] }) => ({
      to: e.to,
      ports: e.ports.map((p) => p.port),
    }));
    expect(destinations).toEqual([
      { to: [{ podSelector: { matchLabels: redisLabels } }], ports: [redisPort] },
      { to: [{ namespaceSelector: {} }], ports: [53, 53] },
    ]);
  });

  it('sets the images in one place, kustomization.yaml, matching the names the manifests use', () => {
    const images = new Map(kustomization.images.map((image) => [image.name, image]));
    const used = docs
      .filter((doc) => doc.kind === 'Deployment')
      .flatMap((doc) => doc.spec.template.spec.containers.map((c: { image: string }) => c.image));
    // The manifests name each image without a tag or registry; kustomize fills them in.
    for (const image of used) {
      expect(image).toMatch(/^[a-z0-9-]+$/);
      expect(images.get(image), `kustomization.yaml sets ${image}`).toBeDefined();
      expect(images.get(image)!.newTag).toBeTruthy();
    }
    expect(images.size).toBe(new Set(used).size);
    expect(images.get('devtoolbox')!.newTag).toBe(JSON.parse(read('package.json')).version);
  });

  it('the Ingress example routes the app and keeps /metrics and /readyz inside', () => {
    const ingress = ingressExample.find((doc) => doc.kind === 'Ingress')!;
    const paths = ingress.spec.rules.flatMap((rule: { http: { paths: Record<string, any>[] } }) => rule.http.paths);
    const route = (path: string) =>
      // The Ingress rule: the longest matching path wins, then Exact over Prefix.
      paths
        .filter((p: Record<string, any>) =>
          p.pathType === 'Exact'
            ? p.path === path
            : path === p.path || path.startsWith(p.path.endsWith('/') ? p.path : `${p.path}/`),
        )
        .sort(
          (a: Record<string, any>, b: Record<string, any>) =>
            b.path.length - a.path.length || (a.pathType === 'Exact' ? -1 : 1),
        )[0]?.backend.service.name;
    expect(route('/')).toBe('devtoolbox');
    expect(route('/api/hash-generator')).toBe('devtoolbox');
    expect(route('/mcp')).toBe('devtoolbox');
    expect(route('/healthz')).toBe('devtoolbox');
    for (const inside of ['/metrics', '/readyz']) {
      const backend = route(inside);
      expect(backend).not.toBe('devtoolbox');
      // …to a Service that selects no pod at all.
      const service = ingressExample.find((doc) => doc.kind === 'Service' && doc.metadata.name === backend)!;
      expect(service).toBeDefined();
      expect(service.spec.selector).toBeUndefined();
    }
  });
});

it('the build output the image copies is what the build writes', () => {
  // vite.server.config.ts writes dist-server/main.js; vite.config.ts writes dist/.
  expect(read('vite.server.config.ts')).toMatch(/outDir: 'dist-server'/);
  expect(existsSync(resolve(root, 'vendor/libjpeg-turbo-wasm/package.json'))).toBe(true);
});

// Kubernetes manifests checked against the Kubernetes API's own schemas, as `kubectl apply
// --dry-run=server` would, without a cluster: kubernetes-models ships the OpenAPI schemas of the
// Kubernetes API compiled into validators (types, required fields, formats, enums).
//
// Those schemas, like the API server's, say nothing of fields they do not know, and the API
// server drops such fields silently (a typo such as `imagePullPolcy` is then simply ignored). So
// this is strict, as kubeconform -strict is: every field of the manifest must be one the schema
// reads. The validators read each property they know by name and enumerate the maps (labels,
// resources), so a field that the validator never touched is one the schema does not have.
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

const require = createRequire(import.meta.url);

interface CompiledValidator {
  (data: unknown): boolean;
  errors?: { instancePath: string; keyword: string; params: Record<string, unknown>; message?: string }[] | null;
}

/** The compiled schema of an API type, e.g. ('apps/v1', 'Deployment'); undefined when unknown. */
function validatorOf(apiVersion: string, kind: string): CompiledValidator | undefined {
  let modelPath: string;
  try {
    // kubernetes-models/<group>/<version>/<Kind>: core types are under v1/.
    modelPath = require.resolve(`kubernetes-models/${apiVersion}/${kind}`);
  } catch {
    return undefined;
  }
  const model = require(modelPath) as Record<string, unknown>;
  // Each model module also exports its type under the schema's name (IoK8sApiAppsV1Deployment);
  // the package's exports map leaves _schemas/ out, so it is reached by path beside the model.
  const schema = Object.keys(model).find((name) => name.startsWith('IoK8s'));
  if (!schema || typeof model[kind] !== 'function') return undefined;
  const packageRoot = resolve(dirname(modelPath), ...apiVersion.split('/').map(() => '..'));
  return (require(resolve(packageRoot, '_schemas', `${schema}.js`)) as { validate: CompiledValidator }).validate;
}

/** Fields of every manifest, at the top (the schema's own top level is read by the caller). */
const TOP_LEVEL = new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']);

/**
 * The problems of one manifest: schema errors and unknown fields, each as `path: problem`.
 * An empty list means the API server would accept it as written.
 */
export function manifestProblems(doc: unknown): string[] {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return ['/: a manifest is a mapping'];
  const { apiVersion, kind } = doc as { apiVersion?: unknown; kind?: unknown };
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return ['/: apiVersion and kind are required'];
  const validate = validatorOf(apiVersion, kind);
  if (!validate) return [`/: ${apiVersion} ${kind} is not a type of the Kubernetes API`];

  // Every object and array the validator opens, and the properties it reads from each.
  const opened: { target: object; path: string; read: Set<PropertyKey>; enumerated: boolean }[] = [];
  const proxies = new WeakMap<object, object>();
  const watch = (value: unknown, path: string): unknown => {
    if (!value || typeof value !== 'object') return value;
    const known = proxies.get(value);
    if (known) return known;
    const record = { target: value, path, read: new Set<PropertyKey>(), enumerated: false };
    opened.push(record);
    const proxy = new Proxy(value, {
      get(target, key, receiver) {
        record.read.add(key);
        return watch(Reflect.get(target, key, receiver), `${path}/${String(key)}`);
      },
      has(target, key) {
        record.read.add(key);
        return Reflect.has(target, key);
      },
      // A map (labels, resources.limits, selectors): its keys are data, not fields.
      ownKeys(target) {
        record.enumerated = true;
        return Reflect.ownKeys(target);
      },
    });
    proxies.set(value, proxy);
    return proxy;
  };

  const problems: string[] = [];
  for (const key of Object.keys(doc)) if (!TOP_LEVEL.has(key)) problems.push(`/${key}: unknown field`);
  const watched = Object.fromEntries(Object.entries(doc).map(([key, value]) => [key, watch(value, `/${key}`)]));
  if (!validate(watched)) {
    for (const error of validate.errors ?? [])
      problems.push(`${error.instancePath || '/'}: ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`);
  }
  for (const { target, path, read, enumerated } of opened) {
    if (enumerated || Array.isArray(target)) continue;
    for (const key of Object.keys(target)) if (!read.has(key)) problems.push(`${path}/${key}: unknown field`);
  }
  return problems;
}

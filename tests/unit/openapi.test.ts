// /openapi.json must pass a strict OpenAPI 3.1 validator and a linter (docs/contract.md §3), and
// every example in it must satisfy its own schemas.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import examples from 'virtual:examples';
import { openApiDocument } from '../../src/core/describe';
import { TAGS } from '../../src/tools/define';
import { tools } from '../../src/tools/index';

const text = openApiDocument(examples);
const doc = JSON.parse(text);

/** A response object, following one local $ref (#/components/responses/…). */
const resolve = (node: { $ref?: string } & Record<string, any>): Record<string, any> =>
  node.$ref ? doc.components.responses[node.$ref.replace('#/components/responses/', '')] : node;

describe('openapi.json', () => {
  it('passes the OpenAPI 3.1 schema validator (the official 3.1 JSON Schema)', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('passes the Redocly linter (recommended rules) with no errors or warnings', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: { 'operation-4xx-response': 'error' } });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('describes every tool once, with its tag, a request example and its response', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(
      Object.keys(doc.paths)
        .filter((path) => doc.paths[path].post && path !== '/mcp')
        .sort(),
    ).toEqual(tools.map((t) => `/api/${t.slug}`).sort());
    for (const tool of tools) {
      const op = doc.paths[`/api/${tool.slug}`].post;
      expect(op.operationId).toBe(tool.slug);
      expect(op.tags).toEqual([tool.tag]);
      expect(TAGS).toContain(tool.tag);
      expect(Object.keys(op.requestBody.content['application/json'].examples).length).toBeGreaterThan(0);
      for (const status of ['400', '401', '404', '413', '429', '500', '503'])
        expect(resolve(op.responses[status]).content['application/json'].schema.$ref).toBe(
          '#/components/schemas/Error',
        );
    }
  });

  it("names each tag's tools, from the registry, in the tag's description", () => {
    for (const tag of doc.tags.filter((t: { name: string }) => (TAGS as readonly string[]).includes(t.name))) {
      const names = tools.filter((tool) => tool.tag === tag.name).map((tool) => tool.name);
      expect(names.length, tag.name).toBeGreaterThan(0);
      expect(tag.description, tag.name).toMatch(/^[A-Z][^:]+: /);
      expect(tag.description.slice(tag.description.indexOf(': ') + 2), tag.name).toBe(`${names.join(', ')}.`);
    }
  });

  it('keeps defaulted request fields optional, carrying their default', () => {
    const input = doc.paths['/api/base64'].post.requestBody.content['application/json'].schema;
    expect(input.required).toEqual(['input']);
    expect(input.properties.mode.default).toBe('encode');
  });

  it('has request and response examples that validate against their schemas', () => {
    // Ajv's strict mode refuses unknown keywords and ambiguous schemas: every component schema
    // must be clean JSON Schema 2020-12.
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    // Components become $defs (a keyword Ajv knows) with their refs rewritten to match.
    const defs = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'));
    ajv.addSchema({ $id: 'doc', $defs: defs });
    // A schema: a component's $ref, or a request body's own schema whose refs point into components.
    const validate = (schema: { $ref?: string }, value: unknown) => {
      const check = schema.$ref
        ? ajv.compile({ $ref: `doc${schema.$ref.replace('#/components/schemas/', '#/$defs/')}` })
        : ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/$defs/')));
      return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    };
    for (const tool of tools) {
      const op = doc.paths[`/api/${tool.slug}`].post;
      const req = op.requestBody.content['application/json'];
      for (const [name, example] of Object.entries<{ value: unknown }>(req.examples)) {
        expect(validate(req.schema, example.value), `${tool.slug} ${name}`).toEqual([]);
      }
      const ok = op.responses['200'].content['application/json'];
      for (const [name, example] of Object.entries<{ value: unknown }>(ok.examples ?? {})) {
        expect(validate(ok.schema, example.value), `${tool.slug} response ${name}`).toEqual([]);
      }
    }
  });

  it('gives every field of every tool a description', () => {
    const missing: string[] = [];
    // Request schemas live in their operations (describe.ts publishedComponents says why).
    const requests = Object.fromEntries(
      tools.map((t) => [
        `${t.slug} request`,
        doc.paths[`/api/${t.slug}`].post.requestBody.content['application/json'].schema,
      ]),
    );
    for (const [name, schema] of Object.entries<{
      properties?: Record<string, { description?: string; $ref?: string }>;
    }>({ ...doc.components.schemas, ...requests })) {
      for (const [field, prop] of Object.entries(schema.properties ?? {})) {
        if (!prop.description && !prop.$ref && name !== 'Error') missing.push(`${name}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares the refusals of the Node server with their headers', () => {
    const op = doc.paths['/api/base64'].post;
    const headersOf = (status: string) => Object.keys(resolve(op.responses[status]).headers ?? {}).sort();
    const limit = ['RateLimit', 'RateLimit-Limit', 'RateLimit-Policy', 'RateLimit-Remaining', 'RateLimit-Reset'];
    expect(headersOf('200')).toEqual(limit);
    expect(headersOf('401')).toEqual([...limit, 'WWW-Authenticate'].sort());
    expect(headersOf('413')).toEqual(limit);
    expect(headersOf('429')).toEqual([...limit, 'Retry-After'].sort());
    expect(headersOf('503')).toEqual(['Retry-After']);
    for (const name of [...limit, 'Retry-After', 'WWW-Authenticate'])
      expect(doc.components.headers[name].schema.type).toMatch(/string|integer/);
  });

  it('describes the discovery, operations and MCP endpoints', () => {
    for (const path of ['/api', '/api/{slug}', '/openapi.json', '/llms.txt', '/healthz', '/readyz', '/metrics']) {
      expect(doc.paths[path].get.operationId, path).toBeTruthy();
      expect(doc.paths[path].get.responses['200'], path).toBeTruthy();
    }
    for (const path of ['/api', '/api/{slug}', '/openapi.json', '/llms.txt'])
      expect(Object.keys(doc.paths[path].get.responses['200'].headers)).toContain('ETag');
    expect(doc.paths['/api/{slug}'].get.parameters[0].schema.enum).toEqual(tools.map((t) => t.slug));
    expect(doc.paths['/readyz'].get.responses['503']).toBeTruthy();
    expect(Object.keys(doc.paths['/mcp'].post.responses['200'].content)).toEqual([
      'application/json',
      'text/event-stream',
    ]);
  });

  it("passes Spectral's spectral:oas ruleset with no errors or warnings", async () => {
    const { Spectral, Document } = await import('@stoplight/spectral-core');
    const Parsers = await import('@stoplight/spectral-parsers');
    const { oas } = await import('@stoplight/spectral-rulesets');
    const spectral = new Spectral();
    // info-contact is off: the project publishes no contact address, and an invented one would mislead.
    spectral.setRuleset({ extends: [[oas as never, 'recommended']], rules: { 'info-contact': 'off' } });
    const results = await spectral.run(new Document(text, Parsers.Json, 'openapi.json'));
    // Severity 0 = error, 1 = warning (2, 3: information, hints).
    expect(results.filter((r) => r.severity <= 1).map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`)).toEqual(
      [],
    );
  });
});

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
    expect(Object.keys(doc.paths).sort()).toEqual(tools.map((t) => `/api/${t.slug}`).sort());
    for (const tool of tools) {
      const op = doc.paths[`/api/${tool.slug}`].post;
      expect(op.operationId).toBe(tool.slug);
      expect(op.tags).toEqual([tool.tag]);
      expect(TAGS).toContain(tool.tag);
      expect(Object.keys(op.requestBody.content['application/json'].examples).length).toBeGreaterThan(0);
      for (const status of ['400', '404', '429', '500', '503']) expect(op.responses[status].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    }
  });

  it('keeps defaulted request fields optional, carrying their default', () => {
    const input = doc.components.schemas.Base64Input;
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
    const validate = (ref: string, value: unknown) => {
      const check = ajv.compile({ $ref: `doc${ref.replace('#/components/schemas/', '#/$defs/')}` });
      return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    };
    for (const tool of tools) {
      const op = doc.paths[`/api/${tool.slug}`].post;
      const req = op.requestBody.content['application/json'];
      for (const [name, example] of Object.entries<{ value: unknown }>(req.examples)) {
        expect(validate(req.schema.$ref, example.value), `${tool.slug} ${name}`).toEqual([]);
      }
      const ok = op.responses['200'].content['application/json'];
      for (const [name, example] of Object.entries<{ value: unknown }>(ok.examples ?? {})) {
        expect(validate(ok.schema.$ref, example.value), `${tool.slug} response ${name}`).toEqual([]);
      }
    }
  });

  it('gives every field of every tool a description', () => {
    const missing: string[] = [];
    for (const [name, schema] of Object.entries<{ properties?: Record<string, { description?: string; $ref?: string }> }>(doc.components.schemas)) {
      for (const [field, prop] of Object.entries(schema.properties ?? {})) {
        if (!prop.description && !prop.$ref && name !== 'Error') missing.push(`${name}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

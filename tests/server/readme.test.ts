// Every request in the README gives the answer the README shows, on the built server.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../src/tools/index';
import { comparable } from '../match';
import { startServer, type RunningServer } from '../support/server';

interface Example {
  path: string;
  body: string;
  answer: unknown;
}

function readmeExamples(): Example[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  // The generated block (npm run docs:examples) and the hand-written one after it.
  const between = (name: string) =>
    readme.slice(readme.indexOf(`<!-- ${name}:start -->`), readme.indexOf(`<!-- ${name}:end -->`));
  const section = between('examples') + between('more-examples');
  const pairs = [...section.matchAll(/```sh\n(curl[^\n]*(?:\\\n[^\n]*)*)\n```\s*```json\n([\s\S]*?)\n```/g)];
  return pairs.map(([, command, answer]) => {
    const path = /localhost:8787(\/api\/[a-z0-9-]+)/.exec(command!)?.[1];
    const body = /-d '((?:[^']|'\\'')*)'/.exec(command!)?.[1]?.replaceAll("'\\''", "'");
    if (!path || body === undefined) throw new Error(`cannot read README command: ${command}`);
    return { path, body, answer: JSON.parse(answer!) };
  });
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const examples = readmeExamples();

describe('README examples', () => {
  it('show one request for every tool', () => {
    expect(new Set(examples.map((example) => example.path))).toEqual(new Set(tools.map((tool) => `/api/${tool.slug}`)));
  });

  it.each(examples.map((example) => [example.path, example] as const))(
    '%s answers as documented',
    async (_path, example) => {
      const response = await fetch(server.url + example.path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: example.body,
      });
      expect(comparable(await response.json())).toEqual(comparable(example.answer));
    },
  );
});

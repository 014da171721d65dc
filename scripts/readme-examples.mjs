// Regenerates the README's "One request per tool" section from the running build: for each
// tool, its first documented example and the answer the server really gives. The README test
// (tests/server/readme.test.ts) then keeps the README honest.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const server = spawn(process.execPath, ['dist-server/main.js'], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT: 'off' },
});
const base = await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    const match = /listening on http:\/\/localhost:(\d+)/.exec(String(chunk));
    if (match) resolve(`http://127.0.0.1:${match[1]}`);
  });
  server.on('exit', () => reject(new Error('server exited')));
});

try {
  const { tools } = await (await fetch(`${base}/api`)).json();
  const blocks = [];
  for (const tool of tools) {
    const { examples } = await (await fetch(`${base}/api/${tool.slug}`)).json();
    const body = JSON.stringify(examples[0].request);
    const response = await fetch(`${base}/api/${tool.slug}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    const answer = JSON.stringify(await response.json());
    blocks.push(
      `**${tool.name}** — ${examples[0].summary}${response.status === 200 ? '' : ` (answers ${response.status} for now)`}`,
      '',
      '```sh',
      `curl -s localhost:8787/api/${tool.slug} -H 'Content-Type: application/json' -d '${body.replaceAll("'", "'\\''")}'`,
      '```',
      '```json',
      answer,
      '```',
      '',
    );
  }
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('<!-- examples:start -->') + '<!-- examples:start -->'.length;
  const end = readme.indexOf('<!-- examples:end -->');
  writeFileSync('README.md', readme.slice(0, start) + '\n' + blocks.join('\n') + readme.slice(end));
  console.log(`wrote ${tools.length} examples`);
} finally {
  server.kill();
}

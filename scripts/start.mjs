// `npm start`: build once if there is no build yet, then serve it (http://localhost:8787).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/index.html') || !existsSync('dist-server/main.js')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../dist-server/main.js');

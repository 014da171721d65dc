// Files opened with the installed app (manifest `file_handlers`, action "/"): Chromium hands them
// to `window.launchQueue`; the right tool's page opens with them filled in (file-launch.ts
// decides which). The files are read here, on the device, and handed over in memory (prefill.ts).
import openers from 'virtual:file-openers';
import { planLaunch } from './file-launch';
import { openTool } from './open-tool';

// The File Handling API (https://wicg.github.io/manifest-incubations/#launch-queue-and-launch-params),
// in Chromium only: absent from TypeScript's DOM types, so declared here.
interface LaunchParams {
  readonly targetURL?: string;
  readonly files: readonly FileSystemHandle[];
}
declare global {
  interface Window {
    launchQueue?: { setConsumer(consumer: (params: LaunchParams) => void): void };
  }
}

async function openLaunched(params: LaunchParams): Promise<void> {
  const handles = params.files.filter((handle): handle is FileSystemFileHandle => handle.kind === 'file');
  if (!handles.length) return;
  const files = await Promise.all(handles.map((handle) => handle.getFile()));
  const plan = planLaunch(files, openers);
  if (!plan) return;
  // As the palette opens a tool: in memory, and the page mounted afresh even if it is on screen.
  if (plan.read === 'files') openTool(plan.slug, { files: plan.files.map((index) => files[index]) });
  else openTool(plan.slug, { ...plan.with, [plan.field]: await files[plan.file]!.text() });
}

window.launchQueue?.setConsumer((params) => {
  openLaunched(params).catch((error: unknown) => console.error('could not open the launched files:', error));
});

// Lowers the OS scheduling priority of the calling thread only (not its process), so that CPU-
// heavy work in a worker thread gives way to the event-loop thread whenever both want a core:
// with every core busy converting images, a light request would otherwise wait for the
// scheduler to hand the event loop a time slice (docs/stack.md, speed goal 6: light-request p99 under a flood).
// Idle cores are still used in full: a nice value only matters when threads compete.
//
// Linux only. There, setpriority(PRIO_PROCESS, tid) (what os.setPriority calls) acts on one
// thread, and threads it starts later (onnxruntime's, for background removal) inherit the value.
// Elsewhere PRIO_PROCESS means the whole process (the event loop too), so nothing is done.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The calling thread's kernel thread id, from /proc/thread-self → "<pid>/task/<tid>" (Linux). */
function threadId(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isSafeInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined; // no /proc (a container without it): leave the priority alone
  }
}

/**
 * Raises the calling thread's nice value to `niceness` (0 … 19; 0 leaves it as it is). Best
 * effort: false when the platform cannot do it for one thread or the OS refuses, and the thread
 * simply runs at its usual priority.
 */
export function lowerThreadPriority(niceness: number): boolean {
  if (niceness <= 0) return false;
  const tid = threadId();
  if (tid === undefined) return false;
  try {
    setPriority(tid, Math.min(19, niceness));
    return true;
  } catch {
    return false; // EACCES/EPERM (a seccomp or RLIMIT_NICE policy): not worth failing a worker over
  }
}

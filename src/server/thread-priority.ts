// Lowers the OS scheduling priority of the calling thread only (not its process), so that CPU-
// heavy work in a worker thread gives way to the event-loop thread whenever both want a core:
// with every core busy converting images, a light request would otherwise wait for the
// scheduler to hand the event loop a time slice (docs/stack.md, speed goal 6: light-request p99 under a flood).
// Idle cores are still used in full: a nice value only matters when threads compete.
//
// Linux only. There, setpriority(PRIO_PROCESS, tid) (what os.setPriority calls) acts on one
// thread, and threads it starts later (onnxruntime's, for background removal) inherit the value.
// Elsewhere PRIO_PROCESS means the whole process (the event loop too), so nothing is done.
import { readlinkSync, stat } from 'node:fs';
import { setPriority } from 'node:os';

/** The calling thread's kernel thread id, from /proc/thread-self → "<pid>/task/<tid>" (Linux). */
export function threadId(): number | undefined {
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

/**
 * Starts libuv's thread pool (file reads, zlib, crypto, DNS: shared by the whole process) from
 * the calling thread, if it is not running yet. libuv starts it on first use, and a thread
 * inherits its creator's nice value: on Node 22 the first use can come from a worker that has
 * already lowered its priority, and then the pool's threads run at nice 19, the event loop's
 * file reads and compression with them (Node 20 starts it earlier, from the main thread). Call it
 * on the main thread before starting such workers.
 */
export function startLibuvPoolHere(): void {
  stat('.', () => {});
}

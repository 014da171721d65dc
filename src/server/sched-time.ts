// How long threads ran on a CPU, and how long they were ready to run but waited for one, from
// the kernel's scheduler statistics (Linux: /proc/<pid>/task/<tid>/schedstat, nanoseconds).
// The pool reads them to tell a task that ran out of time because others held the cores (the
// server was busy: 503) from one that needed more than the limit on its own (400). The rule is
// in docs/limits.md ("Time limit: busy or too heavy"). Elsewhere (no /proc) nothing is known.
import { readFileSync, readdirSync } from 'node:fs';

export interface SchedTime {
  /** Nanoseconds on a CPU. */
  ran: number;
  /** Nanoseconds runnable but waiting for a CPU (another thread had it). */
  waited: number;
}

function read(path: string): SchedTime | undefined {
  try {
    const [ran, waited] = readFileSync(path, 'latin1').split(' ').map(Number);
    return Number.isFinite(ran) && Number.isFinite(waited) ? { ran: ran!, waited: waited! } : undefined;
  } catch {
    return undefined; // gone (a thread that ended), or no schedstat in this kernel
  }
}

/** One thread of this process. */
export function threadTime(tid: number): SchedTime | undefined {
  return process.platform === 'linux' ? read(`/proc/${process.pid}/task/${tid}/schedstat`) : undefined;
}

/** Every thread of a process, summed (the model's process: its main thread and onnxruntime's). */
export function processTime(pid: number): SchedTime | undefined {
  if (process.platform !== 'linux') return undefined;
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  const sum: SchedTime = { ran: 0, waited: 0 };
  for (const tid of tids) {
    const time = read(`/proc/${pid}/task/${tid}/schedstat`);
    if (time) {
      sum.ran += time.ran;
      sum.waited += time.waited;
    }
  }
  return sum;
}

// How many heavy-tool workers this server can afford by default: as many as the CPUs it may use
// and the memory it may take allow. Node's availableParallelism() counts the host's cores, not
// a container's CPU quota, and os.totalmem() the host's memory, not the container's limit, so a
// 2-CPU, 2 GB container on a 32-core host would start 32 workers, each able to peak near 1.3 GB
// in a background removal (README "Background removal"), and be killed by the OOM killer.
// The decision is a pure function of the files' text (unit-tested with fixtures); reading them
// is the only impure part.
import { readFileSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';

/** The raw text of the files that bound this process (undefined: absent or unreadable). */
export interface HostFiles {
  /** Cores the OS offers this process (os.availableParallelism(): affinity, not quota). */
  cores: number;
  /** Physical memory in bytes (os.totalmem()). */
  totalMemory: number;
  /** cgroup v2 `cpu.max`: "max 100000" or "<quota> <period>". */
  cpuMax?: string;
  /** cgroup v1 `cpu.cfs_quota_us` ("-1": no quota) and `cpu.cfs_period_us`. */
  cfsQuotaUs?: string;
  cfsPeriodUs?: string;
  /** cgroup v2 `memory.max` ("max" or bytes). */
  memoryMax?: string;
  /** cgroup v1 `memory.limit_in_bytes` (a huge number when unlimited). */
  memoryLimitInBytes?: string;
}

/**
 * Peak resident memory one heavy worker may need: a background removal (ISNet at 1024², the
 * activations) measured at ~1.3 GB for the whole server (bench/background-remover.mjs prints it).
 */
export const WORKER_PEAK_BYTES = 1300 * 1024 * 1024;
/** What the server needs besides its workers: the event loop, buffers, the static files' index. */
export const BASE_BYTES = 256 * 1024 * 1024;

/** CPUs the cgroup quota allows (fractional), or undefined without a quota. */
export function cpuQuota(files: HostFiles): number | undefined {
  const ratio = (quota: number, period: number) =>
    Number.isFinite(quota) && quota > 0 && Number.isFinite(period) && period > 0 ? quota / period : undefined;
  const v2 = files.cpuMax?.trim().split(/\s+/);
  if (v2 && v2.length >= 1 && v2[0] !== 'max' && v2[0] !== '') return ratio(Number(v2[0]), Number(v2[1] ?? 100_000));
  if (files.cfsQuotaUs !== undefined)
    return ratio(Number(files.cfsQuotaUs.trim()), Number(files.cfsPeriodUs?.trim() ?? 100_000));
  return undefined;
}

/** Bytes this process may use: the cgroup's limit when it is below the machine's memory. */
export function memoryLimit(files: HostFiles): number {
  const limits = [files.memoryMax, files.memoryLimitInBytes]
    .map((text) => text?.trim())
    .filter((text): text is string => !!text && /^\d+$/.test(text))
    .map(Number);
  return Math.min(files.totalMemory, ...limits);
}

/** The default HEAVY_WORKERS: min(CPUs allowed, workers that fit in memory), at least 1. */
export function defaultHeavyWorkers(files: HostFiles): number {
  const quota = cpuQuota(files);
  // A quota of 1.5 CPUs gets 2 workers: the kernel spreads the quota over them, and a worker
  // waiting on its share costs less than a core left idle.
  const cpus = Math.min(Math.max(1, files.cores), quota === undefined ? Infinity : Math.max(1, Math.ceil(quota)));
  const fit = Math.floor((memoryLimit(files) - BASE_BYTES) / WORKER_PEAK_BYTES);
  return Math.max(1, Math.min(cpus, fit));
}

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** The files of this host (cgroup v2 at /sys/fs/cgroup, else v1's cpu and memory controllers). */
export function readHostFiles(root = '/sys/fs/cgroup'): HostFiles {
  return {
    cores: availableParallelism(),
    totalMemory: totalmem(),
    cpuMax: read(`${root}/cpu.max`),
    cfsQuotaUs: read(`${root}/cpu/cpu.cfs_quota_us`) ?? read(`${root}/cpu,cpuacct/cpu.cfs_quota_us`),
    cfsPeriodUs: read(`${root}/cpu/cpu.cfs_period_us`) ?? read(`${root}/cpu,cpuacct/cpu.cfs_period_us`),
    memoryMax: read(`${root}/memory.max`),
    memoryLimitInBytes: read(`${root}/memory/memory.limit_in_bytes`),
  };
}

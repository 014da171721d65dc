// The default heavy-worker count from a container's cgroup files (fixtures of real v1 and v2
// layouts) and the machine's cores and memory.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import {
  BASE_BYTES,
  WORKER_PEAK_BYTES,
  cpuQuota,
  defaultHeavyWorkers,
  memoryLimit,
  readHostFiles,
  type HostFiles,
} from '../../src/server/host-resources';

const GiB = 1024 ** 3;
const fixture = (name: string, cores = 16, totalMemory = 64 * GiB): HostFiles => ({
  ...readHostFiles(new URL(`./fixtures/cgroup/${name}`, import.meta.url).pathname),
  cores,
  totalMemory,
});

describe('host resources', () => {
  it('reads a cgroup v2 quota and memory limit', () => {
    const files = fixture('v2-quota');
    expect(cpuQuota(files)).toBe(1.5);
    expect(memoryLimit(files)).toBe(2 * GiB);
    // 1.5 CPUs → 2, but 2 GiB holds one background removal (1.3 GB) besides the server.
    expect(defaultHeavyWorkers(files)).toBe(1);
    expect(defaultHeavyWorkers({ ...files, memoryMax: String(8 * GiB) })).toBe(2);
  });

  it('reads a cgroup v1 quota and memory limit', () => {
    const files = fixture('v1-quota');
    expect(cpuQuota(files)).toBe(4);
    expect(memoryLimit(files)).toBe(8 * GiB);
    expect(defaultHeavyWorkers(files)).toBe(Math.min(4, Math.floor((8 * GiB - BASE_BYTES) / WORKER_PEAK_BYTES)));
    expect(defaultHeavyWorkers(files)).toBe(4);
  });

  it('falls back to the cores and the machine memory without limits (v1 and v2)', () => {
    for (const name of ['v1-unlimited', 'v2-unlimited']) {
      const files = fixture(name, 16, 64 * GiB);
      expect(cpuQuota(files)).toBeUndefined();
      expect(memoryLimit(files)).toBe(64 * GiB);
      expect(defaultHeavyWorkers(files)).toBe(16);
      // A small machine: memory bounds the count below its cores.
      expect(defaultHeavyWorkers({ ...files, cores: 8, totalMemory: 4 * GiB })).toBe(2);
    }
  });

  it('never goes below one worker, and without any cgroup files uses the cores', () => {
    expect(defaultHeavyWorkers({ cores: 4, totalMemory: 512 * 1024 ** 2 })).toBe(1);
    expect(defaultHeavyWorkers({ cores: 0, totalMemory: 64 * GiB })).toBe(1);
    expect(defaultHeavyWorkers({ cores: 6, totalMemory: 64 * GiB })).toBe(6);
    expect(defaultHeavyWorkers({ cores: 6, totalMemory: 64 * GiB, cpuMax: '50000 100000' })).toBe(1);
    expect(defaultHeavyWorkers({ cores: 2, totalMemory: 64 * GiB, cpuMax: '800000 100000' })).toBe(2);
    expect(cpuQuota({ cores: 2, totalMemory: GiB, cpuMax: 'garbage' })).toBeUndefined();
  });

  it('loadConfig uses it by default and HEAVY_WORKERS overrides it', () => {
    const host = () => fixture('v2-quota');
    expect(loadConfig({}, host).heavyWorkers).toBe(1);
    expect(loadConfig({}, host).heavyQueue).toBe(4);
    expect(loadConfig({ HEAVY_WORKERS: '3' }, () => expect.unreachable('not read')).heavyWorkers).toBe(3);
    expect(loadConfig({ HEAVY_WORKERS: '0' }, host).heavyWorkers).toBe(0);
    expect(() => loadConfig({ HEAVY_WORKERS: 'x' }, host)).toThrow(ConfigError);
  });
});

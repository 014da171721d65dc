// CMYK, the nearest CSS name and the palette, checked against implementations that share no code
// with the tool: ImageMagick (Debian's `imagemagick`, the naive CMYK both ways), culori (its own
// OKLab and named colours, test-only here), and the palette's promised properties.
import { execFileSync } from 'node:child_process';
import { converter, differenceEuclidean, formatHex, nearest } from 'culori';
import { colorsNamed } from 'culori';
import { describe, expect, it } from 'vitest';
import { prng } from '../../../tests/support/prng';
import { invoke } from '../../core/invoke';
import { nodeContext } from '../../platform/node-context';
import type { OutputOf } from '../types';
import tool from './tool';

const rand = prng(6);
const byte = () => Math.floor(rand() * 256);
const hex2 = (n: number) => n.toString(16).padStart(2, '0');
const randomHex = () => `#${hex2(byte())}${hex2(byte())}${hex2(byte())}`;

async function answer(color: string, include: string[]) {
  const reply = await invoke(tool, { color, include }, nodeContext);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as Required<OutputOf<'color-converter'>>;
}

/** One ImageMagick run over many 1×1 images side by side: its 16-bit channels per pixel. */
function magick(colours: string[], to: 'CMYK' | 'sRGB'): number[][] {
  const out = execFileSync('convert', [...colours.map((c) => `xc:${c}`), '+append', '-colorspace', to, 'txt:-'], {
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((line) => /^\d+,0:/.test(line))
    .map((line) =>
      /\(([^)]*)\)/
        .exec(line)![1]!
        .split(',')
        .map((v) => Number(v) / 65535),
    );
}

describe('CMYK against ImageMagick', () => {
  it('200 random colours out: the same percentages (±1 for its 16-bit rounding)', async () => {
    const colours = Array.from({ length: 200 }, randomHex);
    const reference = magick(colours, 'CMYK');
    expect(reference).toHaveLength(200);
    for (const [i, colour] of colours.entries()) {
      const { cmyk } = await answer(colour, ['cmyk']);
      const expected = reference[i]!.map((share) => share * 100);
      const got = [cmyk.c, cmyk.m, cmyk.y, cmyk.k];
      for (let k = 0; k < 4; k++)
        expect(Math.abs(got[k]! - expected[k]!), `${colour}: ${got} vs ${expected}`).toBeLessThanOrEqual(1);
      expect(cmyk.css).toBe(`device-cmyk(${cmyk.c}% ${cmyk.m}% ${cmyk.y}% ${cmyk.k}%)`);
    }
  });

  it('100 random CMYK colours in, as cmyk() and device-cmyk(): the same sRGB (±1)', async () => {
    const inks = Array.from({ length: 100 }, () => Array.from({ length: 4 }, () => Math.round(rand() * 100)));
    const reference = magick(
      inks.map(([c, m, y, k]) => `cmyk(${c}%,${m}%,${y}%,${k}%)`),
      'sRGB',
    );
    for (const [i, [c, m, y, k]] of inks.entries()) {
      const expected = reference[i]!.map((share) => share * 255);
      for (const written of [
        `cmyk(${c}, ${m}, ${y}, ${k})`,
        `cmyk(${c}% ${m}% ${y}% ${k}%)`,
        `device-cmyk(${c! / 100} ${m! / 100} ${y! / 100} ${k! / 100})`,
        `DEVICE-CMYK(${c}% ${m}% ${y}% ${k}%)`,
      ]) {
        const { rgb, valid } = await answer(written, []);
        expect(valid, written).toBe(true);
        const got = [rgb.r, rgb.g, rgb.b];
        for (let n = 0; n < 3; n++)
          expect(Math.abs(got[n]! - expected[n]!), `${written}: ${got} vs ${expected}`).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('nearest CSS name against culori', () => {
  const names = Object.keys(colorsNamed);
  const closest = nearest(names, differenceEuclidean('oklab'), (name: string) => name);
  const oklab = converter('oklab');
  const distance = differenceEuclidean('oklab');

  it('500 random colours: the same distance to the nearest name, and a name of that colour', async () => {
    for (let i = 0; i < 500; i++) {
      const colour = randomHex();
      const { name } = await answer(colour, ['name']);
      const [theirs] = closest(colour) as string[];
      const theirDistance = distance(oklab(colour)!, oklab(theirs!)!);
      expect(Math.abs(name.distance - theirDistance), `${colour}: ${name.name} vs ${theirs}`).toBeLessThan(2e-4);
      // Two names may tie only when they are one colour (gray/grey, aqua/cyan…).
      if (name.name !== theirs) expect(formatHex(name.name)).toBe(formatHex(theirs!));
      expect(name.hex).toBe(formatHex(name.name));
    }
  });

  it('every named colour finds itself, exactly', async () => {
    for (const each of names) {
      const { name } = await answer(each, ['name']);
      expect(name.exact, each).toBe(true);
      expect(name.distance).toBe(0);
      expect(formatHex(name.name)).toBe(formatHex(each));
    }
  });
});

describe('palette', () => {
  const okl = converter('oklch');

  it('eleven steps, lighter to darker, the colour itself at one step exactly, the hue kept', async () => {
    for (let i = 0; i < 200; i++) {
      const colour = randomHex();
      const body = await answer(colour, ['palette']);
      const steps = body.palette as { step: number; hex: string; oklch: string; input?: true }[];
      expect(steps.map((s) => s.step)).toEqual([50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950]);
      const own = steps.filter((s) => s.input);
      expect(own, colour).toHaveLength(1);
      expect(own[0]!.hex).toBe(body.hex);
      expect(own[0]!.oklch).toBe(body.oklch);
      const lightness = steps.map((s) => okl(s.oklch)!.l);
      for (let k = 1; k < lightness.length; k++)
        expect(lightness[k]!, `${colour} step ${steps[k]!.step}`).toBeLessThan(lightness[k - 1]!);
      // The hue as made is the colour's (culori reads our strings); chroma 0 has no hue.
      const hue = okl(body.oklch)!;
      if ((hue.c ?? 0) > 0.02)
        for (const s of steps)
          expect(Math.abs(((okl(s.oklch)!.h! - hue.h! + 540) % 360) - 180), `${colour} ${s.oklch}`).toBeLessThan(0.02);
      for (const s of steps) expect(s.hex).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('a grey gives greys', async () => {
    const steps = (await answer('#808080', ['palette'])).palette as { hex: string }[];
    for (const { hex } of steps) expect(hex.slice(1, 3)).toBe(hex.slice(3, 5));
  });
});

describe('include', () => {
  it('absent or empty adds nothing; an invalid colour gets none of the extras', async () => {
    for (const include of [undefined, []]) {
      const reply = await invoke(
        tool,
        include === undefined ? { color: 'tomato' } : { color: 'tomato', include },
        nodeContext,
      );
      expect(Object.keys(reply.body as object)).not.toContain('cmyk');
    }
    const reply = await invoke(tool, { color: 'nope', include: ['cmyk', 'name', 'palette'] }, nodeContext);
    expect(reply.body).toMatchObject({ valid: false });
    for (const key of ['cmyk', 'name', 'palette']) expect(Object.keys(reply.body as object)).not.toContain(key);
  });
});

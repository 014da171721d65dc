// Issue 16 against an independent reference: culori 4 (the tool converts with colorjs.io). For
// seeded random colours in every accepted CSS Color 4 space, the hex (gamut-mapped or not),
// in_gamut, oklch, oklab and hwb must agree with culori's, and the WCAG ratio with culori's
// wcagContrast. Tolerances: one unit of the last printed digit (two libraries' float paths
// differ at rounding boundaries), and one 8-bit step for gamut-mapped colours (culori's toGamut
// measures in OKLCH, CSS Color 4's in OKLab; both stop within JND 0.02).
import { clampRgb, converter, formatHex, inGamut, parse, toGamut, wcagContrast, type Color } from 'culori';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { nodeContext } from '../../platform/node-context';
import { prng } from '../../../tests/support/prng';
import { Output } from './schema';
import tool from './tool';

interface Answer {
  hex: string;
  hwb: string;
  oklch: string;
  oklab: string;
  in_gamut: boolean;
  valid: boolean;
  alpha?: number;
  css: Record<'hex' | 'rgb' | 'hsl' | 'hwb' | 'oklch' | 'oklab', string>;
  contrast?: {
    ratio: number;
    aa_normal: boolean;
    aa_large: boolean;
    aaa_normal: boolean;
    aaa_large: boolean;
    foreground: string;
    background: string;
  };
}

async function run(body: Record<string, unknown>): Promise<Answer> {
  const reply = await invoke(tool, body, nodeContext);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(Output.safeParse(reply.body).success).toBe(true);
  const answer = reply.body as unknown as Answer;
  expect(answer.valid, JSON.stringify(body)).toBe(true);
  return answer;
}

const toOklch = converter('oklch');
const toOklab = converter('oklab');
const toHwb = converter('hwb');
const inSrgb = inGamut('rgb');
const mapToSrgb = toGamut('rgb', 'oklch');
const bytes = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const numbers = (css: string) =>
  css
    .replace(/^[a-z]+\(|\)$/g, '')
    .split(/[\s/]+/)
    .map((t) => parseFloat(t));

/** Random colour strings in one space, from a seeded generator. */
const SPACES: Record<string, (r: () => number) => string> = {
  oklch: (r) => `oklch(${r().toFixed(4)} ${(r() * 0.37).toFixed(4)} ${(r() * 360).toFixed(2)})`,
  oklab: (r) => `oklab(${r().toFixed(4)} ${(r() * 0.8 - 0.4).toFixed(4)} ${(r() * 0.8 - 0.4).toFixed(4)})`,
  lab: (r) => `lab(${(r() * 100).toFixed(3)} ${(r() * 250 - 125).toFixed(3)} ${(r() * 250 - 125).toFixed(3)})`,
  lch: (r) => `lch(${(r() * 100).toFixed(3)} ${(r() * 150).toFixed(3)} ${(r() * 360).toFixed(2)})`,
  hwb: (r) => `hwb(${(r() * 360).toFixed(1)} ${(r() * 60).toFixed(1)}% ${(r() * 40).toFixed(1)}%)`,
  'display-p3': (r) => `color(display-p3 ${r().toFixed(4)} ${r().toFixed(4)} ${r().toFixed(4)})`,
  srgb: (r) => `color(srgb ${r().toFixed(4)} ${r().toFixed(4)} ${r().toFixed(4)})`,
  'srgb-linear': (r) => `color(srgb-linear ${r().toFixed(4)} ${r().toFixed(4)} ${r().toFixed(4)})`,
  'a98-rgb': (r) => `color(a98-rgb ${r().toFixed(4)} ${r().toFixed(4)} ${r().toFixed(4)})`,
  'prophoto-rgb': (r) => `color(prophoto-rgb ${r().toFixed(4)} ${r().toFixed(4)} ${r().toFixed(4)})`,
  rec2020: (r) => `color(rec2020 ${r().toFixed(4)} ${r().toFixed(4)} ${r().toFixed(4)})`,
  xyz: (r) => `color(xyz ${(r() * 0.95).toFixed(4)} ${r().toFixed(4)} ${(r() * 1.08).toFixed(4)})`,
  'xyz-d50': (r) => `color(xyz-d50 ${(r() * 0.96).toFixed(4)} ${r().toFixed(4)} ${(r() * 0.82).toFixed(4)})`,
};

/**
 * culori 4 still decodes color(rec2020 …) with BT.2020's camera OETF; CSS resolved in 2025
 * (w3c/csswg-drafts#12574) on BT.1886's pure 2.4 gamma, which colorjs.io 0.7 implements and the
 * tool follows. The reference therefore linearises with 2.4 here and re-encodes with culori's
 * own curve, so culori's primaries and matrices still check ours.
 */
function reference(input: string): Color | undefined {
  const rec2020 = /^color\(rec2020 (\S+) (\S+) (\S+)\)$/.exec(input);
  if (!rec2020) return parse(input);
  const [alpha, beta] = [1.09929682680944, 0.018053968510807];
  const encode = (text: string) => {
    const linear = Number(text) ** 2.4;
    return linear < beta ? 4.5 * linear : alpha * linear ** 0.45 - (alpha - 1);
  };
  return { mode: 'rec2020', r: encode(rec2020[1]!), g: encode(rec2020[2]!), b: encode(rec2020[3]!) };
}

/** How far outside sRGB culori puts a colour (0 inside): borderline colours are skipped for in_gamut. */
function overshoot(color: Color): number {
  const { r, g, b } = converter('rgb')(color);
  return Math.max(0, ...[r, g, b].map((c) => Math.max(-c, c - 1)));
}

describe('CSS Color 4 spaces against culori', () => {
  it.each(Object.entries(SPACES))('%s: hex, in_gamut, oklch and oklab', async (_space, make) => {
    const rand = prng(16);
    let outside = 0;
    for (let i = 0; i < 60; i++) {
      const input = make(rand);
      const ref = reference(input);
      expect(ref, input).toBeDefined();
      const answer = await run({ color: input });
      const inside = inSrgb(ref!);
      if (overshoot(ref!) > 1e-4 || inside) expect(answer.in_gamut, input).toBe(inside);
      if (!inside) outside++;
      const want = bytes(formatHex(inside ? clampRgb(ref!) : mapToSrgb(ref!)));
      const got = bytes(answer.hex);
      // Inside: the same 8-bit colour up to a half-way float; mapped: one step (see header).
      got.forEach((c, k) =>
        expect(Math.abs(c - want[k]!), `${input} → ${answer.hex}, culori ${want}`).toBeLessThanOrEqual(1),
      );
      const lch = toOklch(ref!);
      const [l, c, h] = numbers(answer.oklch);
      expect(Math.abs(l! - lch.l * 100), `${input} ${answer.oklch}`).toBeLessThanOrEqual(0.0051);
      expect(Math.abs(c! - lch.c), `${input} ${answer.oklch}`).toBeLessThanOrEqual(0.000051);
      if (lch.c > 0.001) {
        const dh = Math.abs(h! - lch.h!) % 360;
        expect(Math.min(dh, 360 - dh), `${input} ${answer.oklch}`).toBeLessThanOrEqual(0.0051 + 0.001 / lch.c);
      }
      const lab = toOklab(ref!);
      const [, a, b] = numbers(answer.oklab);
      expect(Math.abs(a! - lab.a), `${input} ${answer.oklab}`).toBeLessThanOrEqual(0.000051);
      expect(Math.abs(b! - lab.b), `${input} ${answer.oklab}`).toBeLessThanOrEqual(0.000051);
    }
    // The wide spaces must exercise gamut mapping (guards against a generator that never leaves sRGB).
    if (['oklch', 'lab', 'display-p3', 'rec2020', 'prophoto-rgb'].includes(_space)) expect(outside).toBeGreaterThan(5);
  });

  it('hwb of random hex colours matches culori within one unit', async () => {
    const rand = prng(17);
    for (let i = 0; i < 200; i++) {
      const hex = `#${Math.floor(rand() * 0x1000000)
        .toString(16)
        .padStart(6, '0')}`;
      const answer = await run({ color: hex });
      const ref = toHwb(parse(hex)!);
      const [h, w, b] = numbers(answer.hwb);
      expect(Math.abs(w! - ref.w * 100), `${hex} ${answer.hwb}`).toBeLessThanOrEqual(0.5 + 1e-9);
      expect(Math.abs(b! - ref.b * 100), `${hex} ${answer.hwb}`).toBeLessThanOrEqual(0.5 + 1e-9);
      if (ref.h !== undefined && ref.w + ref.b < 0.99) {
        const dh = Math.abs(h! - ref.h) % 360;
        expect(Math.min(dh, 360 - dh), `${hex} ${answer.hwb}`).toBeLessThanOrEqual(0.5 + 1e-9);
      }
      expect(answer.in_gamut).toBe(true);
    }
  });

  it('the css forms with alpha parse back (culori) to the same colour and alpha', async () => {
    const rand = prng(18);
    for (let i = 0; i < 100; i++) {
      const alpha = Math.floor(rand() * 999) / 1000;
      const input = `${SPACES.oklch!(rand).slice(0, -1)} / ${alpha})`;
      const answer = await run({ color: input });
      expect(answer.alpha).toBe(alpha);
      for (const [form, css] of Object.entries(answer.css)) {
        const back = parse(css);
        expect(back, `${form}: ${css}`).toBeDefined();
        // #rrggbbaa holds alpha in 1/255 steps.
        expect(Math.abs((back!.alpha ?? 1) - alpha), `${form}: ${css}`).toBeLessThanOrEqual(
          form === 'hex' ? 1 / 510 + 1e-9 : 1e-9,
        );
        const want = bytes(answer.hex);
        const got = bytes(formatHex(clampRgb(back!)));
        // hsl/hwb print integers, so they come back within a few 8-bit steps; hex/rgb exactly.
        const slack =
          form === 'hex' || form === 'rgb' ? 0 : form === 'oklch' || form === 'oklab' ? (answer.in_gamut ? 1 : 255) : 3;
        got.forEach((c, k) =>
          expect(Math.abs(c - want[k]!), `${form}: ${css} vs ${answer.hex}`).toBeLessThanOrEqual(slack),
        );
      }
    }
  });
});

describe('bounds', () => {
  it('refuses magnitudes past 8× the reference ranges, naming the channel', async () => {
    const table: [string, RegExp][] = [
      ['color(srgb 1e300 0 0)', /red '1e300' is out of range \(-8 to 8/],
      ['color(xyz 0 0 -9)', /\bz '-9' is out of range/],
      ['lab(50 1001 0)', /\ba '1001' is out of range \(-1000 to 1000, or -800% to 800%\)/],
      ['lch(50% 1e308 0)', /chroma '1e308' is out of range \(0 to 1000, or 0% to 667%\)/],
      ['oklch(0.5 3.3 20)', /chroma '3.3' is out of range \(0 to 3.2/],
      ['oklab(101% 0 0)', /lightness '101%' is out of range \(0 to 1, or 0% to 100%\)/],
      ['lab(-1 0 0)', /lightness '-1' is out of range \(0 to 100/],
    ];
    for (const [color, error] of table) {
      const reply = await invoke(tool, { color }, nodeContext);
      expect(reply.status).toBe(200);
      expect((reply.body as { valid: boolean }).valid, color).toBe(false);
      expect((reply.body as { error: string }).error, color).toMatch(error);
    }
  });

  it('every colour at the edges of the bounds converts to finite forms that pass the schema', async () => {
    const rand = prng(20);
    const edge = (limit: number) => (rand() < 0.5 ? -1 : 1) * limit * (0.9 + rand() * 0.1);
    for (let i = 0; i < 200; i++) {
      const inputs = [
        `color(${['srgb', 'display-p3', 'prophoto-rgb', 'rec2020', 'xyz', 'a98-rgb'][i % 6]} ${edge(8)} ${edge(8)} ${edge(8)})`,
        `lab(${rand() * 100} ${edge(1000)} ${edge(1000)})`,
        `oklch(${rand()} ${Math.abs(edge(3.2))} ${edge(1e6)})`,
      ];
      for (const color of inputs) {
        const answer = await run({ color });
        expect(answer.hex, color).toMatch(/^#[0-9a-f]{6}$/);
        expect(JSON.stringify(answer), color).not.toMatch(/NaN|Infinity|e\+/);
      }
    }
  });
});

describe('WCAG contrast against culori', () => {
  it('random pairs: the ratio is culori’s truncated to 2 decimals, the verdicts follow it', async () => {
    const rand = prng(19);
    const hex = () =>
      `#${Math.floor(rand() * 0x1000000)
        .toString(16)
        .padStart(6, '0')}`;
    for (let i = 0; i < 300; i++) {
      const [text, background] = [hex(), hex()];
      const { contrast } = await run({ color: text, contrast_with: background });
      const reference = wcagContrast(text, background);
      expect(contrast!.ratio, `${text} on ${background}: ${reference}`).toBeLessThanOrEqual(reference + 1e-9);
      expect(reference - contrast!.ratio, `${text} on ${background}: ${reference}`).toBeLessThan(0.01);
      expect(contrast!.aa_normal).toBe(reference >= 4.5);
      expect(contrast!.aa_large).toBe(reference >= 3);
      expect(contrast!.aaa_normal).toBe(reference >= 7);
      expect(contrast!.aaa_large).toBe(reference >= 4.5);
    }
  });

  it('the ratio is symmetric for opaque colours', async () => {
    const a = await run({ color: 'oklch(0.6 0.15 30)', contrast_with: 'navy' });
    const b = await run({ color: 'navy', contrast_with: 'oklch(0.6 0.15 30)' });
    expect(a.contrast).toEqual({
      ...b.contrast,
      foreground: b.contrast!.background,
      background: b.contrast!.foreground,
    });
  });
});

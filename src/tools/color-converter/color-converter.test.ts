import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { checkCase } from '../../../tests/match';
import cases from './cases';
import { fromRgb, hslToHsv, hslToRgb, hsvToHsl, hsvToRgb, type Triple } from '../../lib/colour/convert';
import { NAMED_COLORS } from '../../lib/colour/named';
import { Output } from './schema';
import tool from './tool';
import { prng } from '../../../tests/support/prng';
import { nodeContext } from '../../platform/node-context';

interface Answer {
  hex: string;
  rgb: { r: number; g: number; b: number; css: string };
  hsl: { h: number; s: number; l: number; css: string };
  hsv: { h: number; s: number; v: number };
  valid: boolean;
  alpha?: number;
  error?: string;
}

async function convert(color: string): Promise<Answer> {
  const reply = await invoke(tool, { color }, nodeContext);
  expect(reply.status).toBe(200);
  const parsed = Output.safeParse(reply.body);
  expect(parsed.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body as unknown as Answer;
}

describe('golden cases', () => {
  it.each(cases.map((tc) => [tc.name, tc] as const))('%s', async (_name, tc) => {
    const reply = await invoke(tool, tc.body, nodeContext);
    checkCase(tc, reply.status, reply.body);
  });
});

// ---- An independent reference: the CSS3 (2011) algorithms, written differently from the
// CSS Color 4 forms in convert.ts (hue2rgb for HSL, the sector table for HSV).
function refHslToRgb(h: number, s: number, l: number): Triple {
  h /= 360;
  s /= 100;
  l /= 100;
  const m2 = l <= 0.5 ? l * (s + 1) : l + s - l * s;
  const m1 = l * 2 - m2;
  const hue2rgb = (t: number) => {
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t * 6 < 1) return m1 + (m2 - m1) * t * 6;
    if (t * 2 < 1) return m2;
    if (t * 3 < 2) return m1 + (m2 - m1) * (2 / 3 - t) * 6;
    return m1;
  };
  return [hue2rgb(h + 1 / 3) * 255, hue2rgb(h) * 255, hue2rgb(h - 1 / 3) * 255];
}

function refHsvToRgb(h: number, s: number, v: number): Triple {
  s /= 100;
  v /= 100;
  const sector = Math.floor(h / 60) % 6;
  const f = h / 60 - Math.floor(h / 60);
  const p = v * (1 - s);
  const q = v * (1 - f * s);
  const t = v * (1 - (1 - f) * s);
  const rows: Triple[] = [
    [v, t, p],
    [q, v, p],
    [p, v, t],
    [p, q, v],
    [t, p, v],
    [v, p, q],
  ];
  return rows[sector]!.map((x) => x * 255) as Triple;
}

const close = (a: Triple, b: Triple, tolerance = 1e-9) => a.every((x, i) => Math.abs(x - b[i]!) <= tolerance);

describe('conversions', () => {
  it('HSL → RGB and HSV → RGB agree with the CSS3 algorithms on 10,000 random colours', () => {
    const rand = prng(1);
    for (let n = 0; n < 10_000; n++) {
      const [h, s, x] = [rand() * 360, rand() * 100, rand() * 100];
      expect(close(hslToRgb([h, s, x]), refHslToRgb(h, s, x)), `hsl ${h} ${s} ${x}`).toBe(true);
      expect(close(hsvToRgb([h, s, x]), refHsvToRgb(h, s, x)), `hsv ${h} ${s} ${x}`).toBe(true);
    }
  });

  it('exact round trips rgb → hsl → rgb, rgb → hsv → rgb and hsl → hsv → hsl on 10,000 random colours', () => {
    const rand = prng(2);
    for (let n = 0; n < 10_000; n++) {
      const rgb: Triple = [Math.floor(rand() * 256), Math.floor(rand() * 256), Math.floor(rand() * 256)];
      const { hsl, hsv } = fromRgb(rgb);
      expect(close(hslToRgb(hsl), rgb, 1e-9), `${rgb} via ${hsl}`).toBe(true);
      expect(close(hsvToRgb(hsv), rgb, 1e-9), `${rgb} via ${hsv}`).toBe(true);
      expect(close(hslToHsv(hsl), hsv, 1e-9)).toBe(true);
      if (hsl[1] > 0) expect(close(hsvToHsl(hsv), hsl, 1e-9)).toBe(true);
    }
  });

  it('through the API, rgb → integer hsl/hsv → rgb stays within the error integer rounding allows', async () => {
    // Integer H, S, L are off by at most 0.5 each: 0.5% of L moves a channel by ≤ 1.275,
    // 0.5% of S the chroma by ≤ 1.275, 0.5° of hue by ≤ 255 × 0.5 / 60 = 2.125; with the final
    // rounding, at most 5. (Exactly ±1 is impossible: 360 × 101 × 101 HSL points cannot name
    // 16.7 M colours.) The exact round trip is tested above.
    const rand = prng(3);
    let worst = 0;
    for (let n = 0; n < 10_000; n++) {
      const [r, g, b] = [0, 0, 0].map(() => Math.floor(rand() * 256)) as Triple;
      const answer = await convert(`rgb(${r}, ${g}, ${b})`);
      expect(answer.hex).toBe('#' + [r, g, b].map((c) => c.toString(16).padStart(2, '0')).join(''));
      for (const css of [answer.hsl.css, `hsv(${answer.hsv.h}, ${answer.hsv.s}%, ${answer.hsv.v}%)`]) {
        const back = (await convert(css)).rgb;
        worst = Math.max(worst, Math.abs(back.r - r), Math.abs(back.g - g), Math.abs(back.b - b));
      }
    }
    expect(worst).toBeLessThanOrEqual(5);
  });

  it('rounds every output half up from the exact colour (1,000 random HSL inputs against the reference)', async () => {
    const rand = prng(4);
    const half = (x: number) => Math.abs((x % 1) - 0.5) < 1e-6; // too close to .5 to judge a float
    for (let n = 0; n < 1000; n++) {
      const [h, s, l] = [
        Math.floor(rand() * 3600) / 10,
        Math.floor(rand() * 1000) / 10,
        Math.floor(rand() * 1000) / 10,
      ];
      const answer = await convert(`hsl(${h}, ${s}%, ${l}%)`);
      const exact = refHslToRgb(h, s, l);
      [answer.rgb.r, answer.rgb.g, answer.rgb.b].forEach((c, i) => {
        if (!half(exact[i]!)) expect(c, `hsl(${h}, ${s}%, ${l}%)`).toBe(Math.round(exact[i]!));
      });
      // The input's own model comes back as given, rounded half up, hue wrapped.
      expect(answer.hsl.h).toBe(Math.round(h) % 360);
      expect([answer.hsl.s, answer.hsl.l]).toEqual([Math.round(s), Math.round(l)]);
    }
  });
});

describe('parsing', () => {
  it('accepts every documented syntax for the same red', async () => {
    const reds = [
      '#f00',
      '#F00',
      'f00',
      '#ff0000',
      'FF0000',
      '#ff0000ff',
      '#f00f',
      'red',
      ' RED ',
      'rgb(255,0,0)',
      'rgb(255, 0, 0)',
      'rgb( 255 , 0 , 0 )',
      'RGB (255,0,0)',
      'rgba(255,0,0)',
      'rgba(255, 0, 0, 1)',
      'rgb(255 0 0)',
      'rgb(255 0 0 / 1)',
      'rgb(255 0 0/100%)',
      'rgb(100%, 0%, 0%)',
      'rgb(255.0, 0, 0)',
      'rgb(2.55e2, 0, 0)',
      '255,0,0',
      '255, 0, 0',
      '255 0 0',
      'hsl(0, 100%, 50%)',
      'hsl(0 100% 50%)',
      'hsl(0deg, 100%, 50%)',
      'hsl(0, 100, 50)',
      'hsla(0, 100%, 50%, 1)',
      'hsl(360, 100%, 50%)',
      'hsl(720deg 100% 50%)',
      'hsl(1turn 100% 50%)',
      'hsl(400grad 100% 50%)',
      'hsl(-360 100% 50%)',
      'hsv(0, 100%, 100%)',
      'hsv(0 100% 100%)',
      'hsb(0, 100%, 100%)',
      'hsba(0, 100%, 100%, 1)',
      'HSV(0,100,100)',
    ];
    for (const color of reds) {
      const answer = await convert(color);
      expect([color, answer.valid, answer.hex, answer.alpha], color).toEqual([color, true, '#ff0000', undefined]);
    }
  });

  it('reads radians', async () => {
    expect((await convert(`hsl(${Math.PI}rad 100% 50%)`)).hex).toBe('#00ffff');
  });

  it('reports alpha from each syntax, rounded to 3 decimals, and omits it when 1', async () => {
    const table: [string, number | undefined][] = [
      ['#0000', 0],
      ['#000f', undefined],
      ['#00000040', 0.251],
      ['#000000fe', 0.996],
      ['rgba(0,0,0,0.5)', 0.5],
      ['rgb(0 0 0 / 25%)', 0.25],
      ['hsla(0, 0%, 0%, .1234)', 0.123],
      ['hsl(0 0% 0% / 0.9995)', undefined],
      ['rgba(0,0,0,0)', 0],
    ];
    for (const [color, alpha] of table) expect((await convert(color)).alpha, color).toBe(alpha);
  });

  it('refuses what it cannot read, with the zeroed shape', async () => {
    const bad = [
      '#',
      '#ff',
      '#fffff',
      '#fffffff',
      '#ggg',
      'gg0000',
      'rgb()',
      'rgb(1,2)',
      'rgb(1,2,3,4,5)',
      'rgb(1 2 3 4)',
      'rgb(1,2,3/0.5)',
      'rgb(1, 2 3)',
      'rgb(1 2 3 / )',
      'rgb(1 2 3 / 4 / 5)',
      'rgb(10deg,0,0)',
      'hsl(10%,50%,50%)',
      'hsl(0, 50deg, 50%)',
      'rgb(nan,0,0)',
      'rgb(255,0,0',
      'lab(101% 40 59)',
      'hwb(0 0% 101%)',
      'oklch(0.5 0.1)',
      'color(srgb 1 0)',
      'color(1 0 0)',
      'oklch(0.5 0.1 20%)',
      'device-cmyk(0 0 0 1.5)',
      'currentcolor',
      'rgb(1e400, 0, 0)',
      'hsl(1e400, 0%, 0%)',
      'reddish',
      '1,2',
      '-',
      'x'.repeat(1 << 20),
    ];
    for (const color of bad) {
      const answer = await convert(color);
      expect(answer, color.slice(0, 50)).toEqual({
        hex: '',
        rgb: { r: 0, g: 0, b: 0, css: '' },
        hsl: { h: 0, s: 0, l: 0, css: '' },
        hsv: { h: 0, s: 0, v: 0 },
        valid: false,
        error: answer.error,
      });
      expect(answer.error!.length, color.slice(0, 50)).toBeLessThan(300);
    }
  });

  it('names the channel that is out of range', async () => {
    const table: [string, RegExp][] = [
      ['rgb(0, 0, 256)', /^Invalid color: blue '256' is out of range \(0–255\)\.$/],
      ['rgb(0, 101%, 0)', /^Invalid color: green '101%' is out of range \(0–100%\)\.$/],
      ['rgb(-0.5 0 0)', /red '-0.5'/],
      ['hsl(0, -1%, 50%)', /saturation '-1%'/],
      ['hsl(0, 50%, 100.5%)', /lightness '100.5%'/],
      ['hsv(0, 50, 101)', /value '101'/],
      ['hsb(0, 50, 101)', /brightness '101'/],
      ['rgba(0, 0, 0, -0.1)', /alpha '-0.1'/],
      ['rgb(0 0 0 / 101%)', /alpha '101%'.*0–100%/],
      ['256,0,0', /red '256'/],
    ];
    for (const [color, error] of table) expect((await convert(color)).error, color).toMatch(error);
  });
});

describe('named colours', () => {
  it('has the 148 CSS Color 4 names with their known values', () => {
    expect(NAMED_COLORS.size).toBe(148);
    const known: [string, string][] = [
      ['green', '008000'],
      ['lime', '00ff00'],
      ['rebeccapurple', '663399'],
      ['gray', '808080'],
      ['grey', '808080'],
      ['darkgray', 'a9a9a9'],
      ['navy', '000080'],
      ['cornflowerblue', '6495ed'],
      ['aqua', '00ffff'],
      ['cyan', '00ffff'],
      ['fuchsia', 'ff00ff'],
      ['magenta', 'ff00ff'],
      ['tomato', 'ff6347'],
      ['white', 'ffffff'],
      ['black', '000000'],
    ];
    for (const [name, hex] of known) expect(NAMED_COLORS.get(name), name).toBe(hex);
  });
});

// What the image pages' tests share: the fixtures, downloads, and pixels read by an independent
// decoder (sharp).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expect, type Page } from './fixtures';

export const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/images/${name}`, import.meta.url));

/** The four-quadrant fixture (40×24): red, lime / blue, yellow. */
export const RED = [255, 0, 0];
export const LIME = [0, 255, 0];
export const BLUE = [0, 0, 255];
export const YELLOW = [255, 255, 0];

export async function download(page: Page, trigger: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/** RGBA of one pixel, decoded by sharp. */
export async function pixel(bytes: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

export function expectColour(actual: number[], rgb: number[], tolerance = 24) {
  const far = rgb.some((value, i) => Math.abs(value - actual[i]!) > tolerance);
  expect(far, `pixel ${actual.join(',')} should be close to ${rgb.join(',')}`).toBe(false);
}

/** The image pages' example photo (static/examples/coffee.jpg). */
export const SAMPLE = { name: 'coffee.jpg', width: 600, height: 400 };

/** A text file named like a PNG: the error state of every image page. */
export const NOT_AN_IMAGE = {
  name: 'notes.png',
  mimeType: 'image/png',
  buffer: Buffer.from('just some text, not an image'),
};

/** The page does not scroll sideways (what a 360 px phone shows of it is all there is). */
export async function expectNoSidewaysScroll(page: Page, state: string) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `${state}: page ${scroll} px wide in a ${client} px window`).toBeLessThanOrEqual(client);
}

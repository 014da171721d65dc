import { test } from '@playwright/test';
test('perf', async ({ page }) => {
  await page.goto('/json-formatter');
  const items = Array.from({ length: 100_000 }, (_, i) => `{"id":${i},"name":"item ${i}","tags":["a","b"]}`);
  const big = `[${items.join(',')}]`;
  const t0 = Date.now();
  await page.getByTestId('file-input').setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(big) });
  await page.getByTestId('status').filter({ hasText: 'Valid' }).waitFor({ timeout: 60000 });
  console.log('first format ms', Date.now() - t0);
  console.log(await page.evaluate(() => {
    const area = document.querySelector('[data-testid=input]') as HTMLTextAreaElement;
    let t = performance.now(); const v = area.value; const a = performance.now() - t;
    t = performance.now(); const e = encodeURIComponent(JSON.stringify({ json: v })); const b = performance.now() - t;
    const out = document.querySelector('[data-testid=output]') as HTMLTextAreaElement;
    t = performance.now(); const o = out.value; const c = performance.now() - t;
    return `read input ${a.toFixed(1)} encode ${b.toFixed(1)} (${e.length}) read output ${c.toFixed(1)} (${o.length})`;
  }));
  await page.getByTestId('input').focus();
  await page.keyboard.press('Control+End');
  for (let k = 0; k < 4; k++) {
    await page.evaluate(() => { (window as any).__t = performance.now(); });
    await page.keyboard.type('x');
    const ms = await page.evaluate(async () => { await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0))); return performance.now() - (window as any).__t; });
    console.log('keystroke ms', ms.toFixed(1));
  }
});

import { chromium } from 'playwright';
import { readFileSync } from 'node:fs';
const png = readFileSync('tests/fixtures/images/quadrants.png');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['mobile', { width: 390, height: 844 }]]) {
  for (const scheme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport, colorScheme: scheme });
    await page.goto('http://localhost:8811/base64');
    await page.getByTestId('file-input').setInputFiles('tests/fixtures/images/quadrants.png');
    await page.getByTestId('data-uri').check();
    await page.getByTestId('meta').waitFor();
    await page.screenshot({ path: `test-results/shots-base64/encode-${device}-${scheme}.png`, fullPage: true });
    await page.getByTestId('mode').selectOption('decode');
    await page.getByTestId('input').fill(png.toString('base64'));
    await page.getByTestId('hex-row').first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/shots-base64/decode-${device}-${scheme}.png`, fullPage: true });
    await page.close();
  }
}
await browser.close();

// The page's batch job: what it sends (only the fields that differ from the tool's defaults, as
// the request panel shows them) and what it names the results.
import { describe, expect, it } from 'vitest';
import { done, resultName, settingsBody } from './job.svelte';

describe('background-remover page job', () => {
  it('sends only what differs from the defaults; a mask never carries a background', () => {
    expect(settingsBody({ output: 'cutout', background: '' })).toEqual({});
    expect(settingsBody({ output: 'cutout', background: '#336699' })).toEqual({ background: '#336699' });
    expect(settingsBody({ output: 'mask', background: '#336699' })).toEqual({ output: 'mask' });
  });

  it('names results <stem>-no-background.png or <stem>-mask.png', () => {
    expect(resultName('holiday photo.JPG', 'cutout')).toBe('holiday photo-no-background.png');
    expect(resultName('scan.tar.tiff', 'mask')).toBe('scan.tar-mask.png');
    expect(resultName('.png', 'cutout')).toBe('image-no-background.png');
    expect(resultName('a:b.png', 'cutout')).toBe('a_b-no-background.png');
  });

  it('says what the batch made', () => {
    expect(done({ output: 'cutout', background: '' })).toBe('cut out (transparent background)');
    expect(done({ output: 'cutout', background: '#ff8800' })).toBe('cut out on #ff8800');
    expect(done({ output: 'mask', background: '' })).toBe('made into masks (grayscale)');
  });
});

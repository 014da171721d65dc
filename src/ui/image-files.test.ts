// The image pages' hand-over of opened files (prefill.ts): taken once, files only.
import { describe, expect, it } from 'vitest';
import { handedFiles } from './image-files';
import { offerPrefill, takePrefill } from './prefill';

describe('handedFiles', () => {
  it('takes the files offered to the page once, leaving other fields alone', () => {
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    offerPrefill('image-converter', { files: [photo, 'not a file'], note: 'kept' });
    expect(handedFiles('image-converter')).toEqual([photo]);
    expect(handedFiles('image-converter')).toEqual([]);
    expect(takePrefill('image-converter')).toEqual({ note: 'kept' });
  });

  it('is empty for a page nothing was offered to, or when files is not a list', () => {
    expect(handedFiles('image-resizer')).toEqual([]);
    offerPrefill('background-remover', { files: 'photo.jpg' });
    expect(handedFiles('background-remover')).toEqual([]);
  });
});

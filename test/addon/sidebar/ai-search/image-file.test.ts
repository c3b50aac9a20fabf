import {
  base64OfDataUrl,
  fileSizeText,
  imageFileProblem,
  uploadSource,
} from '../../../../addon/sidebar/ai-search/image-file';

describe('an image file chosen in the sidebar', () => {
  it('takes JPEG, PNG and WebP up to what fits 5 MB of base64', () => {
    expect(imageFileProblem({ name: 'cat.png', type: 'image/png', size: 120_000 })).toBeNull();
    expect(imageFileProblem({ name: 'cat.webp', type: 'image/webp', size: 3_932_160 })).toBeNull();
    expect(imageFileProblem({ name: 'big.jpg', type: 'image/jpeg', size: 3_932_161 })).toBe(
      '"big.jpg" is 3.75 MB; AI search takes at most 3.75 MB (5 MB once encoded as base64). Use a smaller or more compressed image.',
    );
    expect(imageFileProblem({ name: 'anim.gif', type: 'image/gif', size: 10 })).toBe(
      '"anim.gif" is a file of type image/gif: AI search takes JPEG, PNG or WebP images. Convert it, or pick another.',
    );
    expect(imageFileProblem({ name: 'photo.heic', type: '', size: 10 })).toContain('a file of unknown type');
    expect(imageFileProblem({ name: 'empty.png', type: 'image/png', size: 0 })).toBe(
      '"empty.png" is empty: pick another file.',
    );
  });

  it('sends bare base64, without the data URL prefix', () => {
    expect(base64OfDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(base64OfDataUrl('data:text/plain,hello')).toBeNull();
    expect(uploadSource({ name: 'cat.png', type: 'image/png', size: 8 }, 'iVBORw0KGgo=')).toEqual({
      kind: 'upload',
      imageType: 'image/png',
      base64Image: 'iVBORw0KGgo=',
      name: 'cat.png',
    });
    expect(() =>
      uploadSource({ name: 'x.png', type: 'image/png', size: 1 }, 'A'.repeat(5 * 1024 * 1024 + 1)),
    ).toThrow('larger than AI search takes');
    expect(fileSizeText(4_404_019)).toBe('4.2 MB');
  });
});

// The difference of two images of one size: per pixel and channel the absolute difference,
// opaque, with how large the largest is and how many pixels differ at all.

export interface ImageDifference {
  /** RGBA, alpha 255: black where the images agree. */
  readonly pixels: Uint8ClampedArray<ArrayBuffer>;
  /** The largest difference of any channel, 0 to 255. */
  readonly largest: number;
  /** How many pixels differ in any channel (alpha included). */
  readonly changed: number;
}

/** The absolute difference of two RGBA pixel arrays of one length. */
export function absoluteDifference(a: ArrayLike<number>, b: ArrayLike<number>): ImageDifference {
  if (a.length !== b.length) throw new Error('the images differ in size');
  const pixels = new Uint8ClampedArray(a.length);
  let largest = 0;
  let changed = 0;
  for (let i = 0; i < a.length; i += 4) {
    let differs = a[i + 3] !== b[i + 3];
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(a[i + c]! - b[i + c]!);
      pixels[i + c] = d;
      if (d > 0) differs = true;
      if (d > largest) largest = d;
    }
    pixels[i + 3] = 255;
    if (differs) changed++;
  }
  return { pixels, largest, changed };
}

/** An image's pixels, decoded from its address and read back from a canvas. */
export async function imagePixels(url: string): Promise<ImageData> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('this page cannot draw on a canvas');
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

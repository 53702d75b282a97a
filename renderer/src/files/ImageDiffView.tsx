// Two runs' images at one step as their absolute per-pixel difference, drawn on a canvas; images
// of different sizes have no such difference, and the view says so.

import { useEffect, useRef, useState } from 'react';
import { absoluteDifference, imagePixels } from './image-diff.js';

type Shown =
  | { readonly state: 'loading' }
  | {
      readonly state: 'drawn';
      readonly largest: number;
      readonly changed: number;
      readonly total: number;
    }
  | { readonly state: 'sizes'; readonly a: string; readonly b: string }
  | { readonly state: 'failed'; readonly message: string };

export function ImageDiffView({ urlA, urlB }: { urlA: string; urlB: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setShown({ state: 'loading' });
    void Promise.all([imagePixels(urlA), imagePixels(urlB)])
      .then(([a, b]) => {
        if (!current) return;
        if (a.width !== b.width || a.height !== b.height) {
          setShown({
            state: 'sizes',
            a: `${a.width} × ${a.height}`,
            b: `${b.width} × ${b.height}`,
          });
          return;
        }
        const difference = absoluteDifference(a.data, b.data);
        const target = canvas.current;
        if (target !== null) {
          target.width = a.width;
          target.height = a.height;
          target
            .getContext('2d')
            ?.putImageData(new ImageData(difference.pixels, a.width, a.height), 0, 0);
        }
        setShown({
          state: 'drawn',
          largest: difference.largest,
          changed: difference.changed,
          total: a.width * a.height,
        });
      })
      .catch((error: unknown) => {
        if (current)
          setShown({
            state: 'failed',
            message: error instanceof Error ? error.message : String(error),
          });
      });
    return () => {
      current = false;
    };
  }, [urlA, urlB]);

  return (
    <div className="stack">
      <div className="muted" data-testid="diff-note">
        {shown.state === 'loading' ? 'Reading both images…' : null}
        {shown.state === 'drawn'
          ? shown.changed === 0
            ? 'The images are the same, pixel for pixel.'
            : `${shown.changed.toLocaleString('en')} of ${shown.total.toLocaleString('en')} pixels differ; the largest difference is ${shown.largest} of 255. Black is no difference.`
          : null}
      </div>
      {shown.state === 'sizes' ? (
        <div className="warn-box" data-testid="diff-sizes">
          The images differ in size ({shown.a} and {shown.b} px): a per-pixel difference needs
          images of one size.
        </div>
      ) : null}
      {shown.state === 'failed' ? (
        <div className="error-box">Could not read the images: {shown.message}</div>
      ) : null}
      <div className="image-frame zoom-fit" hidden={shown.state !== 'drawn'}>
        <canvas ref={canvas} className="diff-canvas" data-testid="diff-canvas" />
      </div>
    </div>
  );
}

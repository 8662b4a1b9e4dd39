// What the photo checks say about the test images (a good, a dark, a blurred and a small photo).
import { judgePhoto, measurePhoto } from '../src/server/ai/photo-checks.js';
import { blurredPhoto, darkPhoto, goodPhoto, smallPhoto } from '../src/server/test/fixtures/test-images.js';

export async function benchPhotoChecks() {
  for (const [name, make] of Object.entries({ good: goodPhoto, dark: darkPhoto, blurred: blurredPhoto, small: smallPhoto })) {
    const m = await measurePhoto(await make());
    const checks = judgePhoto(m).map((c) => c.check);
    console.log(
      `${name.padEnd(8)} brightness ${m.brightness.toFixed(0).padStart(3)}, sharpness ${m.sharpness.toFixed(1).padStart(6)}, ${m.width}x${m.height} -> ${checks.length ? checks.join(', ') : 'no problems'}`,
    );
  }
}

// A chart drawn from the same answer as a table is put on screen only once that answer has been
// painted, and stays once it is.
import { describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import { afterNextPaint, usePaintedOnce } from '../../../../renderer/src/modules/charts/after-paint';

function manualFrames() {
  const waiting: Array<() => void> = [];
  return { schedule: (then: () => void) => void waiting.push(then), paint: () => waiting.splice(0).forEach((then) => then()), waiting };
}

describe('usePaintedOnce', () => {
  it('waits for the data, then for the frame showing it', async () => {
    const frames = manualFrames();
    const rows = ref(0);
    const painted = usePaintedOnce(() => rows.value > 0, frames.schedule);
    frames.paint();
    expect(painted.value).toBe(false);
    rows.value = 3;
    await nextTick();
    expect(painted.value).toBe(false);
    frames.paint();
    expect(painted.value).toBe(true);
  });

  it('asks for one frame only, and stays true when the data goes away', async () => {
    const frames = manualFrames();
    const rows = ref(2);
    const painted = usePaintedOnce(() => rows.value > 0, frames.schedule);
    rows.value = 0;
    await nextTick();
    rows.value = 5;
    await nextTick();
    expect(frames.waiting).toHaveLength(1);
    frames.paint();
    rows.value = 0;
    await nextTick();
    expect(painted.value).toBe(true);
  });
});

describe('afterNextPaint', () => {
  it('runs later, not at once, without a frame clock', async () => {
    let ran = false;
    afterNextPaint(() => (ran = true));
    expect(ran).toBe(false);
    await new Promise((done) => setTimeout(done, 5));
    expect(ran).toBe(true);
  });
});

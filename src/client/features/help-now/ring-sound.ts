/**
 * A two-tone ring from the Web Audio API, every 3 seconds while `ringing`: no file to fetch. A browser
 * that has not yet had a tap on the page keeps the context suspended; the ring is then silent, and the
 * banner, the push and the text still reach the expert.
 */
export function startRingSound(): () => void {
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return () => undefined;
  const audio = new Context();
  const ring = () => {
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.25, 660],
    ] as const) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.22);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.23);
    }
  };
  ring();
  const timer = setInterval(ring, 3000);
  return () => {
    clearInterval(timer);
    void audio.close().catch(() => undefined);
  };
}

/**
 * Synthetic audio for the simulator: a soft tone as long as the simulated audio, played through
 * the Web Audio API (an AudioBufferSourceNode; the site's CSP allows no blob: or data: media).
 */
let context: AudioContext | null = null;
let playing: AudioBufferSourceNode | null = null;

/** Plays `durationMs` of a tone at `frequency` Hz, sampled at `sampleRate`; stops any other. */
export function playTone(durationMs: number, sampleRate: number, frequency: number): void {
  stopTone();
  context ??= new AudioContext();
  // AudioBuffer accepts 3 kHz to 768 kHz; every rate of the document is within.
  const rate = Math.min(Math.max(sampleRate, 3000), 768000);
  const frames = Math.max(1, Math.round((rate * durationMs) / 1000));
  const buffer = context.createBuffer(1, frames, rate);
  const data = buffer.getChannelData(0);
  const fade = Math.min(frames / 2, rate * 0.01);
  for (let i = 0; i < frames; i += 1) {
    const envelope = Math.min(1, i / fade, (frames - i) / fade);
    data[i] = 0.1 * envelope * Math.sin((2 * Math.PI * frequency * i) / rate);
  }
  const source = context.createBufferSource();
  source.buffer = buffer;
  source.connect(context.destination);
  source.onended = () => {
    if (playing === source) playing = null;
  };
  source.start();
  playing = source;
}

export function stopTone(): void {
  playing?.stop();
  playing = null;
}

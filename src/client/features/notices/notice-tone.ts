/** A short two-note chime made with WebAudio: no sound file to ship or cache. */

type AudioCtor = typeof AudioContext
let ctx: AudioContext | undefined

function audioContext(): AudioContext | undefined {
  const Ctor =
    window.AudioContext ??
    (window as Window & { webkitAudioContext?: AudioCtor }).webkitAudioContext
  if (!Ctor) return undefined
  ctx ??= new Ctor()
  return ctx
}

/**
 * Browsers start audio only after a user gesture: called from a tap (the sound switch, any tap
 * while the sound is on), this lets later notices play.
 */
export function unlockNoticeTone() {
  const c = audioContext()
  if (c?.state === 'suspended') void c.resume().catch(() => undefined)
}

export function playNoticeTone() {
  const c = audioContext()
  if (!c) return
  if (c.state === 'suspended') void c.resume().catch(() => undefined)
  const start = c.currentTime + 0.01
  ;[880, 1318.5].forEach((freq, i) => {
    const at = start + i * 0.16
    const osc = c.createOscillator()
    const gain = c.createGain()
    osc.type = 'sine'
    osc.frequency.setValueAtTime(freq, at)
    gain.gain.setValueAtTime(0.0001, at)
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3)
    osc.connect(gain).connect(c.destination)
    osc.start(at)
    osc.stop(at + 0.32)
  })
}

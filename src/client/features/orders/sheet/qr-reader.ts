/** Reads a QR code's text from the video's current frame; undefined when none is seen. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | undefined>

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> }
type DetectorClass = {
  new (o: { formats: string[] }): Detector
  getSupportedFormats: () => Promise<string[]>
}

/** Frames are scaled down to this width before jsQR reads them (a phone camera gives 1280-1920 px). */
const readWidth = 640

/**
 * The browser's `BarcodeDetector` where it reads QR codes (Android Chrome, Safari 17+), else
 * jsQR, loaded only now that scanning starts (not in the staff shell).
 */
export async function frameReader(): Promise<FrameReader> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (Native) {
    try {
      if ((await Native.getSupportedFormats()).includes('qr_code')) {
        const detector = new Native({ formats: ['qr_code'] })
        return async (video) => (await detector.detect(video))[0]?.rawValue
      }
    } catch {
      // a detector that cannot read QR codes: jsQR does
    }
  }
  const { default: jsQR } = await import('jsqr')
  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d', { willReadFrequently: true })
  return async (video) => {
    const { videoWidth: w, videoHeight: h } = video
    if (!ctx || w === 0 || h === 0) return undefined
    const scale = Math.min(1, readWidth / w)
    canvas.width = Math.round(w * scale)
    canvas.height = Math.round(h * scale)
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height)
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height)
    return (
      jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ||
      undefined
    )
  }
}

/** The camera's picture, the rear camera preferred; asks for permission (only when Scan is tapped). */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera API', 'NoCamera')
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' } },
  })
}

/** Stops every track of the stream (the camera light goes off). */
export const closeCamera = (stream: MediaStream | null) =>
  stream?.getTracks().forEach((t) => t.stop())

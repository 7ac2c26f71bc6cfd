// Progress of the web client build that `npm start` runs on a first start: how many
// modules are transformed so far, the current phase and the time spent, so a build of a minute
// or two never looks stuck. On a terminal one line is rewritten in place and whatever else the
// build prints (warnings, the size budget report) goes above it; otherwise (a log file, a
// service manager) a line is printed at each phase and at most every `everyMs`.

/**
 * @param {{ write: (text: string) => unknown, isTTY?: boolean, now?: () => number, everyMs?: number }} o
 */
export function createBuildProgress({ write, isTTY = false, now = Date.now, everyMs = 5000 }) {
  const started = now()
  let modules = 0
  let phase = 'loading the build configuration'
  let lastPrinted = -Infinity
  let shown = false
  const seconds = () => Math.round((now() - started) / 1000)
  const text = () => `  ${phase}: ${modules} modules, ${seconds()} s`
  const escape = '\x1b'
  const clear = `\r${escape}[2K`
  const print = () => {
    lastPrinted = now()
    if (isTTY) {
      write(`${clear}${text()}`)
      shown = true
    } else write(`${text()}\n`)
  }
  return {
    /** One more module transformed. */
    module() {
      if (modules++ === 0) phase = 'transforming modules'
    },
    /** A new phase of the build (printed at once). */
    phase(name) {
      phase = name
      print()
    },
    /** Called on a timer: prints when due (every tick on a terminal). */
    tick() {
      if (isTTY || now() - lastPrinted >= everyMs) print()
    },
    /**
     * Something else the build prints, through `out` (stdout or stderr). On a terminal the
     * progress line is cleared first and drawn again below a finished line.
     */
    other(chunk, out = write) {
      if (!isTTY) return out(chunk)
      if (shown) write(clear)
      shown = false
      const result = out(chunk)
      // vite's own line clearing (control codes only) or a finished line: draw the progress again
      const visible = String(chunk).replace(new RegExp(`${escape}\\[[0-9;]*[A-Za-z]`, 'g'), '')
      if (visible === '' || visible.endsWith('\n')) print()
      return result
    },
    /** The build finished (or failed). */
    done(ok = true) {
      const end = ok
        ? `  built ${modules} modules in ${seconds()} s`
        : `  the build failed after ${seconds()} s`
      write(isTTY ? `${clear}${end}\n` : `${end}\n`)
      shown = false
    },
  }
}

// Starts the API server from TypeScript sources as its own process on 127.0.0.1 (a free port)
// for a benchmark, and waits until it listens. Used by bench:export and bench:import.
// BENCH_NODE_ARGS adds node options to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
import { spawn, type ChildProcess } from 'node:child_process'

export async function startBenchServer(
  cwd: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string }> {
  let out = ''
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      'src/server/main.ts',
    ],
    {
      cwd,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'error',
        SEED_DEMO: 'false',
        ...env,
      },
    },
  )
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  let listening: RegExpExecArray | null = null
  for (
    const until = Date.now() + 60_000;
    !(listening = /listening on (http:\/\/[^\s]+)/.exec(out));
  ) {
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`server did not start:\n${out}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return { child, base: listening[1]! }
}

/** Signs in through the API and returns the access token. */
export async function benchSignIn(
  base: string,
  username: string,
  password: string,
): Promise<string> {
  const res = await fetch(`${base}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  return ((await res.json()) as { data: { Token: string } }).data.Token
}

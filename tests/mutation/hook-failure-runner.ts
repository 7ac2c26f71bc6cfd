// The vitest runner of mutation testing (vitest.mutation.config.ts). When a beforeAll hook throws
// (a mutant in code that builds the app: a route path, a schema), vitest marks the file's tests
// skipped and only the file failed; StrykerJS reads test results only, so such a mutant counted
// as survived although it breaks every test of the file. This runner reports the tests the hook
// failure skipped as failed, with the hook's error.
import type { Suite, Task, TaskEventPack, TaskResultPack, VitestRunner } from '@vitest/runner'
import { VitestTestRunner } from 'vitest/runners'

const tests = (suite: Suite): Task[] =>
  suite.tasks.flatMap((t) => (t.type === 'suite' ? tests(t) : [t]))

export default class HookFailureRunner extends VitestTestRunner {
  // tests of each suite that were to run (not filtered out by name) when the suite started
  #toRun = new WeakMap<Suite, Set<Task>>()

  override onBeforeRunSuite(suite: Suite) {
    this.#toRun.set(suite, new Set(tests(suite).filter((t) => t.mode === 'run')))
    return super.onBeforeRunSuite(suite)
  }

  override async onAfterRunSuite(suite: Suite) {
    await super.onAfterRunSuite(suite)
    const errors = suite.result?.errors
    if (!errors?.length) return
    const skipped = [...(this.#toRun.get(suite) ?? [])].filter((t) => t.result?.state === 'skip')
    if (skipped.length === 0) return
    const packs: TaskResultPack[] = []
    const events: TaskEventPack[] = []
    for (const test of skipped) {
      test.mode = 'run'
      // in place: a result vitest has queued but not sent yet goes out failed too
      test.result = Object.assign(test.result ?? {}, { state: 'fail' as const, errors })
      packs.push([test.id, test.result, test.meta])
      events.push([test.id, 'test-finished', undefined])
    }
    // set on the runner by the worker: sends results to the main process
    await (this as VitestRunner).onTaskUpdate?.(packs, events)
  }
}

/*
 * The one home of the server's periodic work: named tasks, each run every `everyMs` (and, if asked,
 * once at start) in this process. A task never overlaps itself: a tick that finds the last run still
 * going is skipped. A failing run is handed to `onError` (logged by the caller) and the task runs
 * again at its next tick; nothing is thrown. `stop()` clears the timers and waits for the runs in
 * flight, so the services they use can close after it. Timers are unref'd: they keep no process alive.
 *
 * Every task must be safe on several nodes at once, as each process runs its own scheduler: the
 * sweeps delete by time and condition (idempotent), the mail outbox claims its rows with
 * FOR UPDATE SKIP LOCKED, the check sweep sends a carrier only where none waits (a singleton key).
 * Why in-process timers and not pg-boss schedules: see server/docs/design-decisions.md, "One scheduler".
 */

export interface ScheduledTask {
  /** A short name for the logs, unique in the scheduler: `rate-limit-sweep`, `mail-outbox` … */
  name: string;
  /** The time between the start of one tick and the next, in ms. */
  everyMs: number;
  /** Also run once as soon as the scheduler starts (default false: the first run is after `everyMs`). */
  atStart?: boolean;
  run(): Promise<unknown>;
}

export interface Scheduler {
  /** Adds a task; before or after start() (added after, it starts at once). */
  add(task: ScheduledTask): void;
  /** Starts every task's timer. Does nothing once started or stopped. */
  start(): void;
  /** Runs the task now unless a run of it is in flight (then waits for that one); for tests and the caller that needs it. */
  runNow(name: string): Promise<void>;
  /** Clears the timers and waits for the runs in flight; the scheduler does not start again. */
  stop(): Promise<void>;
  /** The tasks' names, in the order they were added. */
  readonly names: readonly string[];
}

interface TaskState {
  task: ScheduledTask;
  timer: NodeJS.Timeout | undefined;
  running: Promise<void> | null;
}

export function createScheduler(options: { onError: (error: unknown, task: string) => void }): Scheduler {
  const tasks = new Map<string, TaskState>();
  let started = false;
  let stopped = false;

  /** One run of the task unless one is in flight (that one is answered instead). */
  function run(state: TaskState): Promise<void> {
    if (state.running) return state.running;
    const current = state.task
      .run()
      .then(
        () => undefined,
        (error: unknown) => options.onError(error, state.task.name),
      )
      .finally(() => {
        state.running = null;
      });
    state.running = current;
    return current;
  }

  function arm(state: TaskState): void {
    state.timer = setInterval(() => {
      if (!stopped && !state.running) void run(state);
    }, state.task.everyMs);
    state.timer.unref();
    if (state.task.atStart) void run(state);
  }

  return {
    add(task) {
      if (tasks.has(task.name)) throw new Error(`The scheduler has a task "${task.name}" already`);
      if (!(task.everyMs > 0)) throw new Error(`The task "${task.name}" needs an interval above 0 ms`);
      const state: TaskState = { task, timer: undefined, running: null };
      tasks.set(task.name, state);
      if (started && !stopped) arm(state);
    },

    start() {
      if (started || stopped) return;
      started = true;
      for (const state of tasks.values()) arm(state);
    },

    async runNow(name) {
      const state = tasks.get(name);
      if (!state) throw new Error(`The scheduler has no task "${name}"`);
      if (stopped) return;
      await run(state);
    },

    async stop() {
      stopped = true;
      for (const state of tasks.values()) clearInterval(state.timer);
      await Promise.all([...tasks.values()].map((state) => state.running));
    },

    get names() {
      return [...tasks.keys()];
    },
  };
}

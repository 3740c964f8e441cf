import type pg from "pg";

/*
 * Watches the `layout_check` table (the checks) of npm run test:scale through its own PostgreSQL connection:
 * every 100 ms it reads all rows and keeps, per check, each distinct state it was seen in. A check
 * that finished and then changed again (ran twice, finished twice) shows up as a second terminal
 * entry. Rows are read as JSON (`to_jsonb`), so a column the queue adds (`attempts`) is seen when it
 * exists and not required when it does not.
 */

export interface JobRow {
  id: number;
  layoutId: number;
  state: string;
  findings: unknown[] | null;
  error: string | null;
  finishedAt: string | null;
  /** How many times a worker took the check, when the table has the column. */
  attempts: number | null;
}

export const TERMINAL_STATES = new Set(["done", "failed"]);

export class JobsWatch {
  /** Per job id, the distinct observations in order (state, finishing time, result). */
  readonly history = new Map<number, string[]>();
  latest = new Map<number, JobRow>();
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> = Promise.resolve();
  readError: string | null = null;

  constructor(private readonly client: pg.Client) {}

  async read(): Promise<Map<number, JobRow>> {
    const result = await this.client.query<{ row: Record<string, unknown> }>("SELECT to_jsonb(j) AS row FROM layout_check j ORDER BY id");
    const rows = new Map<number, JobRow>();
    for (const { row } of result.rows) {
      const job: JobRow = {
        id: Number(row.id),
        layoutId: Number(row.layout_id),
        state: String(row.state),
        findings: Array.isArray(row.findings) ? row.findings : null,
        error: typeof row.error === "string" ? row.error : null,
        finishedAt: typeof row.finished_at === "string" ? row.finished_at : null,
        attempts: typeof row.attempts === "number" ? row.attempts : null,
      };
      rows.set(job.id, job);
      const seen = `${job.state} finished=${job.finishedAt ?? "-"} findings=${job.findings === null ? "-" : JSON.stringify(job.findings).length} error=${job.error ?? "-"}`;
      const history = this.history.get(job.id) ?? [];
      if (history.at(-1) !== seen) history.push(seen);
      this.history.set(job.id, history);
    }
    this.latest = rows;
    return rows;
  }

  start(): void {
    const tick = () => {
      this.reading = this.read().then(
        () => undefined,
        (error: unknown) => {
          this.readError = String(error);
        },
      );
      void this.reading.then(() => {
        if (this.timer !== null) this.timer = setTimeout(tick, 100);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.reading;
  }

  /** The observations of a job after its first terminal one (empty: it finished once and stayed so). */
  changesAfterFinishing(jobId: number): string[] {
    const history = this.history.get(jobId) ?? [];
    const first = history.findIndex((entry) => TERMINAL_STATES.has(entry.split(" ")[0] ?? ""));
    return first < 0 ? [] : history.slice(first + 1);
  }
}

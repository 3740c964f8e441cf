import pg from "pg";

/*
 * Notices between the processes that share one database (issue 18): PostgreSQL's LISTEN/NOTIFY.
 * Each process keeps one connection of its own that LISTENs (outside the pool, so a notice is never
 * waited for behind queries) and sends with pg_notify on the pool. A lost listening connection is
 * made again with a growing wait; once it is back every listener hears `gap()`, since notices sent
 * meanwhile are gone. The embedded PGlite is one process: there the notices go round in memory.
 */

/** What a listener of a channel hears. */
export interface NotificationListener {
  /** A notice's payload, from any process (this one included). */
  message(payload: string): void;
  /** Notices may have been missed: the listening connection was lost and is back. */
  gap(): void;
}

export interface DatabaseNotifications {
  /** Hears `channel` until the answered function is called; resolves once listening. */
  listen(channel: string, listener: NotificationListener): Promise<() => void>;
  /** Sends `payload` to every listener of `channel` in every process on this database (after the caller's commit). */
  notify(channel: string, payload: string): Promise<void>;
  /** Stops listening; the database's own close() calls it. */
  close(): Promise<void>;
}

/** The listening connection's name in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "ottisk-listen";

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/** Channel names are our own constants: a plain identifier, so LISTEN needs no quoting rules. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

class Listeners {
  readonly byChannel = new Map<string, Set<NotificationListener>>();

  add(channel: string, listener: NotificationListener): () => void {
    const set = this.byChannel.get(channel) ?? new Set<NotificationListener>();
    this.byChannel.set(channel, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  message(channel: string, payload: string): void {
    for (const listener of [...(this.byChannel.get(channel) ?? [])]) listener.message(payload);
  }

  gap(): void {
    for (const set of this.byChannel.values()) for (const listener of [...set]) listener.gap();
  }
}

/** In one process (PGlite): a notice reaches this process's listeners at once. */
export function createLocalNotifications(): DatabaseNotifications {
  const listeners = new Listeners();
  return {
    listen: async (channel, listener) => listeners.add(checkedChannel(channel), listener),
    notify: async (channel, payload) => listeners.message(checkedChannel(channel), payload),
    close: async () => undefined,
  };
}

/**
 * On PostgreSQL: NOTIFY through `pool`, LISTEN on a connection of its own to `connectionString`,
 * opened at the first listen() and made again whenever it is lost. `onLost` hears why it was lost.
 */
export function createPostgresNotifications(pool: pg.Pool, connectionString: string, onLost: (error: Error) => void): DatabaseNotifications {
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let opening: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;
  let closed = false;

  /** A new listening connection with every channel heard so far; becomes `client`. */
  async function open(): Promise<void> {
    const next = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    let dead = false;
    const lost = (error: Error) => {
      if (dead) return;
      dead = true;
      if (client !== next) return;
      client = null;
      if (closed) return;
      onLost(error);
      reconnect();
    };
    next.on("notification", (notice) => listeners.message(notice.channel, notice.payload ?? ""));
    next.on("error", lost);
    next.on("end", () => lost(new Error("the listening connection ended")));
    try {
      await next.connect();
      if (dead) throw new Error("the listening connection ended while it was opened");
      client = next;
      // Every channel, the ones added while this connection was being made among them.
      await Promise.all([...listeners.byChannel.keys()].map((channel) => next.query(`LISTEN ${channel}`)));
    } catch (error) {
      if (client === next) client = null;
      dead = true;
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) await next.end().catch(() => undefined);
  }

  function reconnect(): void {
    if (closed || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      opening = open().then(
        () => {
          retryMs = FIRST_RETRY_MS;
          listeners.gap();
        },
        () => {
          // Told once when lost, not at every try while the server stays away.
          retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
          reconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  }

  return {
    async listen(channel, listener) {
      const unlisten = listeners.add(checkedChannel(channel), listener);
      if (client === null && opening === null) opening = open();
      try {
        if (client === null) await opening;
      } catch (error) {
        // The first connection failed: nothing listens yet, and the next listen() tries again.
        opening = null;
        unlisten();
        throw error;
      }
      // A connection made meanwhile (or lost and being made again) LISTENs to this channel itself.
      if (client !== null) await client.query(`LISTEN ${channel}`);
      return unlisten;
    },

    async notify(channel, payload) {
      await pool.query("SELECT pg_notify($1, $2)", [checkedChannel(channel), payload]);
    },

    async close() {
      closed = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client;
      client = null;
      await opening?.catch(() => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}

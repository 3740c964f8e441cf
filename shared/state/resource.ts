/**
 * What a view knows about data it asked the API for. Kept as plain data so that the server-side
 * render can hand it to the browser inside the page.
 */
export type Resource<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; messageUI: string; httpStatus: number };

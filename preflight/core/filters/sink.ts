import type { Budget } from "../budget";
import { PreflightError } from "../errors";

/** Bytes between two reports to the budget, so a long decode is stopped by the document-wide cap while it runs. */
const ACCOUNT_EVERY = 1 << 20;

/**
 * A filter's growing output, capped: past `cap` bytes (the stream limit) it throws TOO_LARGE before
 * allocating more, and it reports what it has written to the budget as it goes.
 */
export class OutputSink {
  private buf: Uint8Array;
  length = 0;
  private accounted = 0;
  private readonly budget: Budget;
  private readonly cap: number;

  constructor(budget: Budget, cap: number, sizeHint = 1024) {
    this.budget = budget;
    this.cap = cap;
    this.buf = new Uint8Array(Math.max(16, Math.min(sizeHint, cap)));
  }

  /** How many more bytes may be written before the cap. */
  get room(): number {
    return this.cap - this.length;
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    const needed = this.length + n;
    if (needed > this.cap) throw new PreflightError("TOO_LARGE", `A stream decodes to more than ${this.cap} bytes`);
    if (needed - this.accounted >= ACCOUNT_EVERY) {
      this.budget.addDecodedBytes(needed - this.accounted);
      this.accounted = needed;
    }
    if (needed <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < needed) size *= 2;
    const grown = new Uint8Array(Math.min(size, this.cap));
    grown.set(this.buf.subarray(0, this.length));
    this.buf = grown;
  }

  push(byte: number): void {
    if (this.length >= this.buf.length || this.length - this.accounted >= ACCOUNT_EVERY) this.ensure(1);
    this.buf[this.length++] = byte;
  }

  pushBytes(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Appends `n` copies of `byte`. */
  fill(byte: number, n: number): void {
    this.ensure(n);
    this.buf.fill(byte, this.length, this.length + n);
    this.length += n;
  }

  /** Appends a copy of what was written at [from, from + n) (LZW's strings are earlier output). */
  copyFromSelf(from: number, n: number): void {
    this.ensure(n);
    this.buf.copyWithin(this.length, from, from + n);
    this.length += n;
  }

  at(index: number): number {
    return this.buf[index]!;
  }

  /** The output; the rest of the written bytes are reported to the budget. */
  finish(): Uint8Array {
    if (this.length > this.accounted) {
      this.budget.addDecodedBytes(this.length - this.accounted);
      this.accounted = this.length;
    }
    return this.buf.length === this.length ? this.buf : this.buf.slice(0, this.length);
  }
}

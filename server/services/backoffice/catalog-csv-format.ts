/*
 * The catalogue file's text (issue 29, docs: server/docs/back-office-catalog-csv.md): UTF-8 (a BOM
 * is accepted and written), `;` between fields, RFC 4180 quotes (a field with `;`, `"` or a line
 * break is quoted, `"` doubled), one header row. The parser reads text as it arrives — never the
 * whole file — and gives each record with the line it starts on, so errors name the file's lines.
 */

export const CSV_SEPARATOR = ";";
export const CSV_BOM = "\uFEFF";

/** One record of the file: its fields and the (1-based) line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A record the quotes leave unreadable (a quote inside an unquoted field, text after a closing quote). */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly messageUI: string,
  ) {
    super(`CSV syntax error on line ${line}: ${messageUI}`);
  }
}

/**
 * An incremental RFC 4180 reader: `push` text as it comes, take the complete records it answers,
 * `end` at the end of the text for the last one. Line breaks may be \n or \r\n; an empty line is
 * no record.
 */
export class CsvReader {
  private fields: string[] = [];
  private field = "";
  private inQuotes = false;
  /** The last character was the closing quote of a quoted field (or a quote inside one, when `""` follows). */
  private quoteSeen = false;
  private fieldStarted = false;
  private line = 1;
  private recordLine = 1;
  private pendingCr = false;
  /** The quotes went wrong here: the reader takes no more text (the records before it were answered). */
  failure: CsvSyntaxError | null = null;

  push(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    if (this.failure) return records;
    try {
      this.read(text, records);
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error;
      this.failure = error;
    }
    return records;
  }

  private read(text: string, records: CsvRecord[]): void {
    for (const char of text) {
      if (this.pendingCr) {
        this.pendingCr = false;
        if (char === "\n") continue;
      }
      if (this.inQuotes) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (char === '"') {
            this.field += '"';
            continue;
          }
          this.inQuotes = false;
          // Falls through: the character after a closing quote is read as outside the quotes.
        } else if (char === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          if (char === "\n" || char === "\r") this.line += 1;
          if (char === "\r") this.pendingCr = true;
          this.field += char;
          continue;
        }
        if (char !== CSV_SEPARATOR && char !== "\n" && char !== "\r") {
          throw new CsvSyntaxError(this.recordLine, "после закрывающей кавычки должна идти точка с запятой или конец строки");
        }
      }
      if (char === '"') {
        if (this.field !== "") throw new CsvSyntaxError(this.recordLine, "кавычка внутри поля без кавычек: заключите всё поле в кавычки, а кавычку внутри удвойте");
        this.inQuotes = true;
        this.fieldStarted = true;
        continue;
      }
      if (char === CSV_SEPARATOR) {
        this.fields.push(this.field);
        this.field = "";
        this.fieldStarted = true;
        continue;
      }
      if (char === "\n" || char === "\r") {
        if (char === "\r") this.pendingCr = true;
        const record = this.finishRecord();
        if (record) records.push(record);
        this.line += 1;
        this.recordLine = this.line;
        continue;
      }
      this.field += char;
      this.fieldStarted = true;
    }
  }

  /** The last record when the text does not end with a line break; `failure` when a quote was left open. */
  end(): CsvRecord[] {
    if (this.failure) return [];
    if (this.inQuotes && !this.quoteSeen) {
      this.failure = new CsvSyntaxError(this.recordLine, "кавычка открыта и не закрыта до конца файла");
      return [];
    }
    this.inQuotes = false;
    this.quoteSeen = false;
    const record = this.finishRecord();
    return record ? [record] : [];
  }

  /** The line the reader is on (for an encoding error found in the text that follows). */
  get currentLine(): number {
    return this.line;
  }

  private finishRecord(): CsvRecord | null {
    const empty = !this.fieldStarted && this.fields.length === 0 && this.field === "";
    const record = empty ? null : { line: this.recordLine, fields: [...this.fields, this.field] };
    this.fields = [];
    this.field = "";
    this.fieldStarted = false;
    return record;
  }
}

/** One field as the file writes it: quoted when it holds the separator, a quote, a line break or edge spaces. */
export function csvField(value: string): string {
  if (/[;"\r\n]/.test(value) || value !== value.trim()) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

/** One record with its line break (\r\n, as RFC 4180 has it). */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(CSV_SEPARATOR)}\r\n`;
}

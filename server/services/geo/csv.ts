/*
 * A small CSV reader (RFC 4180): fields separated by commas, records by CRLF, LF or CR; a field
 * in double quotes may hold commas, line breaks and doubled quotes (""). A leading byte-order mark
 * is dropped and blank lines are skipped. A record that breaks the rules is reported with the line
 * it starts on and skipped; the reader goes on with the next line, so one bad row never costs the rest.
 */

export interface CsvRecord {
  /** The line of the file the record starts on, from 1. */
  line: number;
  fields: string[];
}

export interface CsvProblem {
  line: number;
  message: string;
}

export interface CsvParseResult {
  records: CsvRecord[];
  problems: CsvProblem[];
}

const QUOTE = '"';

export function parseCsv(text: string, delimiter = ","): CsvParseResult {
  if (delimiter.length !== 1 || delimiter === QUOTE || delimiter === "\n" || delimiter === "\r") {
    throw new Error(`A CSV delimiter is one character other than a quote or a line break, got ${JSON.stringify(delimiter)}`);
  }
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  const end = text.length;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;

  const isLineEnd = (index: number) => text[index] === "\n" || text[index] === "\r";
  /** Steps over one CRLF, LF or CR, counting the line. */
  const skipLineEnd = () => {
    if (text[at] === "\r") at += text[at + 1] === "\n" ? 2 : 1;
    else if (text[at] === "\n") at += 1;
    else return;
    line += 1;
  };

  while (at < end) {
    const startLine = line;
    const fields: string[] = [];
    let problem: string | undefined;

    for (;;) {
      let value: string;
      if (text[at] === QUOTE) {
        at += 1;
        const parts: string[] = [];
        let closed = false;
        while (at < end) {
          const next = text.indexOf(QUOTE, at);
          const stop = next === -1 ? end : next;
          const chunk = text.slice(at, stop);
          parts.push(chunk);
          line += countLines(chunk);
          at = stop;
          if (next === -1) break;
          if (text[at + 1] === QUOTE) {
            parts.push(QUOTE);
            at += 2;
            continue;
          }
          at += 1;
          closed = true;
          break;
        }
        if (!closed) {
          problem = "a quoted field is not closed before the end of the file";
          break;
        }
        if (at < end && text[at] !== delimiter && !isLineEnd(at)) {
          problem = `${JSON.stringify(text[at])} follows a closing quote (a quote inside a quoted field is written twice: "")`;
          break;
        }
        value = parts.join("");
      } else {
        const start = at;
        while (at < end && text[at] !== delimiter && !isLineEnd(at) && text[at] !== QUOTE) at += 1;
        if (text[at] === QUOTE) {
          problem = "a quote inside an unquoted field (quote the whole field and write the quote twice)";
          break;
        }
        value = text.slice(start, at);
      }
      fields.push(value);
      if (at < end && text[at] === delimiter) {
        at += 1;
        continue;
      }
      break;
    }

    if (problem !== undefined) {
      problems.push({ line: startLine, message: problem });
      // Go on after the line where the trouble is: the next record most likely starts there.
      while (at < end && !isLineEnd(at)) at += 1;
    } else if (!(fields.length === 1 && fields[0] === "")) {
      records.push({ line: startLine, fields });
    }
    skipLineEnd();
  }
  return { records, problems };
}

/** Line breaks inside a quoted field: CRLF, LF and CR each count once. */
function countLines(chunk: string): number {
  let lines = 0;
  for (let index = 0; index < chunk.length; index += 1) {
    const char = chunk[index];
    if (char === "\n" || (char === "\r" && chunk[index + 1] !== "\n")) lines += 1;
  }
  return lines;
}

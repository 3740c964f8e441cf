import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";

const fieldsOf = (text: string) => parseCsv(text).records.map((record) => record.fields);

describe("parseCsv", () => {
  it("reads plain records with LF, CRLF and CR line ends", () => {
    expect(fieldsOf("a,b,c\n1,2,3\n")).toEqual([["a", "b", "c"], ["1", "2", "3"]]);
    expect(fieldsOf("a,b\r\n1,2\r\n")).toEqual([["a", "b"], ["1", "2"]]);
    expect(fieldsOf("a,b\r1,2")).toEqual([["a", "b"], ["1", "2"]]);
  });

  it("keeps empty fields, also at the start and the end", () => {
    expect(fieldsOf(",a,,b,\n")).toEqual([["", "a", "", "b", ""]]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const { records, problems } = parseCsv('name,note\n"Респ Адыгея, г Адыгейск","он сказал ""да"""\n"две\r\nстроки",x\nlast,"",\n');
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ["name", "note"] },
      { line: 2, fields: ["Респ Адыгея, г Адыгейск", 'он сказал "да"'] },
      { line: 3, fields: ["две\r\nстроки", "x"] },
      { line: 5, fields: ["last", "", ""] },
    ]);
  });

  it("drops a byte-order mark and skips blank lines", () => {
    expect(parseCsv("\uFEFFa,b\n\n1,2\n\r\n")).toEqual({
      records: [
        { line: 1, fields: ["a", "b"] },
        { line: 3, fields: ["1", "2"] },
      ],
      problems: [],
    });
  });

  it("reads the last record without a final line break", () => {
    expect(fieldsOf('a,b\n1,"2"')).toEqual([["a", "b"], ["1", "2"]]);
  });

  it("reports a quote inside an unquoted field with its line and goes on", () => {
    const { records, problems } = parseCsv('a,b\n1,2"x\n3,4\n');
    expect(records.map((record) => record.fields)).toEqual([["a", "b"], ["3", "4"]]);
    expect(problems).toEqual([{ line: 2, message: expect.stringContaining("quote inside an unquoted field") }]);
  });

  it("reports text after a closing quote and goes on with the next line", () => {
    const { records, problems } = parseCsv('"a"b,c\nok,1\n');
    expect(records).toEqual([{ line: 2, fields: ["ok", "1"] }]);
    expect(problems).toEqual([{ line: 1, message: expect.stringContaining("follows a closing quote") }]);
  });

  it("reports a quote that is never closed at the line the record starts on", () => {
    const { records, problems } = parseCsv('a,b\n1,2\n3,"never\nclosed\n');
    expect(records.map((record) => record.line)).toEqual([1, 2]);
    expect(problems).toEqual([{ line: 3, message: expect.stringContaining("not closed") }]);
  });

  it("counts lines inside quoted fields, so later records keep their true line numbers", () => {
    const { records } = parseCsv('"1\n2\r3\r\n4",x\ny,z\n');
    expect(records.map((record) => record.line)).toEqual([1, 5]);
  });

  it("takes another delimiter and refuses one that cannot work", () => {
    expect(fieldsOf("a;b")).toEqual([["a;b"]]);
    expect(parseCsv("a;b;\"c;d\"", ";").records[0]?.fields).toEqual(["a", "b", "c;d"]);
    expect(() => parseCsv("a", '"')).toThrow(/delimiter/);
  });
});

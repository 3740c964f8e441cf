/*
 * Test support: a minimal baseline four-component JPEG with an Adobe APP14 marker (transform 0:
 * CMYK stored as is), written by hand because jpeg-js only encodes RGB. Each 8 × 8 block is one
 * flat colour, so only DC coefficients are coded: quantisation table of ones, a DC Huffman table
 * with categories 0–11 as 4-bit codes, an AC table holding only end-of-block as the 1-bit code 0.
 */

class BitWriter {
  readonly bytes: number[] = [];
  private acc = 0;
  private n = 0;
  write(value: number, bits: number): void {
    for (let i = bits - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.n === 8) this.flushByte();
    }
  }
  private flushByte(): void {
    this.bytes.push(this.acc);
    // Byte stuffing: an 0xFF in entropy-coded data is followed by 0x00.
    if (this.acc === 0xff) this.bytes.push(0);
    this.acc = 0;
    this.n = 0;
  }
  finish(): number[] {
    while (this.n !== 0) this.write(1, 1);
    return this.bytes;
  }
}

const segment = (marker: number, body: number[]): number[] => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];

/** One row of 8 × 8 blocks, each a flat CMYK colour given as four stored sample values (0…255). */
export function cmykJpeg(blocks: number[][]): Uint8Array {
  const width = 8 * blocks.length;
  const height = 8;
  const out: number[] = [0xff, 0xd8];
  out.push(...segment(0xee, [0x41, 0x64, 0x6f, 0x62, 0x65, 0x00, 0x64, 0, 0, 0, 0, 0]));
  out.push(...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]));
  out.push(...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 4, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 4, 0x11, 0]));
  const dcBits = new Array<number>(16).fill(0);
  dcBits[3] = 12;
  const acBits = new Array<number>(16).fill(0);
  acBits[0] = 1;
  out.push(...segment(0xc4, [0x00, ...dcBits, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x10, ...acBits, 0x00]));
  out.push(...segment(0xda, [4, 1, 0x00, 2, 0x00, 3, 0x00, 4, 0x00, 0, 63, 0]));
  const writer = new BitWriter();
  const pred = [0, 0, 0, 0];
  for (const block of blocks) {
    for (let c = 0; c < 4; c++) {
      // A flat block of sample s has the DC coefficient 8·(s − 128).
      const dc = 8 * ((block[c] ?? 0) - 128);
      const diff = dc - (pred[c] ?? 0);
      pred[c] = dc;
      const size = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
      writer.write(size, 4);
      if (size > 0) writer.write(diff > 0 ? diff : diff + (1 << size) - 1, size);
      writer.write(0, 1);
    }
  }
  out.push(...writer.finish(), 0xff, 0xd9);
  return Uint8Array.from(out);
}

/**
 * The same 40 × 24 RGB picture (ImageMagick plasma, quality 80, 4:2:0) written baseline and
 * progressive: the same coefficients, so both decode to the same samples.
 */
export const BASELINE_RGB_JPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAYACgDASIAAhEBAxEB/8QAGQABAQADAQAAAAAAAAAAAAAAAAUDBAYH/8QAKhAAAgIBAwMDAgcAAAAAAAAAAQIDEQAEITEFEkETIlEGYSNCgZGhsfH/xAAYAQADAQEAAAAAAAAAAAAAAAADBQYEB//EACERAAICAgIDAAMAAAAAAAAAAAECAAMEEQUhEiIxFGHR/9oADAMBAAIRAxEAPwDyPpJmYGEsyEUSSSNvj+ssLqxpz6ZjLDhZL8nz5vfImunfRQADtDXTNX34zd0euGq08YkJtV9xrxzYxvm8pdZtivqYtai1bSE6Eqp1GX3C2AJoKTucqRTzLU4cDxd7n9MhfhhVZCKumCm9/nNjSPICO5i3caryebxfi5CgHw6P7hMy5EHbdyxF1ZixVnYspom9v9xmCLpXroxQ2xFE3x++M2V8lYo0w3A15VRGxZqcx1cHUO6OwVeQa3r4yA+maCKZ4Hb2fkJuzjGTxyLPL79/sruToRbD4zY+mes2Zop42ClgSAbrOz0emCapZYXEqUQFJ5/jGMXcnayvtepK51SuvsJ1vTPSkEXcm4PaQBx9sYxmD8q4KNNOfZyCuzSz/9k=";
export const PROGRESSIVE_RGB_JPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wgARCAAYACgDASIAAhEBAxEB/8QAGAAAAwEBAAAAAAAAAAAAAAAAAAMEBQb/xAAYAQADAQEAAAAAAAAAAAAAAAACBAUDBv/aAAwDAQACEAMQAAAB5GyF7a1VULFysFmwZmeE+uzaBaVrAYc9/8QAHRAAAgICAwEAAAAAAAAAAAAAAAECAxESBBMiIf/aAAgBAQABBQKrJtqdjE2K0m9FCe0fhHIqslvo1wuNcQj6rwz/xAAcEQACAwADAQAAAAAAAAAAAAABAgADIQQSQVL/2gAIAQMBAT8BKMGyXOB7FtX6nJQBsl6gjZeOrZP/xAAdEQABAwUBAAAAAAAAAAAAAAACAAEDBBETITFB/9oACAECAQE/AZqoy3bSikbxDUk3VkK6qSdn0sp26v/EABoQAAMBAAMAAAAAAAAAAAAAAAABERAgIYH/2gAIAQEABj8ChJ7l1Xi4NNFXYj//xAAdEAEAAgIDAQEAAAAAAAAAAAABABEhMUFRYXGB/9oACAEBAAE/Ib90h3HUGTfyD3i3StkfhvlnjBmaCftR8m7lFrczItEU1uOJuqrlBWnU3B5P/9oADAMBAAIAAwAAABArI5yL3//EABcRAQEBAQAAAAAAAAAAAAAAAAEAIRH/2gAIAQMBAT8QWmSD3Uk6cTyYpDwn/8QAGxEAAwACAwAAAAAAAAAAAAAAAAERITFBYdH/2gAIAQIBAT8QsNkEE9X2IIlHyN+lzgQSD//EACAQAQEAAgICAgMAAAAAAAAAAAERACExQVFhgZGhsfH/2gAIAQEAAT8QQKSRVU14/WCqQ4p2993ea6gWCduTCTq3b8YxJJFuv7g8IqQ98YAE3YnXNM0RJYFd+cMlKSdvNy+dRFvH3hR7kGbnjPe3ba5VGIKDZgks0E8/jJuaNAces//Z";

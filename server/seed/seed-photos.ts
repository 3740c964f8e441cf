/*
 * Product mock-ups for the demo catalogue, drawn as SVG so the seed needs no binary assets and the
 * pictures stay sharp on any screen. Each drawing takes a palette so every product looks its own.
 */

export interface MockupPalette {
  /** The product's main colour: card backs, headers, banner fields. */
  main: string;
  /** A second colour for stripes, buttons and stickers. */
  accent: string;
  /** Text on paper. */
  ink: string;
  /** The backdrop behind the product. */
  backdrop: string;
}

/** What a mock-up can show; the demo data files name one of these. */
export const mockupKindValues = [
  "business-cards",
  "flyer",
  "postcard",
  "catalogue",
  "spiral-brochure",
  "trifold",
  "banner",
  "roll-up",
  "stickers",
  "epoxy-stickers",
  "label-roll",
  "poster",
  "wall-calendar",
  "desk-calendar",
  "pocket-calendar",
] as const;
export type MockupKind = (typeof mockupKindValues)[number];

export interface Mockup {
  kind: MockupKind;
  palette: MockupPalette;
  /** Short Russian text printed on the product, e.g. «Весенняя распродажа». */
  caption: string;
  /** The smaller line under the caption. */
  subcaption?: string;
}

const WIDTH = 800;
const HEIGHT = 600;
const FONT = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const MUTED = "#9aa1ad";

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** Grey bars that stand for body text on a printed piece. */
function textLines(x: number, y: number, widths: readonly number[], gap = 16, color = "#d9dde3"): string {
  return widths.map((width, index) => `<rect x="${x}" y="${y + index * gap}" width="${width}" height="7" rx="3.5" fill="${color}"/>`).join("");
}

/** Splits a caption into at most two lines of roughly equal length, at a space. */
function twoLines(text: string): [string, string] {
  if (text.length <= 14 || !text.includes(" ")) return [text, ""];
  const middle = text.length / 2;
  let best = -1;
  for (let index = text.indexOf(" "); index !== -1; index = text.indexOf(" ", index + 1)) {
    if (best === -1 || Math.abs(index - middle) < Math.abs(best - middle)) best = index;
  }
  return [text.slice(0, best), text.slice(best + 1)];
}

function label(x: number, y: number, text: string, size: number, fill: string, options: { weight?: number; anchor?: "start" | "middle" | "end"; italic?: boolean } = {}): string {
  const anchor = options.anchor ?? "start";
  const style = options.italic ? ` font-style="italic"` : "";
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${options.weight ?? 400}" fill="${fill}" text-anchor="${anchor}"${style}>${escapeXml(text)}</text>`;
}

function captionBlock(x: number, y: number, mockup: Mockup, size: number, fill: string, anchor: "start" | "middle" = "start"): string {
  const [first, second] = twoLines(mockup.caption);
  const lines = [label(x, y, first, size, fill, { weight: 800, anchor })];
  if (second) lines.push(label(x, y + size * 1.1, second, size, fill, { weight: 800, anchor }));
  return lines.join("");
}

function frame(mockup: Mockup, body: string): string {
  const { backdrop } = mockup.palette;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(mockup.caption)}">`,
    `<defs>`,
    `<linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${backdrop}"/><stop offset="1" stop-color="${backdrop}" stop-opacity="0.55"/></linearGradient>`,
    `<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#1b1f3b" stop-opacity="0.16"/><stop offset="1" stop-color="#1b1f3b" stop-opacity="0"/></radialGradient>`,
    `<filter id="shadow" x="-25%" y="-25%" width="150%" height="150%"><feDropShadow dx="0" dy="12" stdDeviation="14" flood-color="#1b1f3b" flood-opacity="0.22"/></filter>`,
    `<filter id="soft" x="-25%" y="-25%" width="150%" height="150%"><feDropShadow dx="0" dy="4" stdDeviation="5" flood-color="#1b1f3b" flood-opacity="0.18"/></filter>`,
    `<linearGradient id="gloss" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
    `<linearGradient id="fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.5" stop-color="#000" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`,
    `</defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#backdrop)"/>`,
    `<circle cx="690" cy="90" r="140" fill="#fff" opacity="0.22"/>`,
    `<circle cx="90" cy="540" r="110" fill="#fff" opacity="0.18"/>`,
    `<ellipse cx="400" cy="520" rx="300" ry="40" fill="url(#floor)"/>`,
    body,
    `</svg>`,
    "",
  ].join("");
}

function businessCards(mockup: Mockup): string {
  const { main, accent, ink } = mockup.palette;
  const back = `<g transform="translate(400 300) rotate(-16) translate(-250 -20)" filter="url(#shadow)">
<rect width="360" height="200" rx="10" fill="${main}"/>
<circle cx="180" cy="84" r="34" fill="none" stroke="#fff" stroke-width="4"/>
${label(180, 97, "О", 38, "#fff", { weight: 800, anchor: "middle" })}
${label(180, 160, "ОТТИСК", 18, "#fff", { weight: 700, anchor: "middle" })}
</g>`;
  const middle = `<g transform="translate(400 300) rotate(-5) translate(-235 -105)" filter="url(#shadow)"><rect width="360" height="200" rx="10" fill="#fbfbfd"/>${textLines(28, 130, [180, 120])}</g>`;
  const front = `<g transform="translate(400 300) rotate(5) translate(-200 -140)" filter="url(#shadow)">
<rect width="360" height="200" rx="10" fill="#ffffff"/>
<rect x="0" y="0" width="12" height="200" rx="6" fill="${accent}"/>
<circle cx="62" cy="62" r="28" fill="${main}"/>
${label(62, 73, "О", 30, "#fff", { weight: 800, anchor: "middle" })}
${label(108, 58, "Анна Смирнова", 22, ink, { weight: 700 })}
${label(108, 82, mockup.caption, 14, MUTED)}
${label(30, 146, "+7 (861) 200-40-50", 15, ink)}
${label(30, 170, "anna@ottisk.ru", 15, ink)}
<rect x="262" y="150" width="70" height="22" rx="11" fill="${accent}" opacity="0.9"/>
</g>`;
  return back + middle + front;
}

function flyer(mockup: Mockup): string {
  const { main, accent, ink } = mockup.palette;
  const back = `<g transform="translate(400 300) rotate(9) translate(-90 -200)" filter="url(#shadow)"><rect width="280" height="396" rx="4" fill="#fbfbfd"/><rect width="280" height="120" fill="${accent}" opacity="0.85"/>${textLines(24, 160, [200, 220, 170, 210])}</g>`;
  const front = `<g transform="translate(400 300) rotate(-5) translate(-200 -200)" filter="url(#shadow)">
<rect width="280" height="396" rx="4" fill="#ffffff"/>
<rect width="280" height="170" fill="${main}"/>
<circle cx="236" cy="36" r="64" fill="#fff" opacity="0.14"/>
<circle cx="250" cy="150" r="30" fill="${accent}"/>
${captionBlock(22, 74, mockup, 28, "#fff")}
${label(22, 146, mockup.subcaption ?? "", 14, "#fff")}
${textLines(22, 200, [230, 200, 236, 160, 212])}
<rect x="22" y="300" width="120" height="36" rx="18" fill="${accent}"/>
${label(82, 323, "Подробнее", 14, "#fff", { weight: 700, anchor: "middle" })}
${label(22, 372, "ottisk.ru", 13, ink)}
</g>`;
  return back + front;
}

function postcard(mockup: Mockup): string {
  const { main, accent } = mockup.palette;
  const snow = [
    [40, 60], [250, 48], [200, 120], [60, 200], [240, 260], [30, 320], [120, 40], [270, 180],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4" fill="#fff" opacity="0.85"/>`)
    .join("");
  const card = (dx: number, angle: number, shade: string) =>
    `<g transform="translate(400 300) rotate(${angle}) translate(${dx} -210)" filter="url(#shadow)"><rect width="300" height="400" rx="6" fill="${shade}"/></g>`;
  const front = `<g transform="translate(400 300) rotate(-4) translate(-170 -215)" filter="url(#shadow)">
<rect width="300" height="400" rx="6" fill="${main}"/>
${snow}
<polygon points="150,70 210,170 90,170" fill="${accent}" opacity="0.9"/>
<polygon points="150,120 230,240 70,240" fill="${accent}" opacity="0.75"/>
<polygon points="150,175 250,310 50,310" fill="${accent}" opacity="0.6"/>
<rect x="136" y="310" width="28" height="26" fill="#7a4a2a"/>
<polygon points="150,46 157,62 174,62 160,72 166,88 150,78 134,88 140,72 126,62 143,62" fill="#f6c945"/>
${label(150, 372, mockup.caption, 24, "#fff", { weight: 700, anchor: "middle", italic: true })}
</g>`;
  return card(-110, 8, "#f4efe6") + front;
}

function catalogue(mockup: Mockup): string {
  const { main, accent, ink } = mockup.palette;
  const closed = `<g transform="translate(400 300) rotate(-10) translate(-330 -190)" filter="url(#shadow)">
<rect width="240" height="330" rx="4" fill="${main}"/>
<rect x="0" y="0" width="14" height="330" fill="#000" opacity="0.12"/>
${captionBlock(34, 90, mockup, 26, "#fff")}
${label(34, 160, mockup.subcaption ?? "2026", 14, "#fff")}
<rect x="34" y="220" width="172" height="80" rx="6" fill="${accent}"/>
</g>`;
  const spread = `<g transform="translate(400 300) rotate(4) translate(-120 -150)" filter="url(#shadow)">
<rect width="440" height="300" rx="3" fill="#ffffff"/>
<rect x="20" y="24" width="180" height="130" rx="4" fill="${accent}" opacity="0.85"/>
<circle cx="160" cy="60" r="18" fill="#fff" opacity="0.8"/>
<polygon points="30,150 90,84 140,150" fill="${main}" opacity="0.85"/>
<polygon points="100,150 150,104 196,150" fill="${main}" opacity="0.6"/>
${textLines(20, 180, [180, 160, 176, 120])}
${label(240, 50, "Новинки", 20, ink, { weight: 700 })}
${textLines(240, 70, [170, 150, 176, 130, 168, 110])}
<rect x="240" y="180" width="84" height="84" rx="4" fill="${main}" opacity="0.2"/>
<rect x="336" y="180" width="84" height="84" rx="4" fill="${accent}" opacity="0.25"/>
<rect x="210" y="0" width="20" height="300" fill="url(#fold)"/>
</g>`;
  return closed + spread;
}

function spiralBrochure(mockup: Mockup): string {
  const { main, accent, ink } = mockup.palette;
  const rings = Array.from({ length: 12 }, (_, index) => {
    const x = 24 + index * 26;
    return `<rect x="${x}" y="-12" width="8" height="28" rx="4" fill="none" stroke="#5b6270" stroke-width="3"/>`;
  }).join("");
  return `<g transform="translate(400 300) rotate(-6) translate(-170 -200)" filter="url(#shadow)">
<rect x="14" y="14" width="340" height="420" rx="6" fill="#eef0f4"/>
<rect width="340" height="420" rx="6" fill="#ffffff"/>
<rect x="0" y="30" width="340" height="190" fill="${main}"/>
<circle cx="280" cy="120" r="60" fill="${accent}" opacity="0.85"/>
${captionBlock(26, 100, mockup, 30, "#fff")}
${label(26, 180, mockup.subcaption ?? "", 15, "#fff")}
${textLines(26, 250, [260, 230, 280, 200])}
${label(26, 380, "Типография «Оттиск»", 14, ink, { weight: 600 })}
${rings}
</g>`;
}

function trifold(mockup: Mockup): string {
  const { main, accent, ink } = mockup.palette;
  const panel = (x: number, fill: string, content: string, skew: number) =>
    `<g transform="translate(${x} 0) skewY(${skew})"><rect width="170" height="330" fill="${fill}"/>${content}</g>`;
  return `<g transform="translate(400 290) translate(-255 -165)" filter="url(#shadow)">
${panel(0, "#ffffff", `${label(20, 50, "О нас", 18, ink, { weight: 700 })}${textLines(20, 70, [130, 120, 136, 100, 128, 90])}<rect x="20" y="190" width="130" height="90" rx="4" fill="${accent}" opacity="0.3"/>`, 4)}
${panel(170, main, `${captionBlock(85, 120, mockup, 22, "#fff", "middle")}<circle cx="85" cy="230" r="44" fill="${accent}"/>${label(85, 300, mockup.subcaption ?? "", 13, "#fff", { anchor: "middle" })}`, -4)}
${panel(340, "#ffffff", `${label(20, 50, "Контакты", 18, ink, { weight: 700 })}${textLines(20, 70, [120, 136, 100])}<rect x="20" y="140" width="130" height="130" rx="4" fill="${main}" opacity="0.15"/>`, 4)}
</g>`;
}

function banner(mockup: Mockup): string {
  const { main, accent } = mockup.palette;
  const grommets: string[] = [];
  for (let x = 20; x <= 660; x += 80) {
    grommets.push(`<circle cx="${x}" cy="16" r="7" fill="#e5e7eb" stroke="#9ca3af" stroke-width="3"/>`);
    grommets.push(`<circle cx="${x}" cy="264" r="7" fill="#e5e7eb" stroke="#9ca3af" stroke-width="3"/>`);
  }
  const ropes = `<line x1="60" y1="160" x2="80" y2="176" stroke="#8b8f99" stroke-width="2"/><line x1="740" y1="160" x2="720" y2="176" stroke="#8b8f99" stroke-width="2"/>`;
  return `${ropes}<g transform="translate(400 300) translate(-340 -140)" filter="url(#shadow)">
<rect width="680" height="280" rx="4" fill="${main}"/>
<polygon points="460,0 680,0 680,280 360,280" fill="${accent}" opacity="0.9"/>
<polygon points="540,0 600,0 500,280 440,280" fill="#fff" opacity="0.15"/>
${captionBlock(44, 120, mockup, 46, "#fff")}
${label(46, 226, mockup.subcaption ?? "", 20, "#fff", { weight: 600 })}
${grommets.join("")}
</g>`;
}

function rollUp(mockup: Mockup): string {
  const { main, accent } = mockup.palette;
  return `<g filter="url(#shadow)">
<rect x="300" y="40" width="200" height="470" fill="${main}"/>
<rect x="300" y="40" width="200" height="12" fill="#4b5160"/>
<polygon points="300,300 500,220 500,510 300,510" fill="${accent}" opacity="0.9"/>
${captionBlock(400, 130, mockup, 26, "#fff", "middle")}
${label(400, 200, mockup.subcaption ?? "", 14, "#fff", { anchor: "middle" })}
<circle cx="400" cy="380" r="48" fill="#fff" opacity="0.9"/>
${label(400, 392, "О", 34, main, { weight: 800, anchor: "middle" })}
<rect x="280" y="505" width="240" height="22" rx="6" fill="#6b7280"/>
<rect x="290" y="527" width="22" height="8" rx="3" fill="#4b5160"/><rect x="488" y="527" width="22" height="8" rx="3" fill="#4b5160"/>
</g>`;
}

function stickers(mockup: Mockup, glossy: boolean): string {
  const { main, accent, ink } = mockup.palette;
  // Each die-cut shape is drawn once in its colour with a white cut edge and, for epoxy domes, again with a highlight.
  const shapes = {
    circle: (fill: string, edge: string) => `<circle cx="0" cy="0" r="78" fill="${fill}" stroke="${edge}" stroke-width="8"/>`,
    star: (fill: string, edge: string) =>
      `<polygon points="0,-80 22,-26 80,-24 34,12 50,70 0,36 -50,70 -34,12 -80,-24 -22,-26" fill="${fill}" stroke="${edge}" stroke-width="8" stroke-linejoin="round"/>`,
    heart: (fill: string, edge: string) =>
      `<path d="M0,60 C-70,10 -60,-50 -20,-50 C0,-50 0,-30 0,-30 C0,-30 0,-50 20,-50 C60,-50 70,10 0,60 Z" fill="${fill}" stroke="${edge}" stroke-width="8" stroke-linejoin="round"/>`,
    tag: (fill: string, edge: string) => `<rect x="-90" y="-36" width="180" height="72" rx="36" fill="${fill}" stroke="${edge}" stroke-width="8"/>`,
  };
  const sticker = (shape: keyof typeof shapes, fill: string) =>
    shapes[shape](fill, "#fff") + (glossy ? `<g opacity="0.9">${shapes[shape]("url(#gloss)", "none")}</g>` : "");
  return `<g transform="translate(400 300) rotate(-4) translate(-270 -190)" filter="url(#shadow)">
<rect width="540" height="380" rx="14" fill="#f7f7f9"/>
<path d="M540,320 L540,366 Q540,380 526,380 L480,380 Z" fill="#dfe2e8"/>
</g>
<g transform="translate(260 230)" filter="url(#soft)">${sticker("circle", main)}${label(0, 10, mockup.caption.split(" ")[0] ?? "", 22, "#fff", { weight: 800, anchor: "middle" })}</g>
<g transform="translate(470 210) rotate(8)" filter="url(#soft)">${sticker("star", accent)}</g>
<g transform="translate(560 370)" filter="url(#soft)">${sticker("heart", "#ef4f6a")}</g>
<g transform="translate(320 390) rotate(-6)" filter="url(#soft)">${sticker("tag", "#ffffff")}${label(0, 8, mockup.subcaption ?? "ottisk.ru", 20, ink, { weight: 700, anchor: "middle" })}</g>`;
}

function labelRoll(mockup: Mockup): string {
  const { main, accent, ink } = mockup.palette;
  const labels = Array.from({ length: 3 }, (_, index) => {
    const x = 370 + index * 140;
    return `<rect x="${x}" y="330" width="120" height="88" rx="10" fill="#fff"/><rect x="${x + 10}" y="340" width="100" height="30" rx="6" fill="${main}"/>${label(x + 60, 361, mockup.caption.split(" ")[0] ?? "", 14, "#fff", { weight: 700, anchor: "middle" })}${textLines(x + 12, 382, [96, 70], 14)}<circle cx="${x + 100}" cy="400" r="8" fill="${accent}"/>`;
  }).join("");
  // The strip leaves the roll at its bottom, so it is drawn first and the roll covers its start.
  return `<g filter="url(#shadow)">
<rect x="230" y="318" width="540" height="112" fill="#f2f2f4"/>
${labels}
<circle cx="230" cy="300" r="130" fill="#f2f2f4"/>
<circle cx="230" cy="300" r="118" fill="none" stroke="${main}" stroke-opacity="0.25" stroke-width="20"/>
<circle cx="230" cy="300" r="92" fill="none" stroke="#dcdfe5" stroke-width="2"/>
<circle cx="230" cy="300" r="72" fill="none" stroke="#dcdfe5" stroke-width="2"/>
<circle cx="230" cy="300" r="50" fill="#c9a77c"/>
<circle cx="230" cy="300" r="36" fill="${mockup.palette.backdrop}"/>
</g>${label(580, 220, mockup.caption, 30, ink, { weight: 800, anchor: "middle" })}${label(580, 256, mockup.subcaption ?? "", 18, ink, { weight: 500, anchor: "middle" })}`;
}

function poster(mockup: Mockup): string {
  const { main, accent, ink } = mockup.palette;
  return `<line x1="400" y1="36" x2="300" y2="70" stroke="#8b8f99" stroke-width="2"/><line x1="400" y1="36" x2="500" y2="70" stroke="#8b8f99" stroke-width="2"/>
<g transform="translate(400 290) rotate(-2) translate(-170 -225)" filter="url(#shadow)">
<rect width="340" height="460" fill="#ffffff"/>
<rect x="16" y="16" width="308" height="300" fill="${main}"/>
<circle cx="230" cy="120" r="70" fill="${accent}" opacity="0.9"/>
<polygon points="16,316 120,180 210,316" fill="#fff" opacity="0.25"/>
<polygon points="130,316 240,200 324,316" fill="#000" opacity="0.18"/>
${captionBlock(170, 366, mockup, 26, ink, "middle")}
${label(170, 436, mockup.subcaption ?? "", 15, MUTED, { anchor: "middle" })}
</g>`;
}

/** A month as a grid of day squares, weekends in the accent colour. */
function monthGrid(x: number, y: number, cellWidth: number, cellHeight: number, ink: string, accent: string, firstWeekday = 3): string {
  const days: string[] = [];
  for (let day = 0; day < 30; day += 1) {
    const position = day + firstWeekday;
    const column = position % 7;
    const row = Math.floor(position / 7);
    const fill = column >= 5 ? accent : ink;
    days.push(
      `<rect x="${x + column * cellWidth}" y="${y + row * cellHeight}" width="${cellWidth * 0.62}" height="${cellHeight * 0.5}" rx="1.5" fill="${fill}" opacity="${column >= 5 ? 0.85 : 0.35}"/>`,
    );
  }
  return days.join("");
}

function wallCalendar(mockup: Mockup): string {
  const { main, accent, ink } = mockup.palette;
  const blocks = [0, 1, 2]
    .map((index) => {
      const y = 190 + index * 104;
      const highlight = index === 1 ? `<rect x="-6" y="${y + 40}" width="252" height="16" fill="none" stroke="#e11d48" stroke-width="3"/>` : "";
      return `<rect x="0" y="${y}" width="240" height="92" fill="#ffffff"/>${label(120, y + 20, ["Декабрь", "Январь", "Февраль"][index] ?? "", 13, ink, { weight: 700, anchor: "middle" })}${monthGrid(36, y + 30, 24, 10, ink, accent, index * 3)}${highlight}<rect x="0" y="${y + 92}" width="240" height="12" fill="${main}" opacity="0.7"/>`;
    })
    .join("");
  return `<g transform="translate(400 300) translate(-120 -280)" filter="url(#shadow)">
<rect x="0" y="0" width="240" height="180" rx="4" fill="${main}"/>
<circle cx="190" cy="50" r="60" fill="${accent}" opacity="0.8"/>
${captionBlock(20, 80, mockup, 24, "#fff")}
${label(20, 150, mockup.subcaption ?? "", 20, "#fff", { weight: 700 })}
${blocks}
</g>`;
}

function deskCalendar(mockup: Mockup): string {
  const { main, accent, ink } = mockup.palette;
  const rings = Array.from({ length: 10 }, (_, index) => `<rect x="${-150 + index * 32}" y="-10" width="8" height="22" rx="4" fill="none" stroke="#5b6270" stroke-width="3"/>`).join("");
  return `<g transform="translate(400 330)" filter="url(#shadow)">
<polygon points="-200,140 200,140 170,-150 -170,-150" fill="#e6e2da"/>
<polygon points="-175,-140 175,-140 200,130 -200,130" fill="#ffffff"/>
<rect x="-175" y="-140" width="350" height="90" fill="${main}"/>
<circle cx="120" cy="-95" r="34" fill="${accent}" opacity="0.9"/>
${label(-150, -95, mockup.caption, 30, "#fff", { weight: 800 })}
${label(-150, -62, mockup.subcaption ?? "", 16, "#fff")}
${label(-150, -24, "Март", 16, ink, { weight: 700 })}
${monthGrid(-150, -10, 22, 22, ink, accent, 6)}
<g transform="translate(0 -150)">${rings}</g>
</g>`;
}

function pocketCalendar(mockup: Mockup): string {
  const { main, accent, ink } = mockup.palette;
  const card = (angle: number, dx: number, body: string) =>
    `<g transform="translate(400 300) rotate(${angle}) translate(${dx} -150)" filter="url(#shadow)"><rect width="200" height="286" rx="10" fill="#ffffff"/>${body}</g>`;
  const months = [0, 1, 2, 3]
    .map((index) => monthGrid(14 + (index % 2) * 92, 22 + Math.floor(index / 2) * 120, 12, 12, ink, accent, index * 2))
    .join("");
  const front = `<rect width="200" height="286" rx="10" fill="${main}"/><circle cx="150" cy="70" r="56" fill="${accent}" opacity="0.85"/>${label(100, 200, mockup.caption, 48, "#fff", { weight: 800, anchor: "middle" })}${label(100, 240, "ottisk.ru", 14, "#fff", { anchor: "middle" })}`;
  return card(10, -30, months) + card(-8, -170, front);
}

/** The whole SVG document of one mock-up. */
export function drawMockup(mockup: Mockup): string {
  switch (mockup.kind) {
    case "business-cards":
      return frame(mockup, businessCards(mockup));
    case "flyer":
      return frame(mockup, flyer(mockup));
    case "postcard":
      return frame(mockup, postcard(mockup));
    case "catalogue":
      return frame(mockup, catalogue(mockup));
    case "spiral-brochure":
      return frame(mockup, spiralBrochure(mockup));
    case "trifold":
      return frame(mockup, trifold(mockup));
    case "banner":
      return frame(mockup, banner(mockup));
    case "roll-up":
      return frame(mockup, rollUp(mockup));
    case "stickers":
      return frame(mockup, stickers(mockup, false));
    case "epoxy-stickers":
      return frame(mockup, stickers(mockup, true));
    case "label-roll":
      return frame(mockup, labelRoll(mockup));
    case "poster":
      return frame(mockup, poster(mockup));
    case "wall-calendar":
      return frame(mockup, wallCalendar(mockup));
    case "desk-calendar":
      return frame(mockup, deskCalendar(mockup));
    case "pocket-calendar":
      return frame(mockup, pocketCalendar(mockup));
  }
}

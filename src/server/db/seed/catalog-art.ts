// Drawn demo artwork: SVG illustrations of sweets on trays, generated without network
// access and deterministic (a seed string drives every random choice), so the same demo
// shop always shows the same pictures. The image pipeline rasterises them to WebP.

export type PieceKind =
  | "diamond"
  | "square"
  | "nest"
  | "finger"
  | "spiral"
  | "disc"
  | "ring"
  | "dome"
  | "ball"
  | "halfmoon"
  | "cube"
  | "triangle"
  | "strands";

export type Nut = "pistachio" | "walnut" | "cashew" | "almond" | "date" | "sesame" | "sugar";

export type ArtSpec = {
  piece: PieceKind;
  nut: Nut;
  /** Dough colour: golden by default, pale for ma'amoul and ghraybeh, orange for kunafa. */
  dough?: "golden" | "pale" | "orange" | "cream" | "pink" | "amber";
  tray?: "round" | "rect" | "plate";
};

const DOUGH = {
  golden: ["#f4c063", "#c9822b", "#8a4f17"],
  pale: ["#fbe9c6", "#e8c995", "#b98d52"],
  orange: ["#f7a13b", "#d9661a", "#8e3a0c"],
  cream: ["#fff6e4", "#f1ddb4", "#c4a073"],
  pink: ["#f9c6cf", "#e892a2", "#a8526a"],
  amber: ["#f0b04a", "#b8691f", "#6e3a0e"],
} as const;

const NUT = {
  pistachio: ["#9bc53d", "#5d8a21"],
  walnut: ["#a8744a", "#6b4226"],
  cashew: ["#f3ddb0", "#c9a66b"],
  almond: ["#f6e7cf", "#c8a47a"],
  date: ["#6e3b1f", "#3f1f0e"],
  sesame: ["#f7ecd0", "#cdb48a"],
  sugar: ["#ffffff", "#e9e2d6"],
} as const;

const BACKGROUNDS = [
  ["#fdf0da", "#f2c79a"],
  ["#fbe6cf", "#e7a77a"],
  ["#f8ecd4", "#d9b074"],
  ["#fff3e0", "#eab676"],
  ["#f6e3cc", "#cf8f5f"],
  ["#fcefd9", "#e0a25a"],
] as const;

/** mulberry32 seeded from a string hash: small, fast and deterministic. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function nutBits(nut: Nut, x: number, y: number, size: number, rand: () => number): string {
  const [fill, edge] = NUT[nut];
  const count = nut === "sesame" || nut === "sugar" ? 7 : 3;
  const bits: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = rand() * Math.PI * 2;
    const d = rand() * size * 0.35;
    const w = nut === "sesame" || nut === "sugar" ? size * 0.07 : size * 0.14;
    bits.push(
      `<ellipse cx="${r1(x + Math.cos(a) * d)}" cy="${r1(y + Math.sin(a) * d)}" rx="${r1(w)}" ry="${r1(w * 0.6)}" transform="rotate(${Math.round(rand() * 180)} ${r1(x + Math.cos(a) * d)} ${r1(y + Math.sin(a) * d)})" fill="${fill}" stroke="${edge}" stroke-width="1.5"/>`,
    );
  }
  return bits.join("");
}

/** One sweet centred at (x, y), about `s` pixels across. */
function piece(
  spec: ArtSpec,
  x: number,
  y: number,
  s: number,
  rand: () => number,
  k: string,
): string {
  const [light, mid, dark] = DOUGH[spec.dough ?? "golden"];
  const grad = `url(#dough${k})`;
  const h = s / 2;
  const nuts = nutBits(spec.nut, x, y, s * 0.8, rand);
  switch (spec.piece) {
    case "diamond":
      return `<polygon points="${x},${y - h} ${x + h * 0.7},${y} ${x},${y + h} ${x - h * 0.7},${y}" fill="${grad}" stroke="${dark}" stroke-width="3"/>${nutBits(spec.nut, x, y, s * 0.45, rand)}`;
    case "square":
      return `<rect x="${x - h * 0.9}" y="${y - h * 0.9}" width="${s * 0.9}" height="${s * 0.9}" rx="6" fill="${grad}" stroke="${dark}" stroke-width="3"/>${nutBits(spec.nut, x, y, s * 0.55, rand)}`;
    case "nest":
      return `<circle cx="${x}" cy="${y}" r="${h * 0.9}" fill="${mid}" stroke="${dark}" stroke-width="2"/><circle cx="${x}" cy="${y}" r="${h * 0.72}" fill="none" stroke="${light}" stroke-width="5" stroke-dasharray="9 5"/><circle cx="${x}" cy="${y}" r="${h * 0.52}" fill="none" stroke="${light}" stroke-width="4" stroke-dasharray="7 4"/><circle cx="${x}" cy="${y}" r="${h * 0.36}" fill="${NUT[spec.nut][1]}"/>${nutBits(spec.nut, x, y, s * 0.5, rand)}`;
    case "finger":
      return `<rect x="${x - h}" y="${y - h * 0.28}" width="${s}" height="${h * 0.56}" rx="${h * 0.28}" fill="${grad}" stroke="${dark}" stroke-width="2.5"/><ellipse cx="${x - h + h * 0.14}" cy="${y}" rx="${h * 0.12}" ry="${h * 0.22}" fill="${NUT[spec.nut][0]}" stroke="${NUT[spec.nut][1]}" stroke-width="2"/><ellipse cx="${x + h - h * 0.14}" cy="${y}" rx="${h * 0.12}" ry="${h * 0.22}" fill="${NUT[spec.nut][0]}" stroke="${NUT[spec.nut][1]}" stroke-width="2"/>`;
    case "spiral": {
      const turns: string[] = [];
      for (let t = 0; t <= 24; t++) {
        const a = t * 0.75;
        const rr = (h * 0.85 * t) / 24;
        turns.push(`${r1(x + Math.cos(a) * rr)},${r1(y + Math.sin(a) * rr)}`);
      }
      return `<circle cx="${x}" cy="${y}" r="${h * 0.9}" fill="${grad}" stroke="${dark}" stroke-width="3"/><polyline points="${turns.join(" ")}" fill="none" stroke="${NUT[spec.nut][1]}" stroke-width="${r1(s * 0.07)}" stroke-linecap="round"/>`;
    }
    case "disc":
      return `<circle cx="${x}" cy="${y}" r="${h * 0.9}" fill="${grad}" stroke="${dark}" stroke-width="2.5"/>${nuts}`;
    case "ring":
      return `<circle cx="${x}" cy="${y}" r="${h * 0.72}" fill="none" stroke="${mid}" stroke-width="${r1(s * 0.24)}"/><circle cx="${x}" cy="${y}" r="${h * 0.72}" fill="none" stroke="${light}" stroke-width="${r1(s * 0.08)}" stroke-dasharray="4 8"/>`;
    case "dome": {
      const grooves: string[] = [];
      for (let i = 0; i < 10; i++) {
        const a = (i / 10) * Math.PI * 2;
        grooves.push(
          `<line x1="${r1(x + Math.cos(a) * h * 0.25)}" y1="${r1(y + Math.sin(a) * h * 0.25)}" x2="${r1(x + Math.cos(a) * h * 0.8)}" y2="${r1(y + Math.sin(a) * h * 0.8)}" stroke="${mid}" stroke-width="3" stroke-linecap="round"/>`,
        );
      }
      return `<circle cx="${x}" cy="${y}" r="${h * 0.92}" fill="url(#dome${k})" stroke="${dark}" stroke-width="2"/>${grooves.join("")}<circle cx="${x}" cy="${y}" r="${h * 0.18}" fill="${NUT[spec.nut][0]}" stroke="${NUT[spec.nut][1]}" stroke-width="2"/>`;
    }
    case "ball":
      return `<circle cx="${x}" cy="${y}" r="${h * 0.7}" fill="url(#dome${k})" stroke="${dark}" stroke-width="2"/><ellipse cx="${x - h * 0.25}" cy="${y - h * 0.28}" rx="${h * 0.18}" ry="${h * 0.1}" fill="#fff" opacity="0.7"/>`;
    case "halfmoon":
      return `<path d="M ${x - h * 0.9} ${y + h * 0.25} A ${h * 0.9} ${h * 0.9} 0 0 1 ${x + h * 0.9} ${y + h * 0.25} Z" fill="${grad}" stroke="${dark}" stroke-width="3"/><path d="M ${x - h * 0.5} ${y + h * 0.2} A ${h * 0.5} ${h * 0.35} 0 0 1 ${x + h * 0.5} ${y + h * 0.2}" fill="${NUT[spec.nut][0]}"/>`;
    case "cube":
      return `<rect x="${x - h * 0.75}" y="${y - h * 0.75}" width="${s * 0.75}" height="${s * 0.75}" rx="10" fill="${grad}" stroke="${dark}" stroke-width="2"/>${nutBits("sugar", x, y, s * 0.7, rand)}${nutBits(spec.nut, x, y, s * 0.4, rand)}`;
    case "triangle":
      return `<polygon points="${x},${y - h * 0.85} ${x + h * 0.85},${y + h * 0.6} ${x - h * 0.85},${y + h * 0.6}" fill="${grad}" stroke="${dark}" stroke-width="3" stroke-linejoin="round"/><circle cx="${x}" cy="${y + h * 0.1}" r="${h * 0.22}" fill="${NUT.cashew[0]}"/>${nutBits(spec.nut, x, y + h * 0.1, s * 0.3, rand)}`;
    case "strands":
      return "";
  }
}

function defs(spec: ArtSpec, bg: readonly [string, string], k = ""): string {
  const [light, mid, dark] = DOUGH[spec.dough ?? "golden"];
  return `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>
<linearGradient id="dough${k}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
<radialGradient id="dome${k}" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="${light}"/><stop offset="0.7" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></radialGradient>
<linearGradient id="copper${k}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1c27d"/><stop offset="0.5" stop-color="#b8742c"/><stop offset="1" stop-color="#7a4514"/></linearGradient>
<radialGradient id="shade" cx="0.5" cy="0.5" r="0.6"><stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></radialGradient>
</defs>`;
}

/** Pieces laid out in a round tray, a rectangular tray, or loosely on a plate. */
function trayWithPieces(
  spec: ArtSpec,
  cx: number,
  cy: number,
  w: number,
  h: number,
  rand: () => number,
  k = "",
): string {
  const tray = spec.tray ?? "rect";
  const parts: string[] = [];
  const size = Math.min(w, h) / (spec.piece === "finger" ? 4.2 : 5.2);
  const inside = (x: number, y: number) =>
    tray === "rect"
      ? Math.abs(x - cx) < w / 2 - size * 0.55 && Math.abs(y - cy) < h / 2 - size * 0.55
      : ((x - cx) / (w / 2 - size * 0.6)) ** 2 + ((y - cy) / (h / 2 - size * 0.6)) ** 2 < 1;

  if (tray === "round") {
    parts.push(
      `<ellipse cx="${cx}" cy="${cy + 14}" rx="${w / 2 + 12}" ry="${h / 2 + 12}" fill="#000" opacity="0.15"/>`,
      `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2 + 10}" ry="${h / 2 + 10}" fill="url(#copper${k})"/>`,
      `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2 - 8}" ry="${h / 2 - 8}" fill="#8a4f17" opacity="0.35"/>`,
    );
  } else if (tray === "rect") {
    parts.push(
      `<rect x="${cx - w / 2 - 6}" y="${cy - h / 2 + 10}" width="${w + 12}" height="${h + 12}" rx="28" fill="#000" opacity="0.15"/>`,
      `<rect x="${cx - w / 2 - 12}" y="${cy - h / 2 - 12}" width="${w + 24}" height="${h + 24}" rx="30" fill="url(#copper${k})"/>`,
      `<rect x="${cx - w / 2 + 6}" y="${cy - h / 2 + 6}" width="${w - 12}" height="${h - 12}" rx="18" fill="#8a4f17" opacity="0.35"/>`,
    );
  } else {
    parts.push(
      `<ellipse cx="${cx}" cy="${cy + 16}" rx="${w / 2 + 16}" ry="${h / 2 + 10}" fill="#000" opacity="0.12"/>`,
      `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2 + 14}" ry="${h / 2 + 8}" fill="#fffdf8" stroke="#e3d3b8" stroke-width="6"/>`,
      `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2 - 30}" ry="${h / 2 - 26}" fill="none" stroke="#2f6f8f" stroke-width="4" stroke-dasharray="14 10" opacity="0.5"/>`,
    );
  }

  if (spec.piece === "strands") {
    // Kunafa: a whole round of shredded pastry with a pistachio crown.
    const strands: string[] = [];
    for (let i = 0; i < 260; i++) {
      const a = rand() * Math.PI * 2;
      const d = Math.sqrt(rand()) * (Math.min(w, h) / 2 - 24);
      const x = cx + Math.cos(a) * d * (w / Math.min(w, h));
      const y = cy + Math.sin(a) * d * (h / Math.min(w, h));
      const b = rand() * Math.PI;
      strands.push(
        `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x + Math.cos(b) * 22)}" y2="${r1(y + Math.sin(b) * 22)}" stroke="${rand() > 0.5 ? DOUGH.orange[1] : DOUGH.orange[0]}" stroke-width="4" stroke-linecap="round"/>`,
      );
    }
    parts.push(
      `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2 - 14}" ry="${h / 2 - 14}" fill="${DOUGH.orange[1]}"/>`,
      ...strands,
      nutBits(spec.nut, cx, cy, Math.min(w, h) * 0.5, rand),
      nutBits(spec.nut, cx, cy, Math.min(w, h) * 0.3, rand),
    );
    return parts.join("");
  }

  const stepX =
    spec.piece === "finger" ? size * 1.05 : spec.piece === "diamond" ? size * 0.72 : size;
  const stepY =
    spec.piece === "finger" ? size * 0.32 : spec.piece === "diamond" ? size * 0.5 : size;
  let row = 0;
  for (let y = cy - h / 2 + size * 0.6; y < cy + h / 2; y += stepY, row++) {
    const offset =
      row % 2 === 1 && spec.piece !== "square" && spec.piece !== "cube" ? stepX / 2 : 0;
    for (let x = cx - w / 2 + size * 0.6 + offset; x < cx + w / 2; x += stepX) {
      if (!inside(x, y)) continue;
      const jitter = tray === "plate" ? size * 0.08 : 0;
      parts.push(
        piece(
          spec,
          r1(x + (rand() - 0.5) * jitter),
          r1(y + (rand() - 0.5) * jitter),
          size,
          rand,
          k,
        ),
      );
    }
  }
  return parts.join("");
}

function sprinkles(width: number, height: number, rand: () => number): string {
  const dots: string[] = [];
  for (let i = 0; i < 40; i++) {
    dots.push(
      `<circle cx="${Math.round(rand() * width)}" cy="${Math.round(rand() * height)}" r="${r1(2 + rand() * 5)}" fill="#ffffff" opacity="${r1(0.15 + rand() * 0.3)}"/>`,
    );
  }
  return dots.join("");
}

/** A product picture: one tray of the product's sweets on a warm background (4:3). */
export function productArtSvg(spec: ArtSpec, seed: string, width = 1200, height = 900): string {
  const rand = seededRandom(seed);
  const bg = BACKGROUNDS[Math.floor(rand() * BACKGROUNDS.length)]!;
  const trayW = width * (0.72 + rand() * 0.08);
  const trayH = spec.tray === "rect" ? height * 0.68 : height * 0.74;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs(spec, bg)}<rect width="${width}" height="${height}" fill="url(#bg)"/>${sprinkles(width, height, rand)}${trayWithPieces(spec, width / 2, height / 2 + 10, trayW, trayH, rand)}<rect width="${width}" height="${height}" fill="url(#shade)"/></svg>`;
}

/**
 * Wide hero or tall social artwork: several trays side by side (hero) or stacked (social),
 * with a decorative arch band in the brand's gold.
 */
export function sceneSvg(
  specs: ArtSpec[],
  seed: string,
  width: number,
  height: number,
  accent = "#b8742c",
): string {
  const rand = seededRandom(seed);
  const bg = BACKGROUNDS[Math.floor(rand() * BACKGROUNDS.length)]!;
  const wide = width > height;
  const parts: string[] = [];
  const count = specs.length;
  specs.forEach((spec, i) => {
    const cx = wide ? (width / count) * (i + 0.5) : width / 2;
    const cy = wide ? height / 2 + (i % 2 === 0 ? 30 : -20) : (height / count) * (i + 0.5);
    const w = wide ? (width / count) * 0.82 : width * 0.8;
    const h = wide ? height * 0.62 : (height / count) * 0.78;
    parts.push(
      `<g>${defs(spec, bg, `-${i}`)}${trayWithPieces(spec, cx, cy, w, h, rand, `-${i}`)}</g>`,
    );
  });
  const band = wide
    ? `<path d="M0 ${height * 0.12} Q ${width / 2} ${-height * 0.06} ${width} ${height * 0.12} L ${width} 0 L 0 0 Z" fill="${accent}" opacity="0.55"/>`
    : `<rect x="0" y="0" width="${width}" height="${height * 0.05}" fill="${accent}" opacity="0.8"/><rect x="0" y="${height * 0.95}" width="${width}" height="${height * 0.05}" fill="${accent}" opacity="0.8"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs(specs[0]!, bg)}<rect width="${width}" height="${height}" fill="url(#bg)"/>${sprinkles(width, height, rand)}${parts.join("")}${band}<rect width="${width}" height="${height}" fill="url(#shade)"/></svg>`;
}

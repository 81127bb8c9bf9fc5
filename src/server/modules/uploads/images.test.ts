import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responsiveImage } from "../../../shared/schemas/catalog.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  deleteStoredImage,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  ImageRejectedError,
  storeImage,
} from "./images.ts";

let t: TestApp;
let uploadsDir: string;
beforeAll(async () => {
  t = await createTestApp();
  uploadsDir = t.app.config.uploadsDir;
});
afterAll(() => t.close());

/** A test picture made here: a gradient-ish block of colour in the given format. */
function picture(
  width: number,
  height: number,
  format: "png" | "jpeg" | "webp" | "gif" | "tiff",
): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .toFormat(format)
    .toBuffer();
}

const store = (buffer: Buffer, extra: Partial<Parameters<typeof storeImage>[1]> = {}) =>
  storeImage(buffer, { uploadsDir, folder: "tests", name: "Sample Tray!", ...extra });

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRejectedError);
    return error as ImageRejectedError;
  }
  throw new Error("expected the image to be rejected");
}

describe("storeImage", () => {
  it.each([
    ["png", 1600, 1200, [320, 640, 960, 1280]],
    ["jpeg", 1000, 500, [320, 640, 960]],
    ["webp", 700, 700, [320, 640]],
    ["png", 200, 100, []],
  ] as const)("stores a %s of %ix%i as WebP with variants %j", async (format, w, h, widths) => {
    const stored = await store(await picture(w, h, format));
    expect(stored.path).toMatch(new RegExp(`^tests/sample-tray-[0-9a-f]{12}-${w}x${h}\\.webp$`));
    expect({ width: stored.width, height: stored.height }).toEqual({ width: w, height: h });
    expect(stored.variants.map((v) => v.width)).toEqual(widths);
    const main = await sharp(path.join(uploadsDir, stored.path)).metadata();
    expect(main).toMatchObject({ format: "webp", width: w, height: h });
    for (const v of stored.variants) {
      const meta = await sharp(path.join(uploadsDir, v.path)).metadata();
      expect(meta).toMatchObject({ format: "webp", width: v.width });
      // Aspect ratio kept.
      expect(meta.height).toBe(Math.round((h * v.width) / w));
    }
  });

  it("caps a very wide picture at 1920 px", async () => {
    const stored = await store(await picture(3000, 1000, "jpeg"));
    expect(stored).toMatchObject({ width: 1920, height: 640 });
    expect(stored.variants.map((v) => v.width)).toEqual([320, 640, 960, 1280]);
  });

  it("strips metadata (EXIF, GPS, ICC) and applies the orientation", async () => {
    const withExif = await sharp({
      create: { width: 400, height: 200, channels: 3, background: "#c08040" },
    })
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Copyright: "secret camera owner", Make: "PhoneCo" } },
      })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const stored = await store(withExif);
    const meta = await sharp(path.join(uploadsDir, stored.path)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    // Orientation 6 = rotated 90°: the stored picture is upright, so portrait.
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 200, height: 400 });
  });

  it("gives the same picture the same path (content hash) and another picture another", async () => {
    const a = await store(await picture(500, 300, "png"));
    const again = await store(await picture(500, 300, "png"));
    const other = await store(await picture(500, 301, "png"));
    expect(again.path).toBe(a.path);
    expect(other.path).not.toBe(a.path);
  });

  it.each([
    ["plain text", Buffer.from("hello, not an image")],
    ["an empty file", Buffer.alloc(0)],
    ["HTML pretending to be a PNG", Buffer.from("<html><script>alert(1)</script></html>")],
  ])("rejects %s with 422 and SPEC's allowed types", async (_label, buffer) => {
    const error = await rejection(store(buffer));
    expect(error.status).toBe(422);
    expect(error.message).toBe(IMAGE_TYPE_MESSAGE);
    expect(error.errors).toEqual({ image: [IMAGE_TYPE_MESSAGE] });
  });

  it.each(["gif", "tiff"] as const)("rejects a real %s (only png, jpg, webp)", async (format) => {
    const error = await rejection(store(await picture(50, 50, format)));
    expect(error.status).toBe(422);
  });

  it("rejects SVG uploads (scripts, external references) unless the seed asks for it", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#d4a017"/></svg>',
    );
    expect((await rejection(store(svg))).status).toBe(422);
    const stored = await store(svg, { allowSvg: true, name: "drawn" });
    expect(stored).toMatchObject({ width: 400, height: 300 });
    expect((await sharp(path.join(uploadsDir, stored.path)).metadata()).format).toBe("webp");
  });

  it("rejects a truncated image", async () => {
    const full = await picture(800, 600, "jpeg");
    const error = await rejection(store(full.subarray(0, Math.floor(full.length / 3))));
    expect(error.status).toBe(422);
  });

  it("rejects a file over the size limit with 413, under the field asked for", async () => {
    const error = await rejection(
      store(await picture(300, 300, "png"), { maxBytes: 100, field: "image_file" }),
    );
    expect(error.status).toBe(413);
    expect(error.errors).toEqual({ image_file: [IMAGE_SIZE_MESSAGE] });
  });

  it("refuses a folder outside the uploads", async () => {
    await expect(
      storeImage(await picture(10, 10, "png"), { uploadsDir, folder: "../escape" }),
    ).rejects.toThrow(/folder/);
  });

  it("deleteStoredImage removes the picture and its variants", async () => {
    const stored = await store(await picture(1000, 800, "webp"), { name: "to-delete" });
    await deleteStoredImage(uploadsDir, stored.path);
    for (const p of [stored.path, ...stored.variants.map((v) => v.path)]) {
      expect(fs.existsSync(path.join(uploadsDir, p))).toBe(false);
    }
  });
});

describe("responsive images", () => {
  it("builds src, srcset, width and height from a stored path", async () => {
    const stored = await store(await picture(1200, 900, "png"), { name: "resp" });
    const image = responsiveImage(stored.path)!;
    expect(image.width).toBe(1200);
    expect(image.height).toBe(900);
    expect(image.src).toBe(`/storage/${stored.path.replace(/\.webp$/, ".640w.webp")}`);
    expect(image.srcset.split(", ").map((e) => e.split(" ")[1])).toEqual([
      "320w",
      "640w",
      "960w",
      "1200w",
    ]);
    // Every srcset entry is served from /storage/.
    for (const entry of image.srcset.split(", ")) {
      const url = entry.split(" ")[0]!;
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
    }
  });

  it("is null for paths the pipeline did not write", () => {
    expect(responsiveImage(null)).toBeNull();
    expect(responsiveImage("https://cdn.example.com/x.jpg")).toBeNull();
    expect(responsiveImage("legacy/photo.png")).toBeNull();
  });
});

import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { UPLOAD_IMAGE_FORMATS } from "../../../shared/domain/catalog.ts";
import { responsiveImage, variantPath, variantWidths } from "../../../shared/schemas/catalog.ts";
import { HttpError } from "../../http-errors.ts";
import { sharedStoreFor } from "./storage.ts";

/**
 * Uploads are checked by content, size-limited and re-encoded. Phone
 * photos of at least 15 MB are accepted (a 1 MB cap is a known complaint elsewhere); 25 MB
 * covers a 48-megapixel phone's JPEG, and the file is re-encoded far smaller anyway.
 */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
/** Decompression bombs: a small file may still claim a huge canvas. 50 MP fits 48 MP phones. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** The stored original is re-encoded no wider than this; variants come from it. */
export const MAX_STORED_WIDTH = 1920;
/**
 * Product images only png, jpg/jpeg or webp (checked by content, not by name). One list
 * with the admin image pickers' `accept`, so they never offer a file this refuses.
 */
export const UPLOAD_FORMATS = UPLOAD_IMAGE_FORMATS;

export const IMAGE_TYPE_MESSAGE = "The image must be a PNG, JPG, JPEG or WebP file.";
export const IMAGE_SIZE_MESSAGE = "The image must not be larger than 25 MB.";
export const IMAGE_DIMENSIONS_MESSAGE = "The image is too large (at most 50 megapixels).";

export type StoredImage = {
  /** Relative to the uploads folder (served at /storage/<path>); carries the size. */
  path: string;
  width: number;
  height: number;
  variants: { width: number; path: string }[];
};

export type StoreImageOptions = {
  /** The uploads folder (config.uploadsDir). */
  uploadsDir: string;
  /** Sub-folder such as "products" or "site" (lower-case letters, digits, dashes, slashes). */
  folder: string;
  /** A readable base name ("pistachio-baklava"); sanitised. */
  name?: string;
  /**
   * Content hash in the file name (the default): storing the same picture twice gives the same
   * path, another picture never overwrites it. Off for the site art at fixed, known paths.
   */
  hashInName?: boolean;
  /** Only the seed's own drawn artwork is SVG; uploads never are (scripts, external refs). */
  allowSvg?: boolean;
  maxBytes?: number;
  /** The form field errors are reported under (422 { errors: { [field]: [...] } }). */
  field?: string;
};

/** An image that cannot be stored: a 422 (413 for size) naming the form field. */
export class ImageRejectedError extends HttpError {
  constructor(status: 413 | 422, message: string, field: string) {
    super(status, message, { [field]: [message] });
  }
}

const FOLDER = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

function safeName(name: string | undefined): string {
  const cleaned = (name ?? "image")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return cleaned || "image";
}

/**
 * Checks an image by its content, strips its metadata, re-encodes it as WebP (no wider than
 * MAX_STORED_WIDTH) and writes WebP variants at 320/640/960/1280 px that are narrower than it.
 */
export async function storeImage(buffer: Buffer, opts: StoreImageOptions): Promise<StoredImage> {
  const field = opts.field ?? "image";
  if (!FOLDER.test(opts.folder)) throw new Error(`Invalid upload folder: ${opts.folder}`);
  if (buffer.length > (opts.maxBytes ?? MAX_IMAGE_BYTES)) {
    throw new ImageRejectedError(413, IMAGE_SIZE_MESSAGE, field);
  }

  const allowed: readonly string[] = opts.allowSvg ? [...UPLOAD_FORMATS, "svg"] : UPLOAD_FORMATS;
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError(422, IMAGE_TYPE_MESSAGE, field);
  }
  if (!meta.format || !allowed.includes(meta.format) || !meta.width || !meta.height) {
    throw new ImageRejectedError(422, IMAGE_TYPE_MESSAGE, field);
  }
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError(422, IMAGE_DIMENSIONS_MESSAGE, field);
  }

  let main: { data: Buffer; info: OutputInfo };
  try {
    // rotate() applies the EXIF orientation before the metadata (EXIF, GPS, ICC) is dropped:
    // sharp writes none unless asked to.
    main = await sharp(buffer, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A truncated or corrupt file passes the header check but fails to decode.
    throw new ImageRejectedError(422, IMAGE_TYPE_MESSAGE, field);
  }

  const { width, height } = main.info;
  const hash =
    opts.hashInName === false
      ? ""
      : `-${createHash("sha256").update(main.data).digest("hex").slice(0, 12)}`;
  const relative = `${opts.folder}/${safeName(opts.name)}${hash}-${width}x${height}.webp`;

  const variants = await Promise.all(
    variantWidths(width).map(async (w) => ({
      width: w,
      path: variantPath(relative, w),
      data: await sharp(main.data).resize({ width: w }).webp({ quality: 78 }).toBuffer(),
    })),
  );

  await fs.mkdir(path.join(opts.uploadsDir, opts.folder), { recursive: true });
  // Variants first, the main file last: a path that exists always has its variants.
  await Promise.all(variants.map((v) => writeAtomically(opts.uploadsDir, v.path, v.data)));
  await writeAtomically(opts.uploadsDir, relative, main.data);

  return {
    path: relative,
    width,
    height,
    variants: variants.map(({ width: w, path: p }) => ({ width: w, path: p })),
  };
}

async function writeAtomically(root: string, relative: string, data: Buffer): Promise<void> {
  const target = path.join(root, relative);
  const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.writeFile(temp, data);
  await fs.rename(temp, target);
  // On PostgreSQL, every instance sees it (storage.ts).
  await sharedStoreFor(root)?.put(relative, data);
}

/** Removes a stored image and its variants (an admin replacing or deleting a picture). */
export async function deleteStoredImage(uploadsDir: string, stored: string): Promise<void> {
  const image = responsiveImage(stored);
  if (!image || stored.includes("..") || path.isAbsolute(stored)) return;
  const paths = [stored, ...variantWidths(image.width).map((w) => variantPath(stored, w))];
  await Promise.all(paths.map((p) => fs.rm(path.join(uploadsDir, p), { force: true })));
  await sharedStoreFor(uploadsDir)?.remove(paths);
}
